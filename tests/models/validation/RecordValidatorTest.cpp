// RecordValidator: schema and rule findings together, placed in the text
// (file, line, column in characters) and sorted; the seed record and the
// bundled sample KB give exactly the findings their documents announce.

#include "models/validation/RecordValidator.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/FindingCap.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <utility>

using namespace Errata;
using namespace Errata::TestSupport;

// Declared before any string literal holding "//": moc's lexer is simple.
class RecordValidatorTest : public QObject
{
    Q_OBJECT

private slots:
    void todayIsKept();
    void seedGivesTheDocumentedFindings();
    void seedFindingsArePlacedInTheText();
    void positionsOfEveryFinding_data();
    void positionsOfEveryFinding();
    void columnsCountCharacters();
    void modifiedRecordIsPlacedInTheTextToWrite();
    void missingFieldFallsBackToTheClosestAncestor();
    void keysWithSlashOrTildeArePlaced();
    void sortedByLineThenSeverity();
    void schemaAndRuleFindingsTogether();
    void sampleKnowledgeBase();
    void ownFindingsGiveTheSameResult();
    void oneLineRecordWithManyFindings();
    void contextFindingsAreCappedToo();
};

namespace {

const QDate Today(2026, 12, 2);
const QString SeedPath = QStringLiteral(ERRATA_TEST_DATA "/seed.json");
const QString SampleKbPath = QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb");

QString summary(const Problem &problem)
{
    return QStringLiteral("%1 %2 [%3]").arg(Problem::severityName(problem.severity), problem.rule, problem.pointer);
}

QStringList summaries(const QList<Problem> &problems, Problem::Severity severity)
{
    QStringList list;
    for (const Problem &problem : problems) {
        if (problem.severity == severity)
            list << summary(problem);
    }
    list.sort();
    return list;
}

QString describe(const QList<Problem> &problems)
{
    if (problems.isEmpty())
        return QStringLiteral("  (no problems)");
    QStringList lines;
    for (const Problem &problem : problems)
        lines << QStringLiteral("  ") + problem.toText() + QStringLiteral(" {") + problem.rule + QLatin1Char('}');
    return lines.join(QLatin1Char('\n'));
}

QStringList list(std::initializer_list<const char *> items)
{
    QStringList result;
    for (const char *item : items)
        result << QString::fromUtf8(item);
    result.sort();
    return result;
}

// Line and column (1-based, column in characters) where `"key": ` is
// followed by its value, found by plain text search of the lines.
std::pair<int, int> valuePosition(const QString &text, const QString &key)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    const QString needle = QLatin1Char('"') + key + QStringLiteral("\": ");
    for (int i = 0; i < lines.size(); ++i) {
        const qsizetype at = lines.at(i).indexOf(needle);
        if (at >= 0)
            return {i + 1, int(at + needle.size()) + 1};
    }
    return {0, 0};
}

// The text from `line`:`column` (column in characters) to the end of that line.
QString textAt(const QString &text, int line, int column)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (line < 1 || line > lines.size() || column < 1)
        return QString();
    return lines.at(line - 1).mid(column - 1);
}

// Whether the text at a finding's place begins the value its pointer names.
bool startsWithValue(const QString &textThere, const OrderedJson &value)
{
    if (value.is_object())
        return textThere.startsWith(QLatin1Char('{'));
    if (value.is_array())
        return textThere.startsWith(QLatin1Char('['));
    const QString dumped = QString::fromStdString(value.dump());
    return textThere.startsWith(dumped.left(40));
}

// Empty when `problem` is placed at the value its pointer names (or, for
// something absent, at the closest ancestor) in `text`; else what is wrong.
QString misplacement(const Record &record, const QString &text, const Problem &problem)
{
    if (problem.line <= 0 || problem.column <= 0)
        return QStringLiteral("%1 has no line and column").arg(problem.toText());
    QString pointer = problem.pointer;
    while (!pointer.isEmpty() && !record.json().contains(OrderedJson::json_pointer(pointer.toStdString())))
        pointer.truncate(pointer.lastIndexOf(QLatin1Char('/')));
    const OrderedJson value = pointer.isEmpty() ? record.json() : record.value(pointer);
    const QString there = textAt(text, problem.line, problem.column);
    if (startsWithValue(there, value))
        return QString();
    return QStringLiteral("%1 points at \"%2\", not at the value of \"%3\"")
        .arg(problem.toText(), there.left(40), pointer);
}

