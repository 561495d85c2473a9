// Tests for Errata::Record: typed getters, generic access (value, setValue,
// remove) and the modification state, and refusal of hostile or broken input
// without crashing. Round trips and number spellings are in RecordTest.

#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <string>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QByteArray Bom("\xEF\xBB\xBF");

QString seedPath()
{
    return QStringLiteral(ERRATA_TEST_DATA "/seed.json");
}

// Lines without their terminator; "\r\n" and "\n" both end a line.
QList<QByteArray> linesOf(QByteArray text)
{
    text.replace("\r\n", "\n");
    return text.split('\n');
}

QString describe(const std::optional<double> &value)
{
    return value ? QString::number(*value, 'g', 17) : QStringLiteral("nullopt");
}

// A small record whose only purpose is to hold `number` next to a field to edit.
QByteArray numberDocument(const QByteArray &number)
{
    return "{\n  \"n\": " + number + ",\n  \"other\": 1\n}";
}

} // namespace

class RecordAccessTest : public QObject
{
    Q_OBJECT

private slots:
    // Typed getters
    void gettersOnSeed();
    void gettersOnFullRecord();
    void gettersOnEmptyObject();
    void gettersTolerateWrongTypes();

    // Generic access and modification state
    void valueAndSetValue();
    void removeObjectKey();
    void removeArrayItem();
    void removeMissingValueIsNoOp();
    void modifiedAndMarkSaved();

    // Bad input
    void badInputIsRefused_data();
    void badInputIsRefused();
    void deepNestingFailsCleanly_data();
    void deepNestingFailsCleanly();
    void nestingAtTheLimitLoads();
    void hugeFileIsRefusedByLoad();
    void missingFileIsReported();
    void serializeInvalidUtf8Throws();

    // A released document
};

// ---------------------------------------------------------------------------
// Typed getters

