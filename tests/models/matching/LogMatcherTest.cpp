// Tests for Errata::LogMatcher (and its LiteralScanner): the fast matcher
// must always give what searching each regex over the whole log gives
// (RegexEngine::findAll, the reference here), on generated logs (noise,
// signatures, Chinese, Cyrillic, regexes that span lines, anchors, case
// folding, invalid UTF-8), on the bundled sample KB and on the shared corpus
// when it is present; also when it falls back under a tiny memory budget.
// And: cancellation, lines and columns in characters, ranking, skipped records.
// Which patterns are line-local (LogMatcher::isLineLocal) is tested in
// LineLocalityTest.

#include "models/matching/LogMatcher.h"
#include "models/convert/DeadendsConverter.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/matching/LiteralScanner.h"
#include "models/matching/RegexEngine.h"
#include "models/record/Record.h"
#include "models/util/Parallel.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <re2/filtered_re2.h>
#include <re2/re2.h>

#include <climits>
#include <map>
#include <memory>
#include <random>

using namespace Errata;

namespace {

struct Spec
{
    const char *id;
    const char *regex;
    const char *signature;
};

// Regexes of every kind the matcher routes differently.
const Spec Specs[] = {
    {"app/disk-full", "No space left on device", "write failed: No space left on device"},
    {"app/cuda-oom", "CUDA error: out of memory", "RuntimeError: CUDA error: out of memory"},
    {"app/oom", "out of memory", "out of memory"},
    {"app/error-any-case", "(?i)error", "ERROR"},
    {"app/error-exact-case", "Error: Disk \\w+", "Error: Disk sda1 failed"},
    {"app/chinese", "错误：(\\S+) 未找到", "错误：模块 未找到"},
    {"app/cyrillic", "(?i)ошибка соединения", "ОШИБКА СОЕДИНЕНИЯ с сервером"},
    {"app/kelvin", "(?i)kelvin scale", "\u212Aelvin scale overflow"},
    {"app/sigma", "(?i)ΟΔΟΣ \\d+", "οδος 42"},
    {"app/traceback", "Traceback \\(most recent call last\\):\\s+File",
     "Traceback (most recent call last):\n  File \"x.py\""},
    {"app/block", "BEGIN[^#]*END", "BEGIN block\nbody\nEND"},
    {"app/dotall", "(?s)start<.*?>stop", "start<\n>stop"},
    {"app/newline-literal", "first half\\nsecond half", "first half\nsecond half"},
    {"app/anchored-start", "^LOGSTART \\d+", "LOGSTART 1"},
    {"app/anchored-end", "LOGEND$", "LOGEND"},
    {"app/line-anchor", "(?m)^\\[fatal\\] \\w+$", "[fatal] crash"},
    {"app/word", "\\bkill(ed)?\\b", "process killed"},
    {"app/short", "6.4", "v6.4"},
    {"app/short-alternatives", "ab|cd", "cdrom"},
    {"app/empty-at-boundaries", "\\bx?", "x"},
    {"app/alternation", "(timeout after \\d+ ms|connection reset by peer|ECONNREFUSED)", "ECONNREFUSED 127.0.0.1:80"},
    {"app/prefix-factored", "(autocast.*CUDA|amp.*error|mixed precision.*cpu.*error)", "amp scaler error"},
    {"app/negated-newline", "key=[^\\n;]+;", "key=value;"},
    {"app/spaces", "status:[ \\t]+failed", "status:\tfailed"},
    {"app/crlf", "(?m)done\\r$", "done"},
    {"app/escaped-literals", "HTTP/1\\.1\" 50\\d", "\"GET / HTTP/1.1\" 503"},
    {"app/optional-letter", "colou?r mismatch", "color mismatch"},
    {"app/optional-group", "Err(or)? code=\\d+", "Err code=5"},
    {"app/repeats", "x{2,}yz|ab+c", "xxxyz abbbc"},
    {"app/non-ascii-literal", "naïve café 😀 [a-z]+", "naïve café 😀 ok"},
    {"app/invalid", "(unclosed", "unclosed"},
    {"app/empty", "x*", "anything"},
};

const char *const Noise[] = {
    "INFO  [worker-%1] GET /api/v1/items/%2 200 %3ms",
    "DEBUG [db] query took %3 ms rows=%2",
    "WARN  [http] slow response from upstream host-%1 (%3 ms), retrying",
    "ERROR [worker-%1] request %2 failed: upstream returned 503",
    "error: disk %1 is fine",
    "INFO  [训练] 第 %1 轮完成，损失 0.%2",
    "INFO  [сеть] соединение %2 закрыто",
    "    at com.example.Handler.process(Handler.java:%3)",
    "kelvin=%1 ΚΕΛΒΙΝ οδος ς σ",
    "bytes \xff\xfe invalid %1",
    "",
};

OrderedJson recordJson(const QString &id, const QString &regex, const QString &signature)
{
    OrderedJson json = OrderedJson::object();
    json["id"] = id.toStdString();
    json["signature"] = signature.toStdString();
    json["regex"] = regex.toStdString();
    json["domain"] = id.section(QLatin1Char('/'), 0, 0).toStdString();
    json["category"] = "test";
    return json;
}

std::vector<std::unique_ptr<Record>> specRecords()
{
    std::vector<std::unique_ptr<Record>> records;
    for (const Spec &spec : Specs) {
        auto record = std::make_unique<Record>();
        record->setJson(
            recordJson(QString::fromUtf8(spec.id), QString::fromUtf8(spec.regex), QString::fromUtf8(spec.signature)));
        records.push_back(std::move(record));
    }
    return records;
}

QList<const Record *> pointers(const std::vector<std::unique_ptr<Record>> &records)
{
    QList<const Record *> list;
    for (const auto &record : records)
        list << record.get();
    return list;
}

QList<const Record *> pointers(const KnowledgeBase &kb)
{
    QList<const Record *> list;
    for (int i = 0; i < kb.count(); ++i)
        list << kb.recordAt(i);
    return list;
}

// `lines` lines of noise, with now and then a signature, CRLF line ends, and
// special lines at the start and the end (anchors).
QByteArray generateLog(const QList<const Record *> &records, int lines, quint64 seed, int signatureOneIn = 8)
{
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> number(0, 99999);
    std::uniform_int_distribution<int> noise(0, int(std::size(Noise)) - 1);
    std::uniform_int_distribution<int> pick(0, int(records.size()) - 1);
    std::uniform_int_distribution<int> oneIn(0, signatureOneIn - 1);
    QByteArray log = "LOGSTART 7 first line\n";
    for (int i = 0; i < lines; ++i) {
        if (!records.isEmpty() && oneIn(random) == 0)
            log += "ts=" + QByteArray::number(i) + " " + records.at(pick(random))->signature().toUtf8();
        else
            log += QByteArray(Noise[noise(random)])
                       .replace("%1", QByteArray::number(number(random) % 16))
                       .replace("%2", QByteArray::number(number(random)))
                       .replace("%3", QByteArray::number(number(random) % 997));
        log += number(random) % 7 == 0 ? "\r\n" : "\n";
    }
    return log + "last line LOGEND";
}

// What searching one regex over the whole log finds: the reference.
struct Expected
{
    qint64 matchCount = 0;
    qint64 lineCount = 0;
    QList<RegexMatch> firstOnLine; // the first match on each line, the first `keep` lines
};

// Every match over the whole log, stepping as RegexEngine::findAll does
// (checked against it in equivalenceOnGeneratedLogs), lines and columns
// counted in characters; light enough for millions of matches.
Expected searchWhole(const RegexEngine &engine, const QByteArray &log, int keep)
{
    Expected expected;
    const re2::StringPiece text(log.constData(), size_t(log.size()));
    re2::StringPiece match;
    int line = 1;
    int column = 1;
    int lastLine = 0;
    size_t at = 0;
    for (size_t from = 0; from <= text.size();) {
        if (!engine.re2()->Match(text, from, text.size(), RE2::UNANCHORED, &match, 1))
            break;
        const size_t start = size_t(match.data() - text.data());
        const size_t end = start + match.size();
        for (; at < start; ++at) {
            if (text[at] == '\n') {
                ++line;
                column = 1;
            } else if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80) {
                ++column;
            }
        }
        ++expected.matchCount;
        if (line != lastLine) {
            lastLine = line;
            if (++expected.lineCount <= keep)
                expected.firstOnLine << RegexMatch{qsizetype(start),
                                                   qsizetype(end),
                                                   line,
                                                   column,
                                                   QString::fromUtf8(match.data(), qsizetype(match.size())),
                                                   {}};
        }
        from = end == start ? end + 1 : end;
        while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
            ++from;
    }
    return expected;
}

