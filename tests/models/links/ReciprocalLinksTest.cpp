// Missing reciprocal links: which are found, the edit that adds one, and
// the KB-wide fix written as one step (refused for unsaved records).

#include "models/links/ReciprocalLinks.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

// QCOMPARE for JSON values, printing both on failure.
#define COMPARE_JSON(actual, expected) \
    do { \
        const OrderedJson actualJson_ = (actual); \
        const OrderedJson expectedJson_ = (expected); \
        QVERIFY2(actualJson_ == expectedJson_, \
                 qPrintable(QString::fromStdString(actualJson_.dump() + " != " + expectedJson_.dump()))); \
    } while (false)

namespace {

} // namespace

class ReciprocalLinksTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void findsBothDirections();
    void ofOneRecordSeesBothSides();
    void changeAppendsAnObjectLink();
    void changeCreatesTheList();
    void changeRefusesAWrongType();
    void fixAllWritesEveryTarget();
    void fixAllRefusesUnsavedRecords();

private:
    void write(const QString &id, const OrderedJson &graph);
    QList<ReciprocalLinks::Missing> all() const { return ReciprocalLinks::all(m_kb); }

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
};

void ReciprocalLinksTest::write(const QString &id, const OrderedJson &graph)
{
    OrderedJson json = {{"id", id.toStdString()},
                        {"signature", "x"},
                        {"regex", "x"},
                        {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                        {"category", "c"}};
    if (!graph.is_null())
        json["transition_graph"] = graph;
    const QString path = m_dir.filePath(id + QStringLiteral(".json"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump(2)) + '\n');
}

// a/one leads_to a/two (reciprocated) and a/three (not); a/three preceded_by
// a/four (not reciprocated); a/four has no transition_graph; links to a
// missing record and to itself are not reciprocity problems.
void ReciprocalLinksTest::init()
{
    QDir(m_dir.path()).removeRecursively();
    QDir().mkpath(m_dir.path());
    write(QStringLiteral("a/one"), {{"leads_to", {"a/two", {{"error_id", "a/three"}}, "a/missing", "a/one"}}});
    write(QStringLiteral("a/two"), {{"preceded_by", {"a/one"}}});
    write(QStringLiteral("a/three"), {{"preceded_by", {"a/four"}}, {"frequently_confused_with", {"a/one"}}});
    write(QStringLiteral("a/four"), OrderedJson());
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir.path()));
}

void ReciprocalLinksTest::findsBothDirections()
{
    const QList<ReciprocalLinks::Missing> missing = all();
    QCOMPARE(missing.size(), 2);
    QCOMPARE(missing.at(0),
             (ReciprocalLinks::Missing{QStringLiteral("a/three"), Link::PrecededBy, QStringLiteral("a/four")}));
    QCOMPARE(missing.at(0).missingKind(), Link::LeadsTo);
    QCOMPARE(missing.at(1),
             (ReciprocalLinks::Missing{QStringLiteral("a/one"), Link::LeadsTo, QStringLiteral("a/three")}));
}

void ReciprocalLinksTest::ofOneRecordSeesBothSides()
{
    QCOMPARE(ReciprocalLinks::of(m_kb, QStringLiteral("a/three")).size(), 2); // its own link, and one to it
    QCOMPARE(ReciprocalLinks::of(m_kb, QStringLiteral("a/one")).size(), 1);
    QCOMPARE(ReciprocalLinks::of(m_kb, QStringLiteral("a/two")).size(), 0);
}

void ReciprocalLinksTest::changeAppendsAnObjectLink()
{
    const Record *three = m_kb.find(QStringLiteral("a/three"));
    ReciprocalLinks::Change change;
    QString error;
    QVERIFY(ReciprocalLinks::change(*three, all().at(1), &change, &error));
    QCOMPARE(change.record, three);
    QCOMPARE(change.pointer, QStringLiteral("/transition_graph/preceded_by"));
    COMPARE_JSON(change.value, (OrderedJson{"a/four", {{"error_id", "a/one"}}}));
}

void ReciprocalLinksTest::changeCreatesTheList()
{
    ReciprocalLinks::Change change;
    QString error;
    QVERIFY(ReciprocalLinks::change(*m_kb.find(QStringLiteral("a/four")), all().at(0), &change, &error));
    QCOMPARE(change.pointer, QStringLiteral("/transition_graph/leads_to"));
    COMPARE_JSON(change.value, (OrderedJson::array({{{"error_id", "a/three"}}})));
}

void ReciprocalLinksTest::changeRefusesAWrongType()
{
    Record *four = m_kb.find(QStringLiteral("a/four"));
    m_kb.setValue(four, QStringLiteral("/transition_graph"), "oops");
    ReciprocalLinks::Change change;
    QString error;
    QVERIFY(!ReciprocalLinks::change(*four, all().at(0), &change, &error));
    QVERIFY2(error.contains(QLatin1String("not an object")), qPrintable(error));
}

void ReciprocalLinksTest::fixAllWritesEveryTarget()
{
    QString error;
    QVERIFY2(ReciprocalLinks::fixAll(m_kb, all(), &error), qPrintable(error));
    QVERIFY(all().isEmpty());
    QVERIFY(!m_kb.find(QStringLiteral("a/three"))->isModified());
    const OrderedJson three = OrderedJson::parse(
        readFile(m_dir.filePath(QStringLiteral("a/three.json"))).toStdString());
    COMPARE_JSON(three["transition_graph"]["preceded_by"], (OrderedJson{"a/four", {{"error_id", "a/one"}}}));
    const OrderedJson four = OrderedJson::parse(readFile(m_dir.filePath(QStringLiteral("a/four.json"))).toStdString());
    COMPARE_JSON(four["transition_graph"], (OrderedJson{{"leads_to", {{{"error_id", "a/three"}}}}}));
    // Files not concerned are untouched.
    QVERIFY(readFile(m_dir.filePath(QStringLiteral("a/two.json"))).endsWith("\n"));
}

void ReciprocalLinksTest::fixAllRefusesUnsavedRecords()
{
    const QByteArray before = readFile(m_dir.filePath(QStringLiteral("a/four.json")));
    m_kb.setValue(m_kb.find(QStringLiteral("a/three")), QStringLiteral("/signature"), "edited");
    QString error;
    QVERIFY(!ReciprocalLinks::fixAll(m_kb, all(), &error));
    QVERIFY2(error.contains(QLatin1String("unsaved")), qPrintable(error));
    QCOMPARE(readFile(m_dir.filePath(QStringLiteral("a/four.json"))), before);
    QCOMPARE(all().size(), 2);
}

QTEST_GUILESS_MAIN(ReciprocalLinksTest)
#include "ReciprocalLinksTest.moc"
