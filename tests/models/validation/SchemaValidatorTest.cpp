#include "models/validation/SchemaValidator.h"
#include "models/json/OrderedJson.h"
#include "models/kb/Problem.h"
#include "models/validation/FindingCap.h"

#include <QFile>
#include <QLocale>
#include <QStringList>
#include <QTest>

using namespace Errata;

namespace {

QString describe(const QList<Problem> &problems)
{
    if (problems.isEmpty())
        return QStringLiteral("(no problems)");
    QStringList lines;
    for (const Problem &problem : problems)
        lines << QStringLiteral("  %1 [%2] at \"%3\": %4")
                     .arg(Problem::severityName(problem.severity), problem.rule, problem.pointer, problem.message);
    return lines.join(QLatin1Char('\n'));
}

QStringList pointersOf(const QList<Problem> &problems)
{
    QStringList pointers;
    for (const Problem &problem : problems)
        pointers << problem.pointer;
    pointers.sort();
    return pointers;
}

OrderedJson seedDocument()
{
    QFile file(QStringLiteral(ERRATA_TEST_DATA "/seed.json"));
    if (!file.open(QIODevice::ReadOnly))
        return OrderedJson();
    return OrderedJson::parse(file.readAll().toStdString());
}

// Sets the value at `pointer` (given as JSON text), or removes it when
// `valueJson` is empty.
OrderedJson mutated(OrderedJson document, const QString &pointer, const QByteArray &valueJson)
{
    const OrderedJson::json_pointer path(pointer.toStdString());
    if (valueJson.isEmpty()) {
        OrderedJson &parent = document.at(path.parent_pointer());
        if (parent.is_array())
            parent.erase(std::stoul(path.back()));
        else
            parent.erase(path.back());
    } else {
        document[path] = OrderedJson::parse(valueJson.toStdString());
    }
    return document;
}

} // namespace

class SchemaValidatorTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void bundledSchemaLoads();
    void seedHasNoSchemaProblem();

    void violationIsReportedAtItsPointer_data();
    void violationIsReportedAtItsPointer();
    void acceptedVariants_data();
    void acceptedVariants();

    void plainMessages_data();
    void plainMessages();
    void constraintMessages_data();
    void constraintMessages();
    void keepsOnlyTheMostSpecificFinding();
    void reportsIndependentFindingsAtNestedPointers_data();
    void reportsIndependentFindingsAtNestedPointers();

    void unusableSchemaText_data();
    void unusableSchemaText();
    void customSchemaIsUsed();

    void megabyteStrings_data();
    void megabyteStrings();

    void manyFindingsAreCapped_data();
    void manyFindingsAreCapped();

private:
    OrderedJson m_seed;
};

void SchemaValidatorTest::initTestCase()
{
    m_seed = seedDocument();
    QVERIFY2(m_seed.is_object(), "tests/data/seed.json could not be read as a JSON object");
}

void SchemaValidatorTest::bundledSchemaLoads()
{
    const QByteArray text = SchemaValidator::bundledSchemaText();
    QVERIFY2(!text.isEmpty(), "the schema resource :/schema/record.schema.json is missing or empty");
    const SchemaValidator validator;
    QVERIFY2(validator.isValid(), qPrintable(validator.errorMessage()));
    QVERIFY(validator.errorMessage().isEmpty());
}

void SchemaValidatorTest::seedHasNoSchemaProblem()
{
    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(m_seed);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("the seed record has schema problems:\n") + describe(problems)));
}

