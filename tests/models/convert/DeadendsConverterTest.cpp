// The deadends.dev canon <-> Errata record mapping (docs/record-format.md,
// last section): field by field on fixtures written here, version strings,
// and the round trip toCanon(toRecord(c)) == c. The whole shared corpus is in
// DeadendsCorpusTest.

#include "models/convert/DeadendsConverter.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "models/validation/SchemaValidator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <stdexcept>
#include <string>

using namespace Errata;

// Declared before the fixtures: moc does not read the raw string literals below.
class DeadendsConverterTest : public QObject
{
    Q_OBJECT

private slots:
    void mapsEveryField();
    void keepsTheRestUnderExtension();
    void importedRecordIsValid();
    void reviewStatus_data();
    void reviewStatus();
    void runtime_data();
    void runtime();
    void composeVersion_data();
    void composeVersion();
    void splitVersion_data();
    void splitVersion();
    void roundTrip_data();
    void roundTrip();
    void exportsEditedRecord();
    void exportsNativeRecord();
    void notACanon_data();
    void notACanon();
};

namespace {

// A complete canon in the layout of the public KB, written for this test.
const char *const FullCanon = R"({
  "schema_version": "1.0.0",
  "id": "torch/cuda-oom/torch2-linux",
  "url": "https://deadends.example/torch/cuda-oom/torch2-linux",
  "error": {
    "signature": "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB",
    "regex": "CUDA out of memory[.] Tried to allocate [0-9.]+ [GM]iB",
    "domain": "torch",
    "category": "resource_error",
    "first_seen": "2023-01-15",
    "last_confirmed": "2024-05-20"
  },
  "environment": {
    "runtime": {
      "name": "torch",
      "version_range": ">=2.0"
    },
    "os": "linux",
    "hardware": "gpu"
  },
  "verdict": {
    "resolvable": "true",
    "fix_success_rate": 0.85,
    "confidence": 0.9,
    "last_updated": "2024-05-21",
    "summary": "The batch and the model do not fit in GPU memory together."
  },
  "dead_ends": [
    {
      "action": "Call torch.cuda.empty_cache() before each step",
      "why_fails": "It only returns cached blocks; the live tensors still need the memory.",
      "fail_rate": 0.8,
      "sources": ["https://docs.example/cuda-semantics"],
      "condition": ""
    }
  ],
  "workarounds": [
    {
      "action": "Halve the batch size",
      "success_rate": 0.75,
      "how": "batch_size = batch_size // 2",
      "sources": [],
      "condition": "Training"
    },
    {
      "action": "Use gradient checkpointing",
      "success_rate": 0.6,
      "tradeoff": "slower steps"
    }
  ],
  "transition_graph": {
    "leads_to": [
      {"error_id": "torch/nan-loss/torch2-linux", "probability": 0.1, "condition": "fp16", "typical_delay": "minutes"}
    ],
    "preceded_by": [],
    "frequently_confused_with": [
      {"error_id": "torch/cpu-oom/torch2-linux", "distinction": "host memory, not GPU memory"}
    ]
  },
  "metadata": {
    "generated_by": "manual",
    "generation_date": "2024-05-21",
    "review_status": "auto_generated",
    "evidence_count": 7,
    "last_verification": "2024-05-21"
  }
})";

OrderedJson parse(const char *text)
{
    return OrderedJson::parse(text);
}

OrderedJson fullCanon()
{
    return parse(FullCanon);
}

// Unordered comparison, as the format asks ("JSON-equal").
bool jsonEqual(const OrderedJson &a, const OrderedJson &b)
{
    return nlohmann::json(a) == nlohmann::json(b);
}

QByteArray dump(const OrderedJson &json)
{
    return QByteArray::fromStdString(json.dump(2));
}

