// The scan path (RecordScanner) against the document reader (Record::parse,
// nlohmann through OrderedJsonBuilder): the same verdict on every text, and
// for every text both accept, the same RecordFields as read from the
// document, the same summary as the record keeps and the same review
// summary (TranslationSummary) as the record's getters give. On the sample KB, the
// fuzz seed corpora (tests/fuzz/corpus), the shared deadends.dev corpus
// (ERRATA_CORPUS_DIR; skipped when absent) and the corpora a fuzz campaign
// grew (ERRATA_FUZZ_CORPUS, default build-fuzz/fuzz-corpus in the source
// tree; skipped when absent), and on texts made to tell them apart.

#include "models/scan/RecordScanner.h"
#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "models/review/TranslationSummary.h"
#include "models/scan/RecordFields.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace Errata;

namespace {

struct Tally
{
    int files = 0;
    int accepted = 0;
    QStringList mismatches; // file: what differs
};

QByteArray contents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// What review mode reads (TranslationSummary) from the scanned fields,
// against what the record's own getters give.
QString differenceInReview(const RecordFields &scanned, const Record &record)
{
    const TranslationSummary summary = TranslationSummary::of(scanned);
    if (summary.tier != record.verificationTier())
        return QStringLiteral("the review summary's tier differs");
    for (TranslationStatus::Field field : TranslationStatus::fields()) {
        const auto i = size_t(field);
        if (summary.detected[i] != TranslationStatus::detect(record, field)
            || summary.englishHash[i] != ReviewStore::hashValue(TranslationStatus::englishText(record, field))
            || summary.chineseHash[i] != ReviewStore::hashValue(TranslationStatus::chineseText(record, field)))
            return QStringLiteral("the review summary differs (field %1)").arg(int(i));
    }
    return QString();
}

// What differs between the two readers on `text`, or an empty string.
QString difference(RecordScanner &scanner, const QByteArray &text, bool *accepted)
{
    RecordFields scanned;
    const bool byScan = scanner.scan(text, &scanned);
    Record record;
    Record::LoadError error;
    const bool byDocument = record.parse(text, &error);
    *accepted = byDocument;
    if (byScan != byDocument)
        return byScan ? QStringLiteral("the scan accepts, the document reader refuses: %1").arg(error.message)
                      : QStringLiteral("the scan refuses, the document reader accepts");
    if (!byScan)
        return QString();
    const RecordFields read = RecordFields::fromRecord(record);
    if (!(scanned == read))
        return QStringLiteral("the fields differ");
    RecordFields summaryOnly;
    summaryOnly.summary = record.summary();
    RecordFields scannedSummary;
    scannedSummary.summary = scanned.summary;
    if (!(summaryOnly == scannedSummary))
        return QStringLiteral("the summary differs from the record's");
    return differenceInReview(scanned, record);
}

Tally compareFolder(const QString &folder, const QStringList &filters = {})
{
    Tally tally;
    RecordScanner scanner;
    QDirIterator it(folder, filters, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        bool accepted = false;
        const QString why = difference(scanner, contents(path), &accepted);
        ++tally.files;
        tally.accepted += accepted ? 1 : 0;
        if (!why.isEmpty())
            tally.mismatches << path + QStringLiteral(": ") + why;
    }
    return tally;
}

void check(const Tally &tally, const QString &what)
{
    qInfo("%s: %d files, %d accepted by both readers, %d differences", qPrintable(what), tally.files, tally.accepted,
          int(tally.mismatches.size()));
    QVERIFY2(tally.files > 0, qPrintable(what + QStringLiteral(": no files")));
    QVERIFY2(tally.mismatches.isEmpty(), qPrintable(tally.mismatches.mid(0, 10).join(QLatin1Char('\n'))));
}

QByteArray nested(int depth)
{
    QByteArray text = "{\"a\":";
    for (int i = 1; i < depth; ++i)
        text += "[";
    text += "1";
    for (int i = 1; i < depth; ++i)
        text += "]";
    return text + "}";
}

} // namespace

