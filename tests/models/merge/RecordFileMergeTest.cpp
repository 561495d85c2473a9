// Tests for Errata::RecordFileMerge: the text of a merged record file in
// OURS's layout (key order, indentation, line ends, final newline, byte
// order mark, number spellings), OURS's bytes when nothing comes from
// THEIRS, and git's markers around each conflicting member only, each side
// of which is the document with every conflict taken from that side.

#include "models/merge/RecordFileMerge.h"
#include "models/record/Record.h"

#include <QFile>
#include <QTest>

using namespace Errata;

namespace {

const QByteArray Bom("\xEF\xBB\xBF");

QByteArray seedText()
{
    QFile file(QStringLiteral(ERRATA_TEST_DATA "/seed.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `text` with `from` replaced by `to`, which must occur exactly once.
QByteArray edited(const QByteArray &text, const QByteArray &from, const QByteArray &to)
{
    if (text.count(from) != 1)
        qWarning("edited: %s occurs %lld times", from.constData(), qlonglong(text.count(from)));
    return QByteArray(text).replace(from, to);
}

bool parse(Record *record, const QByteArray &text)
{
    Record::LoadError error;
    if (record->parse(text, &error))
        return true;
    qWarning("%d:%d: %s", error.line, error.column, qPrintable(error.message));
    return false;
}

struct Merged
{
    bool ok = false;
    RecordFileMerge::Result result;
};

Merged mergeTexts(const QByteArray *base, const QByteArray &ours, const QByteArray &theirs)
{
    Record baseRecord, oursRecord, theirsRecord;
    Merged merged;
    QString error;
    merged.ok = (!base || parse(&baseRecord, *base)) && parse(&oursRecord, ours) && parse(&theirsRecord, theirs)
        && RecordFileMerge::merge(base ? &baseRecord : nullptr, oursRecord, theirsRecord, &merged.result, &error);
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    return merged;
}

// The text with each conflict resolved by the lines of one side.
QByteArray pick(const QByteArray &text, bool ours)
{
    enum { Outside, InOurs, InTheirs } state = Outside;
    QByteArray result;
    for (const QByteArray &line : text.split('\n')) {
        const QByteArray bare = line.endsWith('\r') ? line.chopped(1) : line;
        if (bare == "<<<<<<< ours") {
            state = InOurs;
        } else if (bare == "=======" && state == InOurs) {
            state = InTheirs;
        } else if (bare == ">>>>>>> theirs" && state == InTheirs) {
            state = Outside;
        } else if (state == Outside || (state == InOurs) == ours) {
            result += line + '\n';
        }
    }
    result.chop(1); // the split gave one line more than there were line ends
    return result;
}

QString compact(const OrderedJson &document)
{
    return QString::fromStdString(document.dump());
}

} // namespace

class RecordFileMergeTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanMergeChangesOnlyTheMergedLines();
    void nothingFromTheirsKeepsOursBytes();
    void oursLayoutIsKept_data();
    void oursLayoutIsKept();
    void numberSpellingsOfOursAreKept();
    void conflictMarksOnlyTheConflictingMember();
    void itemRemovedOnOneSideIsMarkedAlone();
    void eachSideOfTheMarkersIsThatSidesDocument_data();
    void eachSideOfTheMarkersIsThatSidesDocument();
    void noBaseIsAnEmptyRecord();
    void indentUnitOf_data();
    void indentUnitOf();
    void reindented();

private:
    QByteArray m_seed;
};

void RecordFileMergeTest::initTestCase()
{
    m_seed = seedText();
    QVERIFY(m_seed.contains("\"confidence\": 0.9,"));
}

void RecordFileMergeTest::cleanMergeChangesOnlyTheMergedLines()
{
    const QByteArray ours = edited(m_seed, "\"root_cause_type\": \"generic\"",
                                   "\"root_cause_type\": \"config_specific\"");
    const QByteArray theirs = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    const Merged merged = mergeTexts(&m_seed, ours, theirs);
    QVERIFY(merged.ok);
    QVERIFY(merged.result.conflicts.isEmpty());
    QVERIFY(merged.result.changed);
    QCOMPARE(merged.result.text, edited(ours, "\"confidence\": 0.9,", "\"confidence\": 0.75,"));
}

void RecordFileMergeTest::nothingFromTheirsKeepsOursBytes()
{
    // Laid out as Errata would not write it: kept as it is all the same.
    const QByteArray base = "{\"id\": \"a/b\", \"tags\": [\"x\"], \"confidence\": 0.5}";
    const QByteArray ours = "{\"id\":\"a/b\",  \"tags\": [\"x\", \"y\"],\n\"confidence\":0.5}\n";
    const Merged merged = mergeTexts(&base, ours, base);
    QVERIFY(merged.ok);
    QVERIFY(!merged.result.changed);
    QCOMPARE(merged.result.text, ours);
    // THEIRS made the same change: still nothing to take.
    const Merged same = mergeTexts(&base, ours, "{\"id\": \"a/b\", \"tags\": [\"x\", \"y\"], \"confidence\": 0.5}");
    QVERIFY(same.ok);
    QVERIFY(!same.result.changed);
}

void RecordFileMergeTest::oursLayoutIsKept_data()
{
    QTest::addColumn<int>("indent");
    QTest::addColumn<char>("indentChar");
    QTest::addColumn<bool>("crlf");
    QTest::addColumn<bool>("finalNewline");
    QTest::addColumn<bool>("bom");
    QTest::newRow("2 spaces") << 2 << ' ' << false << true << false;
    QTest::newRow("4 spaces") << 4 << ' ' << false << true << false;
    QTest::newRow("tabs") << 1 << '\t' << false << true << false;
    QTest::newRow("CRLF, no final newline") << 2 << ' ' << true << false << false;
    QTest::newRow("BOM, 4 spaces, CRLF") << 4 << ' ' << true << true << true;
}

void RecordFileMergeTest::oursLayoutIsKept()
{
    QFETCH(int, indent);
    QFETCH(char, indentChar);
    QFETCH(bool, crlf);
    QFETCH(bool, finalNewline);
    QFETCH(bool, bom);
    const auto layout = [&](const OrderedJson &document) {
        QByteArray text = QByteArray::fromStdString(document.dump(indent, indentChar)) + (finalNewline ? "\n" : "");
        if (crlf)
            text.replace("\n", "\r\n");
        return bom ? Bom + text : text;
    };
    const OrderedJson base = OrderedJson::parse(m_seed.toStdString());
    OrderedJson ours = base;
    ours["root_cause"] = "Ours.";
    OrderedJson theirs = base;
    theirs["workarounds"][1]["success_rate"] = 0.5;
    theirs["tags"] = {"nan"};
    OrderedJson expected = ours;
    expected["workarounds"][1]["success_rate"] = 0.5;
    expected["tags"] = {"nan"};

    const QByteArray baseText = QByteArray::fromStdString(base.dump(2));
    const Merged merged = mergeTexts(&baseText, layout(ours), QByteArray::fromStdString(theirs.dump(2)));
    QVERIFY(merged.ok);
    QVERIFY(merged.result.conflicts.isEmpty());
    QCOMPARE(merged.result.text, layout(expected));
}

void RecordFileMergeTest::numberSpellingsOfOursAreKept()
{
    const QByteArray base = "{\n  \"confidence\": 0.50,\n  \"evidence_count\": 1,\n  \"x_tiny\": 1e-3\n}\n";
    const QByteArray ours = edited(base, "\"evidence_count\": 1", "\"evidence_count\": 2");
    const QByteArray theirs = edited(base, "\"x_tiny\": 1e-3\n", "\"x_tiny\": 1e-3,\n  \"locale\": \"en\"\n");
    const Merged merged = mergeTexts(&base, ours, theirs);
    QVERIFY(merged.ok);
    QCOMPARE(merged.result.text,
             QByteArray("{\n  \"confidence\": 0.50,\n  \"evidence_count\": 2,\n  \"x_tiny\": 1e-3,\n"
                        "  \"locale\": \"en\"\n}\n"));
}

void RecordFileMergeTest::conflictMarksOnlyTheConflictingMember()
{
    const QByteArray rootCause = m_seed.mid(m_seed.indexOf("  \"root_cause\": "));
    const QByteArray line = rootCause.left(rootCause.indexOf('\n') + 1);
    const QByteArray ours = edited(m_seed, line, "  \"root_cause\": \"Ours.\",\n");
    QByteArray theirs = edited(m_seed, line, "  \"root_cause\": \"Theirs.\",\n");
    theirs = edited(theirs, "\"confidence\": 0.9,", "\"confidence\": 0.75,");

    const Merged merged = mergeTexts(&m_seed, ours, theirs);
    QVERIFY(merged.ok);
    QCOMPARE(merged.result.conflicts.size(), 1);
    QCOMPARE(merged.result.conflicts.first().pointer, QStringLiteral("/root_cause"));
    QByteArray expected = edited(m_seed, line,
                                 "<<<<<<< ours\n  \"root_cause\": \"Ours.\",\n=======\n"
                                 "  \"root_cause\": \"Theirs.\",\n>>>>>>> theirs\n");
    expected = edited(expected, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    QCOMPARE(merged.result.text, expected);
}

void RecordFileMergeTest::itemRemovedOnOneSideIsMarkedAlone()
{
    // The removed item shares lines with the next one ("condition": ""),
    // which stays outside the markers, on both sides.
    const QByteArray base = R"({"id": "a/b", "dead_ends": [{"action": "A", "condition": ""}, )"
                            R"({"action": "B", "condition": ""}]})"
                            "\n";
    const QByteArray ours = edited(base, R"("A", "condition": "")", R"("A", "condition": "", "fail_rate": 0.7)");
    const QByteArray theirs = edited(base, R"({"action": "A", "condition": ""},)", "");
    const Merged merged = mergeTexts(&base, ours, theirs);
    QVERIFY(merged.ok);
    QCOMPARE(merged.result.conflicts.size(), 1);
    QCOMPARE(merged.result.text,
             QByteArray("{\n"
                        "  \"id\": \"a/b\",\n"
                        "  \"dead_ends\": [\n"
                        "<<<<<<< ours\n"
                        "    {\n"
                        "      \"action\": \"A\",\n"
                        "      \"condition\": \"\",\n"
                        "      \"fail_rate\": 0.7\n"
                        "    },\n"
                        "=======\n"
                        ">>>>>>> theirs\n"
                        "    {\n"
                        "      \"action\": \"B\",\n"
                        "      \"condition\": \"\"\n"
                        "    }\n"
                        "  ]\n"
                        "}\n"));
}

void RecordFileMergeTest::eachSideOfTheMarkersIsThatSidesDocument_data()
{
    QTest::addColumn<QByteArray>("base");
    QTest::addColumn<QByteArray>("ours");
    QTest::addColumn<QByteArray>("theirs");
    QTest::addColumn<int>("conflicts");
    const QByteArray record = R"({"id": "a/b", "regex": "R", "dead_ends": [
        {"action": "A", "fail_rate": 0.5}, {"action": "B", "fail_rate": 0.5}, {"action": "C", "fail_rate": 0.5}],
        "versions": [{"version": "1", "status": "active"}], "tags": ["t"], "locale": "en"})";
    QTest::newRow("last member deleted against changed")
        << record << edited(record, R"("locale": "en")", R"("locale": "zh")")
        << edited(record, R"(, "locale": "en")", "") << 1;
    QTest::newRow("item deleted against changed, another item in conflict")
        << record
        << edited(edited(record, R"({"action": "A", "fail_rate": 0.5}, )", ""), R"("C", "fail_rate": 0.5)",
                  R"("C", "fail_rate": 0.6)")
        << edited(edited(record, R"("A", "fail_rate": 0.5)", R"("A", "fail_rate": 0.9)"), R"("C", "fail_rate": 0.5)",
                  R"("C", "fail_rate": 0.7)")
        << 2;
    QTest::newRow("whole array on several lines")
        << record << edited(record, R"("status": "active")", R"("status": "fixed")")
        << edited(record, R"("status": "active"})", R"("status": "active"}, {"version": "2"})") << 1;
    QTest::newRow("first member deleted against changed")
        << record << edited(record, R"("id": "a/b", )", "") << edited(record, R"("a/b")", R"("a/c")") << 1;
}