std::map<QString, Expected> reference(const QList<const Record *> &records, const QByteArray &log, bool ignoreCase,
                                      int keep = 100)
{
    std::vector<Expected> found(size_t(records.size()));
    Parallel::forEach(int(records.size()), [&](int i) {
        const RegexEngine engine(records.at(i)->regex(),
                                 ignoreCase ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
        if (engine.isValid() && !engine.matchesEmptyString())
            found[size_t(i)] = searchWhole(engine, log, keep);
    });
    std::map<QString, Expected> result;
    for (qsizetype i = 0; i < records.size(); ++i) {
        if (found[size_t(i)].matchCount > 0)
            result[records.at(i)->id()] = found[size_t(i)];
    }
    return result;
}

int characters(const QString &text)
{
    return int(text.toUcs4().size());
}

// Compares a result with the reference: the same records, the same counts,
// the same lines, line texts (without their line end) and columns (the end
// column within the line as shown) for the lines kept.
void compare(const LogMatchResult &result, const std::map<QString, Expected> &expected, const QByteArray &log)
{
    const QList<QByteArray> logLines = log.split('\n');
    QVERIFY(!result.cancelled);
    QStringList got;
    QStringList want;
    for (const LogMatchResult::Match &match : result.matches)
        got << match.recordId;
    for (const auto &entry : expected)
        want << entry.first;
    got.sort();
    QCOMPARE(got, want);
    for (const LogMatchResult::Match &match : result.matches) {
        const Expected &reference = expected.at(match.recordId);
        QVERIFY2(match.matchCount == reference.matchCount, qPrintable(match.recordId));
        QVERIFY2(match.lineCount == reference.lineCount, qPrintable(match.recordId));
        QVERIFY2(match.lines.size() == reference.firstOnLine.size(), qPrintable(match.recordId));
        for (qsizetype i = 0; i < match.lines.size(); ++i) {
            const LogMatchResult::Line &line = match.lines.at(i);
            const RegexMatch &first = reference.firstOnLine.at(i);
            const QString context = match.recordId + QStringLiteral(" line %1").arg(first.line);
            QVERIFY2(line.number == first.line, qPrintable(context));
            QVERIFY2(line.startColumn == first.column, qPrintable(context));
            QByteArray text = logLines.value(first.line - 1);
            if (text.endsWith('\r'))
                text.chop(1);
            QVERIFY2(line.text == QString::fromUtf8(text), qPrintable(context));
            const int end = first.column + characters(first.text.section(QLatin1Char('\n'), 0, 0));
            QVERIFY2(line.endColumn == std::min(end, 1 + characters(line.text)), qPrintable(context));
            QVERIFY2(line.matchedText == first.text.left(1000), qPrintable(context));
        }
    }
}

// The records of a folder of deadends.dev canons, converted in memory.
std::vector<std::unique_ptr<Record>> corpusRecords(const QString &folder)
{
    std::vector<std::unique_ptr<Record>> records;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        auto record = std::make_unique<Record>();
        record->setJson(DeadendsConverter::toRecord(OrderedJson::parse(file.readAll().toStdString())));
        records.push_back(std::move(record));
    }
    return records;
}

