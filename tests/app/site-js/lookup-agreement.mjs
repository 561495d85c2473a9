// node lookup-agreement.mjs LOOKUP_JS WORK_DIR
// Loads each WORK_DIR/<kb>/ (written by LookupAgreementDump: data/records.js, data/lookup.js, cases.json) with
// resources/site/lookup.js in a node vm context, as classic scripts, and compares the page's ranking with
// LookupEngine's: the first result must be the same (or both none) on at least 99 % of at least 300 cases per KB;
// every disagreement is printed with both rankings, and a record's score may differ by at most 1e-9. The parts (error lines, words, hints, regex spans) must agree on
// every case (the case folding too). Exit 0 when all hold, 1 otherwise.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const [lookupJs, work] = process.argv.slice(2);
const MinCases = 300;
const MinAgreement = 0.99;
// The same record scores the same on both sides but for the order of additions.
const MaxScoreDifference = 1e-9;

function load(folder) {
  const context = vm.createContext({});
  vm.runInContext('var self = globalThis;', context);
  for (const file of [path.join(folder, 'data/records.js'), path.join(folder, 'data/lookup.js'), lookupJs])
    vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file });
  return context;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const f32 = (x) => Math.fround(x);
const sameWords = (a, b) => a.length === b.length && a.every((w, i) => w[0] === b[i][0] && f32(w[1]) === f32(b[i][1]));
const show = (top) => top.slice(0, 5).map((h) => `${h.id} ${h.score.toFixed(6)} ${h.band}`).join(' | ') || '(none)';

