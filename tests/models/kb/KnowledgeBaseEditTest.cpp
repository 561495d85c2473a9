// The edit API of KnowledgeBase as an editor uses it: lookups by id and by
// file, replacing a record's whole state in place, reloading from disk,
// saving with a signal, and indexes that stay right when an edit throws.

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray recordText(const QString &id, const QStringList &leadsTo = {})
{
    OrderedJson links = OrderedJson::array();
    for (const QString &target : leadsTo)
        links.push_back(target.toStdString());
    const OrderedJson json = {
        {"id", id.toStdString()},      {"signature", "Error: disk full"},
        {"regex", "Error: disk full"}, {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
        {"category", "io_error"},      {"transition_graph", {{"leads_to", links}}}};
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

struct Fixture
{
    QTemporaryDir dir;
    KnowledgeBase kb;

    Fixture()
    {
        QVERIFY(writeFile(path(QStringLiteral("a/x")), recordText(QStringLiteral("a/x"), {QStringLiteral("a/y")})));
        QVERIFY(writeFile(path(QStringLiteral("a/y")), recordText(QStringLiteral("a/y"))));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("a/y-copy.json")), recordText(QStringLiteral("a/y"))));
        kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    }
    QString path(const QString &id) const { return dir.filePath(id + QStringLiteral(".json")); }
};

} // namespace

class KnowledgeBaseEditTest : public QObject
{
    Q_OBJECT

private slots:
    void recordsWithId();
    void findFile();
    void replaceRecordKeepsTheAddress();
    void reloadReadsTheFile();
    void reloadFailureKeepsTheRecord();
    void setValueThatThrowsKeepsIndexes();
    void removeValueUpdatesLinks();
    void takeSignalsWhileStillIndexed();
    void takeAndAddBack();
    void saveAllSignalsEachRecord();
};

void KnowledgeBaseEditTest::recordsWithId()
{
    Fixture fixture;
    const QList<Record *> both = fixture.kb.recordsWithId(QStringLiteral("a/y"));
    QCOMPARE(both.size(), 2);
    QVERIFY(both.contains(fixture.kb.findFile(fixture.path(QStringLiteral("a/y")))));
    QVERIFY(both.contains(fixture.kb.findFile(fixture.dir.filePath(QStringLiteral("a/y-copy.json")))));
    QCOMPARE(fixture.kb.recordsWithId(QStringLiteral("a/x")).size(), 1);
    QVERIFY(fixture.kb.recordsWithId(QStringLiteral("no/such")).isEmpty());
}

void KnowledgeBaseEditTest::findFile()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    QCOMPARE(fixture.kb.findFile(fixture.path(QStringLiteral("a/x"))), x);
    QCOMPARE(fixture.kb.findFile(fixture.dir.filePath(QStringLiteral("a/../a/./x.json"))), x);
    QCOMPARE(fixture.kb.findFile(fixture.path(QStringLiteral("a/z"))), nullptr);
    QCOMPARE(fixture.kb.findFile(QString()), nullptr);
}

void KnowledgeBaseEditTest::replaceRecordKeepsTheAddress()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);
    Record replacement;
    Record::LoadError error;
    QVERIFY(replacement.parse(recordText(QStringLiteral("b/w"), {QStringLiteral("a/x")}), &error));
    replacement.setFilePath(fixture.path(QStringLiteral("b/w")));

    fixture.kb.replaceRecord(x, std::move(replacement));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<const Record *>(), x);
    QCOMPARE(fixture.kb.find(QStringLiteral("b/w")), x);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/x")), nullptr);
    QCOMPARE(fixture.kb.findFile(fixture.path(QStringLiteral("b/w"))), x);
    QCOMPARE(x->filePath(), fixture.path(QStringLiteral("b/w")));
    QVERIFY(!x->isModified());
    QVERIFY(fixture.kb.links().backlinks(QStringLiteral("a/y")).isEmpty());
    QVERIFY(fixture.kb.links().hasLink(QStringLiteral("b/w"), Link::LeadsTo, QStringLiteral("a/x")));
    QCOMPARE(fixture.kb.count(), 3);
}

void KnowledgeBaseEditTest::reloadReadsTheFile()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    fixture.kb.setValue(x, QStringLiteral("/category"), "mine");
    const QByteArray theirs = recordText(QStringLiteral("a/x"), {QStringLiteral("a/z")});
    QVERIFY(writeFile(x->filePath(), theirs));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);

    QString error;
    QVERIFY2(fixture.kb.reload(x, &error), qPrintable(error));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!x->isModified());
    QCOMPARE(x->category(), QStringLiteral("io_error"));
    QCOMPARE(x->originalText(), theirs);
    QCOMPARE(x->filePath(), fixture.path(QStringLiteral("a/x")));
    QVERIFY(fixture.kb.links().hasLink(QStringLiteral("a/x"), Link::LeadsTo, QStringLiteral("a/z")));
    QVERIFY(!fixture.kb.links().hasLink(QStringLiteral("a/x"), Link::LeadsTo, QStringLiteral("a/y")));
}