QString problemsText(const QList<Problem> &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.toText();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

// QCOMPARE cannot print JSON values; this shows both on failure.
#define COMPARE_JSON(actual, expected) \
    do { \
        const OrderedJson actualValue = (actual); \
        const OrderedJson expectedValue = (expected); \
        QVERIFY2(actualValue == expectedValue, \
                 qPrintable(QStringLiteral("%1 is %2, expected %3") \
                                .arg(QStringLiteral(#actual), QString::fromStdString(actualValue.dump()), \
                                     QString::fromStdString(expectedValue.dump())))); \
    } while (false)

void DeadendsConverterTest::mapsEveryField()
{
    const OrderedJson canon = fullCanon();
    const OrderedJson record = DeadendsConverter::toRecord(canon);
    const OrderedJson &error = canon["error"];
    const OrderedJson &verdict = canon["verdict"];

    COMPARE_JSON(record.at("id"), canon.at("id"));
    // error.*
    COMPARE_JSON(record.at("signature"), error.at("signature"));
    COMPARE_JSON(record.at("regex"), error.at("regex"));
    COMPARE_JSON(record.at("domain"), error.at("domain"));
    COMPARE_JSON(record.at("category"), error.at("category"));
    COMPARE_JSON(record.at("first_seen"), error.at("first_seen"));
    COMPARE_JSON(record.at("last_confirmed"), error.at("last_confirmed"));
    // verdict.*
    COMPARE_JSON(record.at("resolvable"), OrderedJson("true"));
    COMPARE_JSON(record.at("fix_success_rate"), OrderedJson(0.85));
    COMPARE_JSON(record.at("confidence"), OrderedJson(0.9));
    COMPARE_JSON(record.at("last_updated"), OrderedJson("2024-05-21"));
    COMPARE_JSON(record.at("root_cause"), verdict.at("summary"));
    // environment.runtime -> one version entry
    COMPARE_JSON(dump(record.at("versions")), dump(parse(R"([{"version": "torch>=2.0"}])")));
    // metadata
    COMPARE_JSON(record.at("verification_tier"), OrderedJson("ai_generated"));
    COMPARE_JSON(record.at("evidence_count"), OrderedJson(7));
    QVERIFY(record.at("evidence_count").is_number_integer());
    // as they are, order included
    COMPARE_JSON(dump(record.at("dead_ends")), dump(canon.at("dead_ends")));
    COMPARE_JSON(dump(record.at("workarounds")), dump(canon.at("workarounds")));
    COMPARE_JSON(dump(record.at("transition_graph")), dump(canon.at("transition_graph")));

    // Nothing of the nested layout is left at the top level.
    for (const char *key : {"schema_version", "url", "error", "environment", "verdict", "metadata", "summary",
                            "review_status", "runtime"})
        QVERIFY2(!record.contains(key), key);

    // Typed access through Record sees the same values.
    Record typed;
    typed.setJson(record);
    QCOMPARE(typed.id(), QStringLiteral("torch/cuda-oom/torch2-linux"));
    QCOMPARE(typed.rootCause(), QStringLiteral("The batch and the model do not fit in GPU memory together."));
    QCOMPARE(typed.versions().size(), 1);
    QCOMPARE(typed.versions().first().version, QStringLiteral("torch>=2.0"));
    QCOMPARE(typed.deadEnds().size(), 1);
    QCOMPARE(typed.workarounds().size(), 2);
    QCOMPARE(typed.allLinks().size(), 2);
    QVERIFY(typed.evidenceCount() == std::optional<qint64>(7));
    QCOMPARE(typed.firstSeen(), QDate(2023, 1, 15));
    QCOMPARE(typed.unknownKeys(), QStringList{QStringLiteral("x_deadends")});
}

void DeadendsConverterTest::keepsTheRestUnderExtension()
{
    OrderedJson canon = fullCanon();
    canon["error"]["code"] = "E_OOM";
    canon["verdict"]["notes"] = "seen on A100 too";
    canon["metadata"]["page_views"] = 12;
    const OrderedJson record = DeadendsConverter::toRecord(canon);
    QVERIFY(record.contains("x_deadends"));
    const OrderedJson expected = parse(R"({
      "schema_version": "1.0.0",
      "url": "https://deadends.example/torch/cuda-oom/torch2-linux",
      "error": {"code": "E_OOM"},
      "verdict": {"notes": "seen on A100 too"},
      "environment": {"os": "linux", "hardware": "gpu"},
      "metadata": {"generated_by": "manual", "generation_date": "2024-05-21",
                   "last_verification": "2024-05-21", "page_views": 12}
    })");
    QVERIFY2(jsonEqual(record.at("x_deadends"), expected), dump(record.at("x_deadends")).constData());

    // Without extra members, nothing of error or verdict is kept twice.
    const OrderedJson plain = DeadendsConverter::toRecord(fullCanon());
    const OrderedJson &extra = plain.at("x_deadends");
    QVERIFY(!extra.contains("error"));
    QVERIFY(!extra.contains("verdict"));
    QVERIFY(!extra.contains("runtime")); // torch >=2.0 splits back exactly
    QVERIFY(!extra.contains("review_status"));
    QVERIFY(!extra.contains("top"));
    QVERIFY(!extra.at("metadata").contains("review_status"));
    QVERIFY(!extra.at("metadata").contains("evidence_count"));
    QVERIFY(!extra.at("environment").contains("runtime"));
}

void DeadendsConverterTest::importedRecordIsValid()
{
    const OrderedJson record = DeadendsConverter::toRecord(fullCanon());
    const SchemaValidator schema;
    QVERIFY2(schema.isValid(), qPrintable(schema.errorMessage()));
    const QList<Problem> schemaProblems = schema.validate(record);
    QVERIFY2(schemaProblems.isEmpty(), qPrintable(problemsText(schemaProblems)));

    Record typed;
    Record::LoadError error;
    QVERIFY(typed.parse(QByteArray::fromStdString(record.dump(2)), &error));
    const QList<Problem> problems = RecordValidator(QDate(2024, 6, 1)).validate(typed);
    for (const Problem &problem : problems)
        QVERIFY2(problem.severity != Problem::Error, qPrintable(problem.toText()));
}

void DeadendsConverterTest::reviewStatus_data()
{
    QTest::addColumn<QByteArray>("status");     // JSON text, empty: no review_status at all
    QTest::addColumn<QByteArray>("tier");       // expected verification_tier, empty: none
    QTest::addColumn<QByteArray>("keptStatus"); // expected x_deadends.review_status, empty: none

    QTest::newRow("auto_generated") << QByteArray("\"auto_generated\"") << QByteArray("\"ai_generated\"")
                                    << QByteArray();
    QTest::newRow("human_reviewed") << QByteArray("\"human_reviewed\"") << QByteArray("\"human_reviewed\"")
                                    << QByteArray();
    QTest::newRow("community_verified") << QByteArray("\"community_verified\"") << QByteArray("\"community_verified\"")
                                        << QByteArray();
    QTest::newRow("expert_verified") << QByteArray("\"expert_verified\"") << QByteArray("\"expert_verified\"")
                                     << QByteArray();
    // "ai_generated" would come back as "auto_generated": kept as it was.
    QTest::newRow("ai_generated") << QByteArray("\"ai_generated\"") << QByteArray() << QByteArray("\"ai_generated\"");
    QTest::newRow("not a string") << QByteArray("3") << QByteArray() << QByteArray("3");
    QTest::newRow("absent") << QByteArray() << QByteArray() << QByteArray();
}

void DeadendsConverterTest::reviewStatus()
{
    QFETCH(QByteArray, status);
    QFETCH(QByteArray, tier);
    QFETCH(QByteArray, keptStatus);

    OrderedJson canon = fullCanon();
    if (status.isEmpty())
        canon["metadata"].erase("review_status");
    else
        canon["metadata"]["review_status"] = OrderedJson::parse(status.toStdString());
    const OrderedJson record = DeadendsConverter::toRecord(canon);
    if (tier.isEmpty())
        QVERIFY(!record.contains("verification_tier"));
    else
        COMPARE_JSON(record.value("verification_tier", OrderedJson()), OrderedJson::parse(tier.toStdString()));
    const OrderedJson &extra = record.at("x_deadends");
    if (keptStatus.isEmpty())
        QVERIFY(!extra.contains("review_status") && !extra.at("metadata").contains("review_status"));
    else
        QVERIFY(extra.contains("review_status") || extra.at("metadata").contains("review_status"));
    if (!keptStatus.isEmpty()) {
        const OrderedJson kept = extra.contains("review_status") ? extra.at("review_status")
                                                                 : extra.at("metadata").at("review_status");
        COMPARE_JSON(kept, OrderedJson::parse(keptStatus.toStdString()));
    }
    QVERIFY(jsonEqual(DeadendsConverter::toCanon(record), canon));
}

void DeadendsConverterTest::runtime_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("range");
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("keepsOriginal"); // the split cannot give it back

    QTest::newRow(">=2.0") << QStringLiteral("torch") << QStringLiteral(">=2.0") << QStringLiteral("torch>=2.0")
                           << false;
    QTest::newRow("any") << QStringLiteral("ai-agent") << QStringLiteral("any") << QStringLiteral("ai-agent any")
                         << false;
    QTest::newRow("humble") << QStringLiteral("ros2") << QStringLiteral("humble") << QStringLiteral("ros2 humble")
                            << false;
    QTest::newRow("HTTP/1.1+") << QStringLiteral("http") << QStringLiteral("HTTP/1.1+")
                               << QStringLiteral("http HTTP/1.1+") << false;
    QTest::newRow("3.x") << QStringLiteral("python") << QStringLiteral("3.x") << QStringLiteral("python 3.x") << false;
    QTest::newRow("AWS Lambda >=1.0") << QStringLiteral("AWS Lambda") << QStringLiteral(">=1.0")
                                      << QStringLiteral("AWS Lambda>=1.0") << false;
    QTest::newRow("AWS Lambda any") << QStringLiteral("AWS Lambda") << QStringLiteral("any")
                                    << QStringLiteral("AWS Lambda any") << false;
    QTest::newRow("==18.*") << QStringLiteral("node") << QStringLiteral("==18.*") << QStringLiteral("node==18.*")
                            << false;
    QTest::newRow("no range") << QStringLiteral("node") << QString() << QStringLiteral("node") << false;
    QTest::newRow("no range, name with a space")
        << QStringLiteral("AWS Lambda") << QString() << QStringLiteral("AWS Lambda") << true;
    QTest::newRow("range with a space") << QStringLiteral("node") << QStringLiteral("any version")
                                        << QStringLiteral("node any version") << true;
    QTest::newRow("operator in the name")
        << QStringLiteral("c=c") << QStringLiteral(">=1") << QStringLiteral("c=c>=1") << true;
}