void RecordAccessTest::gettersOnSeed()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));

    QCOMPARE(record.id(), QStringLiteral("pytorch/nan-loss-step"));
    QVERIFY(record.signature().startsWith(QStringLiteral("RuntimeError: Loss is NaN or Inf at step 500.")));
    QVERIFY(record.signatureZh().contains(QStringLiteral("损失为 NaN")));
    QCOMPARE(record.regex(), QStringLiteral("RuntimeError: Loss is NaN or Inf at step \\d+"));
    QCOMPARE(record.domain(), QStringLiteral("pytorch"));
    QCOMPARE(record.category(), QStringLiteral("assertion_error"));
    QCOMPARE(record.subcategory(), QString());
    QVERIFY(record.rootCause().startsWith(QStringLiteral("Training loss becomes NaN")));
    QCOMPARE(record.rootCauseType(), QStringLiteral("generic"));
    QVERIFY(record.rootCauseZh().startsWith(QStringLiteral("训练损失")));

    const QList<VersionEntry> versions = record.versions();
    QCOMPARE(versions.size(), 2);
    QCOMPARE(versions.at(0).version, QStringLiteral("torch>=1.8"));
    QCOMPARE(versions.at(1).version, QStringLiteral("torch>=2.0"));
    QCOMPARE(versions.at(1).status, QStringLiteral("active"));
    QCOMPARE(versions.at(1).introduced, QString());
    QCOMPARE(versions.at(1).behaviorChange, QString());

    QVERIFY(record.osNotes().isEmpty());

    const QList<DeadEnd> deadEnds = record.deadEnds();
    QCOMPARE(deadEnds.size(), 2);
    QVERIFY(deadEnds.at(0).action.startsWith(QStringLiteral("Setting torch.set_default_dtype")));
    QVERIFY(deadEnds.at(1).whyFails.endsWith(QStringLiteral("the issue is deterministic.")));
    QCOMPARE(describe(deadEnds.at(0).failRate), describe(0.65));
    QCOMPARE(describe(deadEnds.at(1).failRate), describe(0.95));
    QCOMPARE(deadEnds.at(0).condition, QString());
    QVERIFY(deadEnds.at(0).sources.isEmpty());

    const QList<Workaround> workarounds = record.workarounds();
    QCOMPARE(workarounds.size(), 3);
    QCOMPARE(describe(workarounds.at(0).successRate), describe(0.85));
    QCOMPARE(describe(workarounds.at(1).successRate), describe(0.75));
    QCOMPARE(describe(workarounds.at(2).successRate), describe(0.8));
    QCOMPARE(workarounds.at(1).how, workarounds.at(1).action);
    QVERIFY(workarounds.at(1).action.startsWith(QStringLiteral("Reduce learning rate")));
    QCOMPARE(workarounds.at(2).tradeoff, QString());

    const QStringList zh = record.workaroundsZh();
    QCOMPARE(zh.size(), 3);
    QCOMPARE(zh.at(0), workarounds.at(0).action);

    QVERIFY(record.links(Link::LeadsTo).isEmpty());
    QVERIFY(record.links(Link::PrecededBy).isEmpty());
    QVERIFY(record.links(Link::ConfusedWith).isEmpty());
    QVERIFY(record.allLinks().isEmpty());

    QCOMPARE(record.officialDocUrl(), QStringLiteral("https://pytorch.org/docs/stable/notes/numerical_stability.html"));
    QCOMPARE(record.officialDocSection(), QString());
    QCOMPARE(record.errorCode(), QString());
    QCOMPARE(record.verificationTier(), QStringLiteral("ai_generated"));
    QCOMPARE(describe(record.confidence()), describe(0.9));
    QCOMPARE(describe(record.fixSuccessRate()), describe(0.8));
    QCOMPARE(record.resolvable(), QStringLiteral("true"));
    QCOMPARE(record.firstSeen(), QDate(2023, 2, 10));
    QCOMPARE(record.lastConfirmed(), QDate(2024, 6, 1));
    QCOMPARE(record.lastUpdated(), QDate(2024, 6, 1));
    QVERIFY(record.evidenceCount().has_value());
    QCOMPARE(*record.evidenceCount(), qint64(1));
    QVERIFY(record.tags().isEmpty());
    QVERIFY(record.aliases().isEmpty());
    QCOMPARE(record.locale(), QStringLiteral("en"));
    QVERIFY2(record.unknownKeys().isEmpty(), qPrintable(record.unknownKeys().join(QStringLiteral(", "))));
}

