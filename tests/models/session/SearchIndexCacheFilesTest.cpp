// The search-index cache's file as an untrusted one: a FIFO in its place is
// not waited on, a link in its place is neither read nor touched (its target
// keeps its bytes and its time), and with no home folder there is no cache
// (not /.cache).

#include "models/session/KnowledgeBaseSession.h"
#include "models/util/CacheFolder.h"

#include "SearchIndexCacheFixture.h"

#include <QCryptographicHash>
#include <QStandardPaths>

#include <atomic>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using namespace Errata;
using namespace Errata::TestSupport;
using namespace Errata::SearchIndexCacheFixture;

namespace {

qint64 modifiedOf(const QString &path)
{
    struct stat status = {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 ? qint64(status.st_mtime) : -1;
}

} // namespace

class SearchIndexCacheFilesTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void fifoIsNotWaitedOn();
    void linkIsNeitherReadNorTouched();
    void noHomeNoCache();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_cacheFile;
};

void SearchIndexCacheFilesTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(QStringLiteral("kb"));
    m_cacheFile = m_dir->filePath(QStringLiteral("cache/kb.idx"));
    writeSampleKb(m_root);
    QVERIFY(QDir().mkpath(QFileInfo(m_cacheFile).path()));
}

void SearchIndexCacheFilesTest::fifoIsNotWaitedOn()
{
    QCOMPARE(::mkfifo(QFile::encodeName(m_cacheFile).constData(), 0600), 0);
    std::atomic_bool done{false};
    bool opened = true;
    QString error;
    std::thread reader([&] {
        SearchIndexCache cache(m_cacheFile);
        opened = cache.open(m_root);
        error = cache.errorString();
        done = true;
    });
    for (int i = 0; i < 300 && !done; ++i)
        QThread::msleep(10);
    const bool waited = !done;
    if (waited) { // an open that waits for a writer: give it one, so that the test ends
        const int fd = ::open(QFile::encodeName(m_cacheFile).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    }
    reader.join();
    QVERIFY2(!waited, "opening a FIFO as the cache waited for a writer");
    QVERIFY(!opened);
    QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));

    // And the KB opens without it, all its records read.
    const std::unique_ptr<Opened> through = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(through->cache->restoredCount(), 0);
    QCOMPARE(through->kb.count(), openWithoutCache(m_root)->kb.count());
}

void SearchIndexCacheFilesTest::linkIsNeitherReadNorTouched()
{
    // A valid cache of this KB, elsewhere, an hour old; the cache file a link to it.
    const QString target = m_dir->filePath(QStringLiteral("elsewhere/kb.idx"));
    saveCache(*openThroughCache(m_root, target));
    QFile aged(target);
    QVERIFY(aged.open(QIODevice::ReadWrite));
    QVERIFY(aged.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    aged.close();
    const qint64 before = modifiedOf(target);
    const QByteArray bytes = readFile(target);
    QVERIFY(QFile::link(target, m_cacheFile));

    QString error;
    const std::unique_ptr<Opened> opened = validateThroughCache(m_root, m_cacheFile, &error);
    QVERIFY(!opened); // the update refuses to write through the link
    QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));
    SearchIndexCache cache(m_cacheFile);
    QVERIFY(!cache.open(m_root));
    QVERIFY2(cache.errorString().contains(QStringLiteral("symbolic link")), qPrintable(cache.errorString()));
    QCOMPARE(modifiedOf(target), before);
    QCOMPARE(readFile(target), bytes);
    QVERIFY(QFileInfo(m_cacheFile).isSymLink());
}

void SearchIndexCacheFilesTest::noHomeNoCache()
{
    const QByteArray home = qgetenv("HOME");
    const QByteArray cacheHome = qgetenv("XDG_CACHE_HOME");
    const bool cacheHomeSet = qEnvironmentVariableIsSet("XDG_CACHE_HOME");
    qunsetenv("HOME");
    qunsetenv("XDG_CACHE_HOME");
    // Where Qt puts it then: /.cache/…, outside any home.
    const QByteArray name =
        QCryptographicHash::hash(QDir::cleanPath(m_root).toUtf8(), QCryptographicHash::Sha1).toHex();
    const QString outside = QStandardPaths::writableLocation(QStandardPaths::CacheLocation)
        + QStringLiteral("/search-index/") + QString::fromLatin1(name) + QStringLiteral(".idx");
    const QString fileFor = SearchIndexCache::fileFor(m_root);
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options options;
    options.documents = KnowledgeBaseLoader::KeepDocuments;
    const bool read = session.read(m_root, options);
    const bool checked = session.check();
    QString error;
    const bool written = session.writeCache(&error);
    const QString cacheFile = session.cacheFile();
    const bool leaked = QFileInfo::exists(outside);
    QFile::remove(outside);
    qputenv("HOME", home);
    if (cacheHomeSet)
        qputenv("XDG_CACHE_HOME", cacheHome);
    QVERIFY(read && checked);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(fileFor, QString());
    QCOMPARE(cacheFile, QString());
    QVERIFY2(!leaked, qPrintable(outside));
    QVERIFY(session.knowledgeBase().count() > 0);
}

QTEST_GUILESS_MAIN(SearchIndexCacheFilesTest)
#include "SearchIndexCacheFilesTest.moc"