Record loadRecord(const QString &path)
{
    Record record;
    Record::LoadError error;
    if (!record.load(path, &error))
        qWarning("cannot load %s: %s", qPrintable(path), qPrintable(error.message));
    return record;
}

} // namespace

void RecordValidatorTest::todayIsKept()
{
    QCOMPARE(RecordValidator(Today).today(), Today);
    QVERIFY(RecordValidator(Today).schema().isValid());
}

void RecordValidatorTest::seedGivesTheDocumentedFindings()
{
    const Record record = loadRecord(SeedPath);
    QVERIFY2(record.json().is_object() && !record.json().empty(), "tests/data/seed.json does not load");
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    const QString found = describe(problems);

    QVERIFY2(summaries(problems, Problem::Error).isEmpty(),
             qPrintable(QStringLiteral("the seed has errors:\n") + found));
    const QStringList warnings = list({"warning evidence-low [/evidence_count]",
                                       "warning untranslated [/workarounds_zh]", "warning stale [/last_confirmed]"});
    QVERIFY2(
        summaries(problems, Problem::Warning) == warnings,
        qPrintable(QStringLiteral("expected exactly the three warnings of the format document, found:\n") + found));
    // Everything else is info: the dead ends and workarounds cite no sources.
    const QStringList infos = list({"info no-sources [/dead_ends/0]", "info no-sources [/dead_ends/1]",
                                    "info no-sources [/workarounds/0]", "info no-sources [/workarounds/1]",
                                    "info no-sources [/workarounds/2]"});
    QVERIFY2(summaries(problems, Problem::Info) == infos, qPrintable(QStringLiteral("unexpected infos:\n") + found));
    QCOMPARE(problems.size(), warnings.size() + infos.size());

    // With a reference date a year earlier the seed is only aging, not stale.
    const QList<Problem> earlier = RecordValidator(QDate(2025, 3, 1)).validate(record);
    QVERIFY2(summaries(earlier, Problem::Warning)
                 == list({"warning evidence-low [/evidence_count]", "warning untranslated [/workarounds_zh]"}),
             qPrintable(describe(earlier)));
    QVERIFY2(summaries(earlier, Problem::Info).contains(QStringLiteral("info aging [/last_confirmed]")),
             qPrintable(describe(earlier)));
}

void RecordValidatorTest::seedFindingsArePlacedInTheText()
{
    const Record record = loadRecord(SeedPath);
    const QString text = QString::fromUtf8(readFile(SeedPath));
    QVERIFY(!text.isEmpty());
    const QList<Problem> problems = RecordValidator(Today).validate(record);

    for (const char *key : {"evidence_count", "last_confirmed", "workarounds_zh"}) {
        const QString pointer = QLatin1Char('/') + QString::fromUtf8(key);
        const auto [line, column] = valuePosition(text, QString::fromUtf8(key));
        QVERIFY2(line > 0, key);
        bool found = false;
        for (const Problem &problem : problems) {
            if (problem.pointer != pointer)
                continue;
            found = true;
            QVERIFY2(problem.line == line && problem.column == column,
                     qPrintable(QStringLiteral("%1 should be at %2:%3, is at %4:%5")
                                    .arg(pointer)
                                    .arg(line)
                                    .arg(column)
                                    .arg(problem.line)
                                    .arg(problem.column)));
        }
        QVERIFY2(found,
                 qPrintable(QStringLiteral("no finding at ") + pointer + QLatin1Char('\n') + describe(problems)));
    }
    // The seed's evidence_count is on line 90, its value in column 21.
    for (const Problem &problem : problems) {
        if (problem.pointer == QLatin1String("/evidence_count")) {
            QCOMPARE(problem.line, 90);
            QCOMPARE(problem.column, 21);
            QVERIFY2(problem.toText().startsWith(SeedPath + QStringLiteral(":90:21: warning: ")),
                     qPrintable(problem.toText()));
        }
    }
}

