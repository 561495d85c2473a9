// CacheFolder: no cache folder without a home (not /.cache), caches read
// only from regular files without waiting or following links, their time
// set without following links, and the folder tidied: old caches, caches
// whose KB is gone, and the oldest beyond the size cap.

#include "models/util/CacheFolder.h"
#include "support/TestFiles.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

// The environment variables a test changes, put back at the end of it.
class SavedVariable
{
public:
    explicit SavedVariable(const char *name)
        : m_name(name)
        , m_set(qEnvironmentVariableIsSet(name))
        , m_value(qgetenv(name))
    {
    }
    ~SavedVariable()
    {
        if (m_set)
            qputenv(m_name, m_value);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_set;
    QByteArray m_value;
};

qint64 modifiedOf(const QString &path)
{
    struct stat status = {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 ? qint64(status.st_mtime) : -1;
}

void setAge(const QString &path, qint64 secondsAgo)
{
    const qint64 when = QDateTime::currentSecsSinceEpoch() - secondsAgo;
    const struct timespec times[2] = {{time_t(when), 0}, {time_t(when), 0}};
    QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, AT_SYMLINK_NOFOLLOW), 0);
}

const QString Hash1 = QStringLiteral("1111111111111111111111111111111111111111");
const QString Hash2 = QStringLiteral("2222222222222222222222222222222222222222");
const QString Hash3 = QStringLiteral("3333333333333333333333333333333333333333");

} // namespace

class CacheFolderTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void noHomeNoCache();
    void homeGivesTheUsualFolder();
    void fifoIsNotWaitedOn();
    void linkIsNotFollowed();
    void touchDoesNotFollowALink();
    void oldCachesGo();
    void cachesOfAGoneKbGo();
    void sizeIsCapped();
    void tidyElsewhereLooksOnlyBeside();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_top;
};

void CacheFolderTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_top = m_dir->filePath(QStringLiteral("cache"));
    QVERIFY(QDir().mkpath(m_top + QStringLiteral("/search-index")));
    QVERIFY(QDir().mkpath(m_top + QStringLiteral("/git-summaries")));
}

void CacheFolderTest::noHomeNoCache()
{
    // cron, systemd, `env -i`: Qt then answers /.cache.
    const SavedVariable home("HOME");
    const SavedVariable cacheHome("XDG_CACHE_HOME");
    for (const QByteArray &value : {QByteArray(), QByteArray(""), QByteArray("/"), QByteArray("//")}) {
        if (value.isNull())
            qunsetenv("HOME");
        else
            qputenv("HOME", value);
        qunsetenv("XDG_CACHE_HOME");
        QCOMPARE(CacheFolder::location(), QString());
        QCOMPARE(CacheFolder::fileFor(QStringLiteral("search-index"), m_dir->path(), QStringLiteral(".idx")),
                 QString());
        qputenv("XDG_CACHE_HOME", "relative/cache"); // ignored, as the XDG specification says
        QCOMPARE(CacheFolder::location(), QString());
    }
    qputenv("XDG_CACHE_HOME", m_top.toUtf8()); // no HOME, but a cache folder given
    QVERIFY2(CacheFolder::location().startsWith(m_top), qPrintable(CacheFolder::location()));
}

void CacheFolderTest::homeGivesTheUsualFolder()
{
    const SavedVariable home("HOME");
    const SavedVariable cacheHome("XDG_CACHE_HOME");
    qunsetenv("XDG_CACHE_HOME");
    qputenv("HOME", m_dir->path().toUtf8());
    const QString location = CacheFolder::location();
    QCOMPARE(location, QStandardPaths::writableLocation(QStandardPaths::CacheLocation));
    QVERIFY2(location.startsWith(m_dir->path() + QStringLiteral("/.cache")), qPrintable(location));
    const QString file = CacheFolder::fileFor(QStringLiteral("git-summaries"), m_dir->path() + QStringLiteral("/kb/."),
                                              QStringLiteral(".sum"));
    QCOMPARE(file,
             CacheFolder::fileFor(QStringLiteral("git-summaries"), m_dir->path() + QStringLiteral("/kb"),
                                  QStringLiteral(".sum")));
    QVERIFY(file.startsWith(location + QStringLiteral("/git-summaries/")));
    QVERIFY(file.endsWith(QStringLiteral(".sum")));
    QCOMPARE(QFileInfo(file).completeBaseName().size(), 40);
}

