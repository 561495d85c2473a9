// Two windows on one KB: the first keeps the crash-recovery copies; the second says the KB is open elsewhere and never
// replaces or deletes them, so that a crash of the first does not lose its edits. When the first closes, the second
// takes over; when the first crashed, its copies are offered first.

#include "ui/window/RecoveryKeeper.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/KnowledgeBaseLock.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWidget>
#include <QtTest>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

class RecoveryKeeperTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void secondWindowKeepsNoCopies();
    void secondTakesOverWhenTheFirstCloses();
    void copiesOfACrashAreOfferedToTheNextOwner();
    void closingReleasesTheLock();

private:
    std::unique_ptr<KnowledgeBase> load() const;
    QList<QString> storedIds(const RecoveryKeeper &keeper) const;

    std::unique_ptr<QTemporaryDir> m_kbDir;
    std::unique_ptr<QTemporaryDir> m_base;
    QWidget m_window;
};

void RecoveryKeeperTest::init()
{
    m_kbDir = std::make_unique<QTemporaryDir>();
    m_base = std::make_unique<QTemporaryDir>();
    for (const char *id : {"disk/full", "disk/slow"}) {
        const QByteArray text = QByteArray("{\n  \"id\": \"") + id + "\",\n  \"signature\": \"s\"\n}\n";
        QVERIFY(writeFile(m_kbDir->filePath(QString::fromLatin1(id) + QStringLiteral(".json")), text));
    }
}

std::unique_ptr<KnowledgeBase> RecoveryKeeperTest::load() const
{
    auto kb = std::make_unique<KnowledgeBase>();
    kb->adopt(KnowledgeBaseLoader::load(m_kbDir->path()));
    return kb;
}

QList<QString> RecoveryKeeperTest::storedIds(const RecoveryKeeper &keeper) const
{
    QList<QString> ids;
    for (const RecoveryStore::Entry &entry : keeper.recoveryStore().entries(m_kbDir->path()))
        ids << entry.id;
    return ids;
}

void RecoveryKeeperTest::secondWindowKeepsNoCopies()
{
    auto kb1 = load();
    auto kb2 = load();
    RecoveryKeeper first(&m_window, m_base->path());
    RecoveryKeeper second(&m_window, m_base->path());
    QSignalSpy elsewhere1(&first, &RecoveryKeeper::openElsewhere);
    QSignalSpy elsewhere2(&second, &RecoveryKeeper::openElsewhere);
    first.setKnowledgeBase(kb1.get());
    second.setKnowledgeBase(kb2.get());
    QVERIFY(first.ownsCopies());
    QVERIFY(!second.ownsCopies());
    QCOMPARE(elsewhere1.count(), 0);
    QCOMPARE(elsewhere2.count(), 1);
    const QString message = elsewhere2.at(0).at(0).toString();
    QVERIFY2(message.contains(QString::number(QCoreApplication::applicationPid())), qPrintable(message));

    kb1->setValue(kb1->find(QStringLiteral("disk/full")), QStringLiteral("/signature"), "first's edit");
    first.store();
    QCOMPARE(storedIds(first), QList<QString>{QStringLiteral("disk/full")});
    // The second window has its own edit and nothing of the first's: its
    // store (every 5 s) must leave the first's copy alone.
    kb2->setValue(kb2->find(QStringLiteral("disk/slow")), QStringLiteral("/signature"), "second's edit");
    second.tick();
    second.store();
    QVERIFY(!second.ownsCopies());
    QCOMPARE(storedIds(first), QList<QString>{QStringLiteral("disk/full")});
}

void RecoveryKeeperTest::secondTakesOverWhenTheFirstCloses()
{
    auto kb1 = load();
    auto kb2 = load();
    auto first = std::make_unique<RecoveryKeeper>(&m_window, m_base->path());
    RecoveryKeeper second(&m_window, m_base->path());
    first->setKnowledgeBase(kb1.get());
    second.setKnowledgeBase(kb2.get());
    QVERIFY(!second.ownsCopies());
    first->store(); // nothing unsaved: no copies
    first->release();
    first.reset();

    bool asked = false;
    second.setAsk([&asked](const QStringList &) { return asked = true; });
    QSignalSpy again(&second, &RecoveryKeeper::ownerAgain);
    kb2->setValue(kb2->find(QStringLiteral("disk/slow")), QStringLiteral("/signature"), "second's edit");
    second.tick();
    QVERIFY(second.ownsCopies());
    QCOMPARE(again.count(), 1);
    QVERIFY(!asked); // the first closed cleanly: nothing to offer
    QCOMPARE(storedIds(second), QList<QString>{QStringLiteral("disk/slow")});
}

// A crash leaves the lock of a process that no longer runs and its copies:
// the next window to open the KB takes the lock over and offers them.
void RecoveryKeeperTest::copiesOfACrashAreOfferedToTheNextOwner()
{
    auto kb1 = load();
    RecoveryStore store(m_base->path());
    kb1->setValue(kb1->find(QStringLiteral("disk/full")), QStringLiteral("/signature"), "unsaved");
    QString error;
    QVERIFY2(store.store(*kb1, &error), qPrintable(error));
    // The lock file of a dead process, as QLockFile writes it.
    QVERIFY(writeFile(store.lockFile(m_kbDir->path()),
                      "999999999\nerrata\n" + QSysInfo::machineHostName().toUtf8() + "\n"));

    auto kb2 = load();
    RecoveryKeeper next(&m_window, m_base->path());
    QStringList offered;
    next.setAsk([&offered](const QStringList &records) {
        offered = records;
        return true;
    });
    QSignalSpy restored(&next, &RecoveryKeeper::recordRestored);
    next.setKnowledgeBase(kb2.get());
    QVERIFY(next.ownsCopies());
    QCOMPARE(offered.size(), 1);
    QVERIFY(offered.first().startsWith(QLatin1String("disk/full")));
    QCOMPARE(restored.count(), 1);
    QCOMPARE(kb2->find(QStringLiteral("disk/full"))->signature(), QStringLiteral("unsaved"));
}

void RecoveryKeeperTest::closingReleasesTheLock()
{
    auto kb = load();
    RecoveryKeeper keeper(&m_window, m_base->path());
    keeper.setKnowledgeBase(kb.get());
    QVERIFY(keeper.ownsCopies());
    KnowledgeBaseLock other(keeper.recoveryStore().lockFile(m_kbDir->path()));
    QVERIFY(!other.tryLock());
    QCOMPARE(other.holder().pid, QCoreApplication::applicationPid());
    keeper.release();
    QVERIFY(!keeper.ownsCopies());
    QVERIFY(other.tryLock());
    other.unlock();
    keeper.setKnowledgeBase(nullptr); // a window that shows no KB holds no lock
    QVERIFY(!keeper.ownsCopies());
}

QTEST_MAIN(RecoveryKeeperTest)
#include "RecoveryKeeperTest.moc"
