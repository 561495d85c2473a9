// The published site's search as you type: the desktop search (models/search/SearchQuery and SearchIndex) over
// the data Errata wrote into data/records.js and data/search.js (models/publish/SearchExport; docs/site.md,
// "Search and lookup in the page", has every key). The same query gives the same records in the same order as
// the desktop search; SiteSearchParityTest checks it. A classic script without the DOM (Node's vm runs it too):
//
//   ErrataSearchEngine.search(self.ErrataSearch, self.ErrataRecords, 'cuda domain:pytorch', {})
//     -> {hits: [{record: 12, score: 105}, ...], unavailable: [], query: {...}}
//
// hits[i].record is a place in records.js; best first, ties in records.js order (by id).
'use strict';

(function (root) {
  var INT_MAX = 2147483647;
  var ASCII = /^[\x00-\x7f]*$/;
  var NON_SPACING_MARK = /\p{Mn}/gu;
  var WORD = /^[\p{L}\p{N}]$/u;
  var ASCII_WORD = /^[A-Za-z0-9]$/;
  var HAN = /^\p{Script=Han}$/u;
  // QChar::isSpace, one UTF-16 unit at a time.
  var SPACE = /^[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/;
  var NUMBER_FILTER = /^([a-z_]+)(<=|>=|<|>|=)([0-9]*\.?[0-9]+)$/;
  var GIT_STATES = ['modified', 'new', 'added', 'untracked', 'renamed', 'conflicted', 'deleted'];
  var SEVERITIES = ['error', 'warning', 'info'];

  // What is worked out once per data file: the folding as a Map, the records' folded fields.
  var prepared = typeof WeakMap === 'function' ? new WeakMap() : null;

  function recordList(records) {
    if (records && Array.isArray(records.records)) return records.records;
    return Array.isArray(records) ? records : [];
  }

  function prepare(data, records) {
    var list = recordList(records);
    var cached = prepared && prepared.get(data);
    if (cached && (records === null || cached.list === list)) return cached; // null: the folding is all that is asked
    var fold = cached ? cached.fold : new Map();
    var source = (data && data.fold) || {};
    if (!cached) Object.keys(source).forEach(function (key) { fold.set(key, source[key]); });
    var scores = (data && data.scores) || {field: [10, 40, 60], exact: 5, start: 40};
    var state = {
      list: list,
      fold: fold,
      field: scores.field,
      exact: scores.exact,
      start: scores.start,
      tokens: (data && Array.isArray(data.tokens)) ? data.tokens : [],
      postings: (data && Array.isArray(data.postings)) ? data.postings : [],
      cut: new Set((data && Array.isArray(data.long)) ? data.long : []),
      cutLength: (data && data.cut > 0) ? data.cut : Infinity,
      signatures: null,
      ids: null
    };
    if (prepared && data && typeof data === 'object') prepared.set(data, state);
    return state;
  }

  // SearchTokenizer::fold: ASCII lower-cased; anything else NFKD, without non-spacing marks of the Basic
  // Multilingual Plane (Qt removes them one UTF-16 unit at a time), case-folded as QString::toCaseFolded.
  function fold(text, foldMap) {
    if (ASCII.test(text)) return text.toLowerCase();
    var decomposed = text.normalize('NFKD').replace(NON_SPACING_MARK, function (mark) {
      return mark.length === 1 ? '' : mark;
    });
    var out = '';
    for (var c of decomposed) {
      var folded = foldMap.get(c);
      out += folded === undefined ? c : folded;
    }
    return out;
  }

  function isHan(c) { return HAN.test(c); }
  function isWordChar(c) {
    return c.charCodeAt(0) < 0x80 ? ASCII_WORD.test(c) : WORD.test(c) && !isHan(c);
  }

  // SearchTokenizer::tokens(text, Querying): runs of letters and digits; runs of Chinese as pairs of characters
  // (a run of one as itself).
  function queryTokens(text, foldMap) {
    var chars = Array.from(fold(text, foldMap));
    var out = [];
    var i = 0;
    while (i < chars.length) {
      var j = i;
      if (isWordChar(chars[i])) {
        while (j < chars.length && isWordChar(chars[j])) ++j;
        out.push(chars.slice(i, j).join(''));
      } else if (isHan(chars[i])) {
        while (j < chars.length && isHan(chars[j])) ++j;
        if (j - i === 1) out.push(chars[i]);
        for (var k = i; k + 1 < j; ++k) out.push(chars[k] + chars[k + 1]);
      } else {
        j = i + 1;
      }
      i = j;
    }
    return out;
  }

  // Terms split on spaces outside double quotes; a quoted term is always a word.
  function splitTerms(text) {
    var terms = [];
    var current = {text: '', quoted: false};
    var quoted = false;
    for (var i = 0; i < text.length; ++i) {
      var c = text[i];
      if (c === '"') {
        quoted = !quoted;
        current.quoted = true;
      } else if (!quoted && SPACE.test(c)) {
        if (current.text !== '') terms.push(current);
        current = {text: '', quoted: false};
      } else {
        current.text += c;
      }
    }
    if (current.text !== '') terms.push(current);
    return terms;
  }

  function numberFilter(term, field) {
    var match = NUMBER_FILTER.exec(term);
    if (!match || match[1] !== field) return null;
    return {op: match[2], value: Number(match[3])};
  }

  // SearchQuery::NumberFilter::accepts; "=" is Qt's qFuzzyCompare of both plus one.
  function accepts(filter, number) {
    switch (filter.op) {
      case '<': return number < filter.value;
      case '<=': return number <= filter.value;
      case '>': return number > filter.value;
      case '>=': return number >= filter.value;
      default: {
        var a = number + 1;
        var b = filter.value + 1;
        return Math.abs(a - b) * 1e12 <= Math.min(Math.abs(a), Math.abs(b));
      }
    }
  }

  function applyFilter(query, key, value, term) {
    if (value === '') return false;
    if (key === 'domain') query.domain = value;
    else if (key === 'category') query.category = value;
    else if (key === 'tier') query.tier = value;
    else if (key === 'resolvable') query.resolvable = value;
    else if (key === 'severity') query.severity = value;
    else if (key === 'git') {
      if (GIT_STATES.indexOf(value) < 0) return false;
      query.git = true; // a published site has no git: ignored, and said so
      query.unavailable.push(term);
    } else if (key === 'has' && value === 'zh') query.zh = true;
    else if (key === '-has' && value === 'zh') query.zh = false;
    else return false;
    return true;
  }

  function applyKeyword(query, term, typed) {
    if (term === 'is:stale') {
      query.stale = true;
      return true;
    }
    if (term === 'is:changed') {
      query.git = true;
      query.unavailable.push(typed);
      return true;
    }
    return false;
  }

  function applyTerm(query, term) {
    var filter = numberFilter(term, 'fix');
    if (filter) {
      query.fix = filter;
      return true;
    }
    filter = numberFilter(term, 'confidence');
    if (filter) {
      query.confidence = filter;
      return true;
    }
    var colon = term.indexOf(':');
    return colon > 0 && applyFilter(query, term.slice(0, colon), term.slice(colon + 1), term);
  }

  // SearchQuery::parse: words and filters, folded. A bare "stale" or "changed" is a filter only in a query of
  // filters alone; an unknown "key:value" is a word.
  function parse(text, data) {
    var foldMap = prepare(data || {}, null).fold;
    var query = {
      words: [], domain: '', category: '', tier: '', resolvable: '', severity: '',
      fix: null, confidence: null, zh: null, stale: false, git: false, unavailable: []
    };
    var keywords = [];
    splitTerms(fold(String(text), foldMap)).forEach(function (term) {
      if (term.quoted) {
        query.words.push(term.text);
      } else if (term.text === 'stale' || term.text === 'changed') {
        keywords.push(term.text);
        query.words.push(term.text);
      } else if (!applyKeyword(query, term.text, term.text) && !applyTerm(query, term.text)) {
        query.words.push(term.text);
      }
    });
    if (query.words.length === keywords.length) {
      query.words = [];
      keywords.forEach(function (keyword) { applyKeyword(query, 'is:' + keyword, keyword); });
    }
    return query;
  }

  function hasFilters(q) {
    return q.domain !== '' || q.category !== '' || q.tier !== '' || q.resolvable !== '' || q.severity !== ''
      || q.fix !== null || q.confidence !== null || q.zh !== null || q.stale || q.git;
  }

  // Code point order of two strings (what the tokens are sorted by: UTF-8 byte order).
  function compareCodePoints(a, b) {
    var n = Math.min(a.length, b.length);
    for (var i = 0; i < n; ++i) {
      var x = a.charCodeAt(i);
      var y = b.charCodeAt(i);
      if (x !== y) {
        if (x >= 0xd800 && y >= 0xd800) {
          x = x < 0xe000 ? x + 0x2000 : x - 0x800;
          y = y < 0xe000 ? y + 0x2000 : y - 0x800;
        }
        return x - y;
      }
    }
    return a.length - b.length;
  }

  function lowerBound(tokens, part) {
    var lo = 0;
    var hi = tokens.length;
    while (lo < hi) {
      var mid = (lo + hi) >>> 1;
      if (compareCodePoints(tokens[mid], part) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // SearchIndex::scorePart: the best that a token starting with `part` earns in each record.
  function scorePart(state, part, partBest) {
    var tokens = state.tokens;
    var n = partBest.length;
    // A part longer than the tokens were cut finds the cut tokens that begin as it does.
    var longPart = part.length > state.cutLength;
    if (longPart) part = part.slice(0, state.cutLength);
    for (var t = lowerBound(tokens, part); t < tokens.length; ++t) {
      var token = tokens[t];
      if (typeof token !== 'string' || !token.startsWith(part)) break;
      var wasCut = state.cut.has(t);
      if (longPart && !wasCut) continue;
      var bonus = token.length === part.length && !wasCut && !longPart ? state.exact : 0;
      var deltas = state.postings[t] || [];
      var value = 0;
      for (var p = 0; p < deltas.length; ++p) {
        value += deltas[p];
        var record = (value / 3) | 0;
        if (record >= n) break;
        var score = state.field[value % 3] + bonus;
        if (score > partBest[record]) partBest[record] = score;
      }
    }
  }

  function foldedFields(state) {
    if (state.signatures) return;
    state.signatures = state.list.map(function (r) {
      return typeof r.fs === 'string' ? r.fs : String(r.s || '').toLowerCase();
    });
    state.ids = state.list.map(function (r) {
      return typeof r.fi === 'string' ? r.fi : String(r.id || '').toLowerCase();
    });
  }

  function scoreWords(state, words, total, alive) {
    var n = total.length;
    var best = new Int32Array(n);
    var partBest = new Int32Array(n);
    var left = n; // records still alive: once none is, no later word brings one back (a pasted log)
    words.forEach(function (word) {
      if (left === 0) return;
      var parts = queryTokens(word, state.fold);
      if (parts.length === 0) return; // "-", "->": asks for nothing
      best.fill(INT_MAX);
      parts.forEach(function (part) {
        partBest.fill(0);
        scorePart(state, part, partBest);
        for (var i = 0; i < n; ++i) {
          if (partBest[i] < best[i]) best[i] = partBest[i];
        }
      });
      left = 0;
      for (var i = 0; i < n; ++i) {
        if (!alive[i] || best[i] <= 0) {
          alive[i] = 0;
          continue;
        }
        ++left;
        total[i] += best[i];
        if (state.signatures[i].startsWith(word) || state.ids[i].startsWith(word)) total[i] += state.start;
      }
    });
  }

  function foldedOf(record, foldedKey, key) {
    return typeof record[foldedKey] === 'string' ? record[foldedKey] : String(record[key] || '').toLowerCase();
  }

  // SearchIndex::passesFilters.
  function passes(record, q) {
    if (q.domain !== '' && foldedOf(record, 'fd', 'd') !== q.domain) return false;
    if (q.category !== '' && foldedOf(record, 'fc', 'c') !== q.category) return false;
    if (q.tier !== '' && (record.t || '') !== q.tier) return false;
    if (q.resolvable !== '' && (record.r || '') !== q.resolvable) return false;
    if (q.fix && (typeof record.f !== 'number' || !accepts(q.fix, record.f))) return false;
    if (q.confidence && (typeof record.k !== 'number' || !accepts(q.confidence, record.k))) return false;
    if (q.zh !== null && q.zh !== (record.h === 1)) return false;
    if (q.stale && record.o !== 1) return false;
    if (q.severity !== '') {
      var severity = SEVERITIES.indexOf(q.severity);
      if (severity < 0 || !((record.v | 0) & (1 << severity))) return false;
    }
    return true;
  }

  // The records that match `query` (a string, or what parse() returned), best first, ties in records.js order.
  function search(data, records, query, options) {
    var state = prepare(data || {}, records);
    var q = typeof query === 'string' ? parse(query, data) : query;
    var n = state.list.length;
    var total = new Int32Array(n);
    var alive = new Uint8Array(n).fill(1);
    foldedFields(state);
    scoreWords(state, q.words, total, alive);
    var filtered = hasFilters(q);
    var hits = [];
    for (var i = 0; i < n; ++i) {
      if (alive[i] && (!filtered || passes(state.list[i], q))) hits.push({record: i, score: total[i]});
    }
    hits.sort(function (a, b) { return b.score - a.score; }); // stable: ties stay in id order
    var limit = options && options.limit > 0 ? options.limit : hits.length;
    return {hits: hits.slice(0, limit), total: hits.length, unavailable: q.unavailable.slice(), query: q};
  }

  root.ErrataSearchEngine = {
    search: search,
    parse: parse,
    tokens: function (text, data) { return queryTokens(String(text), prepare(data || {}, null).fold); },
    fold: function (text, data) { return fold(String(text), prepare(data || {}, null).fold); }
  };
})(typeof self !== 'undefined' ? self : globalThis);