void SchemaValidatorTest::violationIsReportedAtItsPointer_data()
{
    QTest::addColumn<QString>("pointer");     // what to change in the seed
    QTest::addColumn<QByteArray>("value");    // new value as JSON; empty: remove
    QTest::addColumn<QString>("expected");    // where the finding must be
    QTest::addColumn<QString>("messagePart"); // what the message must mention

    // Required properties: reported on the object that lacks them (the root).
    for (const char *key : {"id", "signature", "regex", "domain", "category"})
        QTest::addRow("missing %s", key) << QStringLiteral("/%1").arg(QLatin1String(key)) << QByteArray() << QString()
                                         << QStringLiteral("%1: required").arg(QLatin1String(key));

    QTest::newRow("empty signature") << "/signature" << QByteArray(R"("")") << "/signature"
                                     << "at least 1 character";
    QTest::newRow("id not a string") << "/id" << QByteArray("5") << "/id"
                                     << "must be a";
    QTest::newRow("regex not a string") << "/regex" << QByteArray("[]") << "/regex"
                                        << "must be a";
    QTest::newRow("confidence as text") << "/confidence" << QByteArray(R"("high")") << "/confidence"
                                        << "must be a";
    QTest::newRow("confidence above 1") << "/confidence" << QByteArray("1.5") << "/confidence"
                                        << "must be at most 1";
    QTest::newRow("confidence below 0") << "/confidence" << QByteArray("-0.1") << "/confidence"
                                        << "must be at least 0";
    QTest::newRow("fix_success_rate above 1") << "/fix_success_rate" << QByteArray("2") << "/fix_success_rate"
                                              << "must be at most 1";
    QTest::newRow("tags a number") << "/tags" << QByteArray("5") << "/tags"
                                   << "must be a";
    QTest::newRow("tags with a number item") << "/tags" << QByteArray(R"(["a", 3])") << "/tags/1"
                                             << "must be a";
    QTest::newRow("aliases with a null item") << "/aliases" << QByteArray(R"(["a", "b", null])") << "/aliases/2"
                                              << "must be a";
    QTest::newRow("evidence_count negative") << "/evidence_count" << QByteArray("-1") << "/evidence_count"
                                             << "must be at least 0";
    QTest::newRow("evidence_count fractional") << "/evidence_count" << QByteArray("2.5") << "/evidence_count"
                                               << "must be a";
    QTest::newRow("evidence_count as text") << "/evidence_count" << QByteArray(R"("3")") << "/evidence_count"
                                            << "must be a";
    QTest::newRow("resolvable a boolean") << "/resolvable" << QByteArray("true") << "/resolvable"
                                          << "must be a";
    QTest::newRow("resolvable unknown") << "/resolvable" << QByteArray(R"("maybe")") << "/resolvable"
                                        << "must be one of";
    QTest::newRow("verification_tier a number") << "/verification_tier" << QByteArray("2") << "/verification_tier"
                                                << "must be a";
    QTest::newRow("verification_tier auto_generated")
        << "/verification_tier" << QByteArray(R"("auto_generated")") << "/verification_tier"
        << "must be one of";
    QTest::newRow("subcategory a number") << "/subcategory" << QByteArray("3") << "/subcategory"
                                          << "must be a";
    QTest::newRow("official_doc_url a number") << "/official_doc_url" << QByteArray("3") << "/official_doc_url"
                                               << "must be a";
    QTest::newRow("dead end fail_rate 1.5") << "/dead_ends/1/fail_rate" << QByteArray("1.5") << "/dead_ends/1/fail_rate"
                                            << "must be at most 1";
    QTest::newRow("dead end without action") << "/dead_ends/0/action" << QByteArray() << "/dead_ends/0"
                                             << "dead_ends/0/action: required";
    QTest::newRow("dead end empty why_fails")
        << "/dead_ends/1/why_fails" << QByteArray(R"("")") << "/dead_ends/1/why_fails"
        << "at least 1 character";
    QTest::newRow("dead end source a number") << "/dead_ends/0/sources" << QByteArray("[1]") << "/dead_ends/0/sources/0"
                                              << "must be a";
    QTest::newRow("dead ends an object") << "/dead_ends" << QByteArray("{}") << "/dead_ends"
                                         << "must be a";
    QTest::newRow("workaround without success_rate")
        << "/workarounds/2/success_rate" << QByteArray() << "/workarounds/2"
        << "workarounds/2/success_rate: required";
    QTest::newRow("workaround success_rate negative")
        << "/workarounds/0/success_rate" << QByteArray("-1") << "/workarounds/0/success_rate"
        << "must be at least 0";
    QTest::newRow("workarounds_zh item a number") << "/workarounds_zh/1" << QByteArray("7") << "/workarounds_zh/1"
                                                  << "must be a";
    QTest::newRow("link object without error_id")
        << "/transition_graph/leads_to" << QByteArray(R"([{"probability": 0.5}])") << "/transition_graph/leads_to/0"
        << "leads_to/0/error_id: required";
    QTest::newRow("empty bare link") << "/transition_graph/leads_to" << QByteArray(R"([""])")
                                     << "/transition_graph/leads_to/0"
                                     << "at least 1 character";
    QTest::newRow("link with empty error_id") << "/transition_graph/preceded_by" << QByteArray(R"([{"error_id": ""}])")
                                              << "/transition_graph/preceded_by/0/error_id"
                                              << "at least 1 character";
    QTest::newRow("link a number") << "/transition_graph/preceded_by" << QByteArray("[7]")
                                   << "/transition_graph/preceded_by/0"
                                   << "must be a";
    QTest::newRow("link probability above 1")
        << "/transition_graph/leads_to" << QByteArray(R"([{"error_id": "pytorch/x", "probability": 1.01}])")
        << "/transition_graph/leads_to/0/probability"
        << "must be at most 1";
    QTest::newRow("confused-with link without error_id")
        << "/transition_graph/frequently_confused_with" << QByteArray(R"(["pytorch/a", {"distinction": "x"}])")
        << "/transition_graph/frequently_confused_with/1"
        << "frequently_confused_with/1/error_id: required";
    QTest::newRow("transition_graph an array") << "/transition_graph" << QByteArray("[]") << "/transition_graph"
                                               << "must be a";
    QTest::newRow("version entry without version") << "/versions/1/version" << QByteArray() << "/versions/1"
                                                   << "versions/1/version: required";
    QTest::newRow("version status unknown")
        << "/versions/0/status" << QByteArray(R"("retired")") << "/versions/0/status"
        << "must be one of";
    QTest::newRow("version introduced a number")
        << "/versions/0/introduced" << QByteArray("2") << "/versions/0/introduced"
        << "must be a";
    QTest::newRow("os_specific value a number")
        << "/os_specific" << QByteArray(R"({"linux": "ok", "windows": 5})") << "/os_specific/windows"
        << "must be a";
    QTest::newRow("os_specific key with slash")
        << "/os_specific" << QByteArray(R"({"gnu/linux~x": null})") << "/os_specific/gnu~1linux~0x"
        << "must be a";
}