void RecordValidatorTest::positionsOfEveryFinding_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("seed") << SeedPath;
    for (const char *name : {"git/permission-denied-publickey", "kubernetes/pending-insufficient-resources",
                             "python/unicode-decode-error"})
        QTest::newRow(name) << SampleKbPath + QLatin1Char('/') + QString::fromUtf8(name) + QStringLiteral(".json");
}

void RecordValidatorTest::positionsOfEveryFinding()
{
    QFETCH(QString, path);
    const Record record = loadRecord(path);
    QVERIFY2(!record.json().empty(), qPrintable(path));
    const QString text = QString::fromUtf8(readFile(path));
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    QVERIFY2(!problems.isEmpty(), "each of these records has findings");
    for (const Problem &problem : problems) {
        QCOMPARE(problem.file, path);
        const QString wrong = misplacement(record, text, problem);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }
}

void RecordValidatorTest::columnsCountCharacters()
{
    QTemporaryDir dir;
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("demo/cjk.json"));
    // Three lines; the warning's value is on the last one, after 10 Chinese
    // characters (3 bytes each in UTF-8).
    const QByteArray bytes = "{\"id\": \"demo/cjk\",\n"
                             "  \"signature\": \"DemoError: x\", \"regex\": \"DemoError\", \"domain\": \"demo\",\n"
                             "  \"category\": \"c\", \"signature_zh\": \"演示错误：小部件坏了\", \"confidence\": 0.9, "
                             "\"evidence_count\": 1}\n";
    QVERIFY(writeFile(path, bytes));
    const Record record = loadRecord(path);
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    QVERIFY2(problems.size() == 1 && problems.first().rule == QLatin1String("evidence-low"),
             qPrintable(QStringLiteral("expected one evidence-low warning:\n") + describe(problems)));

    const QString text = QString::fromUtf8(bytes);
    const auto [line, column] = valuePosition(text, QStringLiteral("evidence_count"));
    QCOMPARE(line, 3);
    const QByteArray lastLine = bytes.split('\n').at(2);
    const int byteColumn = int(lastLine.indexOf("\"evidence_count\": ") + 18) + 1;
    QVERIFY2(byteColumn == column + 20, "the test line should hold 10 three-byte characters before the value");
    QCOMPARE(problems.first().line, 3);
    QCOMPARE(problems.first().column, column);
}

void RecordValidatorTest::modifiedRecordIsPlacedInTheTextToWrite()
{
    Record record = loadRecord(SeedPath);
    record.setValue(QStringLiteral("/confidence"), 0.95);
    record.removeValue(QStringLiteral("/subcategory"));
    record.removeValue(QStringLiteral("/root_cause_type"));
    QVERIFY(record.isModified());
    const QString written = QString::fromUtf8(record.textToWrite());
    const auto [line, column] = valuePosition(written, QStringLiteral("evidence_count"));
    const auto [seedLine, seedColumn] = valuePosition(QString::fromUtf8(readFile(SeedPath)),
                                                      QStringLiteral("evidence_count"));
    QCOMPARE(line, seedLine - 2); // two lines fewer above it
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    bool found = false;
    for (const Problem &problem : problems) {
        if (problem.pointer == QLatin1String("/evidence_count")) {
            found = true;
            QCOMPARE(problem.line, line);
            QCOMPARE(problem.column, column);
        }
    }
    QVERIFY2(found, qPrintable(describe(problems)));
    Q_UNUSED(seedColumn);
}