class RecordScannerTest : public QObject
{
    Q_OBJECT

private slots:
    void sameVerdict_data();
    void sameVerdict();
    void readsTheFieldsOfARecord();
    void wrongTypesReadAsEmpty();
    void keepsNoLargeBuffers();
    void sampleKnowledgeBase();
    void fuzzSeedCorpora();
    void sharedCorpus();
    void grownFuzzCorpora();
};

void RecordScannerTest::sameVerdict_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("accepted");
    const auto row = [](const char *name, const QByteArray &text, bool accepted) {
        QTest::newRow(name) << text << accepted;
    };
    row("object", R"({"id": "a/b", "n": 1.5e3, "t": true, "f": false, "z": null, "l": [1, "x", {}]})", true);
    row("empty object", "{}", true);
    row("byte order mark", "\xEF\xBB\xBF{}", true);
    row("two byte order marks", "\xEF\xBB\xBF\xEF\xBB\xBF{}", true);
    row("three byte order marks", "\xEF\xBB\xBF\xEF\xBB\xBF\xEF\xBB\xBF{}", false);
    row("byte order mark after white space", " \xEF\xBB\xBF{}", false);
    row("white space after", "{}  \n\t\r\n", true);
    row("empty", "", false);
    row("only white space", " \n ", false);
    row("array", "[1, 2]", false);
    row("string", R"("text")", false);
    row("number", "12", false);
    row("trailing word", R"({"a": 1} foo)", false);
    row("trailing brace", R"({"a": {"b": 1}} })", false);
    row("trailing bracket", R"({"a": 1}])", false);
    row("second object", R"({"a": 1}{"b": 2})", false);
    row("trailing comma", R"({"a": 1,})", false);
    row("trailing comma in array", R"({"a": [1,]})", false);
    row("missing colon", R"({"a" 1})", false);
    row("unclosed", R"({"a": [1, 2})", false);
    row("duplicate key", R"({"a": 1, "b": 2, "a": 3})", false);
    row("duplicate nested key", R"({"a": {"x": 1, "x": 1}})", false);
    row("duplicate key in array item", R"({"dead_ends": [{"action": "a", "action": "b"}]})", false);
    row("duplicate key escaped", R"({"a": 1, "\u0061": 2})", false);
    row(
        "duplicate key in a large object",
        [] {
            QByteArray text = "{";
            for (int i = 0; i < 40; ++i)
                text += "\"k" + QByteArray::number(i) + "\": " + QByteArray::number(i) + ", ";
            return text + "\"k3\": 0}";
        }(),
        false);
    row("same key in two objects", R"({"a": {"x": 1}, "b": {"x": 1}})", true);
    row("NUL after the value", QByteArray("{}\0x", 4), false);
    row("NUL in white space", QByteArray("{ \0}", 4), false);
    row("NUL in a string", QByteArray("{\"a\": \"x\0y\"}", 12), false);
    row("escaped NUL", R"({"a": "x\u0000y"})", true);
    row("control character", "{\"a\": \"x\x01y\"}", false);
    row("invalid UTF-8", "{\"a\": \"\xC3\x28\"}", false);
    row("overlong UTF-8", "{\"a\": \"\xC0\xAF\"}", false);
    row("UTF-8 surrogate", "{\"a\": \"\xED\xA0\x80\"}", false);
    row("lone high surrogate", R"({"a": "\uD800"})", false);
    row("lone low surrogate", R"({"a": "\uDC00"})", false);
    row("surrogate pair", R"({"a": "\uD83D\uDE00"})", true);
    row("bad escape", R"({"a": "\q"})", false);
    row("number overflow", R"({"a": 1e999})", false);
    row("number underflow", R"({"a": -1e-999})", true);
    row("huge integer", R"({"a": 123456789012345678901234567890})", true);
    row("integer of 400 digits", "{\"a\": " + QByteArray(400, '9') + "}", false);
    row("leading zero", R"({"a": 01})", false);
    row("bare point", R"({"a": 1.})", false);
    row("minus alone", R"({"a": -})", false);
    row("true misspelt", R"({"a": tru})", false);
    row("null misspelt", R"({"a": nul})", false);
    row("depth 64", nested(64), true);
    row("depth 65", nested(65), false);
    row("merge conflict", "{\n<<<<<<< HEAD\n\"a\": 1\n=======\n\"a\": 2\n>>>>>>> b\n}", false);
}