void DeadendsConverterTest::runtime()
{
    QFETCH(QString, name);
    QFETCH(QString, range);
    QFETCH(QString, version);
    QFETCH(bool, keepsOriginal);

    OrderedJson canon = fullCanon();
    canon["environment"]["runtime"] = {{"name", name.toStdString()}, {"version_range", range.toStdString()}};
    const OrderedJson record = DeadendsConverter::toRecord(canon);
    QCOMPARE(record.at("versions").size(), size_t(1));
    QCOMPARE(QString::fromStdString(record.at("versions").at(0).at("version").get<std::string>()), version);
    QCOMPARE(record.at("versions").at(0).size(), size_t(1)); // only "version"
    COMPARE_JSON(record.at("x_deadends").contains("runtime"), keepsOriginal);
    QVERIFY(jsonEqual(DeadendsConverter::toCanon(record), canon));
}

void DeadendsConverterTest::composeVersion_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("range");
    QTest::addColumn<QString>("version");

    QTest::newRow(">=2.0") << QStringLiteral("torch") << QStringLiteral(">=2.0") << QStringLiteral("torch>=2.0");
    QTest::newRow("<3") << QStringLiteral("numpy") << QStringLiteral("<3") << QStringLiteral("numpy<3");
    QTest::newRow("~=1.4") << QStringLiteral("pkg") << QStringLiteral("~=1.4") << QStringLiteral("pkg~=1.4");
    QTest::newRow("^18") << QStringLiteral("react") << QStringLiteral("^18") << QStringLiteral("react^18");
    QTest::newRow("!=1.0") << QStringLiteral("pkg") << QStringLiteral("!=1.0") << QStringLiteral("pkg!=1.0");
    QTest::newRow("any") << QStringLiteral("node") << QStringLiteral("any") << QStringLiteral("node any");
    QTest::newRow("humble") << QStringLiteral("ros2") << QStringLiteral("humble") << QStringLiteral("ros2 humble");
    QTest::newRow("HTTP/1.1+") << QStringLiteral("http") << QStringLiteral("HTTP/1.1+")
                               << QStringLiteral("http HTTP/1.1+");
    QTest::newRow("3.x") << QStringLiteral("python") << QStringLiteral("3.x") << QStringLiteral("python 3.x");
    QTest::newRow("AWS Lambda any") << QStringLiteral("AWS Lambda") << QStringLiteral("any")
                                    << QStringLiteral("AWS Lambda any");
    QTest::newRow("AWS Lambda >=1.0") << QStringLiteral("AWS Lambda") << QStringLiteral(">=1.0")
                                      << QStringLiteral("AWS Lambda>=1.0");
    QTest::newRow("no range") << QStringLiteral("node") << QString() << QStringLiteral("node");
    QTest::newRow("no name") << QString() << QStringLiteral(">=1") << QStringLiteral(">=1");
}

