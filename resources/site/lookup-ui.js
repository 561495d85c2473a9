'use strict';
// lookup.html: fills #lookup-text from ?q=, ranks it at load and on submit with ErrataLookupEngine (assets/lookup.js)
// over self.ErrataLookup (data/lookup.js) and self.ErrataRecords (data/records.js), and shows the results in
// #lookup-results as <li data-record-id="…">, best first. The ranking runs in a Worker made from a Blob URL; one that
// takes more than 2 s (after the worker has read the index) is stopped and run again without the regex it was
// running, which the status names as cut.
// Without Worker it runs on the page's own thread (no time budget then). DOM APIs and textContent only.
(function () {
  const BudgetMs = 2000;
  const MaxReruns = 20;
  const Limit = 10;

  const Words = {
    en: {
      empty: 'Paste an error above and press Look up.',
      running: 'Looking up…',
      none: 'No record matches this text.',
      results: (n, ms) => `${n} result${n === 1 ? '' : 's'} in ${ms} ms.`,
      cut: (ids) => `Stopped after ${BudgetMs / 1000} s and left out (cut): the regex of ${ids.join(', ')}.`,
      gaveUp: 'The lookup took too long and was stopped.',
      missing: 'The lookup data (data/lookup.js) did not load.',
      bands: { exact: 'exact', likely: 'likely', related: 'related' },
      asWritten: (line) => `regex matched as written on line ${line}`,
      ignoringCase: (line) => `regex matched ignoring case on line ${line}`,
      lent: (id) => ` (the regex of ${id})`,
      shared: 'shared words: ',
      environment: 'environment: ',
    },
    zh: {
      empty: '在上方粘贴错误并按“查找”。',
      running: '正在查找…',
      none: '没有记录匹配这段文本。',
      results: (n, ms) => `${n} 条结果，用时 ${ms} 毫秒。`,
      cut: (ids) => `超过 ${BudgetMs / 1000} 秒后已停止并略过（cut）：${ids.join('、')} 的正则表达式。`,
      gaveUp: '查找用时过长，已停止。',
      missing: '查找数据（data/lookup.js）未能加载。',
      bands: { exact: '精确', likely: '可能', related: '相关' },
      asWritten: (line) => `正则表达式按原样匹配第 ${line} 行`,
      ignoringCase: (line) => `正则表达式忽略大小写匹配第 ${line} 行`,
      lent: (id) => `（${id} 的正则表达式）`,
      shared: '共同的词：',
      environment: '环境：',
    },
  };

  function start() {
    const body = document.body;
    const chinese = (body.getAttribute('data-lang') || '').startsWith('zh');
    const w = chinese ? Words.zh : Words.en;
    const root = body.getAttribute('data-root') || '';
    const prefix = chinese ? 'zh/' : '';
    const form = document.getElementById('lookup-form');
    const box = document.getElementById('lookup-text');
    const status = document.getElementById('lookup-status');
    const list = document.getElementById('lookup-results');
    if (!form || !box || !status || !list) return;
    const index = self.ErrataLookup;
    const records = self.ErrataRecords || { format: 1, records: [] };
    const engine = self.ErrataLookupEngine;
    if (!index || !engine) {
      status.textContent = w.missing;
      return;
    }
    const byId = new Map();
    for (const r of records.records || []) if (r && !byId.has(r.id)) byId.set(r.id, r);

    function show(result, ms, cut) {
      list.removeAttribute('aria-busy');
      while (list.firstChild) list.removeChild(list.firstChild);
      for (const hit of result.hits) {
        const item = document.createElement('li');
        item.setAttribute('data-record-id', hit.id);
        const record = byId.get(hit.id);
        const link = document.createElement(record && record.p ? 'a' : 'span');
        if (record && record.p) link.setAttribute('href', root + prefix + record.p);
        link.textContent = record ? (chinese && record.z) || record.s || hit.id : hit.id;
        item.appendChild(link);
        const band = document.createElement('span');
        band.className = 'band band-' + hit.band;
        band.textContent = ' ' + w.bands[hit.band];
        item.appendChild(band);
        const why = [];
        if (hit.why.regex)
          why.push((hit.why.regex === 'as written' ? w.asWritten : w.ignoringCase)(hit.why.regexLine) +
            (hit.why.regexRecord ? w.lent(hit.why.regexRecord) : ''));
        if (hit.why.sharedWords.length) why.push(w.shared + hit.why.sharedWords.join(', '));
        if (hit.why.environment.length) why.push(w.environment + hit.why.environment.join(', '));
        if (why.length) {
          const p = document.createElement('p');
          p.className = 'why';
          p.textContent = why.join('; ');
          item.appendChild(p);
        }
        list.appendChild(item);
      }
      let text = result.hits.length ? w.results(result.hits.length, ms) : w.none;
      if (cut.length) text += ' ' + w.cut(cut);
      status.textContent = text;
    }

    // ---- the Worker ----------------------------------------------------------------
    let worker = null;
    let workerUrl = null;
    const workerMain = `
      let index = null, records = null;
      self.onmessage = (event) => {
        const m = event.data;
        if (m.type === 'data') { index = m.index; records = m.records; return; }
        self.ErrataLookupEngine.prepare(index, records); // once per worker, outside the budget
        self.postMessage({ type: 'started', run: m.run });
        const options = { skip: new Set(m.skip), onRegex: (entry) => self.postMessage({ type: 'regex', run: m.run, entry }) };
        const result = self.ErrataLookupEngine.lookup(index, records, m.text, m.limit, options);
        self.postMessage({ type: 'result', run: m.run, result: { hits: result.hits } });
      };`;
    function newWorker() {
      if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL === 'undefined') return null;
      try {
        if (!workerUrl) {
          const source = "'use strict';\n(" + engine.factory.toString() + ')(self);\n' + workerMain;
          workerUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        }
        const made = new Worker(workerUrl);
        const plain = Object.assign({}, index);
        delete plain.prepared;
        delete plain.foldMap;
        made.postMessage({ type: 'data', index: plain, records });
        return made;
      } catch (error) {
        return null;
      }
    }

    let runs = 0;
    function rankInWorker(text, done) {
      const run = ++runs;
      const skip = [];
      const cut = [];
      let reruns = 0;
      const began = performance.now();
      const attempt = () => {
        if (!worker) worker = newWorker();
        if (!worker) return done(null);
        let current = -1;
        let timer = null;
        const stop = () => { clearTimeout(timer); worker.onmessage = null; worker.onerror = null; };
        worker.onmessage = (event) => {
          const m = event.data;
          if (m.run !== run) return;
          if (m.type === 'started') timer = setTimeout(expire, BudgetMs);
          else if (m.type === 'regex') current = m.entry;
          else if (m.type === 'result') {
            stop();
            done(m.result, Math.round(performance.now() - began), cut);
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          stop();
          worker.terminate();
          worker = null;
          done(null);
        };
        const expire = () => {
          stop();
          worker.terminate();
          worker = null;
          if (run !== runs) return;
          if (current < 0 || ++reruns > MaxReruns) {
            list.removeAttribute('aria-busy');
            status.textContent = w.gaveUp;
            return;
          }
          skip.push(current);
          cut.push(index.ids[current]);
          attempt();
        };
        worker.postMessage({ type: 'lookup', run, text, limit: Limit, skip });
      };
      attempt();
    }

    function rankHere(text) {
      const began = performance.now();
      const result = engine.lookup(index, records, text, Limit, {});
      show(result, Math.round(performance.now() - began), []);
    }

    function rank(text) {
      if (!text.trim()) {
        while (list.firstChild) list.removeChild(list.firstChild);
        list.removeAttribute('aria-busy');
        status.textContent = w.empty;
        return;
      }
      status.textContent = w.running;
      list.setAttribute('aria-busy', 'true'); // until the results are in
      const run = runs + 1;
      rankInWorker(text, (result, ms, cut) => {
        if (run !== runs) return; // a newer lookup is under way
        if (result) show(result, ms, cut);
        else rankHere(text);
      });
    }

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = box.value;
      try {
        const url = new URL(location.href);
        url.searchParams.set('q', text);
        history.replaceState(null, '', url.href);
      } catch (error) {
        // file:// may refuse a changed query: the lookup still runs
      }
      rank(text);
    });

    const query = new URLSearchParams(location.search).get('q');
    if (query !== null) box.value = query;
    if (box.value) rank(box.value);
    else status.textContent = w.empty;
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