void SchemaValidatorTest::violationIsReportedAtItsPointer()
{
    QFETCH(QString, pointer);
    QFETCH(QByteArray, value);
    QFETCH(QString, expected);
    QFETCH(QString, messagePart);

    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(mutated(m_seed, pointer, value));
    const QString found = describe(problems);
    QVERIFY2(!problems.isEmpty(),
             qPrintable(QStringLiteral("no schema problem reported for the change at ") + pointer));
    for (const Problem &problem : problems) {
        QVERIFY2(problem.severity == Problem::Error, qPrintable(QStringLiteral("not an error:\n") + found));
        QCOMPARE(problem.rule, QStringLiteral("schema"));
        QVERIFY2(problem.pointer == expected,
                 qPrintable(QStringLiteral("expected every finding at \"%1\", found:\n%2").arg(expected, found)));
        QVERIFY2(!problem.message.contains(QLatin1String("failed to validate"), Qt::CaseInsensitive),
                 qPrintable(QStringLiteral("a summary finding was kept:\n") + found));
        QVERIFY2(
            problem.message.contains(messagePart, Qt::CaseInsensitive),
            qPrintable(QStringLiteral("expected a message mentioning \"%1\", found:\n%2").arg(messagePart, found)));
        QVERIFY2(problem.file.isEmpty() && problem.line == 0 && problem.column == 0,
                 "the schema validator must leave file, line and column to its caller");
    }
    QVERIFY2(problems.size() == 1, qPrintable(QStringLiteral("expected one finding, found:\n") + found));
}