void RecordValidatorTest::missingFieldFallsBackToTheClosestAncestor()
{
    Record record = loadRecord(SeedPath);
    record.removeValue(QStringLiteral("/signature_zh"));
    record.removeValue(QStringLiteral("/dead_ends/1/fail_rate"));
    const QString written = QString::fromUtf8(record.textToWrite());
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    bool zhMissing = false;
    bool schemaRequired = false;
    for (const Problem &problem : problems) {
        if (problem.pointer == QLatin1String("/signature_zh")) {
            zhMissing = true;
            QCOMPARE(problem.line, 1); // not in the text: the whole document
            QCOMPARE(problem.column, 1);
        }
        if (problem.pointer == QLatin1String("/dead_ends/1") && problem.rule == QLatin1String("schema")) {
            schemaRequired = true;
            QCOMPARE(problem.severity, Problem::Error);
            QVERIFY2(textAt(written, problem.line, problem.column).startsWith(QLatin1Char('{')),
                     qPrintable(problem.toText()));
        }
    }
    QVERIFY2(zhMissing && schemaRequired, qPrintable(describe(problems)));
}

// JSON pointers escape "/" as "~1" and "~" as "~0"; findings about such keys
// must still land on their line, not at the start of the document.
void RecordValidatorTest::keysWithSlashOrTildeArePlaced()
{
    QTemporaryDir dir;
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("demo/escaped.json"));
    const QByteArray bytes =
        "{\"id\": \"demo/escaped\", \"signature\": \"DemoError: x\", \"signature_zh\": \"演示错误\",\n"
        "  \"regex\": \"DemoError\", \"domain\": \"demo\", \"category\": \"c\",\n"
        "  \"os_specific\": {\"gnu/linux\": 5},\n"
        "  \"x/y~z\": true}\n";
    QVERIFY(writeFile(path, bytes));
    const Record record = loadRecord(path);
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    const QString text = QString::fromUtf8(bytes);
    QStringList found;
    for (const Problem &problem : problems)
        found
            << QStringLiteral("%1:%2 %3 [%4]").arg(problem.line).arg(problem.column).arg(problem.rule, problem.pointer);
    const QStringList expected = {QStringLiteral("3:32 schema [/os_specific/gnu~1linux]"),
                                  QStringLiteral("4:12 unknown-key [/x~1y~0z]")};
    QVERIFY2(found == expected,
             qPrintable(QStringLiteral("expected:\n  ") + expected.join(QStringLiteral("\n  "))
                        + QStringLiteral("\nfound:\n") + describe(problems)));
    for (const Problem &problem : problems) {
        const QString wrong = misplacement(record, text, problem);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }
}

void RecordValidatorTest::sortedByLineThenSeverity()
{
    QTemporaryDir dir;
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("demo/sorted.json"));
    // Line 1 holds errors (domain, id), warnings (evidence, self-link) and an
    // info (signature_zh missing, placed at the document's start), found in
    // the order warning, info, warning; line 2 a warning and an info; line 3
    // an error.
    const QByteArray bytes =
        "{\"id\": \"demo/sorted\", \"domain\": \"de mo\", \"evidence_count\": 1, \"confidence\": 0.9, "
        "\"transition_graph\": {\"leads_to\": [\"demo/sorted\"]},\n"
        "  \"signature\": \"DemoError: x\", \"regex\": \"Other\", \"category\": \"c\", \"x_note\": 1,\n"
        "  \"first_seen\": \"2026-11-05\", \"last_confirmed\": \"2026-11-01\"}\n";
    QVERIFY(writeFile(path, bytes));
    const QList<Problem> problems = RecordValidator(Today).validate(loadRecord(path));
    const QString found = describe(problems);
    QVERIFY2(problems.size() >= 5, qPrintable(found));
    for (int i = 1; i < problems.size(); ++i) {
        const Problem &a = problems.at(i - 1);
        const Problem &b = problems.at(i);
        QVERIFY2(a.line < b.line || (a.line == b.line && a.severity <= b.severity),
                 qPrintable(QStringLiteral("not sorted by line, then severity:\n") + found));
    }
    QStringList order;
    for (const Problem &problem : problems)
        order
            << QStringLiteral("%1:%2 %3").arg(problem.line).arg(problem.rule, Problem::severityName(problem.severity));
    const QStringList expected = {QStringLiteral("1:id-domain error"),      QStringLiteral("1:domain-syntax error"),
                                  QStringLiteral("1:evidence-low warning"), QStringLiteral("1:link-self warning"),
                                  QStringLiteral("1:zh-missing info"),      QStringLiteral("2:regex-signature warning"),
                                  QStringLiteral("2:unknown-key info"),     QStringLiteral("3:date-order error")};
    QVERIFY2(order == expected,
             qPrintable(QStringLiteral("expected, in this order:\n  ") + expected.join(QStringLiteral("\n  "))
                        + QStringLiteral("\nfound:\n") + found));
}