void CacheFolderTest::fifoIsNotWaitedOn()
{
    const QString fifo = m_top + QStringLiteral("/search-index/") + Hash1 + QStringLiteral(".idx");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    QFile file;
    QString why;
    QVERIFY(!CacheFolder::openRegular(file, fifo, &why));
    QVERIFY(timer.elapsed() < 2000);
    QVERIFY2(why.contains(QStringLiteral("not a regular file")), qPrintable(why));
    QVERIFY(!file.isOpen());

    QVERIFY(!CacheFolder::openRegular(file, m_top + QStringLiteral("/missing.idx"), &why));
    QCOMPARE(why, QString());                              // no cache: not an error
    QVERIFY(!CacheFolder::openRegular(file, m_top, &why)); // a folder
    QVERIFY(!why.isEmpty());
}

void CacheFolderTest::linkIsNotFollowed()
{
    const QString target = m_dir->filePath(QStringLiteral("target"));
    QVERIFY(writeFile(target, "not yours"));
    const QString link = m_top + QStringLiteral("/search-index/") + Hash1 + QStringLiteral(".idx");
    QVERIFY(QFile::link(target, link));
    QFile file;
    QString why;
    QVERIFY(!CacheFolder::openRegular(file, link, &why));
    QVERIFY2(why.contains(QStringLiteral("symbolic link")), qPrintable(why));

    QVERIFY(writeFile(m_top + QStringLiteral("/plain.idx"), "cache bytes"));
    QVERIFY(CacheFolder::openRegular(file, m_top + QStringLiteral("/plain.idx"), &why));
    QCOMPARE(file.readAll(), QByteArray("cache bytes"));
}

void CacheFolderTest::touchDoesNotFollowALink()
{
    const QString target = m_dir->filePath(QStringLiteral("target"));
    QVERIFY(writeFile(target, "not yours"));
    setAge(target, 3600);
    const qint64 before = modifiedOf(target);
    const QString link = m_top + QStringLiteral("/search-index/") + Hash1 + QStringLiteral(".idx");
    QVERIFY(QFile::link(target, link));
    CacheFolder::touch(link);
    QCOMPARE(modifiedOf(target), before);
    QCOMPARE(readFile(target), QByteArray("not yours"));

    const QString fifo = m_top + QStringLiteral("/fifo.idx");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    CacheFolder::touch(fifo); // returns at once: nothing is opened

    setAge(target, 3600);
    CacheFolder::touch(target);
    QVERIFY(modifiedOf(target) > QDateTime::currentSecsSinceEpoch() - 60);
}

void CacheFolderTest::oldCachesGo()
{
    const QString kept = m_top + QStringLiteral("/search-index/") + Hash1 + QStringLiteral(".idx");
    const QString old = m_top + QStringLiteral("/git-summaries/") + Hash2 + QStringLiteral(".sum");
    const QString recent = m_top + QStringLiteral("/search-index/") + Hash3 + QStringLiteral(".idx");
    const QString other = m_top + QStringLiteral("/search-index/notes.txt");
    for (const QString &path : {kept, old, recent, other})
        QVERIFY(writeFile(path, "x"));
    for (const QString &path : {kept, old, other})
        setAge(path, qint64(CacheFolder::MaxAgeDays + 1) * 24 * 3600);
    setAge(recent, qint64(CacheFolder::MaxAgeDays - 1) * 24 * 3600);
    CacheFolder::tidy(kept, m_dir->path());
    QVERIFY(QFileInfo::exists(kept));
    QVERIFY(!QFileInfo::exists(old));
    QVERIFY(QFileInfo::exists(recent));
    QVERIFY(QFileInfo::exists(other)); // not a cache's name
    QCOMPARE(readFile(m_top + QStringLiteral("/roots/") + Hash1), QDir::cleanPath(m_dir->path()).toUtf8());
}