void SchemaValidatorTest::acceptedVariants_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QByteArray>("value");

    QTest::newRow("bare link string") << "/transition_graph/leads_to" << QByteArray(R"(["pytorch/other"])");
    QTest::newRow("full link object")
        << "/transition_graph/preceded_by"
        << QByteArray(
               R"([{"error_id": "pytorch/a", "probability": 0.3, "condition": "c", "typical_delay": "minutes"}])");
    QTest::newRow("confused-with object") << "/transition_graph/frequently_confused_with"
                                          << QByteArray(R"([{"error_id": "node/a", "distinction": "d"}, "git/b"])");
    QTest::newRow("unknown key at the root") << "/x_custom" << QByteArray(R"({"any": [1, 2]})");
    QTest::newRow("unknown key in a dead end") << "/dead_ends/0/common_misconception" << QByteArray("true");
    QTest::newRow("unknown key in the graph") << "/transition_graph/causes" << QByteArray("[1]");
    QTest::newRow("duplicate tags") << "/tags" << QByteArray(R"(["a", "a"])");
    QTest::newRow("unknown root_cause_type") << "/root_cause_type" << QByteArray(R"("cosmic_rays")");
    QTest::newRow("malformed date") << "/first_seen" << QByteArray(R"("yesterday")");
    QTest::newRow("non-http URL") << "/official_doc_url" << QByteArray(R"("ftp://example.com")");
    QTest::newRow("official_doc_url null") << "/official_doc_url" << QByteArray("null");
    QTest::newRow("subcategory text") << "/subcategory" << QByteArray(R"("loss")");
    QTest::newRow("rates at the bounds") << "/dead_ends/0/fail_rate" << QByteArray("0");
    QTest::newRow("confidence exactly 1") << "/confidence" << QByteArray("1");
    QTest::newRow("evidence_count 0") << "/evidence_count" << QByteArray("0");
    QTest::newRow("os_specific notes") << "/os_specific" << QByteArray(R"({"linux": "a", "windows": ""})");
    QTest::newRow("version with nulls only") << "/versions" << QByteArray(R"([{"version": "torch>=2"}])");
    QTest::newRow("optional fields removed") << "/dead_ends" << QByteArray();
    QTest::newRow("id at 200 characters") << "/id" << QByteArray("\"pytorch/" + QByteArray(192, 'a') + "\"");
}

void SchemaValidatorTest::acceptedVariants()
{
    QFETCH(QString, pointer);
    QFETCH(QByteArray, value);
    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(mutated(m_seed, pointer, value));
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("expected no schema problem, found:\n") + describe(problems)));
}

// Each finding in plain words: the field, what the schema expects there
// and what the record holds, never valijson's own text.
void SchemaValidatorTest::plainMessages_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("message");

    QTest::newRow("maximum") << "/dead_ends/0/fail_rate" << QByteArray("1.5")
                             << "dead_ends/0/fail_rate: must be at most 1; found 1.5";
    QTest::newRow("minimum") << "/confidence" << QByteArray("-0.25") << "confidence: must be at least 0; found -0.25";
    QTest::newRow("integer minimum") << "/evidence_count" << QByteArray("-3")
                                     << "evidence_count: must be at least 0; found -3";
    QTest::newRow("number for a string") << "/root_cause_type" << QByteArray("3")
                                         << "root_cause_type: must be a string; found a number (3)";
    QTest::newRow("fraction for a whole number")
        << "/evidence_count" << QByteArray("2.5") << "evidence_count: must be a whole number; found a number (2.5)";
    QTest::newRow("boolean for a string")
        << "/resolvable" << QByteArray("true") << "resolvable: must be a string; found a boolean (true)";
    QTest::newRow("string for a number") << "/confidence" << QByteArray(R"("high")")
                                         << "confidence: must be a number; found a string (\"high\")";
    QTest::newRow("object for an array") << "/dead_ends" << QByteArray("{}")
                                         << "dead_ends: must be an array; found an object";
    QTest::newRow("array for an object") << "/transition_graph" << QByteArray("[1, 2]")
                                         << "transition_graph: must be an object; found an array of 2 items";
    QTest::newRow("string or null") << "/subcategory" << QByteArray("[]")
                                    << "subcategory: must be a string or null; found an array of 0 items";
    QTest::newRow("string or object")
        << "/transition_graph/leads_to" << QByteArray("[7]")
        << "transition_graph/leads_to/0: must be a string or an object; found a number (7)";
    QTest::newRow("enum") << "/resolvable" << QByteArray(R"("urgent")")
                          << "resolvable: must be one of: true, partial, false; found \"urgent\"";
    QTest::newRow("enum in an item") << "/versions/0/status" << QByteArray(R"("retired")")
                                     << "versions/0/status: must be one of: active, deprecated, removed, fixed; "
                                        "found \"retired\"";
    QTest::newRow("required at the root") << "/signature" << QByteArray() << "signature: required field is missing";
    QTest::newRow("required in an item") << "/dead_ends/0/why_fails" << QByteArray()
                                         << "dead_ends/0/why_fails: required field is missing";
    QTest::newRow("minLength") << "/signature" << QByteArray(R"("")")
                               << "signature: must be at least 1 character long; found an empty string";
    QTest::newRow("maxLength") << "/id" << QByteArray("\"pytorch/" + QByteArray(192, 'a') + "é\"")
                               << "id: must be at most 200 characters long; found 201 characters";
    QTest::newRow("key with a slash") << "/os_specific" << QByteArray(R"({"gnu/linux": 5})")
                                      << "os_specific/gnu/linux: must be a string; found a number (5)";
}