std::string utf8(char32_t rune)
{
    std::string text;
    if (rune < 0x80) {
        text += char(rune);
    } else if (rune < 0x800) {
        text += char(0xC0 | (rune >> 6));
        text += char(0x80 | (rune & 0x3F));
    } else if (rune < 0x10000) {
        text += char(0xE0 | (rune >> 12));
        text += char(0x80 | ((rune >> 6) & 0x3F));
        text += char(0x80 | (rune & 0x3F));
    } else {
        text += char(0xF0 | (rune >> 18));
        text += char(0x80 | ((rune >> 12) & 0x3F));
        text += char(0x80 | ((rune >> 6) & 0x3F));
        text += char(0x80 | (rune & 0x3F));
    }
    return text;
}

} // namespace

class LogMatcherTest : public QObject
{
    Q_OBJECT

private slots:
    void scannerFindsLiteralsPerLine();
    void scannerFoldsLikeRe2Prefilter();
    void scannerBudget();
    void equivalenceOnGeneratedLogs_data();
    void equivalenceOnGeneratedLogs();
    void equivalenceAcrossChunks();
    void equivalenceIgnoringCase();
    void equivalenceOnSampleKb();
    void equivalenceWithEscapesAndNamedGroups();
    void equivalenceOnSharedCorpus();
    void fallbackUnderTinyBudget_data();
    void fallbackUnderTinyBudget();
    void skippedRecords();
    void linesAndColumnsInCharacters();
    void ranking();
    void cancellation();
    void emptyAndOddLogs();

private:
    std::vector<std::unique_ptr<Record>> m_records = specRecords();
};