void RecordAccessTest::gettersOnFullRecord()
{
    const QByteArray text = R"({
  "id": "node/err-aborted",
  "subcategory": "streams",
  "versions": [
    {"version": "node>=20", "introduced": "20.0.0", "deprecated": "21.0.0", "removed": "22.0.0",
     "behavior_change": "throws earlier", "status": "removed"}
  ],
  "os_specific": {"windows": "only with named pipes", "linux": "rare", "macos": "never"},
  "dead_ends": [
    {"action": "retry", "why_fails": "same input", "fail_rate": 1, "condition": "always",
     "sources": ["https://a.example/1", "https://a.example/2"]}
  ],
  "workarounds": [
    {"action": "upgrade", "success_rate": 0.7, "how": "npm i", "condition": "node 20",
     "tradeoff": "breaking changes", "sources": ["https://b.example"]}
  ],
  "workarounds_zh": ["升级"],
  "transition_graph": {
    "leads_to": ["node/err-closed", {"error_id": "node/err-reset", "probability": 0.25,
                 "condition": "on retry", "typical_delay": "seconds"}],
    "preceded_by": [{"error_id": "node/err-timeout"}],
    "frequently_confused_with": [{"error_id": "node/err-epipe", "distinction": "EPIPE is a write error"}]
  },
  "official_doc_section": "Errors",
  "error_code": "ERR_ABORTED",
  "evidence_count": 12,
  "tags": ["streams", "abort"],
  "aliases": ["AbortError: The operation was aborted"],
  "locale": "zh-CN",
  "x_one": 1,
  "x_two": {"k": "v"}
})";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));

    QCOMPARE(record.subcategory(), QStringLiteral("streams"));
    const QList<VersionEntry> versions = record.versions();
    QCOMPARE(versions.size(), 1);
    QCOMPARE(versions.at(0).version, QStringLiteral("node>=20"));
    QCOMPARE(versions.at(0).introduced, QStringLiteral("20.0.0"));
    QCOMPARE(versions.at(0).deprecated, QStringLiteral("21.0.0"));
    QCOMPARE(versions.at(0).removed, QStringLiteral("22.0.0"));
    QCOMPARE(versions.at(0).behaviorChange, QStringLiteral("throws earlier"));
    QCOMPARE(versions.at(0).status, QStringLiteral("removed"));

    const auto notes = record.osNotes();
    QCOMPARE(notes.size(), 3);
    QCOMPARE(notes.at(0), qMakePair(QStringLiteral("windows"), QStringLiteral("only with named pipes")));
    QCOMPARE(notes.at(1), qMakePair(QStringLiteral("linux"), QStringLiteral("rare")));
    QCOMPARE(notes.at(2), qMakePair(QStringLiteral("macos"), QStringLiteral("never")));

    const QList<DeadEnd> deadEnds = record.deadEnds();
    QCOMPARE(deadEnds.size(), 1);
    QCOMPARE(describe(deadEnds.at(0).failRate), describe(1.0));
    QCOMPARE(deadEnds.at(0).condition, QStringLiteral("always"));
    QCOMPARE(deadEnds.at(0).sources,
             QStringList({QStringLiteral("https://a.example/1"), QStringLiteral("https://a.example/2")}));

    const QList<Workaround> workarounds = record.workarounds();
    QCOMPARE(workarounds.size(), 1);
    QCOMPARE(workarounds.at(0).how, QStringLiteral("npm i"));
    QCOMPARE(workarounds.at(0).condition, QStringLiteral("node 20"));
    QCOMPARE(workarounds.at(0).tradeoff, QStringLiteral("breaking changes"));
    QCOMPARE(workarounds.at(0).sources, QStringList({QStringLiteral("https://b.example")}));
    QCOMPARE(record.workaroundsZh(), QStringList({QStringLiteral("升级")}));

    const QList<Link> leadsTo = record.links(Link::LeadsTo);
    QCOMPARE(leadsTo.size(), 2);
    QCOMPARE(leadsTo.at(0).targetId, QStringLiteral("node/err-closed"));
    QVERIFY2(leadsTo.at(0).bare, "a string link is a bare link");
    QVERIFY(!leadsTo.at(0).probability.has_value());
    QCOMPARE(leadsTo.at(0).kind, Link::LeadsTo);
    QCOMPARE(leadsTo.at(1).targetId, QStringLiteral("node/err-reset"));
    QVERIFY(!leadsTo.at(1).bare);
    QCOMPARE(describe(leadsTo.at(1).probability), describe(0.25));
    QCOMPARE(leadsTo.at(1).condition, QStringLiteral("on retry"));
    QCOMPARE(leadsTo.at(1).typicalDelay, QStringLiteral("seconds"));

    const QList<Link> precededBy = record.links(Link::PrecededBy);
    QCOMPARE(precededBy.size(), 1);
    QCOMPARE(precededBy.at(0).kind, Link::PrecededBy);
    QCOMPARE(precededBy.at(0).targetId, QStringLiteral("node/err-timeout"));

    const QList<Link> confused = record.links(Link::ConfusedWith);
    QCOMPARE(confused.size(), 1);
    QCOMPARE(confused.at(0).kind, Link::ConfusedWith);
    QCOMPARE(confused.at(0).distinction, QStringLiteral("EPIPE is a write error"));

    const QList<Link> all = record.allLinks();
    QCOMPARE(all.size(), 4);
    QCOMPARE(all.at(0).targetId, QStringLiteral("node/err-closed"));
    QCOMPARE(all.at(2).targetId, QStringLiteral("node/err-timeout"));
    QCOMPARE(all.at(3).targetId, QStringLiteral("node/err-epipe"));

    QCOMPARE(record.officialDocSection(), QStringLiteral("Errors"));
    QCOMPARE(record.errorCode(), QStringLiteral("ERR_ABORTED"));
    QCOMPARE(*record.evidenceCount(), qint64(12));
    QCOMPARE(record.tags(), QStringList({QStringLiteral("streams"), QStringLiteral("abort")}));
    QCOMPARE(record.aliases(), QStringList({QStringLiteral("AbortError: The operation was aborted")}));
    QCOMPARE(record.locale(), QStringLiteral("zh-CN"));
    QCOMPARE(record.unknownKeys(), QStringList({QStringLiteral("x_one"), QStringLiteral("x_two")}));
}