void CacheFolderTest::cachesOfAGoneKbGo()
{
    // 30 CI checkouts of one KB: 30 caches, each of a folder removed since.
    const QString kb = m_dir->filePath(QStringLiteral("kb"));
    const QString gone = m_dir->filePath(QStringLiteral("checkout-1"));
    QVERIFY(QDir().mkpath(kb));
    QVERIFY(QDir().mkpath(gone));
    const QString first = m_top + QStringLiteral("/search-index/") + Hash2 + QStringLiteral(".idx");
    const QString firstSummary = m_top + QStringLiteral("/git-summaries/") + Hash2 + QStringLiteral(".sum");
    QVERIFY(writeFile(first, "x"));
    QVERIFY(writeFile(firstSummary, "x"));
    CacheFolder::tidy(first, gone);
    QVERIFY(QFileInfo::exists(m_top + QStringLiteral("/roots/") + Hash2));

    const QString kept = m_top + QStringLiteral("/search-index/") + Hash1 + QStringLiteral(".idx");
    QVERIFY(writeFile(kept, "x"));
    CacheFolder::tidy(kept, kb);
    QVERIFY(QFileInfo::exists(first)); // its KB is still there
    QVERIFY(QDir(gone).removeRecursively());
    CacheFolder::tidy(kept, kb);
    QVERIFY(QFileInfo::exists(kept));
    QVERIFY(!QFileInfo::exists(first));
    QVERIFY(!QFileInfo::exists(firstSummary));
    QVERIFY(!QFileInfo::exists(m_top + QStringLiteral("/roots/") + Hash2));
    QVERIFY(QFileInfo::exists(m_top + QStringLiteral("/roots/") + Hash1));
}

void CacheFolderTest::sizeIsCapped()
{
    const QByteArray kilobyte(1024, 'x');
    QStringList files;
    for (const QString &hash : {Hash1, Hash2, Hash3}) {
        files << m_top + QStringLiteral("/search-index/") + hash + QStringLiteral(".idx");
        QVERIFY(writeFile(files.last(), kilobyte));
    }
    const QString summary = m_top + QStringLiteral("/git-summaries/") + Hash3 + QStringLiteral(".sum");
    QVERIFY(writeFile(summary, kilobyte));
    setAge(files.at(0), 400); // the oldest, and the one written now
    setAge(files.at(1), 300);
    setAge(summary, 200);
    setAge(files.at(2), 100);
    CacheFolder::Limits limits;
    limits.maxBytes = 2 * 1024;
    CacheFolder::tidy(files.at(0), m_dir->path(), limits);
    QVERIFY(QFileInfo::exists(files.at(0))); // never the one just written
    QVERIFY(!QFileInfo::exists(files.at(1)));
    QVERIFY(!QFileInfo::exists(summary));
    QVERIFY(QFileInfo::exists(files.at(2)));
}

void CacheFolderTest::tidyElsewhereLooksOnlyBeside()
{
    // A cache file given elsewhere: the folder above it is not Errata's.
    const QString folder = m_dir->filePath(QStringLiteral("mine"));
    const QString kept = folder + QStringLiteral("/kb.idx");
    const QString besideOld = folder + QStringLiteral("/old.idx");
    const QString aboveOld = m_dir->filePath(QStringLiteral("git-summaries/") + Hash2 + QStringLiteral(".sum"));
    for (const QString &path : {kept, besideOld, aboveOld})
        QVERIFY(writeFile(path, "x"));
    for (const QString &path : {besideOld, aboveOld})
        setAge(path, qint64(CacheFolder::MaxAgeDays + 1) * 24 * 3600);
    CacheFolder::tidy(kept, m_dir->path());
    QVERIFY(!QFileInfo::exists(besideOld));
    QVERIFY(QFileInfo::exists(aboveOld));
    QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("roots"))));
}

QTEST_GUILESS_MAIN(CacheFolderTest)
#include "CacheFolderTest.moc"
