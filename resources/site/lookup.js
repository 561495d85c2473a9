'use strict';
// "What is this error?" in the page: Errata's lookup (models/lookup/, LookupEngine) over the index publish exported
// (data/lookup.js, self.ErrataLookup) and the records of data/records.js (self.ErrataRecords). A pure function:
//
//   ErrataLookupEngine.lookup(index, records, text, limit, options) -> {hits: [...], errorLines: [...], cut: [...]}
//
// It ranks as `errata lookup` does (docs/site.md, "Search and lookup in the page"): the error lines of the text,
// their words (LookupText), BM25F over the records' weighted words, the 200 best by text, every record whose regex
// matches, regexes shared with records whose signature they match, environment hints, one score, bands. Runs in a
// browser, a Worker and node's vm (no DOM, no modules). ErrataLookupEngine.factory is this whole file's engine as
// one function, for a Worker made from its source.
(function (global) {
  function factory(global) {
    'use strict';

    const K1 = 1.2;
    const B = 0.5;
    const MaxQueryWeight = 2.0;
    const TextCandidates = 200;
    const MaxLineLength = 2000;
    const MaxRegexText = 256 * 1024;
    const MaxHintText = 1 << 20;
    const SharedWordsShown = 6;
    const MinScore = 0.08;
    const MaxLines = 40;
    const ShortText = 3;
    const fround = Math.fround;

    // ---- text helpers ------------------------------------------------------

    // Unpaired surrogates become U+FFFD, as Qt's UTF-8 conversion makes them.
    function wellFormed(text) {
      return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    }

    function utf8Length(text) {
      let n = 0;
      for (let i = 0; i < text.length; ++i) {
        const c = text.charCodeAt(i);
        if (c < 0x80) n += 1;
        else if (c < 0x800) n += 2;
        else if (c >= 0xd800 && c < 0xdc00) { n += 4; ++i; }
        else n += 3;
      }
      return n;
    }

    // std::string's order: UTF-8 bytes, that is code points.
    function byCodePoints(a, b) {
      const x = Array.from(a), y = Array.from(b);
      for (let i = 0; i < Math.min(x.length, y.length); ++i) {
        const d = x[i].codePointAt(0) - y[i].codePointAt(0);
        if (d) return d;
      }
      return x.length - y.length;
    }

    // QChar::isSpace: \t-\r, space, U+0085 and the Unicode separators.
    const SpaceClass = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
    const isSpaceRe = new RegExp('[' + SpaceClass + ']', 'u');
    const blankRe = new RegExp('^[' + SpaceClass + ']*$', 'u');
    function trimmed(text) {
      return text.replace(new RegExp('^[' + SpaceClass + ']+|[' + SpaceClass + ']+$', 'gu'), '');
    }

    // Case folding as QString::toCaseFolded, from the table publish wrote.
    function foldOf(index) {
      if (!index.foldMap) {
        const map = new Map();
        const table = index.fold || [];
        for (let i = 0; i + 1 < table.length; i += 2) map.set(table[i], String.fromCodePoint(table[i + 1]));
        index.foldMap = map;
      }
      return index.foldMap;
    }
    function caseFolded(index, text) {
      const map = foldOf(index);
      let out = '';
      let plain = 0; // start of the run not yet copied
      for (let i = 0; i < text.length; ) {
        const c = text.codePointAt(i);
        const units = c > 0xffff ? 2 : 1;
        const to = map.get(c);
        if (to !== undefined) {
          out += text.slice(plain, i) + to;
          plain = i + units;
        }
        i += units;
      }
      return out + text.slice(plain);
    }

    // ---- SearchTokenizer -----------------------------------------------------

    const letterOrNumber = /[\p{L}\p{N}]/u;
    const hanRe = /\p{Script=Han}/u;
    const isHan = (c) => hanRe.test(c);
    const isWordChar = (c) => letterOrNumber.test(c) && (c.codePointAt(0) < 0x80 || !isHan(c));

    function tokenFold(index, text) {
      if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase();
      const nfkd = text.normalize('NFKD').replace(/\p{Mn}/gu, (m) => (m.length === 1 ? '' : m));
      return caseFolded(index, nfkd);
    }

    function addHan(run, indexing, out) {
      if (run.length === 1 || indexing) for (const c of run) out.push(c);
      for (let i = 0; i + 1 < run.length; ++i) out.push(run[i] + run[i + 1]);
    }

    function addCamelParts(text, out) {
      let wordStart = 0, partStart = 0;
      const alnum = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
      const upper = (c) => c >= 65 && c <= 90, lower = (c) => c >= 97 && c <= 122;
      for (let i = 0; i <= text.length; ++i) {
        const inWord = i < text.length && alnum(text.charCodeAt(i));
        if (!inWord) {
          if (partStart > wordStart && i > partStart) out.push(text.slice(partStart, i).toLowerCase());
          wordStart = partStart = i + 1;
          continue;
        }
        if (i > wordStart && upper(text.charCodeAt(i)) && lower(text.charCodeAt(i - 1))) {
          out.push(text.slice(partStart, i).toLowerCase());
          partStart = i;
        }
      }
    }

    // SearchTokenizer::tokens: indexing (camelCase parts, lone Chinese
    // characters) or querying.
    function tokens(index, text, indexing) {
      const out = [];
      const chars = Array.from(tokenFold(index, text));
      let i = 0;
      while (i < chars.length) {
        const c = chars[i];
        if (isWordChar(c)) {
          let end = i;
          while (end < chars.length && isWordChar(chars[end])) ++end;
          out.push(chars.slice(i, end).join(''));
          i = end;
        } else if (isHan(c)) {
          let end = i;
          while (end < chars.length && isHan(chars[end])) ++end;
          addHan(chars.slice(i, end), indexing, out);
          i = end;
        } else {
          ++i;
        }
      }
      if (indexing) addCamelParts(text, out);
      return out;
    }

    // ---- LookupText ------------------------------------------------------------

    const S = '[\\t\\n\\f\\r ]'; // RE2's \s
    const NS = '[^\\t\\n\\f\\r ]';
    const VariablePattern = new RegExp(
      '(\\b[a-zA-Z][a-zA-Z0-9+.\\-]*:\\/\\/[^\\t\\n\\f\\r \'"<>]+)' +
        '|(\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b)' +
        '|(\\b[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:Z|[+\\-][0-9]{2}:?[0-9]{2})?)?\\b)' +
        '|(\\b[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:[.,][0-9]+)?\\b)' +
        '|(\\b[0-9]{1,3}(?:\\.[0-9]{1,3}){3}(?::[0-9]+)?\\b)' +
        '|(\\b0[xX][0-9a-fA-F]+\\b|\\b[0-9a-fA-F]{8,}\\b)' +
        '|(\\b[A-Z][A-Z0-9]{0,5}-?[0-9]{2,6}\\b)' +
        '|((?:(?<![^\\n])|[\\t\\n\\f\\r \'"=(\\[<,])(?:[A-Za-z]:\\\\|\\\\\\\\|~\\/|\\.{1,2}\\/|\\/)[^\\t\\n\\f\\r \'"<>(),;:\\[\\]]*)' +
        '|(\'[^\'\\n]{1,80}\'|"[^"\\n]{1,80}"|`[^`\\n]{1,80}`|\u2018[^\u2019\\n]{1,80}\u2019|\u201c[^\u201d\\n]{1,80}\u201d)' +
        '|(\\bv?[0-9]+(?:\\.[0-9]+)+\\b)' +
        '|(\\b[0-9]+\\b)',
      'gu'
    );
    const Kind = { Url: 1, Uuid: 2, Timestamp: 3, Clock: 4, Ip: 5, Hex: 6, Code: 7, Path: 8, Quoted: 9, Version: 10, Number: 11 };
    const FunctionWords = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'it',
      'its', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'were', 'with', 'has', 'have', 'had', 'will',
      'been']);
    const Endings = ['Error', 'Exception', 'Fault', 'Failure', 'Warning', 'Panic'];

    function isClassName(word) {
      if (utf8Length(word) < 6 || !/^[A-Z][a-z]/.test(word)) return false;
      return Endings.some((e) => word.length > e.length && word.endsWith(e));
    }
    const isWordUnit = (c) => c >= 0x80 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

    function collector(index, out, indexing) {
      const add = (text, weight) => {
        for (const token of tokens(index, text, indexing)) {
          if (token.length === 1 && token.charCodeAt(0) >= 0x3000 && token.charCodeAt(0) <= 0x9fff) continue;
          out.push([token, FunctionWords.has(token) ? Math.min(weight, fround(0.1)) : weight]);
        }
      };
      const addPlain = (text) => {
        for (let i = 0; i < text.length; ) {
          if (!isWordUnit(text.charCodeAt(i))) { ++i; continue; }
          let end = i;
          while (end < text.length && isWordUnit(text.charCodeAt(end))) ++end;
          const word = text.slice(i, end);
          add(word, isClassName(word) ? 1.5 : 1.0);
          i = end;
        }
      };
      return { add, addPlain };
    }

    // LookupText::words: [word, weight] in text order; `indexing` is WithParts.
    function words(index, text, indexing = true) {
      const out = [];
      const c = collector(index, out, indexing);
      const re = VariablePattern;
      let at = 0;
      let m;
      while (at < text.length) {
        re.lastIndex = at;
        if (!(m = re.exec(text))) break;
        let kind = 1;
        while (kind <= 11 && m[kind] === undefined) ++kind;
        c.addPlain(text.slice(at, m.index));
        const span = m[0];
        if (kind === Kind.Code) c.add(span, 1.5);
        else if (kind === Kind.Hex) { if (!/[0-9]/.test(span)) c.addPlain(span); }
        else if (kind === Kind.Path) {
          const slash = Math.max(span.lastIndexOf('/'), span.lastIndexOf('\\'));
          c.add(slash < 0 ? span : span.slice(slash + 1), fround(0.3));
        } else if (kind === Kind.Quoted) c.add(span, fround(0.3));
        else if (kind === Kind.Number) { if (span.length <= 4) c.add(span, fround(0.2)); }
        at = m.index + Math.max(span.length, 1);
      }
      if (at < text.length) c.addPlain(text.slice(at));
      return out;
    }

    // ---- ErrorLines ------------------------------------------------------------

    const UW = '\\p{L}\\p{N}_'; // PCRE2's \w with Unicode properties
    const UB = '(?:(?<=[' + UW + '])(?![' + UW + '])|(?<![' + UW + '])(?=[' + UW + ']))';
    const US = '[' + SpaceClass + '\\u180e]';
    const UNS = '[^' + SpaceClass + '\\u180e]';
    const strongRe = new RegExp(
      ('(?:^|[' + SpaceClass + '\\u180e:(\\[])(?:[A-Za-z_][' + UW + '$]*\\.)*[A-Z][A-Za-z0-9_]*(?:Error|Exception|Fault|Failure|Panic)@b@s*(?::|$)' +
        '|^(?:@S*@s+)?(?:\\[[^\\]]*\\]@s*)*(?:error|fatal|panic|failure|critical)(?:\\[[^\\]]*\\])?@s*[:!]' +
        '|@b(?:ERROR|FATAL|CRITICAL|PANIC)@b|@bERR!|##\\[error\\]|^E@s{2,}@S|@bCaused by:' +
        '|@b(?:E@d{3,5}|TS@d{4}|CS@d{4}|ORA-@d{5}|SQLSTATE|E(?:NOENT|ACCES|ADDRINUSE|CONNREFUSED|PERM|EXIST|NOTDIR|ISDIR|MFILE|NFILE|PIPE|TIMEDOUT|CONNRESET|NOSPC|ROFS|AGAIN|NOMEM|HOSTUNREACH|NETUNREACH|INVAL|BUSY|NOTEMPTY|XDEV|NOEXEC|LOOP))@b' +
        '|@b(?:Segmentation fault|panic:|CrashLoopBackOff|OOMKilled|ImagePullBackOff|ErrImagePull)@b')
        .replace(/@b/g, UB).replace(/@s/g, US).replace(/@S/g, UNS).replace(/@d/g, '\\p{Nd}'),
      'u'
    );
    const weakRe = new RegExp(
      ('@b(?:errors?|fail(?:s|ed|ing|ure)?|fatal|denied|refused|cannot|can\'t|could not|couldn\'t' +
        '|unable to|not found|no such|invalid|unexpected|timed? ?out|killed|abort(?:ed)?|exceeded' +
        '|unsupported|not allowed|forbidden|unauthori[sz]ed|rejected|conflict|missing|corrupt' +
        '|out of memory|overflow|deadlock|crash(?:ed)?|exception|violation|mismatch|undefined' +
        '|not a valid|doesn\'t exist|does not exist|unreachable|warning)@b|失败|错误|异常|无法').replace(/@b/g, UB),
      'iu'
    );
    // PCRE2 without Unicode properties: ASCII classes, \s with \v.
    const A = (p) => p.replace(/@s/g, '[\\t\\n\\v\\f\\r ]').replace(/@S/g, '[^\\t\\n\\v\\f\\r ]').replace(/@d/g, '[0-9]')
      .replace(/@W/g, '[^0-9A-Za-z_]').replace(/@w/g, '[0-9A-Za-z_]');
    const frameRe = new RegExp(A('^@s+(?:at@s|File@s"|\\.\\.\\.@s@d+@smore)|^@s*#@d+@s|^@s+@S+\\.go:@d+|^@s+@d+:@s+0x[0-9a-f]+'), 'u');
    const quietRe = new RegExp(A('^@W*(?:@S*@d@S*@s+){0,3}(?:\\[[^\\]]*\\]@s*){0,2}\\[?(?:INFO|DEBUG|TRACE|NOTICE|VERBOSE)\\]?(?:@s|:|$)'), 'u');
    const noneRe = new RegExp(A('\\b(?:0|no|zero)@s+(?:errors?|failures?|failed)\\b|\\b(?:errors?|failures?|failed)@w*@s*[=:]@s*0\\b'), 'iu');
    const summaryRe = new RegExp(A('completed with exit code|exited with (?:exit )?code|exit (?:status|code):? @d|Command failed with' +
      '|\\bELIFECYCLE\\b|^make(?:\\[@d+\\])?: \\*\\*\\*|Job failed|returned (?:a )?non-zero exit'), 'iu');

    function strengthOf(line, afterTraceback) {
      if (blankRe.test(line) || frameRe.test(line)) return 0;
      if (afterTraceback) return 3;
      if (summaryRe.test(line)) return 1;
      if (strongRe.test(line)) return 3;
      if (quietRe.test(line) || noneRe.test(line)) return 0;
      return weakRe.test(line) ? 2 : 1;
    }

    function classify(text) {
      const lines = [];
      let inTraceback = false;
      let number = 0;
      for (let line of text.split('\n')) {
        ++number;
        if (line.endsWith('\r')) line = line.slice(0, -1);
        if (blankRe.test(line)) continue;
        const ends = inTraceback && !isSpaceRe.test(line[0]) && !line.startsWith('Traceback');
        const header = line.includes('Traceback (most recent call last)');
        const quoted = header || (inTraceback && !ends);
        inTraceback = (inTraceback || header) && !ends;
        let strength = quoted ? 0 : strengthOf(line, ends);
        const last = lines[lines.length - 1];
        if (last && last.strength >= 2 && last.number === number - 1 && trimmed(last.text).endsWith(':') && strength > 0)
          strength = Math.max(strength, last.strength);
        lines.push({ number, text: line, strength });
      }
      return lines;
    }

    // ErrorLines::find: the lines lookup compares, in text order.
    function errorLines(text) {
      const lines = classify(text);
      if (lines.length <= ShortText) return lines;
      let chosen = [];
      for (const strength of [3, 2, 1]) {
        for (let i = lines.length - 1; i >= 0 && chosen.length < MaxLines; --i)
          if (lines[i].strength === strength) chosen.push(lines[i]);
      }
      if (chosen.length === 0) chosen = lines.slice(Math.max(0, lines.length - MaxLines));
      return chosen.sort((a, b) => a.number - b.number);
    }

    // ---- EnvironmentHints --------------------------------------------------------

    const Canonical = new Map(Object.entries({
      python: 'python', py: 'python', cp: 'python', cpython: 'python', node: 'node', nodejs: 'node',
      'node.js': 'node', torch: 'torch', pytorch: 'torch', pt: 'torch', cuda: 'cuda', cu: 'cuda',
      tensorflow: 'tensorflow', tf: 'tf', terraform: 'terraform', java: 'java', jdk: 'java', openjdk: 'java',
      go: 'go', golang: 'go', rust: 'rust', rustc: 'rust', cargo: 'rust', ruby: 'ruby', php: 'php',
      dotnet: 'dotnet', '.net': 'dotnet', docker: 'docker', kubernetes: 'kubernetes', k8s: 'kubernetes',
      kubectl: 'kubernetes', git: 'git', npm: 'npm', pip: 'pip', react: 'react', nextjs: 'nextjs',
      'next.js': 'nextjs', typescript: 'typescript', ts: 'typescript', tsc: 'typescript', postgres: 'postgres',
      postgresql: 'postgres', pg: 'postgres', psql: 'postgres', mysql: 'mysql', redis: 'redis', mongo: 'mongo',
      mongodb: 'mongo', kafka: 'kafka', elasticsearch: 'elasticsearch', es: 'elasticsearch', nginx: 'nginx',
      ros: 'ros', ros2: 'ros2', flutter: 'flutter', dart: 'dart', unity: 'unity', cmake: 'cmake', gcc: 'gcc',
      clang: 'clang', helm: 'helm', awscli: 'awscli', 'aws-cli': 'awscli', aws: 'awscli', grpc: 'grpc',
      opencv: 'opencv', cv: 'opencv', hf: 'transformers', transformers: 'transformers', android: 'android',
      ios: 'ios', xcode: 'xcode', ubuntu: 'ubuntu', debian: 'debian', gradle: 'gradle', maven: 'maven',
      yarn: 'yarn', pnpm: 'pnpm', deno: 'deno', bun: 'bun', vite: 'vite', webpack: 'webpack', django: 'django',
      flask: 'flask', spring: 'spring', angular: 'angular', vue: 'vue', swift: 'swift', kotlin: 'kotlin',
      scala: 'scala', conda: 'conda', numpy: 'numpy', pandas: 'pandas',
    }));
    const OneDigitMajor = new Set(['python', 'go', 'php', 'kubernetes', 'terraform', 'ruby', 'rust', 'perl']);
    const OsNames = new Map(Object.entries({
      linux: 'os:linux', ubuntu: 'os:linux', debian: 'os:linux', alpine: 'os:linux', centos: 'os:linux',
      fedora: 'os:linux', rhel: 'os:linux', macos: 'os:macos', darwin: 'os:macos', osx: 'os:macos', mac: 'os:macos',
      windows: 'os:windows', win: 'os:windows', win32: 'os:windows', win64: 'os:windows', wsl: 'os:wsl',
      wsl2: 'os:wsl', arm64: 'arch:arm64', aarch64: 'arch:arm64', x64: 'arch:x64', x86_64: 'arch:x64',
      amd64: 'arch:x64', x86: 'arch:x86', m1: 'arch:arm64', m2: 'arch:arm64', m3: 'arch:arm64',
    }));

    function addVersion(name, major, minor, out) {
      out.push(name);
      if (!minor && OneDigitMajor.has(name) && major.length >= 2) {
        minor = major.slice(1);
        major = major.slice(0, 1);
      }
      if (!major) return;
      out.push(name + major);
      if (minor) out.push(name + major + '.' + minor);
    }

    const gpuRe = /^(?:a100|h100|v100|a10g?|t4|l4|rtx[0-9]{4}|gtx[0-9]{4})$/u;
    const memoryRe = /^([0-9]+)(?:gb|gib)$/u;
    const namedRe = /^([a-z][a-z.+\-]*?)-?v?([0-9]+)(?:\.([0-9]+))?(?:\.[0-9]+)*(?:[a-z+].*)?$/u;
    const asciiLower = (t) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());

    function addWord(word, out) {
      const lower = asciiLower(word).split('k8s').join('kubernetes');
      if (OsNames.has(lower)) return void out.push(OsNames.get(lower));
      if (gpuRe.test(lower)) return void out.push('gpu:' + lower);
      let m = memoryRe.exec(lower);
      if (m) return void out.push('mem:' + m[1] + 'gb');
      if (Canonical.has(lower)) return void out.push(Canonical.get(lower));
      if ((m = namedRe.exec(lower))) {
        const canonical = Canonical.get(m[1]);
        if (canonical) addVersion(canonical, m[2], m[3] || '', out);
      }
    }

    // RE2::FindAndConsume: each search starts where the last match ended,
    // seeing nothing before it.
    function* consume(re, text) {
      let rest = text;
      let m;
      while ((m = re.exec(rest))) {
        yield m;
        rest = rest.slice(m.index + Math.max(m[0].length, 1));
      }
    }

    const spacedRe = /\b([a-z][a-z.]*[a-z]|[a-z])(?:[\t\n\f\r ]*(?:==|=|@|:)[\t\n\f\r ]*|[\t\n\f\r ]+|\/)v?([0-9]+)(?:\.([0-9]+))?/iu;
    const spacedGpuRe = /\b(rtx|gtx)[\t\n\f\r ]+([0-9]{4})\b/iu;
    const hintWordRe = /[A-Za-z0-9_.+\-]+/u;

    function sortUnique(list) {
      const sorted = list.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return sorted.filter((h, i) => i === 0 || sorted[i - 1] !== h);
    }

    // EnvironmentHints::ofText: sorted, each once.
    function hintsOfText(text) {
      text = wellFormed(text.slice(0, MaxHintText));
      const hints = [];
      for (const m of consume(spacedRe, text)) {
        const canonical = Canonical.get(m[1].toLowerCase());
        if (canonical) addVersion(canonical, m[2], m[3] || '', hints);
      }
      if (/x86_64|amd64/iu.test(text)) hints.push('arch:x64');
      if (/aarch64|arm64/iu.test(text)) hints.push('arch:arm64');
      for (const m of consume(spacedGpuRe, text)) hints.push('gpu:' + m[1].toLowerCase() + m[2]);
      for (const m of consume(hintWordRe, text)) {
        const w = m[0].replace(/[.\-]+$/, '');
        addWord(w, hints);
        if (w.includes('-')) for (const part of w.split('-')) if (part) addWord(part, hints);
      }
      return sortUnique(hints);
    }

    function hintWeight(hint) {
      if (/^(?:os|arch|mem):/.test(hint)) return 0.5;
      if (hint.startsWith('gpu:')) return 1.0;
      const digit = hint.search(/[0-9]/);
      if (digit < 0) return 0.25;
      return hint.indexOf('.', digit) < 0 ? 0.5 : 1.0;
    }

    // ---- the index ------------------------------------------------------------------

    function decodeTerms(encoded, weights) {
      const ids = new Int32Array(encoded.length / 2);
      const w = new Float64Array(encoded.length / 2);
      let id = 0;
      for (let i = 0; i < ids.length; ++i) {
        id += encoded[2 * i];
        ids[i] = id;
        w[i] = weights[encoded[2 * i + 1]];
      }
      return { ids, w };
    }

    // The index as the engine reads it, worked out once per index object.
    function prepare(index, records) {
      if (index.prepared && index.prepared.records === records) return index.prepared;
      const weights = (index.weights || []).map(fround);
      const n = index.ids.length;
      const terms = index.terms;
      const p = {
        records, n, N: index.n, average: index.avgLength, termOf: new Map(), df: new Int32Array(terms.length),
        postings: terms.map(() => []), words: [], sig: [], sigZh: [], length: index.length.map(fround),
        fix: index.fix.map(fround), tier: index.tier, hints: [], keys: index.keys, re: index.re, ids: index.ids,
        signatures: [], compiled: new Map(),
      };
      terms.forEach((t, i) => p.termOf.set(t, i));
      for (let e = 0; e < n; ++e) {
        const w = decodeTerms(index.words[e], weights);
        p.words.push(w);
        for (let k = 0; k < w.ids.length; ++k) {
          p.postings[w.ids[k]].push(e, w.w[k]);
          ++p.df[w.ids[k]];
        }
        p.sig.push(decodeTerms(index.sig[e], weights));
        p.sigZh.push(decodeTerms(index.sigZh[e], weights));
        p.hints.push(index.hints[e].map((h) => index.hintNames[h]));
      }
      p.idf = Float64Array.from(p.df, (d) => Math.log(1.0 + (p.N - d + 0.5) / (d + 0.5)));
      p.idfNone = Math.log(1.0 + (p.N + 0.5) / 0.5);
      // Signatures (for sharing and display) from records.js, by place or by id.
      const list = (records && records.records) || [];
      const byId = new Map();
      list.forEach((r) => { if (r && !byId.has(r.id)) byId.set(r.id, r); });
      for (let e = 0; e < n; ++e) {
        const at = index.rec ? list[index.rec[e]] : undefined;
        const r = at && at.id === index.ids[e] ? at : byId.get(index.ids[e]);
        p.signatures.push(r && typeof r.s === 'string' ? r.s : '');
      }
      index.prepared = p;
      return p;
    }

    function compiled(p, e, ignoringCase) {
      const key = e * 2 + (ignoringCase ? 1 : 0);
      if (!p.compiled.has(key)) {
        const spec = p.re[e];
        let re = null;
        try {
          const flags = ignoringCase && !spec[1].includes('i') ? 'i' + spec[1] : spec[1];
          re = new RegExp(spec[0], flags);
        } catch (error) {
          re = null;
        }
        p.compiled.set(key, re);
      }
      return p.compiled.get(key);
    }

    function firstMatch(re, text) {
      if (!re) return null;
      re.lastIndex = 0;
      const m = re.exec(text);
      return m && m[0].length > 0 ? m : null;
    }

    // ---- the ranking ----------------------------------------------------------------

    function scopeOf(index, lines) {
      const scope = { text: '', starts: [], numbers: [] };
      for (const [number, line] of lines) {
        if (scope.numbers.length) scope.text += '\n';
        scope.starts.push(scope.text.length);
        scope.text += line;
        scope.numbers.push(number);
      }
      scope.folded = caseFolded(index, scope.text);
      return scope;
    }
    function lineAt(scope, offset) {
      let lo = 0, hi = scope.starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (scope.starts[mid] <= offset) lo = mid + 1;
        else hi = mid;
      }
      return lo - 1;
    }
    function lineOf(scope, place) {
      const end = place + 1 < scope.starts.length ? scope.starts[place + 1] - 1 : scope.text.length;
      return scope.text.slice(scope.starts[place], end);
    }

    function queryWords(index, text) {
      const sums = new Map();
      for (const [word, weight] of words(index, text, true)) sums.set(word, fround((sums.get(word) || 0) + weight));
      for (const [word, weight] of sums) sums.set(word, Math.min(weight, MaxQueryWeight));
      return sums;
    }

    function shortened(text) {
      return text.length <= 200 ? text : text.slice(0, 200) + '\u2026';
    }

    function coverage(p, e, ids) {
      let best = 0;
      for (const s of [p.sig[e], p.sigZh[e]]) {
        let total = 0, found = 0;
        for (let k = 0; k < s.ids.length; ++k) {
          const value = p.idf[s.ids[k]] * s.w[k];
          total += value;
          if (ids.has(s.ids[k])) found += value;
        }
        if (total > 0) best = Math.max(best, found / total);
      }
      return best;
    }

    function sharedWords(index, p, e, ids) {
      const shared = [];
      const w = p.words[e];
      for (let k = 0; k < w.ids.length; ++k) {
        const word = index.terms[w.ids[k]];
        if (w.w[k] >= 1.0 && ids.has(w.ids[k]) && utf8Length(word) > 1) shared.push([p.idf[w.ids[k]], word]);
      }
      shared.sort((a, b) => (a[0] !== b[0] ? b[0] - a[0] : byCodePoints(a[1], b[1])));
      return shared.slice(0, SharedWordsShown).map((s) => s[1]);
    }

    function band(why) {
      if ((why.regex === 'as written' && why.coverage >= 0.5) || why.coverage >= 0.95) return 'exact';
      if ((why.regex && why.coverage >= 0.34) || why.textScore >= 0.5) return 'likely';
      return 'related';
    }

    // Every regex candidate's first match on the scope: as written, else
    // ignoring case. options.skip: entries not to run (cut by the caller);
    // options.onRegex(entry): called before each is run.
    function regexMatches(index, p, scope, options) {
      const found = new Map();
      const skip = options.skip || new Set();
      for (let e = 0; e < p.n; ++e) {
        if (!p.re[e]) continue;
        const keys = p.keys[e];
        if (!keys.some((alternative) => alternative.every((key) => scope.folded.includes(key)))) continue;
        if (skip.has(e)) continue;
        if (options.onRegex) options.onRegex(e, p.ids[e]);
        let how = 'as written';
        let m = firstMatch(compiled(p, e, false), scope.text);
        if (!m) {
          how = 'ignoring case';
          m = firstMatch(compiled(p, e, true), scope.text);
        }
        if (!m) continue;
        const place = lineAt(scope, m.index);
        const lineTerms = new Set();
        for (const word of queryWords(index, lineOf(scope, place)).keys()) {
          const t = p.termOf.get(word);
          if (t !== undefined) lineTerms.add(t);
        }
        found.set(e, { how, line: scope.numbers[place], match: shortened(m[0]), lender: null, lineTerms });
      }
      return found;
    }

    // options.onRegex(entry) before each regex is run on a signature too:
    // a regex can be slow on a signature only.
    function shareRegexes(p, candidates, found, options) {
      const matched = Array.from(found.keys()).sort((a, b) => a - b);
      const shared = new Map();
      for (const candidate of candidates) {
        if (found.has(candidate)) continue;
        const signature = p.signatures[candidate];
        for (const e of matched) {
          const regex = found.get(e);
          if (options.onRegex) options.onRegex(e, p.ids[e]);
          if (!firstMatch(compiled(p, e, regex.how === 'ignoring case'), signature)) continue;
          shared.set(candidate, Object.assign({}, regex, { lender: p.ids[e] }));
          break;
        }
      }
      for (const [e, regex] of shared) found.set(e, regex);
    }

    function lookup(index, records, text, limit = 10, options = {}) {
      const p = prepare(index, records);
      text = wellFormed(String(text || ''));
      const focusLines = errorLines(text).map((l) => [l.number, wellFormed(l.text.slice(0, MaxLineLength))]);
      const focus = scopeOf(index, focusLines);
      const query = queryWords(index, focus.text);
      const known = [], unknown = [], ids = new Set();
      for (const [word, weight] of query) {
        const t = p.termOf.get(word);
        if (t === undefined) unknown.push(weight);
        else { known.push([t, weight]); ids.add(t); }
      }
      // BM25F
      const scores = new Float64Array(p.n);
      const idealOf = (idf, weight) => ((idf * weight * (K1 + 1)) * 3.0) / (3.0 + K1);
      let ideal = 0;
      for (const weight of unknown) ideal += idealOf(p.idfNone, weight);
      for (const [t, weight] of known) {
        const idf = p.idf[t];
        ideal += idealOf(idf, weight);
        const postings = p.postings[t];
        for (let k = 0; k < postings.length; k += 2) {
          const e = postings[k], f = postings[k + 1];
          const norm = K1 * (1 - B + (B * p.length[e]) / p.average);
          scores[e] += (idf * weight * f * (K1 + 1)) / (f + norm);
        }
      }
      const byText = [];
      for (let e = 0; e < p.n; ++e) if (scores[e] > 0) byText.push(e);
      byText.sort((a, b) => (scores[a] !== scores[b] ? scores[b] - scores[a] : a - b));
      byText.length = Math.min(byText.length, TextCandidates);

      let regexScope = focus;
      if (text.length <= MaxRegexText)
        regexScope = scopeOf(index, text.split('\n').map((l, i) => [i + 1, l.endsWith('\r') ? l.slice(0, -1) : l]));
      const found = regexMatches(index, p, regexScope, options);
      shareRegexes(p, byText, found, options);
      const candidates = Array.from(new Set(byText.concat(Array.from(found.keys())))).sort((a, b) => a - b);

      const hints = hintsOfText(text);
      const hits = [];
      for (const e of candidates) {
        const regex = found.get(e);
        const share = ideal > 0 ? scores[e] / ideal : 0;
        let c = coverage(p, e, ids);
        if (regex) c = Math.max(c, coverage(p, e, regex.lineTerms));
        const r = regex ? (regex.how === 'as written' ? 1.0 : 0.8) : 0;
        const regexScore = r * Math.min(1.0, 2 * c);
        const clamp = (x) => Math.min(Math.max(x, 0.0), 1.0);
        const textScore = (clamp(share) + clamp(c)) / 2;
        const both = p.hints[e].filter((h) => hints.includes(h));
        let env = 0;
        for (const h of both) env += hintWeight(h);
        const score = 0.5 * regexScore + 0.5 * textScore + 0.1 * Math.min(1.0, env / 2);
        if (score < MinScore) continue;
        const why = {
          regex: regex ? regex.how : null, regexLine: regex ? regex.line : 0, regexMatch: regex ? regex.match : '',
          regexRecord: regex ? regex.lender : null, coverage: c, regexScore, textScore, environmentScore: env,
          environment: both, sharedWords: sharedWords(index, p, e, ids),
        };
        hits.push({ id: p.ids[e], entry: e, score, band: band(why), fixRate: p.fix[e], tier: p.tier[e], why });
      }
      hits.sort((a, b) => {
        if (a.score !== b.score) return b.score - a.score;
        if (a.fixRate !== b.fixRate) return b.fixRate - a.fixRate;
        if (a.tier !== b.tier) return b.tier - a.tier;
        return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      });
      hits.length = Math.min(hits.length, limit);
      return { hits, errorText: focus.text, errorLines: focus.numbers, cut: Array.from(options.skip || []).map((e) => p.ids[e]) };
    }

    global.ErrataLookupEngine = {
      lookup, prepare, factory,
      parts: { errorLines, words: (index, text, withParts) => words(index, wellFormed(text), withParts !== false),
        tokens: (index, text, indexing) => tokens(index, wellFormed(text), indexing), hintsOfText, caseFolded,
        wellFormed },
    };
  }
  factory(global);
})(typeof self !== 'undefined' ? self : globalThis);
