// SiteSearchParityTest's second half (run-search.sh): for each KB folder SearchParityDump wrote (sample, corpus), runs
// assets/search.js in a node vm over data/records.js and data/search.js and demands, for every query of
// queries.json, exactly the ids SearchIndex::search gave, in the same order.
//
//   node search-parity.mjs WORK_DIR
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const work = process.argv[2];
let failed = 0;

function load(folder) {
  const context = vm.createContext({});
  context.self = context;
  for (const file of ['data/records.js', 'data/search.js', 'assets/search.js']) {
    vm.runInContext(fs.readFileSync(path.join(folder, file), 'utf8'), context, {filename: file});
  }
  return context;
}

function check(name, folder) {
  const context = load(folder);
  const {ErrataRecords: records, ErrataSearch: data, ErrataSearchEngine: engine} = context;
  const problems = [];
  if (records.format !== 1 || data.format !== 1) problems.push('format is not 1');
  if (data.records !== records.records.length) problems.push('search.js counts another number of records');
  for (const key of ['id', 's', 'z', 'p', 'd', 'c']) {
    const missing = records.records.filter((r) => typeof r[key] !== 'string').length;
    if (missing) problems.push(`${missing} records without a string "${key}"`);
  }
  const queries = JSON.parse(fs.readFileSync(path.join(folder, 'queries.json'), 'utf8'));
  let same = 0;
  let withResults = 0;
  const mismatches = [];
  for (const {query, ids} of queries) {
    const started = process.hrtime.bigint();
    const result = engine.search(data, records, query, {});
    const got = Array.from(result.hits, (hit) => records.records[hit.record].id);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (ms > 500) problems.push(`"${query}" took ${ms.toFixed(0)} ms`);
    if (ids.length) ++withResults;
    if (got.length === ids.length && got.every((id, i) => id === ids[i])) {
      ++same;
    } else {
      const at = got.findIndex((id, i) => id !== ids[i]);
      mismatches.push(`  "${query}": C++ ${ids.length} [${ids.slice(Math.max(0, at), at + 4).join(', ')}], `
        + `JS ${got.length} [${got.slice(Math.max(0, at), at + 4).join(', ')}] from place ${at}`);
    }
  }
  // Data files of different runs: records.js shorter or longer than search.js counts. No error, and every hit
  // names a record of records.js.
  const half = {format: 1, records: records.records.slice(0, Math.floor(records.records.length / 2))};
  const more = {format: 1, records: records.records.concat([{id: 'extra/x', s: 'extra', z: '', p: 'records/extra/x.html', d: '', c: ''}])};
  for (const [label, list] of [['half', half], ['one more', more]]) {
    for (const {query} of queries.slice(0, 50)) {
      try {
        const result = engine.search(data, list, query, {});
        if (result.hits.some((hit) => !list.records[hit.record])) problems.push(`${label}: "${query}" names no record`);
      } catch (error) {
        problems.push(`${label}: "${query}" threw ${error}`);
      }
    }
  }
  if (queries.length < 200) problems.push(`only ${queries.length} queries (at least 200 wanted)`);
  if (withResults < queries.length / 2) problems.push(`only ${withResults} queries have results`);
  console.log(`${name}: ${same}/${queries.length} queries in the same order (${withResults} with results, `
    + `${queries.length - withResults} without)`);
  for (const line of mismatches.slice(0, 20)) console.log(line);
  for (const line of problems) console.log(`  ${line}`);
  if (mismatches.length || problems.length) ++failed;
}

for (const name of ['sample', 'varied', 'corpus']) {
  const folder = path.join(work, name);
  if (fs.existsSync(path.join(folder, 'queries.json'))) check(name, folder);
  else console.log(`${name}: not written (see above): skipped`);
}
if (!fs.existsSync(path.join(work, 'sample', 'queries.json'))) failed = 1;
process.exit(failed ? 1 : 0);