void RecordScannerTest::sameVerdict()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, accepted);
    RecordScanner scanner;
    RecordFields fields;
    Record record;
    Record::LoadError error;
    QCOMPARE(record.parse(text, &error), accepted);
    QCOMPARE(scanner.scan(text, &fields), accepted);
    bool both = false;
    QCOMPARE(difference(scanner, text, &both), QString());
}

void RecordScannerTest::readsTheFieldsOfARecord()
{
    const QByteArray text = R"({
  "id": "python/cuda-oom/torch2.1-a100",
  "signature": "RuntimeError: CUDA out of memory",
  "signature_zh": "运行时错误：CUDA 内存不足",
  "regex": "CUDA out of memory",
  "domain": "python",
  "category": "gpu",
  "root_cause": "The batch is too large",
  "root_cause_zh": "批次太大",
  "versions": [{"version": "torch>=2.1"}, {"status": "x"}, "loose"],
  "os_specific": {"linux": "a", "windows": "b"},
  "dead_ends": [{"why_fails": "no", "action": "restart"}, 3],
  "workarounds": [{"action": "smaller batch", "how": "halve it", "success_rate": 0.9}],
  "workarounds_zh": ["减小批次"],
  "transition_graph": {
    "frequently_confused_with": ["python/other"],
    "leads_to": [{"error_id": "python/next", "probability": 0.5}, 7, "python/bare"],
    "preceded_by": [{"probability": 0.1}]
  },
  "verification_tier": "human_reviewed",
  "resolvable": "true",
  "fix_success_rate": 0.85,
  "confidence": 1,
  "error_code": "E1",
  "first_seen": "2024-06-01",
  "last_confirmed": "2024-02-30",
  "aliases": ["cuda oom", 4],
  "tags": ["gpu", "memory"]
})";
    RecordScanner scanner;
    RecordFields fields;
    QVERIFY(scanner.scan(text, &fields));
    QCOMPARE(fields.summary.id, QStringLiteral("python/cuda-oom/torch2.1-a100"));
    QCOMPARE(fields.summary.signatureZh, QStringLiteral("运行时错误：CUDA 内存不足"));
    QCOMPARE(fields.summary.links.size(), 4);
    QCOMPARE(fields.summary.links.at(0).id, QStringLiteral("python/next"));
    QCOMPARE(fields.summary.links.at(1).id, QStringLiteral("python/bare"));
    QCOMPARE(fields.summary.links.at(1).position, 2);
    QCOMPARE(fields.summary.links.at(2).kind, Link::PrecededBy);
    QCOMPARE(fields.summary.links.at(2).id, QString());
    QCOMPARE(fields.summary.links.at(3).kind, Link::ConfusedWith);
    QCOMPARE(fields.summary.firstSeen, QDate(2024, 6, 1));
    QVERIFY(!fields.summary.lastConfirmed.isValid());
    QCOMPARE(fields.versions, (QStringList{QStringLiteral("torch>=2.1"), QString()}));
    QCOMPARE(fields.osNames, (QStringList{QStringLiteral("linux"), QStringLiteral("windows")}));
    QCOMPARE(fields.aliases, QStringList{QStringLiteral("cuda oom")});
    QCOMPARE(fields.workaroundActions, QStringList{QStringLiteral("smaller batch")});
    QCOMPARE(fields.workaroundsZh, QStringList{QStringLiteral("减小批次")});
    QCOMPARE(fields.fixSuccessRate, std::optional<double>(0.85));
    QCOMPARE(fields.confidence, std::optional<double>(1.0));
    QVERIFY(fields.hasChinese());
    QCOMPARE(fields.mainHead.front(), std::string("RuntimeError: CUDA out of memory"));
    QCOMPARE(fields.body.at(3), std::string("restart")); // regex, root causes, then the dead end's action first
    QCOMPARE(fields.body.at(4), std::string("no"));
    bool accepted = false;
    QCOMPARE(difference(scanner, text, &accepted), QString());
    QVERIFY(accepted);
}