void RecordAccessTest::gettersOnEmptyObject()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse("{}", &error), qPrintable(error.message));
    QCOMPARE(record.id(), QString());
    QCOMPARE(record.signature(), QString());
    QVERIFY(record.versions().isEmpty());
    QVERIFY(record.osNotes().isEmpty());
    QVERIFY(record.deadEnds().isEmpty());
    QVERIFY(record.workarounds().isEmpty());
    QVERIFY(record.workaroundsZh().isEmpty());
    QVERIFY(record.allLinks().isEmpty());
    QVERIFY(!record.confidence().has_value());
    QVERIFY(!record.fixSuccessRate().has_value());
    QVERIFY(!record.evidenceCount().has_value());
    QVERIFY(!record.firstSeen().isValid());
    QVERIFY(record.tags().isEmpty());
    QCOMPARE(record.locale(), QStringLiteral("en"));
    QVERIFY(record.unknownKeys().isEmpty());
    QCOMPARE(record.serialize(), QByteArray("{}"));
}

void RecordAccessTest::gettersTolerateWrongTypes()
{
    const QByteArray text = R"({
  "id": 42,
  "signature": ["not", "a", "string"],
  "subcategory": {"a": 1},
  "versions": [1, "x", null, {"version": 2, "status": "active"}],
  "os_specific": ["linux"],
  "dead_ends": {"action": "not an array"},
  "workarounds": [{"action": "ok", "success_rate": "high", "sources": "https://x.example"}],
  "workarounds_zh": "一个字符串",
  "transition_graph": {"leads_to": "a/b", "preceded_by": [5, null, "a/c", {"error_id": 7}],
                       "frequently_confused_with": {}},
  "confidence": "high",
  "fix_success_rate": null,
  "first_seen": "2023-02-30",
  "last_confirmed": 20240601,
  "last_updated": "01/06/2024",
  "evidence_count": 3.5,
  "tags": 5,
  "aliases": ["a", 1, null, "b", ["c"]],
  "locale": 5
})";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));

    QVERIFY_THROWS_NO_EXCEPTION(record.id());
    QCOMPARE(record.id(), QString());
    QCOMPARE(record.signature(), QString());
    QCOMPARE(record.subcategory(), QString());

    const QList<VersionEntry> versions = record.versions();
    QCOMPARE(versions.size(), 1); // only the object counts
    QCOMPARE(versions.at(0).version, QString());
    QCOMPARE(versions.at(0).status, QStringLiteral("active"));

    QVERIFY(record.osNotes().isEmpty());
    QVERIFY(record.deadEnds().isEmpty());
    const QList<Workaround> workarounds = record.workarounds();
    QCOMPARE(workarounds.size(), 1);
    QVERIFY(!workarounds.at(0).successRate.has_value());
    QVERIFY(workarounds.at(0).sources.isEmpty());
    QVERIFY(record.workaroundsZh().isEmpty());

    QVERIFY(record.links(Link::LeadsTo).isEmpty());
    const QList<Link> precededBy = record.links(Link::PrecededBy);
    QCOMPARE(precededBy.size(), 2);
    QCOMPARE(precededBy.at(0).targetId, QStringLiteral("a/c"));
    QVERIFY(precededBy.at(0).bare);
    QCOMPARE(precededBy.at(1).targetId, QString());
    QVERIFY(!precededBy.at(1).bare);
    QVERIFY(record.links(Link::ConfusedWith).isEmpty());

    QCOMPARE(describe(record.confidence()), QStringLiteral("nullopt"));
    QCOMPARE(describe(record.fixSuccessRate()), QStringLiteral("nullopt"));
    QVERIFY2(!record.firstSeen().isValid(), "February 30th is not a calendar date");
    QVERIFY(!record.lastConfirmed().isValid());
    QVERIFY(!record.lastUpdated().isValid());
    QVERIFY2(!record.evidenceCount().has_value(), "3.5 is not an integer count");
    QVERIFY(record.tags().isEmpty());
    QCOMPARE(record.aliases(), QStringList({QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(record.locale(), QStringLiteral("en"));

    // Other wrong shapes, one at a time.
    QVERIFY(record.parse(R"({"versions": {"version": "x"}, "os_specific": {"linux": 5}, "locale": ""})", &error));
    QVERIFY(record.versions().isEmpty());
    QCOMPARE(record.osNotes().size(), 1);
    QCOMPARE(record.osNotes().at(0), qMakePair(QStringLiteral("linux"), QString()));
    QCOMPARE(record.locale(), QStringLiteral("en"));
    QVERIFY(record.parse(R"({"transition_graph": [], "evidence_count": "3", "confidence": true})", &error));
    QVERIFY(record.allLinks().isEmpty());
    QVERIFY(!record.evidenceCount().has_value());
    QVERIFY(!record.confidence().has_value());
    QVERIFY(record.parse(R"({"evidence_count": -2, "confidence": 1})", &error));
    QCOMPARE(*record.evidenceCount(), qint64(-2));
    QCOMPARE(describe(record.confidence()), describe(1.0));
}

// ---------------------------------------------------------------------------
// Generic access and modification state

void RecordAccessTest::valueAndSetValue()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    QCOMPARE(record.value(QStringLiteral("/dead_ends/1/fail_rate")).get<double>(), 0.95);
    QCOMPARE(QString::fromStdString(record.value(QStringLiteral("/versions/0/version")).dump()),
             QStringLiteral("\"torch>=1.8\""));
    QVERIFY(record.value(QStringLiteral("/nope")).is_null());
    QVERIFY(record.value(QStringLiteral("/versions/9")).is_null());
    QVERIFY(record.value(QStringLiteral("/versions/x")).is_null());
    QVERIFY(record.value(QString()).is_object());
    QVERIFY(!record.isModified());

    record.setValue(QStringLiteral("/transition_graph/leads_to/0"), "pytorch/other");
    QVERIFY(record.isModified());
    QCOMPARE(record.links(Link::LeadsTo).size(), 1);
    QCOMPARE(record.links(Link::LeadsTo).at(0).targetId, QStringLiteral("pytorch/other"));

    record.setValue(QStringLiteral("/os_specific/linux"), "only on ext4");
    QCOMPARE(record.osNotes().size(), 1);
    QCOMPARE(record.osNotes().at(0).second, QStringLiteral("only on ext4"));
}

void RecordAccessTest::removeObjectKey()
{
    const QByteArray original = readFile(seedPath());
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(original, &error), qPrintable(error.message));
    record.removeValue(QStringLiteral("/subcategory"));
    QVERIFY(record.isModified());
    QVERIFY(!record.json().contains("subcategory"));
    const QList<QByteArray> before = linesOf(original);
    QList<QByteArray> after = linesOf(record.serialize());
    QCOMPARE(after.size(), before.size() - 1);
    const int removedAt = int(before.indexOf(QByteArray("  \"subcategory\": null,")));
    QVERIFY(removedAt > 0);
    after.insert(removedAt, before.at(removedAt));
    QVERIFY2(after == before, "only the removed key's line may change");

    record.removeValue(QStringLiteral("/dead_ends/0/condition"));
    QVERIFY(!record.value(QStringLiteral("/dead_ends/0")).contains("condition"));
    QVERIFY(record.value(QStringLiteral("/dead_ends/1")).contains("condition"));
}

