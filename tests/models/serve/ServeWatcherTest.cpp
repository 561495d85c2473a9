// ServeWatcher: what it says changed() for (a record file written in place
// or replaced, a file or folder added or removed, HEAD's commit moved, a git
// operation begun and ended) and what it lets go (files no snapshot is made
// of, hidden folders, a `git status` that took and dropped the index's
// lock), a folder added is watched from then on, and a stream of changes is
// reported within the longest delay.

#include "models/serve/ServeWatcher.h"

#include "ServeFixture.h"
#include "models/git/GitCheckoutState.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

// Short delays, so that a test waits little; the timeout is generous for a loaded machine.
constexpr int QuietMs = 60;
constexpr int MaxDelayMs = 400;
constexpr int Timeout = 5000;
constexpr int Settled = 5 * QuietMs; // long enough for a change to have been said

} // namespace

class ServeWatcherTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void recordFileWrittenInPlace();
    void recordFileReplacedThenWrittenAgain();
    void recordFileAddedAndRemoved();
    void filesNoSnapshotIsMadeOfChangeNothing();
    void folderAddedIsWatchedFromThen();
    void gitOperationsAndCommits();
    void streamOfChangesIsReportedWithinTheLongestDelay();

private:
    std::unique_ptr<ServeWatcher> watcher(const QString &gitDir = QString());
    QString file() const { return m_kb + QLatin1Char('/') + Test::dockerFile(); }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_kb;
};

void ServeWatcherTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_kb = m_dir->path() + QStringLiteral("/kb");
    QVERIFY(copyFolder(Test::sampleKb(), m_kb));
}

std::unique_ptr<ServeWatcher> ServeWatcherTest::watcher(const QString &gitDir)
{
    auto watching = std::make_unique<ServeWatcher>(m_kb, gitDir);
    watching->setDelays(QuietMs, MaxDelayMs);
    watching->start();
    return watching;
}

void ServeWatcherTest::recordFileWrittenInPlace()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    QFile out(file());
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Append));
    QVERIFY(out.write(" ") == 1);
    out.close();
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Timeout);
    QTest::qWait(Settled);
    QCOMPARE(changed.count(), 1); // one burst, one change
    QCOMPARE(watching->unwatchedCount(), 0);
}

void ServeWatcherTest::recordFileReplacedThenWrittenAgain()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    // An atomic save: a new file renamed over the watched one. The names of the folder stay the same.
    const QString temporary = m_kb + QStringLiteral("/docker/.save.tmp");
    QVERIFY(writeFile(temporary, readFile(file()) + ' '));
    QVERIFY(::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(file()).constData()) == 0);
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Timeout);
    // The new file is watched in its turn.
    QFile out(file());
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Append));
    QVERIFY(out.write(" ") == 1);
    out.close();
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, Timeout);
}

void ServeWatcherTest::recordFileAddedAndRemoved()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    const QString added = m_kb + QStringLiteral("/docker/added.json");
    QVERIFY(writeFile(added, "{}"));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Timeout);
    QVERIFY(QFile::remove(added));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, Timeout);
    QVERIFY(QFile::remove(file()));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, Timeout);
}

void ServeWatcherTest::filesNoSnapshotIsMadeOfChangeNothing()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    QVERIFY(writeFile(m_kb + QStringLiteral("/docker/notes.txt"), "notes"));
    QVERIFY(writeFile(m_kb + QStringLiteral("/docker/.exec-format-error.json.swp"), "swap"));
    QVERIFY(writeFile(m_kb + QStringLiteral("/.hidden/record.json"), "{}"));
    QVERIFY(writeFile(m_kb + QStringLiteral("/.errata-outcomes.jsonl"), "{}\n"));
    QTest::qWait(Settled);
    QCOMPARE(changed.count(), 0);
}

void ServeWatcherTest::folderAddedIsWatchedFromThen()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    QVERIFY(QDir().mkpath(m_kb + QStringLiteral("/rust/borrow")));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Timeout);
    QVERIFY(writeFile(m_kb + QStringLiteral("/rust/borrow/one.json"), "{}"));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, Timeout);
    QFile out(m_kb + QStringLiteral("/rust/borrow/one.json"));
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Append));
    QVERIFY(out.write(" ") == 1);
    out.close();
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, Timeout);
}

void ServeWatcherTest::gitOperationsAndCommits()
{
    GitTestRepository repository(m_kb);
    QVERIFY(repository.isValid());
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    const QString gitDir = GitCheckoutState::read(m_kb).gitDir;
    QCOMPARE(gitDir, m_kb + QStringLiteral("/.git"));
    const auto watching = watcher(gitDir);
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);

    // `git status` refreshing the index: the lock taken and dropped at once, nothing else.
    const QString lock = gitDir + QStringLiteral("/index.lock");
    QVERIFY(writeFile(lock, "index"));
    QVERIFY(QFile::remove(lock));
    QVERIFY(writeFile(gitDir + QStringLiteral("/FETCH_HEAD"), "fetched\n"));
    QTest::qWait(Settled);
    QCOMPARE(changed.count(), 0);

    // A merge that stops on conflicts, and its end.
    const QString mergeHead = gitDir + QStringLiteral("/MERGE_HEAD");
    QVERIFY(writeFile(mergeHead, "0123456789012345678901234567890123456789\n"));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Timeout);
    QVERIFY(QFile::remove(mergeHead));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, Timeout);

    // A commit of what was already on disk: only HEAD's commit moves.
    QVERIFY(repository.write(QStringLiteral("README.md"), "changed\n"));
    QTest::qWait(Settled);
    QCOMPARE(changed.count(), 2); // not a record file
    QVERIFY(!repository.commitAll(QStringLiteral("second")).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, Timeout);
}

void ServeWatcherTest::streamOfChangesIsReportedWithinTheLongestDelay()
{
    const auto watching = watcher();
    QSignalSpy changed(watching.get(), &ServeWatcher::changed);
    QElapsedTimer timer;
    timer.start();
    qint64 first = -1;
    while (timer.elapsed() < 3 * MaxDelayMs) { // a change every QuietMs / 3: never quiet
        QFile out(file());
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Append));
        QVERIFY(out.write(" ") == 1);
        out.close();
        QTest::qWait(QuietMs / 3);
        if (first < 0 && changed.count() > 0)
            first = timer.elapsed();
    }
    QVERIFY2(first >= 0, "no change said while the stream went on");
    QVERIFY2(first < 2 * MaxDelayMs + QuietMs, qPrintable(QString::number(first)));
}

QTEST_GUILESS_MAIN(ServeWatcherTest)
#include "ServeWatcherTest.moc"