void LogMatcherTest::scannerFindsLiteralsPerLine()
{
    LiteralScanner scanner;
    QVERIFY(scanner.build({"error", "disk full", "rror", "错误", "a\nb"}, 1 << 20));
    QCOMPARE(scanner.unsearchable(), std::vector<int>{4});
    LiteralScanner::Hits hits;
    scanner.scan("ok\nDISK FULL: Error\n\xe9\x94\x99\xe8\xaf\xaf x\nnothing", &hits);
    QCOMPARE(hits.newlines, qint64(3));
    QCOMPARE(int(hits.lines.size()), 2);
    QCOMPARE(hits.lines[0].line, qint64(1));
    QCOMPARE(hits.lines[0].start, qint64(3));
    QCOMPARE(hits.lines[0].end, qint64(19));
    std::vector<int> first(hits.literals.begin() + hits.lines[0].first,
                           hits.literals.begin() + hits.lines[0].first + hits.lines[0].count);
    std::sort(first.begin(), first.end());
    QCOMPARE(first, (std::vector<int>{0, 1, 2}));
    QCOMPARE(hits.lines[1].line, qint64(2));
    QCOMPARE(hits.literals[size_t(hits.lines[1].first)], 3);
    QCOMPARE(hits.seen, (std::vector<std::uint8_t>{1, 1, 1, 1, 0}));
}

// The scanner folds the text exactly as RE2's prefilter lowercases atoms.
void LogMatcherTest::scannerFoldsLikeRe2Prefilter()
{
    int checked = 0;
    for (char32_t rune = 0x20; rune < 0x20000; ++rune) {
        if (rune >= 0xD800 && rune <= 0xDFFF)
            continue;
        re2::FilteredRE2 filter(1);
        RE2::Options options;
        options.set_log_errors(false);
        int id = 0;
        const std::string pattern = "\\x{" + QString::number(uint(rune), 16).toStdString() + "}";
        QCOMPARE(int(filter.Add(pattern, options, &id)), int(RE2::NoError));
        std::vector<std::string> atoms;
        filter.Compile(&atoms);
        QCOMPARE(int(atoms.size()), 1);
        if (atoms[0] != LiteralScanner::fold(utf8(rune)))
            QFAIL(qPrintable(QStringLiteral("U+%1").arg(uint(rune), 4, 16, QLatin1Char('0'))));
        ++checked;
    }
    QVERIFY(checked > 100000);
}

