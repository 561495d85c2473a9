// The git-summary cache's file as an untrusted one: a FIFO in its place is
// not waited on (every `errata status` hung), a link in its place is not
// read, and with no home folder there is no cache file at all.

#include "models/git/GitSummaryCache.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Errata;
using namespace Errata::TestSupport;

class GitSummaryCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void fifoIsNotWaitedOn();
    void linkIsNotRead();
    void noHomeNoFile();
};

void GitSummaryCacheTest::fifoIsNotWaitedOn()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("c.sum"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    std::atomic_bool done{false};
    bool opened = true;
    std::thread reader([&] {
        GitSummaryCache cache;
        opened = cache.open(fifo);
        done = true;
    });
    for (int i = 0; i < 300 && !done; ++i)
        QThread::msleep(10);
    const bool waited = !done;
    if (waited) { // an open that waits for a writer: give it one, so that the test ends
        const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    }
    reader.join();
    QVERIFY2(!waited, "opening a FIFO as the cache waited for a writer");
    QVERIFY(!opened);
}

void GitSummaryCacheTest::linkIsNotRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = dir.filePath(QStringLiteral("real.sum"));
    GitSummaryCache cache;
    Record::Summary summary;
    summary.id = QStringLiteral("app/one");
    cache.insert(QByteArray(20, 'a'), summary);
    QString error;
    QVERIFY2(cache.save(target, &error), qPrintable(error));
    GitSummaryCache read;
    QVERIFY(read.open(target));
    const QString link = dir.filePath(QStringLiteral("c.sum"));
    QVERIFY(QFile::link(target, link));
    GitSummaryCache through;
    QVERIFY(!through.open(link));
    QCOMPARE(through.lookup(QByteArray(20, 'a')), GitSummaryCache::Entry::Unknown);
    // Nor written through.
    QVERIFY(!cache.save(link, &error));
    QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));
}

void GitSummaryCacheTest::noHomeNoFile()
{
    const QByteArray home = qgetenv("HOME");
    const bool cacheHomeSet = qEnvironmentVariableIsSet("XDG_CACHE_HOME");
    const QByteArray cacheHome = qgetenv("XDG_CACHE_HOME");
    qunsetenv("HOME");
    qunsetenv("XDG_CACHE_HOME");
    const QString file = GitSummaryCache::fileFor(QStringLiteral("/srv/kb"));
    qputenv("HOME", home);
    if (cacheHomeSet)
        qputenv("XDG_CACHE_HOME", cacheHome);
    QVERIFY2(file.isEmpty(), qPrintable(file));
}

QTEST_GUILESS_MAIN(GitSummaryCacheTest)
#include "GitSummaryCacheTest.moc"
