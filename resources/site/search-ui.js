// search.html: search as you type with ErrataSearchEngine (assets/search.js) over data/records.js and
// data/search.js. search.html?q=… fills the box and searches at load. Each result is
// <li data-record-id="…"><a href="…record page…">signature</a> <span class="where">domain / category</span></li>,
// best first; the first 100 are shown, "Show more" adds 100 at a time. DOM APIs and textContent only.
'use strict';

(function () {
  var PAGE = 100;
  var DELAY_MS = 120;

  var TEXT = {
    en: {
      none: 'No records match.',
      one: '1 record',
      many: function (n) { return n.toLocaleString('en') + ' records'; },
      shown: function (shown, n) { return ' (the first ' + shown.toLocaleString('en') + ' shown)'; },
      more: 'Show more',
      ready: function (n) { return n.toLocaleString('en') + ' records to search.'; },
      missing: 'The search data did not load (data/records.js, data/search.js).',
      unavailable: function (terms) {
        return '; ignored: ' + terms.join(', ') + ' (a published site has no git state).';
      }
    },
    zh: {
      none: '没有匹配的记录。',
      one: '1 条记录',
      many: function (n) { return n + ' 条记录'; },
      shown: function (shown) { return '（显示前 ' + shown + ' 条）'; },
      more: '显示更多',
      ready: function (n) { return '可搜索 ' + n + ' 条记录。'; },
      missing: '搜索数据未能加载（data/records.js、data/search.js）。',
      unavailable: function (terms) { return ' 已忽略：' + terms.join('、') + '（发布的网站没有 git 状态）。'; }
    }
  };

  function start() {
    var input = document.getElementById('search-query');
    var form = document.getElementById('search-form');
    var status = document.getElementById('search-status');
    var list = document.getElementById('search-results');
    if (!input || !status || !list) return;
    var body = document.body;
    var chinese = body.getAttribute('data-lang') === 'zh-CN';
    var text = chinese ? TEXT.zh : TEXT.en;
    var root = body.getAttribute('data-root') || '';
    var prefix = chinese ? 'zh/' : '';
    var engine = self.ErrataSearchEngine;
    var data = self.ErrataSearch;
    var records = self.ErrataRecords;
    if (!engine || !data || !records || !Array.isArray(records.records)) {
      status.textContent = text.missing;
      return;
    }
    var all = records.records;
    var more = document.createElement('button');
    more.type = 'button';
    more.id = 'search-more';
    more.textContent = text.more;
    more.hidden = true;
    list.parentNode.insertBefore(more, list.nextSibling);

    var hits = [];
    var shown = 0;
    var unavailable = [];
    var timer = 0;

    function pageHref(record) {
      var page = String(record.p || '').split('/').map(encodeURIComponent).join('/');
      return root + prefix + page;
    }

    function item(record) {
      var li = document.createElement('li');
      li.setAttribute('data-record-id', String(record.id));
      var a = document.createElement('a');
      a.href = pageHref(record);
      a.textContent = chinese && record.z ? record.z : String(record.s || record.id);
      li.appendChild(a);
      var where = [record.d, record.c].filter(function (part) { return part; }).join(' / ');
      if (where) {
        var span = document.createElement('span');
        span.className = 'where';
        span.textContent = where;
        li.appendChild(document.createTextNode(' '));
        li.appendChild(span);
      }
      return li;
    }

    function showStatus() {
      var line = hits.length === 0 ? text.none : hits.length === 1 ? text.one : text.many(hits.length);
      if (shown < hits.length) line += text.shown(shown, hits.length);
      if (unavailable.length) line += text.unavailable(unavailable);
      status.textContent = line;
      more.hidden = shown >= hits.length;
    }

    function showMore() {
      var end = Math.min(hits.length, shown + PAGE);
      var fragment = document.createDocumentFragment();
      for (; shown < end; ++shown) {
        var record = all[hits[shown].record];
        if (record) fragment.appendChild(item(record));
      }
      list.appendChild(fragment);
      showStatus();
    }

    function run() {
      timer = 0;
      var query = input.value;
      while (list.firstChild) list.removeChild(list.firstChild);
      hits = [];
      shown = 0;
      unavailable = [];
      if (query.trim() === '') {
        status.textContent = text.ready(all.length);
        more.hidden = true;
        return;
      }
      var result = engine.search(data, records, query, {});
      hits = result.hits;
      unavailable = result.unavailable;
      showMore();
    }

    function later() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, DELAY_MS);
    }

    input.addEventListener('input', later);
    more.addEventListener('click', showMore);
    if (form) {
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        if (timer) clearTimeout(timer);
        run();
        try {
          var url = new URL(location.href);
          url.searchParams.set('q', input.value);
          history.replaceState(null, '', url.href);
        } catch (e) {
          // file:// in some browsers: the address stays as it was
        }
      });
    }
    var q = null;
    try {
      q = new URLSearchParams(location.search).get('q');
    } catch (e) {
      q = null;
    }
    if (q !== null) input.value = q;
    run();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