void LogMatcherTest::scannerBudget()
{
    const std::vector<std::string> literals{"alpha", "beta", "gamma"};
    LiteralScanner scanner;
    QVERIFY(!scanner.build(literals, LiteralScanner::requiredMemory(literals) - 1));
    QVERIFY(!scanner.isReady());
    QVERIFY(scanner.build(literals, LiteralScanner::requiredMemory(literals)));
    QVERIFY(scanner.memoryUsage() >= LiteralScanner::requiredMemory(literals));
}

void LogMatcherTest::equivalenceOnGeneratedLogs_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("lines");
    for (quint64 seed = 1; seed <= 6; ++seed)
        QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed << int(500 * seed);
}

void LogMatcherTest::equivalenceOnGeneratedLogs()
{
    QFETCH(quint64, seed);
    QFETCH(int, lines);
    const QList<const Record *> records = pointers(m_records);
    LogMatcher matcher;
    LogMatcher::Options options;
    options.maxLinesPerRecord = 1000000;
    matcher.build(records, options);
    QVERIFY2(matcher.fastPathComplete(), qPrintable(matcher.buildNote()));
    const QByteArray log = generateLog(records, lines, seed);
    const std::map<QString, Expected> expected = reference(records, log, false, options.maxLinesPerRecord);
    for (const Record *record : records) { // the reference is RegexEngine::findAll's answer
        const RegexEngine engine(record->regex());
        const auto found = expected.find(record->id());
        if (engine.isValid() && !engine.matchesEmptyString())
            QCOMPARE(engine.findAll(log, INT_MAX).size(), found == expected.end() ? 0 : found->second.matchCount);
    }
    const LogMatchResult result = matcher.match(log);
    QVERIFY2(!result.usedFallback, qPrintable(result.note));
    compare(result, expected, log);
    compare(matcher.matchEachRegex(log), expected, log);
    QVERIFY(result.matches.size() > 10);
}

// A log of several chunks: line-local regexes searched chunk by chunk, and
// empty matches at chunk boundaries, counted once.
void LogMatcherTest::equivalenceAcrossChunks()
{
    const QList<const Record *> records = pointers(m_records);
    LogMatcher matcher;
    LogMatcher::Options options;
    options.maxLinesPerRecord = 50;
    matcher.build(records, options);
    const QByteArray log = generateLog(records, 120000, 42, 50);
    QVERIFY(log.size() > 3 * 1024 * 1024);
    const LogMatchResult result = matcher.match(log);
    compare(result, reference(records, log, false, 50), log);
}

void LogMatcherTest::equivalenceIgnoringCase()
{
    const QList<const Record *> records = pointers(m_records);
    LogMatcher matcher;
    LogMatcher::Options options;
    options.ignoreCase = true;
    matcher.build(records, options);
    const QByteArray log = generateLog(records, 3000, 9);
    const LogMatchResult result = matcher.match(log);
    compare(result, reference(records, log, true), log);
    const auto ids = [](const LogMatchResult &r) {
        QStringList list;
        for (const LogMatchResult::Match &match : r.matches)
            list << match.recordId;
        return list;
    };
    QVERIFY(ids(result).contains(QStringLiteral("app/error-exact-case")));
}