void RecordValidatorTest::schemaAndRuleFindingsTogether()
{
    Record record = loadRecord(SeedPath);
    record.setValue(QStringLiteral("/confidence"), "high");
    record.setValue(QStringLiteral("/regex"), "(?<=x)y");
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    const QStringList errors = summaries(problems, Problem::Error);
    QVERIFY2(errors == list({"error schema [/confidence]", "error regex-compile [/regex]"}),
             qPrintable(QStringLiteral("expected a schema error and a rule error:\n") + describe(problems)));
    for (const Problem &problem : problems)
        QCOMPARE(problem.file, SeedPath);
}

void RecordValidatorTest::sampleKnowledgeBase()
{
    QVERIFY2(QFileInfo(SampleKbPath).isDir(), qPrintable(SampleKbPath));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(SampleKbPath));
    QVERIFY2(kb.loadProblems().isEmpty(), qPrintable(describe(kb.loadProblems())));
    QCOMPARE(kb.count(), 24);
    QVERIFY(RecordValidator(Today).validateAll(kb));

    const Record *noSpace = kb.find(QStringLiteral("docker/no-space-left-on-device"));
    QVERIFY(noSpace);
    int dangling = -1;
    const QList<Link> leadsTo = noSpace->links(Link::LeadsTo);
    for (int i = 0; i < leadsTo.size(); ++i) {
        if (leadsTo.at(i).targetId == QLatin1String("docker/overlay-storage-full"))
            dangling = i;
    }
    QVERIFY2(dangling >= 0, "docker/no-space-left-on-device no longer links to docker/overlay-storage-full");

    // README.md, "Deliberate warnings" (the seed's three included).
    QStringList expected = list({"pytorch/nan-loss-step warning evidence-low [/evidence_count]",
                                 "pytorch/nan-loss-step warning untranslated [/workarounds_zh]",
                                 "pytorch/nan-loss-step warning stale [/last_confirmed]",
                                 "git/permission-denied-publickey warning regex-signature [/regex]",
                                 "python/unicode-decode-error warning stale [/last_confirmed]",
                                 "kubernetes/pending-insufficient-resources warning zh-count [/workarounds_zh]"});
    expected << QStringLiteral("docker/no-space-left-on-device warning link-dangling [/transition_graph/leads_to/%1]")
                    .arg(dangling);
    expected.sort();

    QStringList errorsAndWarnings;
    QStringList infos;
    QList<Problem> all;
    for (int i = 0; i < kb.count(); ++i) {
        const Record &record = *kb.recordAt(i);
        const QList<Problem> problems = kb.problems(&record);
        all += problems;
        for (const Problem &problem : problems) {
            QCOMPARE(problem.file, record.filePath());
            const QString wrong = misplacement(record, QString::fromUtf8(readFile(record.filePath())), problem);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
            const QString entry = record.id() + QLatin1Char(' ') + summary(problem);
            (problem.severity == Problem::Info ? infos : errorsAndWarnings) << entry;
        }
    }
    errorsAndWarnings.sort();
    QVERIFY2(errorsAndWarnings == expected,
             qPrintable(QStringLiteral("expected exactly the README's deliberate warnings:\n  %1\nfound:\n%2")
                            .arg(expected.join(QStringLiteral("\n  ")), describe(all))));
    const KnowledgeBase::Counts counts = kb.counts();
    QCOMPARE(counts.errors, 0);
    QCOMPARE(counts.warnings, 7);

    // The info-level notes the README names.
    for (const char *note : {"kubernetes/pending-insufficient-resources info zh-missing [/signature_zh]",
                             "pytorch/nan-loss-step info no-sources [/dead_ends/0]",
                             "pytorch/nan-loss-step info no-sources [/workarounds/2]"})
        QVERIFY2(infos.contains(QString::fromUtf8(note)),
                 qPrintable(QString::fromUtf8(note) + QStringLiteral(" missing")));

    // The sample's copy of the seed is byte for byte the seed.
    QCOMPARE(readFile(SampleKbPath + QStringLiteral("/pytorch/nan-loss-step.json")), readFile(SeedPath));
}