void RecordAccessTest::removeArrayItem()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    record.removeValue(QStringLiteral("/versions/0"));
    QVERIFY(record.isModified());
    QCOMPARE(record.versions().size(), 1);
    QCOMPARE(record.versions().at(0).version, QStringLiteral("torch>=2.0"));

    record.removeValue(QStringLiteral("/workarounds_zh/1"));
    const QStringList zh = record.workaroundsZh();
    QCOMPARE(zh.size(), 2);
    QVERIFY(zh.at(0).startsWith(QStringLiteral("Add gradient clipping")));
    QVERIFY(zh.at(1).startsWith(QStringLiteral("Add a small epsilon")));
}

void RecordAccessTest::removeMissingValueIsNoOp()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    const OrderedJson before = record.json();
    record.removeValue(QStringLiteral("/nope"));
    record.removeValue(QStringLiteral("/versions/7"));
    record.removeValue(QStringLiteral("/versions/-"));
    record.removeValue(QStringLiteral("/id/x"));
    QVERIFY2(!record.isModified(), "removing nothing must not mark the record modified");
    QVERIFY(record.json() == before);
}

void RecordAccessTest::modifiedAndMarkSaved()
{
    const QByteArray original = readFile(seedPath());
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(original, &error), qPrintable(error.message));
    QVERIFY(!record.isModified());

    record.setValue(QStringLiteral("/evidence_count"), 5);
    QVERIFY(record.isModified());
    const QByteArray written = record.textToWrite();
    QVERIFY(written != original);
    QCOMPARE(written, record.serialize());

    record.markSaved(written);
    QVERIFY(!record.isModified());
    QCOMPARE(record.originalText(), written);
    QCOMPARE(record.textToWrite(), written);
    QCOMPARE(*record.evidenceCount(), qint64(5));

    OrderedJson copy = record.json();
    copy["evidence_count"] = 6;
    record.setJson(copy);
    QVERIFY(record.isModified());
    QCOMPARE(*record.evidenceCount(), qint64(6));

    // A fresh parse resets the state.
    QVERIFY(record.parse(original, &error));
    QVERIFY(!record.isModified());
    QCOMPARE(record.textToWrite(), original);
}