// Escapes with an argument and named groups around an alternation: the
// literal extraction once read "\x41" as "41" and dropped the "(" of
// "(?P<n>", and the fast path then missed lines these regexes match.
void LogMatcherTest::equivalenceWithEscapesAndNamedGroups()
{
    const char *const regexes[][2] = {{"esc/hex", "\\x41BC job failed"},
                                      {"esc/hex-braces", "\\x{41}BD job failed"},
                                      {"esc/digit", "code \\pN+ rejected"},
                                      {"esc/class", "\\p{Greek}+ missing here"},
                                      {"esc/not-letter", "\\PL+ stray token"},
                                      {"esc/octal", "octal \\101 here"},
                                      {"group/named", "(?P<kind>timeout|refused) on socket"},
                                      {"group/nested", "(?P<what>(?:disk|tape)) offline now"}};
    std::vector<std::unique_ptr<Record>> own;
    for (const auto &[id, regex] : regexes) {
        own.push_back(std::make_unique<Record>());
        own.back()->setJson(recordJson(QString::fromUtf8(id), QString::fromUtf8(regex), QString::fromUtf8(id)));
    }
    const QByteArray log = "INFO ok\n"
                           "ABC job failed\nABD job failed\n"
                           "code 42 rejected\n"
                           "\xce\xb1\xce\xb2 missing here\n"
                           "-- stray token\n"
                           "octal A here\n"
                           "connection refused on socket\nread timeout on socket\n"
                           "tape offline now\n";
    const QList<const Record *> records = pointers(own);
    for (const bool ignoreCase : {false, true}) {
        LogMatcher matcher;
        LogMatcher::Options options;
        options.ignoreCase = ignoreCase;
        matcher.build(records, options);
        const LogMatchResult result = matcher.match(log);
        const std::map<QString, Expected> expected = reference(records, log, ignoreCase);
        QCOMPARE(expected.size(), size_t(std::size(regexes)));
        compare(result, expected, log);
    }
}

void LogMatcherTest::equivalenceOnSampleKb()
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    QVERIFY(kb.count() >= 20);
    LogMatcher matcher;
    matcher.build(kb);
    QCOMPARE(matcher.regexCount() + int(matcher.match(QByteArray()).skipped.size()), kb.count());
    const QList<const Record *> records = pointers(kb);
    for (quint64 seed : {1u, 2u, 3u}) {
        const QByteArray log = generateLog(records, 4000, seed, 4);
        const LogMatchResult result = matcher.match(log);
        compare(result, reference(records, log, false), log);
        QVERIFY(result.matches.size() >= 10);
    }
}

void LogMatcherTest::equivalenceOnSharedCorpus()
{
    const QString folder = QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
    if (!QFileInfo(folder).isDir())
        QSKIP("the shared corpus is not here");
    const std::vector<std::unique_ptr<Record>> owned = corpusRecords(folder);
    QVERIFY(owned.size() > 1000);
    const QList<const Record *> records = pointers(owned);
    LogMatcher matcher;
    matcher.build(records, LogMatcher::Options());
    QVERIFY2(matcher.fastPathComplete(), qPrintable(matcher.buildNote()));
    // Build time is a benchmark figure (errata-match-bench), not asserted here.
    qInfo("built for %d regexes in %.0f ms", matcher.regexCount(), matcher.buildMs());
    const QByteArray log = generateLog(records, 6000, 5, 3);
    const LogMatchResult result = matcher.match(log);
    QVERIFY2(!result.usedFallback, qPrintable(result.note));
    compare(result, reference(records, log, false), log);
    QVERIFY(result.matches.size() > 500);
}

void LogMatcherTest::fallbackUnderTinyBudget_data()
{
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<QString>("because");
    QTest::newRow("no regex fits") << qint64(1024) << QStringLiteral("memory budget");
    QTest::newRow("the scanner does not fit") << qint64(48 * 1024) << QStringLiteral("literal scanner");
}