QTEST_GUILESS_MAIN(RecordValidatorTest)
// validateWith() with the own findings that validate() handed out gives
// what validate() gives, without parsing the record: over the sample KB and
// a KB whose records stand on one line each, so that findings of the same
// line and severity keep their order.
void RecordValidatorTest::ownFindingsGiveTheSameResult()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString root = dir.filePath(QStringLiteral("kb"));
    const OrderedJson compact = {{"id", "node/compact"},
                                 {"signature", "Compact"},
                                 {"regex", "("},
                                 {"domain", "node"},
                                 {"category", "misc"},
                                 {"root_cause", "All on one line."},
                                 {"first_seen", "2030-01-01"},
                                 {"last_confirmed", "2024-02-30"},
                                 {"last_updated", "2027-05-05"},
                                 {"transition_graph",
                                  {{"leads_to", {"node/compact", "node/gone", "node/gone", "node/other"}},
                                   {"preceded_by", {{{"error_id", "node/other"}}}}}}};
    QVERIFY(writeFile(root + QStringLiteral("/node/compact.json"), QByteArray::fromStdString(compact.dump())));
    OrderedJson other = compact;
    other["id"] = "node/other";
    other["transition_graph"] = OrderedJson::object();
    QVERIFY(writeFile(root + QStringLiteral("/node/other.json"), QByteArray::fromStdString(other.dump())));
    QVERIFY(writeFile(root + QStringLiteral("/node/misplaced.json"), QByteArray::fromStdString(other.dump())));

    const RecordValidator validator(Today);
    for (const QString &folder : {SampleKbPath, root}) {
        KnowledgeBase kb;
        kb.adopt(KnowledgeBaseLoader::load(folder, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
        QVERIFY(kb.count() >= 3);
        int withContext = 0;
        for (int i = 0; i < kb.count(); ++i) {
            const Record &record = *kb.recordAt(i);
            RecordValidator::OwnFindings own;
            QList<Problem> expected;
            {
                const Record::ParsedForNow parsed(record);
                expected = validator.validate(record, &kb, &own);
            }
            for (const Problem &problem : std::as_const(own.problems))
                QVERIFY(problem.file.isEmpty() && problem.line > 0);
            QCOMPARE(own.places.size(), RuleValidator::contextPointers(record).size());
            withContext += expected.size() > own.problems.size() ? 1 : 0;
            QVERIFY(!record.hasDocument());
            const QList<Problem> actual = validator.validateWith(record, &kb, own);
            QVERIFY2(!record.hasDocument(), qPrintable(record.filePath())); // not parsed
            QCOMPARE(describe(actual), describe(expected));                 // file, place, severity, message, rule
            own.places.clear();                                             // placed from the text instead
            QCOMPARE(describe(validator.validateWith(record, &kb, own)), describe(expected));
        }
        QVERIFY(withContext >= 2); // the KB-wide and date rules had something to say
    }
}

namespace {

// The findings by rule, and the "more-findings" ones by the rule they count.
struct ByRule
{
    QHash<QString, int> kept;
    QHash<QString, QString> more;
};

ByRule byRule(const QList<Problem> &problems)
{
    ByRule found;
    for (const Problem &problem : problems) {
        if (problem.rule != FindingCap::moreRule()) {
            ++found.kept[problem.rule];
            continue;
        }
        const QString rule = problem.message.section(QStringLiteral(" of rule "), 1).section(QLatin1Char(' '), 0, 0);
        found.more.insert(rule, problem.message.section(QLatin1Char(' '), 2, 2)); // "… and 1,234 more"
    }
    return found;
}

} // namespace

// The seed written on one line (as `jq -c` writes it), with 40,000 dead
// ends that lack two required fields and cite no source: 100 findings of a
// rule are kept, one more says how many were left out, and each is placed
// at its dead end on that line. Before, each column was counted from the
// start of the line: minutes for this record, which now takes well under a
// second (the same as pretty-printed).
void RecordValidatorTest::oneLineRecordWithManyFindings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    OrderedJson document = OrderedJson::parse(readFile(SeedPath).toStdString());
    OrderedJson deadEnds = OrderedJson::array();
    for (int i = 0; i < 40000; ++i)
        deadEnds.push_back({{"action", "a"}});
    document["dead_ends"] = deadEnds;
    const QByteArray text = QByteArray::fromStdString(document.dump());
    QVERIFY(!text.contains('\n'));
    const QString path = dir.filePath(QStringLiteral("pytorch/nan-loss-step.json"));
    QVERIFY(writeFile(path, text));
    const Record record = loadRecord(path);
    const QList<Problem> problems = RecordValidator(Today).validate(record);
    const ByRule found = byRule(problems);
    QCOMPARE(found.kept.value(QStringLiteral("schema")), FindingCap::MaxPerRule);
    QCOMPARE(found.kept.value(QStringLiteral("no-sources")), FindingCap::MaxPerRule);
    QCOMPARE(found.more.value(QStringLiteral("schema")), QStringLiteral("79,900"));     // two per dead end
    QCOMPARE(found.more.value(QStringLiteral("no-sources")), QStringLiteral("39,903")); // and 3 workarounds
    QCOMPARE(found.more.size(), 2);
    const QString written = QString::fromUtf8(text);
    int placed = 0;
    for (const Problem &problem : problems) {
        QCOMPARE(problem.line, 1);
        if (!problem.pointer.startsWith(QLatin1String("/dead_ends/")))
            continue;
        const QString wrong = misplacement(record, written, problem);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.left(300)));
        ++placed;
    }
    QCOMPARE(placed, 2 * FindingCap::MaxPerRule + 2);
}