void DeadendsConverterTest::composeVersion()
{
    QFETCH(QString, name);
    QFETCH(QString, range);
    QFETCH(QString, version);
    QCOMPARE(DeadendsConverter::composeVersion(name, range), version);
    // composeVersion and splitVersion are inverses on these.
    const QPair<QString, QString> split = DeadendsConverter::splitVersion(version);
    QCOMPARE(split.first, name);
    QCOMPARE(split.second, range);
}

void DeadendsConverterTest::splitVersion_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("range");

    QTest::newRow("torch>=2.0") << QStringLiteral("torch>=2.0") << QStringLiteral("torch") << QStringLiteral(">=2.0");
    QTest::newRow("space before operator")
        << QStringLiteral("torch >=2.0") << QStringLiteral("torch") << QStringLiteral(">=2.0");
    QTest::newRow("two constraints") << QStringLiteral("torch>=2.0,<3") << QStringLiteral("torch")
                                     << QStringLiteral(">=2.0,<3");
    QTest::newRow("ros2 humble") << QStringLiteral("ros2 humble") << QStringLiteral("ros2") << QStringLiteral("humble");
    QTest::newRow("any") << QStringLiteral("node any") << QStringLiteral("node") << QStringLiteral("any");
    QTest::newRow("HTTP/1.1+") << QStringLiteral("http HTTP/1.1+") << QStringLiteral("http")
                               << QStringLiteral("HTTP/1.1+");
    QTest::newRow("3.x") << QStringLiteral("python 3.x") << QStringLiteral("python") << QStringLiteral("3.x");
    QTest::newRow("AWS Lambda any") << QStringLiteral("AWS Lambda any") << QStringLiteral("AWS Lambda")
                                    << QStringLiteral("any");
    QTest::newRow("AWS Lambda>=1.0") << QStringLiteral("AWS Lambda>=1.0") << QStringLiteral("AWS Lambda")
                                     << QStringLiteral(">=1.0");
    QTest::newRow("name only") << QStringLiteral("node") << QStringLiteral("node") << QString();
    QTest::newRow("empty") << QString() << QString() << QString();
}