void RecordFileMergeTest::eachSideOfTheMarkersIsThatSidesDocument()
{
    QFETCH(QByteArray, base);
    QFETCH(QByteArray, ours);
    QFETCH(QByteArray, theirs);
    QFETCH(int, conflicts);
    const Merged merged = mergeTexts(&base, ours, theirs);
    QVERIFY(merged.ok);
    QCOMPARE(merged.result.conflicts.size(), conflicts);
    QVERIFY(merged.result.text.startsWith("{\n"));

    const OrderedJson baseDocument = OrderedJson::parse(base.toStdString());
    RecordMerge merge(&baseDocument, OrderedJson::parse(ours.toStdString()), OrderedJson::parse(theirs.toStdString()));
    for (const bool takeOurs : {true, false}) {
        merge.resolveAll(takeOurs ? RecordMerge::Side::Ours : RecordMerge::Side::Theirs);
        Record resolved;
        QVERIFY2(parse(&resolved, pick(merged.result.text, takeOurs)), merged.result.text.constData());
        QCOMPARE(compact(resolved.json()), compact(merge.outcome().document));
    }
}

void RecordFileMergeTest::noBaseIsAnEmptyRecord()
{
    const QByteArray ours = "{\n  \"id\": \"a/b\",\n  \"regex\": \"R\"\n}\n";
    const QByteArray theirs = "{\n  \"id\": \"a/b\",\n  \"regex\": \"R\",\n  \"tags\": []\n}\n";
    const Merged merged = mergeTexts(nullptr, ours, theirs);
    QVERIFY(merged.ok);
    QVERIFY(merged.result.conflicts.isEmpty());
    QCOMPARE(merged.result.text, theirs);
}