// The rules that read the KB are capped in what room the record's own
// findings left, through validate() and through validateWith() alike.
void RecordValidatorTest::contextFindingsAreCappedToo()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    OrderedJson links = OrderedJson::array();
    for (int i = 0; i < 3000; ++i)
        links.push_back("node/gone-" + std::to_string(i));
    const OrderedJson document = {{"id", "node/linked"},
                                  {"signature", "Linked"},
                                  {"regex", "Linked"},
                                  {"domain", "node"},
                                  {"category", "misc"},
                                  {"last_confirmed", "2026-12-01"},
                                  {"transition_graph", {{"leads_to", links}}}};
    const QString root = dir.filePath(QStringLiteral("kb"));
    QVERIFY(writeFile(root + QStringLiteral("/node/linked.json"), QByteArray::fromStdString(document.dump())));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(root, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
    QCOMPARE(kb.count(), 1);
    const Record &record = *kb.recordAt(0);
    const RecordValidator validator(Today);
    RecordValidator::OwnFindings own;
    QList<Problem> expected;
    {
        const Record::ParsedForNow parsed(record);
        expected = validator.validate(record, &kb, &own);
    }
    const ByRule found = byRule(expected);
    QCOMPARE(found.kept.value(QStringLiteral("link-dangling")), FindingCap::MaxPerRule);
    QCOMPARE(found.more.value(QStringLiteral("link-dangling")), QStringLiteral("2,900"));
    const QList<Problem> again = validator.validateWith(record, &kb, own);
    QCOMPARE(describe(again), describe(expected));
    for (const Problem &problem : again) {
        if (problem.pointer.startsWith(QLatin1String("/transition_graph/"))) // placed from the own findings' places
            QVERIFY2(problem.line == 1 && problem.column > 1, qPrintable(problem.toText()));
    }
}

#include "RecordValidatorTest.moc"
