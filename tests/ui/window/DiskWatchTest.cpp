// The window's watch on the KB's files: what others change on disk is put
// into words for the status bar, a change under a modified record is a
// conflict, and a KB let go of is no longer watched. Real files in a
// temporary folder.

#include "ui/window/DiskWatch.h"

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/KnowledgeBaseWatcher.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

namespace {

QByteArray recordText(const QString &id, const QString &category = QStringLiteral("io_error"))
{
    const OrderedJson json = {{"id", id.toStdString()},
                              {"signature", "Error: disk full"},
                              {"regex", "Error: disk full"},
                              {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                              {"category", category.toStdString()}};
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

struct Fixture
{
    QTemporaryDir dir;
    KnowledgeBase kb;
    DiskWatch watch;
    QSignalSpy messages{&watch, &DiskWatch::message};
    QSignalSpy conflicts{&watch, &DiskWatch::conflict};
    bool ready = false;

    Fixture()
    {
        ready = TestSupport::writeFile(path(QStringLiteral("disk/full")), recordText(QStringLiteral("disk/full")))
            && TestSupport::writeFile(path(QStringLiteral("disk/slow")), recordText(QStringLiteral("disk/slow")));
        kb.adopt(KnowledgeBaseLoader::load(dir.path()));
        watch.setKnowledgeBase(&kb);
    }
    QString path(const QString &id) const { return dir.filePath(id + QStringLiteral(".json")); }
    QString lastMessage() const { return messages.isEmpty() ? QString() : messages.last().at(0).toString(); }
};

} // namespace

class DiskWatchTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<Errata::Record *>(); }
    void eachChangeIsSaid();
    void changeUnderAnEditIsAConflict();
    void aKbLetGoOfIsNotWatched();
};

void DiskWatchTest::eachChangeIsSaid()
{
    Fixture fixture;
    QVERIFY(fixture.ready);
    QVERIFY(fixture.watch.watcher());
    QVERIFY(TestSupport::writeFile(fixture.path(QStringLiteral("disk/full")),
                                   recordText(QStringLiteral("disk/full"), QStringLiteral("storage"))));
    QTRY_COMPARE(fixture.messages.count(), 1);
    QCOMPARE(fixture.lastMessage(), QStringLiteral("disk/full changed on disk and was reloaded."));
    QCOMPARE(fixture.messages.last().at(1).toInt(), 5000);

    QVERIFY(QFile::remove(fixture.path(QStringLiteral("disk/slow"))));
    QTRY_COMPARE(fixture.messages.count(), 2);
    QCOMPARE(fixture.lastMessage(), QStringLiteral("The file of disk/slow was removed on disk."));

    QVERIFY(TestSupport::writeFile(fixture.path(QStringLiteral("disk/new")), recordText(QStringLiteral("disk/new"))));
    QTRY_COMPARE(fixture.messages.count(), 3);
    QCOMPARE(fixture.lastMessage(), QStringLiteral("New record on disk: disk/new"));

    // Named as the KB's relative path, escaped as every name the window shows.
    QVERIFY(TestSupport::writeFile(fixture.dir.filePath(QStringLiteral("disk/bidi\u202Egnp.json")), "{ broken"));
    QTRY_COMPARE(fixture.messages.count(), 4);
    QVERIFY2(fixture.lastMessage().startsWith(QStringLiteral("disk/bidi\\u202Egnp.json: ")),
             qPrintable(fixture.lastMessage()));
    QCOMPARE(fixture.conflicts.count(), 0);
}

void DiskWatchTest::changeUnderAnEditIsAConflict()
{
    Fixture fixture;
    QVERIFY(fixture.ready);
    Record *record = fixture.kb.find(QStringLiteral("disk/full"));
    fixture.kb.setValue(record, QStringLiteral("/category"), "mine");
    QVERIFY(TestSupport::writeFile(fixture.path(QStringLiteral("disk/full")),
                                   recordText(QStringLiteral("disk/full"), QStringLiteral("theirs"))));
    QTRY_COMPARE(fixture.conflicts.count(), 1);
    QCOMPARE(fixture.conflicts.first().at(0).value<Record *>(), record);
    QCOMPARE(fixture.messages.count(), 0);
}

void DiskWatchTest::aKbLetGoOfIsNotWatched()
{
    Fixture fixture;
    QVERIFY(fixture.ready);
    fixture.watch.setKnowledgeBase(nullptr);
    QVERIFY(!fixture.watch.watcher());
    QVERIFY(TestSupport::writeFile(fixture.path(QStringLiteral("disk/full")),
                                   recordText(QStringLiteral("disk/full"), QStringLiteral("storage"))));
    QTest::qWait(3 * KnowledgeBaseWatcher::DebounceMs + 300);
    QCOMPARE(fixture.messages.count(), 0);
    QCOMPARE(fixture.kb.find(QStringLiteral("disk/full"))->category(), QStringLiteral("io_error"));
}

QTEST_GUILESS_MAIN(DiskWatchTest)
#include "DiskWatchTest.moc"