void RecordScannerTest::wrongTypesReadAsEmpty()
{
    const QByteArray text =
        R"({"id": 1, "signature": ["x"], "signature_zh": "中", "confidence": "high", "transition_graph": [],
            "dead_ends": {"action": "a"}, "workarounds": [], "workarounds_zh": "x", "tags": "t", "root_cause": null})";
    RecordScanner scanner;
    RecordFields fields;
    QVERIFY(scanner.scan(text, &fields));
    QCOMPARE(fields.summary.id, QString());
    QVERIFY(fields.summary.links.isEmpty());
    QVERIFY(!fields.confidence);
    QVERIFY(fields.tags.isEmpty());
    QVERIFY(fields.hasChinese()); // no English root cause nor workarounds to translate
    QVERIFY(fields.workaroundActions.isEmpty());
    QVERIFY(fields.workaroundsZh.isEmpty());
    QCOMPARE(fields.mainHead.size(), size_t(0));
    bool accepted = false;
    QCOMPARE(difference(scanner, text, &accepted), QString());
}

// A large text, then a small one: both read right (the buffers of the large
// one are let go).
void RecordScannerTest::keepsNoLargeBuffers()
{
    QByteArray large = "{\"root_cause\": \"" + QByteArray(3 << 20, 'x') + "\", \"id\": \"a/b\"}";
    RecordScanner scanner;
    RecordFields fields;
    QVERIFY(scanner.scan(large, &fields));
    QCOMPARE(fields.rootCause.size(), 3 << 20);
    QVERIFY(scanner.scan(QByteArray(R"({"id": "c/d"})"), &fields));
    QCOMPARE(fields.summary.id, QStringLiteral("c/d"));
    QVERIFY(fields.rootCause.isEmpty());
}

void RecordScannerTest::sampleKnowledgeBase()
{
    check(compareFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), {QStringLiteral("*.json")}),
          QStringLiteral("sample KB"));
}

void RecordScannerTest::fuzzSeedCorpora()
{
    check(compareFolder(QStringLiteral(ERRATA_SOURCE_DIR "/tests/fuzz/corpus")), QStringLiteral("fuzz seeds"));
}

void RecordScannerTest::sharedCorpus()
{
    const QString folder = QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
    if (!QFileInfo::exists(folder))
        QSKIP(qPrintable(QStringLiteral("the shared corpus is not at %1").arg(folder)));
    check(compareFolder(folder, {QStringLiteral("*.json")}), QStringLiteral("shared corpus"));
}

void RecordScannerTest::grownFuzzCorpora()
{
    const QString folder = qEnvironmentVariableIsSet("ERRATA_FUZZ_CORPUS")
        ? qEnvironmentVariable("ERRATA_FUZZ_CORPUS")
        : QStringLiteral(ERRATA_SOURCE_DIR "/build-fuzz/fuzz-corpus");
    if (!QFileInfo::exists(folder))
        QSKIP(qPrintable(QStringLiteral("no grown fuzz corpora at %1 (set ERRATA_FUZZ_CORPUS)").arg(folder)));
    check(compareFolder(folder), QStringLiteral("grown fuzz corpora"));
}

QTEST_GUILESS_MAIN(RecordScannerTest)
#include "RecordScannerTest.moc"