// ---------------------------------------------------------------------------
// Bad input

void RecordAccessTest::badInputIsRefused_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("messageParts");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("empty file") << QByteArray() << QStringList{QStringLiteral("empty")} << 1 << 1;
    QTest::newRow("whitespace only") << QByteArray(" \n\t \r\n  ") << QStringList{QStringLiteral("empty")} << 1 << 1;
    QTest::newRow("BOM only") << Bom << QStringList{QStringLiteral("empty")} << 1 << 1;
    QTest::newRow("trailing comma") << QByteArray("{\n  \"a\": 1,\n}") << QStringList{QStringLiteral("invalid JSON")}
                                    << 3 << 1;
    // Columns count characters: 签名 and 错误信息 are 3 bytes each but one column.
    QTest::newRow("chinese before the error")
        << QByteArray("{\n  \"签名\": \"错误信息\" x\n}") << QStringList{QStringLiteral("invalid JSON")} << 2 << 16;
    QTest::newRow("chinese key, missing colon")
        << QByteArray("{\"错误\" 1}") << QStringList{QStringLiteral("invalid JSON")} << 1 << 7;
    QTest::newRow("error after BOM") << (Bom + "{\"a\": x}") << QStringList{QStringLiteral("invalid JSON")} << 1 << 7;
    QTest::newRow("unterminated object") << QByteArray("{\"a\": 1") << QStringList{QStringLiteral("invalid JSON")} << 1
                                         << 8;
    QTest::newRow("two documents") << QByteArray("{}\n{}") << QStringList{QStringLiteral("invalid JSON")} << 2 << 1;
    QTest::newRow("single quotes") << QByteArray("{'a': 1}") << QStringList{QStringLiteral("invalid JSON")} << 1 << 2;
    QTest::newRow("top-level array") << QByteArray("[1, 2]")
                                     << QStringList{QStringLiteral("JSON object"), QStringLiteral("array")} << 1 << 1;
    QTest::newRow("top-level string") << QByteArray("\"text\"")
                                      << QStringList{QStringLiteral("JSON object"), QStringLiteral("string")} << 1 << 1;
    QTest::newRow("top-level number") << QByteArray("42")
                                      << QStringList{QStringLiteral("JSON object"), QStringLiteral("number")} << 1 << 1;
    QTest::newRow("top-level null") << QByteArray("null")
                                    << QStringList{QStringLiteral("JSON object"), QStringLiteral("null")} << 1 << 1;
    // An ill-formed UTF-8 sequence is reported at the character it begins,
    // not at the later byte where the decoder noticed the problem.
    QTest::newRow("invalid UTF-8 byte in a string")
        << QByteArray("{\n  \"a\": \"ok\xFF\"\n}")
        << QStringList{QStringLiteral("invalid JSON"), QStringLiteral("UTF-8")} << 2 << 11;
    QTest::newRow("invalid UTF-8 after chinese")
        << QByteArray("{\"错\": \"误\xC3\x28\"}") << QStringList{QStringLiteral("UTF-8")} << 1 << 9;
    QTest::newRow("truncated UTF-8 sequence")
        << QByteArray("{\"a\": \"\xE9\x94\"}") << QStringList{QStringLiteral("UTF-8")} << 1 << 8;
    QTest::newRow("overlong UTF-8") << QByteArray("{\"a\": \"\xC0\xAF\"}") << QStringList{QStringLiteral("UTF-8")} << 1
                                    << 8;
    QTest::newRow("UTF-8 encoded surrogate")
        << QByteArray("{\"a\": \"\xED\xA0\x80\"}") << QStringList{QStringLiteral("UTF-8")} << 1 << 8;
    // Reported where the low surrogate was expected: at the closing quote.
    QTest::newRow("lone surrogate escape")
        << QByteArray("{\"a\": \"\\ud800\"}")
        << QStringList{QStringLiteral("invalid JSON"), QStringLiteral("surrogate")} << 1 << 14;
}