void SchemaValidatorTest::plainMessages()
{
    QFETCH(QString, pointer);
    QFETCH(QByteArray, value);
    QFETCH(QString, message);
    const QList<Problem> problems = SchemaValidator().validate(mutated(m_seed, pointer, value));
    QVERIFY2(problems.size() == 1, qPrintable(QStringLiteral("expected one finding, found:\n") + describe(problems)));
    QCOMPARE(problems.first().message, message);
}

// The constraints the record schema does not use, in a schema of a test's
// own: each gets words of its own, with its bound as the schema writes it.
void SchemaValidatorTest::constraintMessages_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("message");

    QTest::newRow("exclusiveMaximum") << QByteArray(R"({"below": 0.5})") << "/below"
                                      << "below: must be less than 0.5; found 0.5";
    QTest::newRow("exclusiveMinimum") << QByteArray(R"({"above": 2})") << "/above"
                                      << "above: must be greater than 2; found 2";
    QTest::newRow("multipleOf") << QByteArray(R"({"step": 7})") << "/step"
                                << "step: must be a multiple of 5; found 7";
    QTest::newRow("pattern") << QByteArray(R"({"code": "e12"})") << "/code"
                             << "code: must match the pattern ^E[0-9]+$; found \"e12\"";
    QTest::newRow("format") << QByteArray(R"({"day": "yesterday"})") << "/day"
                            << "day: must be a date (YYYY-MM-DD); found \"yesterday\"";
    QTest::newRow("minItems") << QByteArray(R"({"list": []})") << "/list"
                              << "list: must have at least 1 item; found 0 items";
    QTest::newRow("maxItems") << QByteArray(R"({"list": [1, 2, 3, 4]})") << "/list"
                              << "list: must have at most 3 items; found 4 items";
    QTest::newRow("uniqueItems") << QByteArray(R"({"list": [1, 2, 1]})") << "/list"
                                 << "list: items must all be different; list/2 repeats list/0";
    QTest::newRow("additionalProperties") << QByteArray(R"({"strict": {"known": 1, "stray": 2}})") << "/strict"
                                          << "strict/stray: field not allowed here";
    QTest::newRow("minProperties") << QByteArray(R"({"strict": {}})") << "/strict"
                                   << "strict: must have at least 1 field; found 0 fields";
    QTest::newRow("maxProperties") << QByteArray(R"({"map": {"a": 1, "b": 2, "c": 3}})") << "/map"
                                   << "map: must have at most 2 fields; found 3 fields";
    QTest::newRow("const") << QByteArray(R"({"version": 2})") << "/version"
                           << "version: must be 1; found 2";
    QTest::newRow("boolean") << QByteArray(R"({"flag": "yes"})") << "/flag"
                             << "flag: must be a boolean; found a string (\"yes\")";
    QTest::newRow("long string cut")
        << QByteArray("{\"code\": \"" + QByteArray(100, 'x') + "\"}") << "/code"
        << QStringLiteral("code: must match the pattern ^E[0-9]+$; found \"%1…\"").arg(QString(60, QLatin1Char('x')));
    QTest::newRow("root") << QByteArray("[]") << ""
                          << "the record: must be an object; found an array of 0 items";
}