void LogMatcherTest::fallbackUnderTinyBudget()
{
    QFETCH(qint64, budget);
    QFETCH(QString, because);
    const QList<const Record *> records = pointers(m_records);
    LogMatcher matcher;
    LogMatcher::Options options;
    options.maxMemory = budget;
    matcher.build(records, options);
    QVERIFY(!matcher.fastPathComplete());
    QVERIFY2(matcher.buildNote().contains(because), qPrintable(matcher.buildNote()));
    const QByteArray log = generateLog(records, 2000, 3);
    const LogMatchResult result = matcher.match(log);
    QVERIFY(result.usedFallback);
    QVERIFY2(result.note.contains(QLatin1String("one by one")), qPrintable(result.note));
    compare(result, reference(records, log, false), log);
    QVERIFY(result.matches.size() > 10);
}

void LogMatcherTest::skippedRecords()
{
    LogMatcher matcher;
    matcher.build(pointers(m_records), LogMatcher::Options());
    const LogMatchResult result = matcher.match("x (unclosed anything\n");
    QCOMPARE(result.skipped.size(), 2);
    QCOMPARE(result.skipped.at(0).recordId, QStringLiteral("app/invalid"));
    QVERIFY(result.skipped.at(0).reason.contains(QLatin1String("does not compile")));
    QVERIFY(result.skipped.at(0).record == m_records[size_t(std::size(Specs) - 2)].get());
    QCOMPARE(result.skipped.at(1).recordId, QStringLiteral("app/empty"));
    QVERIFY(result.skipped.at(1).reason.contains(QLatin1String("empty string")));
    QCOMPARE(matcher.regexCount(), int(std::size(Specs)) - 2);
    for (const LogMatchResult::Match &match : result.matches)
        QVERIFY(match.recordId != QLatin1String("app/invalid") && match.recordId != QLatin1String("app/empty"));
}

void LogMatcherTest::linesAndColumnsInCharacters()
{
    LogMatcher matcher;
    matcher.build(pointers(m_records), LogMatcher::Options());
    const QByteArray log = "第一行\r\n"
                           "前缀 错误：模块 未找到 后缀\r\n"
                           "ok 错误：包 未找到 和 错误：库 未找到\n"
                           "Traceback (most recent call last):\n"
                           "  File \"x.py\"\n";
    const LogMatchResult result = matcher.match(log);
    QCOMPARE(result.logLines, qint64(5));
    const LogMatchResult::Match *chinese = nullptr;
    const LogMatchResult::Match *traceback = nullptr;
    for (const LogMatchResult::Match &match : result.matches) {
        if (match.recordId == QLatin1String("app/chinese"))
            chinese = &match;
        if (match.recordId == QLatin1String("app/traceback"))
            traceback = &match;
    }
    QVERIFY(chinese && traceback);
    QCOMPARE(chinese->matchCount, qint64(3));
    QCOMPARE(chinese->lineCount, qint64(2));
    QCOMPARE(chinese->lines.size(), 2);
    QCOMPARE(chinese->lines[0].number, 2);
    QCOMPARE(chinese->lines[0].text, QStringLiteral("前缀 错误：模块 未找到 后缀"));
    QCOMPARE(chinese->lines[0].startColumn, 4);
    QCOMPARE(chinese->lines[0].endColumn, 13);
    QCOMPARE(chinese->lines[0].matchedText, QStringLiteral("错误：模块 未找到"));
    QCOMPARE(chinese->lines[1].number, 3);
    QCOMPARE(chinese->lines[1].startColumn, 4);
    QCOMPARE(chinese->lines[1].endColumn, 12);
    QCOMPARE(traceback->lines[0].number, 4);
    QCOMPARE(traceback->lines[0].startColumn, 1);
    QCOMPARE(traceback->lines[0].endColumn, 35); // the match goes on to the next line
    QVERIFY(traceback->lines[0].matchedText.contains(QLatin1Char('\n')));
}