void RecordAccessTest::badInputIsRefused()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, messageParts);
    QFETCH(int, line);
    QFETCH(int, column);

    Record record;
    Record::LoadError error;
    QVERIFY2(!record.parse(text, &error), "bad input must be refused");
    QVERIFY2(!error.message.isEmpty(), "a refusal must say why");
    for (const QString &part : messageParts)
        QVERIFY2(error.message.contains(part, Qt::CaseInsensitive),
                 qPrintable(QStringLiteral("\"%1\" does not mention \"%2\"").arg(error.message, part)));
    QVERIFY2(!error.message.contains(QLatin1String("json.exception")),
             qPrintable(QStringLiteral("library jargon in \"%1\"").arg(error.message)));
    QCOMPARE(error.line, line);
    QCOMPARE(error.column, column);
}

void RecordAccessTest::deepNestingFailsCleanly_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("column"); // of the first bracket too deep, on line 1

    const int depth = 100000;
    QTest::newRow("100,000 arrays") << (QByteArray(depth, '[') + QByteArray(depth, ']')) << Record::MaxDepth + 1;
    QTest::newRow("100,000 arrays, unclosed") << QByteArray(depth, '[') << Record::MaxDepth + 1;
    QByteArray objects = "{";
    for (int i = 1; i < depth; ++i)
        objects += "\"k\":{";
    objects += QByteArray(depth, '}');
    // Each level after the first is 5 characters: "k":{
    QTest::newRow("100,000 objects") << objects << 1 + 5 * Record::MaxDepth;
    QTest::newRow("inside an object with chinese")
        << ("{\"键\": " + QByteArray(depth, '[') + QByteArray(depth, ']') + "}") << 6 + Record::MaxDepth;
}

void RecordAccessTest::deepNestingFailsCleanly()
{
    QFETCH(QByteArray, text);
    QFETCH(int, column);

    Record record;
    Record::LoadError error;
    QVERIFY2(!record.parse(text, &error), "a document nested 100,000 deep must be refused");
    QVERIFY2(error.message.contains(QString::number(Record::MaxDepth)) && error.message.contains(QLatin1String("deep")),
             qPrintable(error.message));
    QCOMPARE(error.line, 1);
    QCOMPARE(error.column, column);
}