void SchemaValidatorTest::constraintMessages()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, pointer);
    QFETCH(QString, message);
    const SchemaValidator validator(QByteArrayLiteral(R"({
        "type": "object",
        "definitions": {"small": {"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true}},
        "properties": {
            "below": {"type": "number", "exclusiveMaximum": 0.5},
            "above": {"type": "integer", "exclusiveMinimum": 2},
            "step": {"type": "integer", "multipleOf": 5},
            "code": {"type": "string", "pattern": "^E[0-9]+$"},
            "day": {"type": "string", "format": "date"},
            "list": {"$ref": "#/definitions/small"},
            "strict": {"type": "object", "properties": {"known": {}}, "additionalProperties": false,
                       "minProperties": 1},
            "map": {"type": "object", "maxProperties": 2},
            "version": {"const": 1},
            "flag": {"type": "boolean"}
        }
    })"));
    QVERIFY2(validator.isValid(), qPrintable(validator.errorMessage()));
    const QList<Problem> problems = validator.validate(OrderedJson::parse(document.toStdString()));
    QVERIFY2(problems.size() == 1, qPrintable(QStringLiteral("expected one finding, found:\n") + describe(problems)));
    QCOMPARE(problems.first().pointer, pointer);
    QCOMPARE(problems.first().message, message);
}

void SchemaValidatorTest::keepsOnlyTheMostSpecificFinding()
{
    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(
        mutated(m_seed, QStringLiteral("/dead_ends/1/fail_rate"), "1.5"));
    const QString found = describe(problems);
    QVERIFY2(problems.size() == 1, qPrintable(QStringLiteral("expected exactly one finding, found:\n") + found));
    QCOMPARE(problems.first().pointer, QStringLiteral("/dead_ends/1/fail_rate"));
    for (const QString &summaryPlace : {QString(), QStringLiteral("/dead_ends"), QStringLiteral("/dead_ends/1")})
        QVERIFY2(!pointersOf(problems).contains(summaryPlace),
                 qPrintable(QStringLiteral("a summary was kept at \"%1\":\n%2").arg(summaryPlace, found)));
    QCOMPARE(problems.first().message, QStringLiteral("dead_ends/1/fail_rate: must be at most 1; found 1.5"));
}

// Two unrelated failures, one at a pointer that is an ancestor of the other,
// are both real: neither may hide the other.
void SchemaValidatorTest::reportsIndependentFindingsAtNestedPointers_data()
{
    QTest::addColumn<QStringList>("pointers");
    QTest::addColumn<QList<QByteArray>>("values");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("missing id and bad confidence")
        << QStringList{QStringLiteral("/id"), QStringLiteral("/confidence")} << QList<QByteArray>{{}, R"("high")"}
        << QStringList{QString(), QStringLiteral("/confidence")};
    QTest::newRow("dead end without action and bad fail_rate")
        << QStringList{QStringLiteral("/dead_ends/0/action"), QStringLiteral("/dead_ends/0/fail_rate")}
        << QList<QByteArray>{{}, "1.5"}
        << QStringList{QStringLiteral("/dead_ends/0"), QStringLiteral("/dead_ends/0/fail_rate")};
    QTest::newRow("two siblings") << QStringList{QStringLiteral("/tags"), QStringLiteral("/evidence_count")}
                                  << QList<QByteArray>{R"([1, "b", 2])", "-1"}
                                  << QStringList{QStringLiteral("/evidence_count"), QStringLiteral("/tags/0"),
                                                 QStringLiteral("/tags/2")};
}

void SchemaValidatorTest::reportsIndependentFindingsAtNestedPointers()
{
    QFETCH(QStringList, pointers);
    QFETCH(QList<QByteArray>, values);
    QFETCH(QStringList, expected);
    QCOMPARE(pointers.size(), values.size());

    OrderedJson document = m_seed;
    for (int i = 0; i < pointers.size(); ++i)
        document = mutated(document, pointers.at(i), values.at(i));
    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(document);
    expected.sort();
    QVERIFY2(pointersOf(problems) == expected,
             qPrintable(QStringLiteral("expected findings at \"%1\", found:\n%2")
                            .arg(expected.join(QStringLiteral("\", \"")), describe(problems))));
}

void SchemaValidatorTest::unusableSchemaText_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("truncated JSON") << QByteArray(R"({"type": "object", "required": [)");
    QTest::newRow("not JSON at all") << QByteArray("this is not a schema");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("type of the wrong kind") << QByteArray(R"({"type": 5})");
}

void SchemaValidatorTest::unusableSchemaText()
{
    QFETCH(QByteArray, text);
    const SchemaValidator validator(text);
    QVERIFY2(!validator.isValid(), "an unusable schema text was accepted");
    QVERIFY2(!validator.errorMessage().isEmpty(), "no message tells why the schema cannot be used");

    const QList<Problem> problems = validator.validate(m_seed);
    QVERIFY2(problems.size() == 1, qPrintable(QStringLiteral("expected one problem, found:\n") + describe(problems)));
    QCOMPARE(problems.first().severity, Problem::Error);
    QCOMPARE(problems.first().rule, QStringLiteral("schema"));
    QVERIFY(!problems.first().message.isEmpty());
    QCOMPARE(problems.first().message, validator.errorMessage());
}