// Longer required literal first, then a hit on the signature, then fewer matches.
void LogMatcherTest::ranking()
{
    std::vector<std::unique_ptr<Record>> owned;
    const auto add = [&](const char *id, const char *regex, const char *signature) {
        owned.push_back(std::make_unique<Record>());
        owned.back()->setJson(
            recordJson(QString::fromUtf8(id), QString::fromUtf8(regex), QString::fromUtf8(signature)));
    };
    add("a/generic", "(?i)error", "error");
    add("a/oom", "out of memory", "Something else entirely");
    add("a/cuda-oom", "CUDA error: out of memory", "CUDA error: out of memory");
    add("a/memory-signature", "of memory", "CUDA error: out of memory");
    add("a/memory-other", "of memory", "not in this log");
    add("a/memory-rare", "f memory", "not in this log");
    LogMatcher matcher;
    matcher.build(pointers(owned), LogMatcher::Options());
    const LogMatchResult result = matcher.match(
        "RuntimeError: CUDA error: out of memory\nerror\nerror\nwarning: out of memory again\n");
    QStringList order;
    for (const LogMatchResult::Match &match : result.matches)
        order << match.recordId;
    QCOMPARE(
        order,
        QStringList({QStringLiteral("a/cuda-oom"), QStringLiteral("a/oom"), QStringLiteral("a/memory-signature"),
                     QStringLiteral("a/memory-other"), QStringLiteral("a/memory-rare"), QStringLiteral("a/generic")}));
    QCOMPARE(result.matches[0].literalLength, 25);
    QVERIFY(result.matches[0].signatureHit);
    QCOMPARE(result.matches[1].literalLength, 13);
    QVERIFY(result.matches[2].signatureHit);
    QVERIFY(!result.matches[3].signatureHit);
    QCOMPARE(result.matches[5].matchCount, qint64(4));
    for (qsizetype i = 1; i < result.matches.size(); ++i)
        QVERIFY(result.matches[i - 1].score >= result.matches[i].score);
}

void LogMatcherTest::cancellation()
{
    const QList<const Record *> records = pointers(m_records);
    LogMatcher matcher;
    matcher.build(records, LogMatcher::Options());
    const QByteArray log = generateLog(records, 200000, 11);
    std::atomic_bool cancel{true};
    LogMatchResult result = matcher.match(log, &cancel);
    QVERIFY(result.cancelled);
    QVERIFY(result.matches.isEmpty());
    cancel = false;
    int calls = 0;
    result = matcher.match(log, &cancel, [&](int done, int total) {
        QVERIFY(done <= total);
        if (++calls == 1)
            cancel = true;
    });
    QVERIFY(calls >= 1);
    QVERIFY(result.cancelled);
    QVERIFY(result.matches.isEmpty());
    cancel = false;
    result = matcher.matchEachRegex(log.left(100000), &cancel);
    QVERIFY(!result.cancelled);
    QVERIFY(!result.matches.isEmpty());
}

void LogMatcherTest::emptyAndOddLogs()
{
    LogMatcher matcher;
    matcher.build(pointers(m_records), LogMatcher::Options());
    LogMatchResult result = matcher.match(QByteArray());
    QVERIFY(result.matches.isEmpty());
    QCOMPARE(result.logLines, qint64(0));
    for (const QByteArray &log :
         {QByteArray("\n\n\n"), QByteArray("LOGEND"), QByteArray("x"), QByteArray("\xff\xfe\n\xc3"),
          QByteArray("LOGSTART 1\nLOGEND\n"), QByteArray("BEGIN\n#END\nEND")}) {
        result = matcher.match(log);
        compare(result, reference(pointers(m_records), log, false), log);
    }
    LogMatcher empty;
    empty.build(QList<const Record *>(), LogMatcher::Options());
    QCOMPARE(empty.regexCount(), 0);
    QVERIFY(empty.match("anything\n").matches.isEmpty());
}

QTEST_GUILESS_MAIN(LogMatcherTest)
#include "LogMatcherTest.moc"