void RecordAccessTest::nestingAtTheLimitLoads()
{
    // The record object itself is level 1.
    const int inner = Record::MaxDepth - 1;
    const QByteArray atLimit = "{\"a\": " + QByteArray(inner, '[') + QByteArray(inner, ']') + "}";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(atLimit, &error), qPrintable(error.message));

    const QByteArray overLimit = "{\"a\": " + QByteArray(inner + 1, '[') + QByteArray(inner + 1, ']') + "}";
    QVERIFY(!record.parse(overLimit, &error));

    // Brackets inside strings are text, not nesting.
    const QByteArray inString = "{\"a\": \"" + QByteArray(100000, '[') + "\\\"" + QByteArray(100000, '{') + "\"}";
    QVERIFY2(record.parse(inString, &error), qPrintable(error.message));
    QCOMPARE(record.value(QStringLiteral("/a")).get_ref<const std::string &>().size(), size_t(200001));
}

void RecordAccessTest::hugeFileIsRefusedByLoad()
{
    QTemporaryDir dir;
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("huge.json"));
    const qint64 size = 50LL * 1024 * 1024;
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray head = "{\"signature\": \"";
        const QByteArray tail = "\"}";
        QVERIFY(file.write(head) == head.size());
        qint64 written = head.size();
        const QByteArray chunk(1024 * 1024, 'x');
        while (written + chunk.size() <= size - tail.size())
            written += file.write(chunk);
        written += file.write(QByteArray(size - tail.size() - written, 'x'));
        written += file.write(tail);
        QCOMPARE(written, size);
    }
    QCOMPARE(QFileInfo(path).size(), size);

    Record record;
    Record::LoadError error;
    QVERIFY2(!record.load(path, &error), "a 50 MB file must be refused");
    // The limit may be spelled in SI or IEC units, but it must be given.
    const QStringList limitSpellings = {QStringLiteral("16.8 MB"), QStringLiteral("16 MiB"), QStringLiteral("16.0 MiB"),
                                        QStringLiteral("16777216")};
    bool mentionsLimit = false;
    for (const QString &spelling : limitSpellings)
        mentionsLimit = mentionsLimit || error.message.contains(spelling);
    QVERIFY2(mentionsLimit, qPrintable(QStringLiteral("\"%1\" does not give the limit").arg(error.message)));
    QVERIFY2(error.message.contains(QLatin1String("52.4 MB")) || error.message.contains(QLatin1String("50.0 MiB")),
             qPrintable(QStringLiteral("\"%1\" does not give the file's size").arg(error.message)));
    QVERIFY(record.originalText().isEmpty());
}

void RecordAccessTest::missingFileIsReported()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Record record;
    Record::LoadError error;
    QVERIFY(!record.load(dir.filePath(QStringLiteral("absent.json")), &error));
    QVERIFY2(error.message.contains(QLatin1String("cannot read")), qPrintable(error.message));
}

void RecordAccessTest::serializeInvalidUtf8Throws()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    record.setValue(QStringLiteral("/signature"), std::string("bad \xFF byte"));
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, record.serialize());
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, record.textToWrite());

    // The same with number spellings to restore (another code path).
    Record spelled;
    QVERIFY2(spelled.parse(numberDocument("0.50"), &error), qPrintable(error.message));
    spelled.setValue(QStringLiteral("/bad"), std::string("\xC3\x28"));
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, spelled.serialize());

    // Invalid UTF-8 in a key is caught too.
    Record badKey;
    QVERIFY(badKey.parse("{}", &error));
    OrderedJson document = OrderedJson::object();
    document[std::string("\xE9")] = 1;
    badKey.setJson(document);
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, badKey.serialize());
}

QTEST_APPLESS_MAIN(RecordAccessTest)
#include "RecordAccessTest.moc"