void DeadendsConverterTest::splitVersion()
{
    QFETCH(QString, version);
    QFETCH(QString, name);
    QFETCH(QString, range);
    const QPair<QString, QString> split = DeadendsConverter::splitVersion(version);
    QCOMPARE(split.first, name);
    QCOMPARE(split.second, range);
}

void DeadendsConverterTest::roundTrip_data()
{
    QTest::addColumn<QByteArray>("canon");

    const OrderedJson full = fullCanon();
    const auto row = [](const char *name, const OrderedJson &canon) {
        QTest::newRow(name) << QByteArray::fromStdString(canon.dump());
    };
    const auto with = [&full](const char *pointer, const OrderedJson &value) {
        OrderedJson canon = full;
        canon[OrderedJson::json_pointer(pointer)] = value;
        return canon;
    };
    const auto without = [&full](const char *parent, const char *key) {
        OrderedJson canon = full;
        canon[OrderedJson::json_pointer(parent)].erase(key);
        return canon;
    };

    row("full", full);
    row("minimal", parse(R"({"id": "a/b/c", "error": {"signature": "boom"}})"));
    row("error only", parse(R"({"error": {}})"));
    {
        OrderedJson canon = OrderedJson::object();
        for (const auto &[key, value] : full.items()) {
            canon[key] = value;
            if (key == "url")
                canon["x_extra"] = {{"k", {1, 2}}};
        }
        canon["notes"] = "added by hand";
        row("extra top-level keys", canon);
    }
    row("top-level key named like a record field", with("/signature", "not the error signature"));
    row("top-level key named x_deadends", with("/x_deadends", {{"top", 1}}));
    row("runtime with an extra key",
        with("/environment/runtime", parse(R"({"name": "node", "version_range": ">=18", "arch": "arm64"})")));
    row("runtime keys in another order",
        with("/environment/runtime", parse(R"({"version_range": ">=18", "name": "node"})")));
    row("runtime with a name only", with("/environment/runtime", parse(R"({"name": "node"})")));
    row("runtime with a range only", with("/environment/runtime", parse(R"({"version_range": "any"})")));
    row("runtime is a string", with("/environment/runtime", "node18"));
    row("runtime name not a string", with("/environment/runtime", parse(R"({"name": 18, "version_range": "any"})")));
    row("runtime is null", with("/environment/runtime", nullptr));
    row("review_status ai_generated", with("/metadata/review_status", "ai_generated"));
    row("review_status human_reviewed", with("/metadata/review_status", "human_reviewed"));
    row("review_status unknown", with("/metadata/review_status", "peer_checked"));
    row("review_status not a string", with("/metadata/review_status", 2));
    row("review_status null", with("/metadata/review_status", nullptr));
    row("no review_status", without("/metadata", "review_status"));
    row("no evidence_count", without("/metadata", "evidence_count"));
    row("AWS Lambda any", with("/environment/runtime", parse(R"({"name": "AWS Lambda", "version_range": "any"})")));
    row("HTTP/1.1+", with("/environment/runtime", parse(R"({"name": "http", "version_range": "HTTP/1.1+"})")));
    row("3.x", with("/environment/runtime", parse(R"({"name": "python", "version_range": "3.x"})")));
    row("humble", with("/environment/runtime", parse(R"({"name": "ros2", "version_range": "humble"})")));
    row("error with an extra key", with("/error/code", "E42"));
    row("error with a key named like a verdict field", with("/error/summary", "not the verdict"));
    row("verdict with an extra key", with("/verdict/notes", parse(R"(["a", {"b": null}])")));
    row("no summary", without("/verdict", "summary"));
    row("no environment", without("", "environment"));
    row("no verdict", without("", "verdict"));
    row("no metadata", without("", "metadata"));
    row("environment without runtime", without("/environment", "runtime"));
    row("empty environment", with("/environment", OrderedJson::object()));
    row("empty metadata", with("/metadata", OrderedJson::object()));
    row("empty verdict", with("/verdict", OrderedJson::object()));
    row("verdict is null", with("/verdict", nullptr));
    row("metadata is a string", with("/metadata", "see the wiki"));
    row("environment is an array", with("/environment", parse(R"(["linux", "gpu"])")));
    {
        OrderedJson canon = with("/environment", nullptr);
        canon["metadata"] = nullptr;
        row("environment is null, metadata is null", canon);
    }
    row("empty lists", with("/dead_ends", OrderedJson::array()));
    row("null lists", with("/workarounds", nullptr));
    row("bare links", with("/transition_graph/leads_to", parse(R"(["a/b", {"error_id": "c/d"}])")));
    row("unicode and escapes",
        with("/error/signature", "Fehler: \xC3\xA4\xC3\xB6\xC3\xBC \xE6\x97\xA5\xE6\x9C\xAC \"quoted\" \\ \t tab"));
    row("numbers", with("/verdict", parse(R"({"fix_success_rate": 1, "confidence": 0, "resolvable": "false",
                                              "last_updated": "2024-01-01", "summary": "s", "weight": 1e-3})")));
    row("flat-layout id", with("/id", "node/err-x/node20-linux"));
}

void DeadendsConverterTest::roundTrip()
{
    QFETCH(QByteArray, canon);
    const OrderedJson original = OrderedJson::parse(canon.toStdString());
    const OrderedJson record = DeadendsConverter::toRecord(original);
    const OrderedJson back = DeadendsConverter::toCanon(record);
    QVERIFY2(jsonEqual(back, original),
             ("differences (JSON patch from the original): "
              + QByteArray::fromStdString(nlohmann::json::diff(nlohmann::json(original), nlohmann::json(back)).dump())
              + "\nrecord: " + QByteArray::fromStdString(record.dump()))
                 .constData());
    // Exporting does not depend on anything but the record.
    QVERIFY(jsonEqual(DeadendsConverter::toCanon(DeadendsConverter::toRecord(back)), original));
}

// An imported record that a curator edited exports its edits.
void DeadendsConverterTest::exportsEditedRecord()
{
    OrderedJson canon = fullCanon();
    canon["environment"]["runtime"]["arch"] = "arm64";   // kept as the original runtime
    canon["metadata"]["review_status"] = "ai_generated"; // kept as it was
    OrderedJson record = DeadendsConverter::toRecord(canon);

    record["signature"] = "RuntimeError: CUDA out of memory (edited)";
    record["root_cause"] = "edited cause";
    record["evidence_count"] = 9;
    record["versions"][0]["version"] = "torch>=2.1";
    record["verification_tier"] = "expert_verified";
    const OrderedJson exported = DeadendsConverter::toCanon(record);

    COMPARE_JSON(exported.at("error").at("signature"), OrderedJson("RuntimeError: CUDA out of memory (edited)"));
    COMPARE_JSON(exported.at("verdict").at("summary"), OrderedJson("edited cause"));
    COMPARE_JSON(exported.at("metadata").at("evidence_count"), OrderedJson(9));
    QVERIFY2(jsonEqual(exported.at("environment").at("runtime"),
                       parse(R"({"name": "torch", "version_range": ">=2.1", "arch": "arm64"})")),
             dump(exported.at("environment")).constData());
    COMPARE_JSON(exported.at("environment").at("os"), OrderedJson("linux"));
    COMPARE_JSON(exported.at("metadata").at("review_status"), OrderedJson("expert_verified"));

    // Unedited, the same record gives the original back.
    const OrderedJson unedited = DeadendsConverter::toRecord(canon);
    QVERIFY(jsonEqual(DeadendsConverter::toCanon(unedited), canon));
    // A record without versions exports no runtime, the rest of the environment stays.
    OrderedJson noVersions = unedited;
    noVersions.erase("versions");
    const OrderedJson environment = DeadendsConverter::toCanon(noVersions).at("environment");
    QVERIFY2(jsonEqual(environment, parse(R"({"os": "linux", "hardware": "gpu"})")), dump(environment).constData());
}

// A record written in Errata (no x_deadends) still exports as a canon.
void DeadendsConverterTest::exportsNativeRecord()
{
    QFile file(QStringLiteral(ERRATA_TEST_DATA "/seed.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const OrderedJson seed = OrderedJson::parse(file.readAll().toStdString());
    const OrderedJson canon = DeadendsConverter::toCanon(seed);

    COMPARE_JSON(canon.at("id"), seed.at("id"));
    for (const char *key : {"signature", "regex", "domain", "category", "first_seen", "last_confirmed"})
        COMPARE_JSON(canon.at("error").at(key), seed.at(key));
    for (const char *key : {"resolvable", "fix_success_rate", "confidence", "last_updated"})
        COMPARE_JSON(canon.at("verdict").at(key), seed.at(key));
    COMPARE_JSON(canon.at("verdict").at("summary"), seed.at("root_cause"));
    QVERIFY(jsonEqual(canon.at("environment"), parse(R"({"runtime": {"name": "torch", "version_range": ">=1.8"}})")));
    COMPARE_JSON(canon.at("metadata").at("review_status"), OrderedJson("auto_generated"));
    COMPARE_JSON(canon.at("metadata").at("evidence_count"), OrderedJson(1));
    COMPARE_JSON(dump(canon.at("dead_ends")), dump(seed.at("dead_ends")));
    COMPARE_JSON(dump(canon.at("workarounds")), dump(seed.at("workarounds")));
    COMPARE_JSON(dump(canon.at("transition_graph")), dump(seed.at("transition_graph")));
    QVERIFY(!canon.contains("x_deadends"));
    QVERIFY(!canon.contains("signature_zh"));

    // And it imports back to the same values for the mapped fields.
    const OrderedJson again = DeadendsConverter::toRecord(canon);
    for (const char *key : {"id", "signature", "regex", "domain", "category", "root_cause", "verification_tier",
                            "confidence", "fix_success_rate", "resolvable", "first_seen", "last_confirmed",
                            "last_updated", "evidence_count", "dead_ends", "workarounds", "transition_graph"})
        QVERIFY2(jsonEqual(again.at(key), seed.at(key)), key);
    COMPARE_JSON(dump(again.at("versions")), dump(parse(R"([{"version": "torch>=1.8"}])")));
}

void DeadendsConverterTest::notACanon_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("array") << QByteArray("[{\"error\": {}}]");
    QTest::newRow("string") << QByteArray("\"error\"");
    QTest::newRow("number") << QByteArray("1");
    QTest::newRow("null") << QByteArray("null");
    QTest::newRow("empty object") << QByteArray("{}");
    QTest::newRow("error is a string") << QByteArray("{\"id\": \"a/b\", \"error\": \"boom\"}");
    QTest::newRow("error is null") << QByteArray("{\"error\": null}");
    QTest::newRow("error is an array") << QByteArray("{\"error\": [{\"signature\": \"x\"}]}");
    QTest::newRow("an Errata record") << QByteArray::fromStdString(
        parse(R"({"id": "a/b", "signature": "x", "regex": "x", "domain": "a", "category": "c"})").dump());
}

void DeadendsConverterTest::notACanon()
{
    QFETCH(QByteArray, json);
    const OrderedJson input = OrderedJson::parse(json.toStdString());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DeadendsConverter::toRecord(input));
    try {
        DeadendsConverter::toRecord(input);
    } catch (const std::invalid_argument &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY(!message.isEmpty());
        QVERIFY2(!message.contains(QStringLiteral("json.exception")), e.what());
    }
}

QTEST_GUILESS_MAIN(DeadendsConverterTest)
#include "DeadendsConverterTest.moc"