void KnowledgeBaseEditTest::reloadFailureKeepsTheRecord()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    fixture.kb.setValue(x, QStringLiteral("/category"), "mine");
    QVERIFY(writeFile(x->filePath(), "{ broken"));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);
    QString error;
    QVERIFY(!fixture.kb.reload(x, &error));
    QVERIFY2(error.contains(x->filePath()) && error.contains(QLatin1String("invalid JSON")), qPrintable(error));
    QCOMPARE(changed.count(), 0);
    QVERIFY(x->isModified());
    QCOMPARE(x->category(), QStringLiteral("mine"));

    QVERIFY(QFile::remove(x->filePath()));
    QVERIFY(!fixture.kb.reload(x, &error));
    QVERIFY2(error.contains(x->filePath()), qPrintable(error));
}

void KnowledgeBaseEditTest::setValueThatThrowsKeepsIndexes()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);
    bool threw = false;
    try {
        fixture.kb.setValue(x, QStringLiteral("/transition_graph/leads_to/0/x"), "a/q"); // through a string
    } catch (const std::exception &) {
        threw = true;
    }
    QVERIFY(threw);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/x")), x);
    QVERIFY(fixture.kb.links().hasLink(QStringLiteral("a/x"), Link::LeadsTo, QStringLiteral("a/y")));
    QCOMPARE(fixture.kb.links().backlinks(QStringLiteral("a/y")).size(), 1);

    // "-" appends.
    fixture.kb.setValue(x, QStringLiteral("/transition_graph/leads_to/-"), "a/q");
    QVERIFY(fixture.kb.links().hasLink(QStringLiteral("a/x"), Link::LeadsTo, QStringLiteral("a/q")));
    QCOMPARE(changed.count(), 1);
}

void KnowledgeBaseEditTest::removeValueUpdatesLinks()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    fixture.kb.removeValue(x, QStringLiteral("/transition_graph/leads_to/0"));
    QVERIFY(fixture.kb.links().backlinks(QStringLiteral("a/y")).isEmpty());
    QVERIFY(x->isModified());
    fixture.kb.removeValue(x, QStringLiteral("/no/such/value")); // nothing there: nothing happens
    QCOMPARE(fixture.kb.find(QStringLiteral("a/x")), x);
}

void KnowledgeBaseEditTest::takeSignalsWhileStillIndexed()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    bool indexedDuringSignal = false;
    connect(&fixture.kb, &KnowledgeBase::recordAboutToBeRemoved, this, [&](const Record *record) {
        indexedDuringSignal = fixture.kb.find(QStringLiteral("a/x")) == record
            && fixture.kb.findFile(record->filePath());
    });
    std::unique_ptr<Record> taken = fixture.kb.take(x);
    QVERIFY(indexedDuringSignal);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/x")), nullptr);
    QCOMPARE(fixture.kb.findFile(fixture.path(QStringLiteral("a/x"))), nullptr);
    QVERIFY(!fixture.kb.take(x)); // not there any more
}

void KnowledgeBaseEditTest::takeAndAddBack()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    fixture.kb.setProblems(
        x, {Problem{Problem::Warning, x->filePath(), QString(), 1, 1, QStringLiteral("m"), QStringLiteral("r")}});
    std::unique_ptr<Record> taken = fixture.kb.take(x);
    QVERIFY(fixture.kb.problems(x).isEmpty());
    QVERIFY(fixture.kb.links().backlinks(QStringLiteral("a/y")).isEmpty());
    QSignalSpy added(&fixture.kb, &KnowledgeBase::recordAdded);
    QCOMPARE(fixture.kb.add(std::move(taken)), x);
    QCOMPARE(added.count(), 1);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/x")), x);
    QCOMPARE(fixture.kb.links().backlinks(QStringLiteral("a/y")).size(), 1);
    QCOMPARE(fixture.kb.count(), 3);
}

void KnowledgeBaseEditTest::saveAllSignalsEachRecord()
{
    Fixture fixture;
    Record *x = fixture.kb.find(QStringLiteral("a/x"));
    Record *y = fixture.kb.findFile(fixture.path(QStringLiteral("a/y")));
    fixture.kb.setValue(x, QStringLiteral("/category"), "one");
    fixture.kb.setValue(y, QStringLiteral("/category"), "two");
    QSignalSpy saved(&fixture.kb, &KnowledgeBase::recordSaved);
    QString error;
    QVERIFY2(fixture.kb.saveAll({x, y}, &error), qPrintable(error));
    QCOMPARE(saved.count(), 2);
    QVERIFY(!x->isModified() && !y->isModified());
}

QTEST_GUILESS_MAIN(KnowledgeBaseEditTest)
#include "KnowledgeBaseEditTest.moc"