void RecordFileMergeTest::indentUnitOf_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("unit");
    QTest::newRow("2 spaces") << QByteArray("{\n  \"a\": 1\n}") << QByteArray("  ");
    QTest::newRow("4 spaces") << QByteArray("{\n    \"a\": [\n        1\n    ]\n}") << QByteArray("    ");
    QTest::newRow("tab") << QByteArray("{\r\n\t\"a\": 1\r\n}") << QByteArray("\t");
    QTest::newRow("blank line first") << QByteArray("{\n   \n\n   \"a\": 1\n}") << QByteArray("   ");
    QTest::newRow("one line") << QByteArray("{\"a\": 1}") << QByteArray("  ");
    QTest::newRow("mixed") << QByteArray("{\n \t\"a\": 1\n}") << QByteArray("  ");
    QTest::newRow("not indented") << QByteArray("{\n\"a\": 1\n}\n") << QByteArray("  ");
    QTest::newRow("8 spaces") << QByteArray("{\n        \"a\": 1\n}") << QByteArray("        ");
    QTest::newRow("aligned, not indented") << QByteArray("{\"a\": 1,\n         \"b\": 2}") << QByteArray("  ");
    QTest::newRow("two tabs") << QByteArray("{\"a\": {\n\t\t\"b\": 2}}") << QByteArray("  ");
}

void RecordFileMergeTest::indentUnitOf()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, unit);
    QCOMPARE(RecordFileMerge::indentUnitOf(text), unit);
}

void RecordFileMergeTest::reindented()
{
    const OrderedJson document = OrderedJson::parse(m_seed.toStdString());
    const QByteArray twoSpaces = QByteArray::fromStdString(document.dump(2));
    QCOMPARE(RecordFileMerge::reindented(twoSpaces, "  "), twoSpaces);
    QCOMPARE(RecordFileMerge::reindented(twoSpaces, "    "), QByteArray::fromStdString(document.dump(4)));
    QCOMPARE(RecordFileMerge::reindented(twoSpaces, "\t"), QByteArray::fromStdString(document.dump(1, '\t')));
    QCOMPARE(RecordFileMerge::reindented("{\r\n  \"a\": [\r\n    1\r\n  ]\r\n}\r\n", "\t"),
             QByteArray("{\r\n\t\"a\": [\r\n\t\t1\r\n\t]\r\n}\r\n"));
}

QTEST_GUILESS_MAIN(RecordFileMergeTest)
#include "RecordFileMergeTest.moc"