let failed = false;
const kbs = fs.readdirSync(work).filter((d) => fs.existsSync(path.join(work, d, 'cases.json'))).sort();
if (!kbs.includes('corpus')) console.log('corpus: not dumped (../shared/corpus absent): the sample KB only');
for (const kb of kbs) {
  const folder = path.join(work, kb);
  const context = load(folder);
  const engine = context.ErrataLookupEngine;
  const index = context.ErrataLookup;
  const records = context.ErrataRecords;
  const data = JSON.parse(fs.readFileSync(path.join(folder, 'cases.json'), 'utf8'));
  let agree = 0, top3 = 0, maxDiff = 0, lent = 0;
  const parts = { lines: [0, 0], words: [0, 0], whole: [0, 0], folded: [0, 0], hints: [0, 0], spans: [0, 0] };
  const started = Date.now();
  for (const c of data.cases) {
    const result = engine.lookup(index, records, c.text, 10, {});
    const js = result.hits.map((h) => ({ id: h.id, score: h.score, band: h.band, why: h.why }));
    const cpp = c.top;
    const first = (cpp[0] || {}).id, firstJs = (js[0] || {}).id;
    if (js[0] && js[0].why.regexRecord) lent++;
    if (first === firstJs) agree++;
    else {
      console.log(`[${kb}] DISAGREE (${c.kind}, expected ${c.expected || '-'}): ${JSON.stringify(c.text.slice(0, 160))}`);
      console.log(`   C++: ${show(cpp)}`);
      console.log(`   JS : ${show(js)}`);
      if (js[0]) console.log(`   JS first why: ${JSON.stringify(js[0].why).slice(0, 400)}`);
    }
    if (same(cpp.slice(0, 3).map((h) => h.id), js.slice(0, 3).map((h) => h.id))) top3++;
    for (const h of cpp) {
      const j = js.find((x) => x.id === h.id);
      if (j) maxDiff = Math.max(maxDiff, Math.abs(j.score - h.score));
    }
    if (c.parts) {
      const check = (name, ok, detail) => {
        parts[name][0]++;
        if (ok) parts[name][1]++;
        else if (parts[name][0] - parts[name][1] <= 5) console.log(`[${kb}] PART ${name} differs (${c.kind}): ${detail}`);
      };
      check('lines', same(result.errorLines, c.parts.lines),
        `${JSON.stringify(c.parts.lines)} vs ${JSON.stringify(result.errorLines)}`);
      const w = engine.parts.words(index, result.errorText, true);
      check('words', sameWords(w, c.parts.words), `${JSON.stringify(c.parts.words).slice(0, 300)} vs ${JSON.stringify(w).slice(0, 300)}`);
      const ww = engine.parts.words(index, result.errorText, false);
      check('whole', sameWords(ww, c.parts.whole), `${JSON.stringify(c.parts.whole).slice(0, 300)} vs ${JSON.stringify(ww).slice(0, 300)}`);
      const folded = engine.parts.caseFolded(index, engine.parts.wellFormed(c.text));
      check('folded', folded === c.parts.folded, `${JSON.stringify(c.parts.folded.slice(0, 200))} vs ${JSON.stringify(folded.slice(0, 200))}`);
      const h = engine.parts.hintsOfText(c.text);
      check('hints', same(h, c.parts.hints), `${JSON.stringify(c.parts.hints)} vs ${JSON.stringify(h)}`);
    }
  }
  // Regex spans: the exported JS regex's first match vs RE2's.
  const entryOf = new Map(index.ids.map((id, e) => [id, e]));
  for (const s of data.regexSpans) {
    const e = entryOf.get(s.id);
    if (e === undefined || !index.re[e]) continue;
    const m = new RegExp(index.re[e][0], index.re[e][1]).exec(s.text);
    const got = m ? m[0] : null;
    parts.spans[0]++;
    if (got === s.match) parts.spans[1]++;
    else if (parts.spans[0] - parts.spans[1] <= 5)
      console.log(`[${kb}] PART span differs for ${s.id}: ${JSON.stringify(s.match)} vs ${JSON.stringify(got)}`);
  }
  // The page's budget: a regex it cut (options.skip) is not run, onRegex
  // names every regex before it runs, and the result names the cut.
  const probe = data.cases.find((c) => c.top[0] && c.top[0].regex === 'as written');
  if (probe) {
    const announced = [];
    const before = engine.lookup(index, records, probe.text, 10, { onRegex: (e) => announced.push(e) });
    const e = before.hits[0].entry;
    const after = engine.lookup(index, records, probe.text, 10, { skip: new Set([e]) });
    const again = after.hits.find((h) => h.id === before.hits[0].id);
    if (!announced.includes(e) || !same(after.cut, [index.ids[e]]) || (again && again.why.regex && !again.why.regexRecord)) {
      console.log(`[${kb}] FAIL: a regex cut by the page still ran or was not named`);
      failed = true;
    }
  }
  // records.js and lookup.js written apart: a record missing from either
  // must not break the page.
  for (const c of data.cases.slice(0, 5)) {
    const half = { format: 1, records: records.records.filter((r, i) => i % 2 === 0).concat([{ id: 'not/indexed', s: 'x' }]) };
    for (const other of [half, { format: 1, records: [] }, undefined]) {
      try {
        engine.lookup(index, other, c.text, 10, {});
      } catch (error) {
        console.log(`[${kb}] FAIL: lookup throws with records missing: ${error.stack}`);
        failed = true;
      }
    }
  }
  console.log(`${kb}: ${lent} cases have a first record holding a regex lent by another record`);
  const n = data.cases.length;
  const share = n ? agree / n : 0;
  console.log(`${kb}: first result agrees on ${agree} of ${n} cases (${(100 * share).toFixed(2)} %), top 3 on ${top3},` +
    ` max |score difference| ${maxDiff.toExponential(2)}, ${((Date.now() - started) / n).toFixed(1)} ms a case`);
  console.log(`${kb}: untranslated regexes (never run in the page): ${data.untranslated.length ? data.untranslated.join(', ') : 'none'}`);
  for (const [name, [total, ok]] of Object.entries(parts)) {
    console.log(`${kb}: parts ${name}: ${ok} of ${total} equal`);
    if (ok !== total) failed = true;
  }
  if (n < MinCases) { console.log(`${kb}: FAIL: only ${n} cases (at least ${MinCases})`); failed = true; }
  if (maxDiff > MaxScoreDifference) {
    console.log(`${kb}: FAIL: a score differs by ${maxDiff} (at most ${MaxScoreDifference})`);
    failed = true;
  }
  if (share < MinAgreement) { console.log(`${kb}: FAIL: agreement below ${100 * MinAgreement} %`); failed = true; }
}
if (kbs.length === 0) { console.log('FAIL: no KB dumped'); failed = true; }
process.exit(failed ? 1 : 0);