void SchemaValidatorTest::customSchemaIsUsed()
{
    const SchemaValidator validator(QByteArrayLiteral(R"({"type": "object", "required": ["nothing_has_this"]})"));
    QVERIFY2(validator.isValid(), qPrintable(validator.errorMessage()));
    const QList<Problem> problems = validator.validate(m_seed);
    QVERIFY2(problems.size() == 1 && problems.first().pointer.isEmpty()
                 && problems.first().message.contains(QLatin1String("nothing_has_this")),
             qPrintable(QStringLiteral("expected the custom schema's one finding, found:\n") + describe(problems)));
    QVERIFY(SchemaValidator(QByteArrayLiteral("{}")).validate(m_seed).isEmpty());
}

void SchemaValidatorTest::megabyteStrings_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("signature") << "/signature" << QStringList();
    QTest::newRow("signature_zh") << "/signature_zh" << QStringList();
    QTest::newRow("id") << "/id" << QStringList{QStringLiteral("/id")};
    QTest::newRow("regex") << "/regex" << QStringList();
}

void SchemaValidatorTest::megabyteStrings()
{
    QFETCH(QString, pointer);
    QFETCH(QStringList, expected);
    OrderedJson document = m_seed;
    document[OrderedJson::json_pointer(pointer.toStdString())] = "pytorch/" + std::string(1024 * 1024, 'a');
    const SchemaValidator validator;
    const QList<Problem> problems = validator.validate(document);
    QVERIFY2(pointersOf(problems) == expected,
             qPrintable(QStringLiteral("expected findings at [%1], found:\n%2")
                            .arg(expected.join(QStringLiteral(", ")), describe(problems))));
    if (!problems.isEmpty())
        QVERIFY2(problems.first().message.contains(QLatin1String("200")),
                 qPrintable(QStringLiteral("the message should give the limit: ") + problems.first().message));
}

// A list of many broken items: the first 100 schema findings are kept and
// one more says how many were left out, counted as the findings kept are
// (a wrong type alone, without the enum finding at the same value). Past a
// few hundred errors valijson's list is no longer kept, only counted.
void SchemaValidatorTest::manyFindingsAreCapped_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QByteArray>("item");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("firstLeftOut");
    QTest::addColumn<int>("leftOut");

    const QByteArray badRate = R"({"action": "a", "why_fails": "b", "fail_rate": "x"})";
    QTest::newRow("150 wrong types: all kept by valijson")
        << QStringLiteral("dead_ends") << badRate << 150 << QStringLiteral("/dead_ends/100/fail_rate") << 50;
    QTest::newRow("2,000 wrong types: counted past valijson's limit")
        << QStringLiteral("dead_ends") << badRate << 2000 << QStringLiteral("/dead_ends/100/fail_rate") << 1900;
    QTest::newRow("2,000 items missing three fields")
        << QStringLiteral("dead_ends") << QByteArray("{}") << 2000 << QStringLiteral("/dead_ends/33") << 5900;
    QTest::newRow("2,000 statuses of the wrong type, not also out of the enum")
        << QStringLiteral("versions") << QByteArray(R"({"version": "v", "status": true})") << 2000
        << QStringLiteral("/versions/100/status") << 1900;
}

void SchemaValidatorTest::manyFindingsAreCapped()
{
    QFETCH(QString, list);
    QFETCH(QByteArray, item);
    QFETCH(int, count);
    QFETCH(QString, firstLeftOut);
    QFETCH(int, leftOut);

    OrderedJson document = m_seed;
    OrderedJson &items = document[list.toStdString()];
    items = OrderedJson::array();
    for (int i = 0; i < count; ++i)
        items.push_back(OrderedJson::parse(item.toStdString()));
    const QList<Problem> problems = SchemaValidator().validate(document);
    QCOMPARE(problems.size(), FindingCap::MaxPerRule + 1);
    for (int i = 0; i < FindingCap::MaxPerRule; ++i)
        QCOMPARE(problems.at(i).rule, QStringLiteral("schema"));
    const Problem &more = problems.last();
    QCOMPARE(more.rule, FindingCap::moreRule());
    QCOMPARE(more.severity, Problem::Error);
    QCOMPARE(more.pointer, firstLeftOut);
    const QString expected = QStringLiteral("… and %1 more findings of rule schema in this file")
                                 .arg(QLocale(QLocale::English).toString(leftOut));
    QVERIFY2(more.message.startsWith(expected), qPrintable(more.message + QStringLiteral("\n  expected: ") + expected));
}

QTEST_GUILESS_MAIN(SchemaValidatorTest)
#include "SchemaValidatorTest.moc"
