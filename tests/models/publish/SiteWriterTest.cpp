#include "models/publish/SiteWriter.h"

#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <grp.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Errata;

class SiteWriterTest : public QObject
{
    Q_OBJECT

private slots:
    void refusals();
    void firstPublishIntoMissingAndEmptyOut();
    void secondPublishKeepsUnchangedFiles();
    void reuseTakesTheOldFileByKey();
    void foreignFilesAreCarriedOverAndKept();
    void foreignFileWhereTheSiteWritesIsAFailure();
    void specialFilesInOutAreRefused();
    void linkPlantedDuringTheRunIsNotFollowed();
    void abandonAndFailureLeaveOutAsItWas();
    void crashLeftoversWithTheMarkerAreRemoved();
    void concurrentAddsGiveEveryFile();
    void hostilePathsAreRefused();
    void withoutExchangeTheSiteIsStillSwappedIn();
    void fileAddedDuringTheRunIsKept();
    void unwritableParentIsAFailure();
};

namespace {

using Files = QMap<QString, QByteArray>;

// Every entry below `root`, links not followed: "F <bytes>", "D", "L <target>", "S" (special).
QMap<QString, QByteArray> listing(const QString &root)
{
    QMap<QString, QByteArray> entries;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QDir(root).relativeFilePath(path);
        const QFileInfo info(path);
        struct stat st;
        ::lstat(QFile::encodeName(path).constData(), &st);
        if (S_ISLNK(st.st_mode))
            entries.insert(name, "L " + QFile::encodeName(info.symLinkTarget()));
        else if (S_ISDIR(st.st_mode))
            entries.insert(name, "D");
        else if (S_ISREG(st.st_mode))
            entries.insert(name, "F " + TestSupport::readFile(path));
        else
            entries.insert(name, "S");
    }
    return entries;
}

struct Identity
{
    ino_t inode = 0;
    qint64 mtime = 0;
};

Identity identity(const QString &path)
{
    struct stat st = {};
    ::lstat(QFile::encodeName(path).constData(), &st);
    return {st.st_ino, qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

Files sampleSite()
{
    return {{QStringLiteral("index.html"), "<h1>home</h1>"},
            {QStringLiteral("records/docker/a.html"), "record a"},
            {QStringLiteral("records/docker/b.html"), "record b"},
            {QStringLiteral("zh/index.html"), "<h1>zh</h1>"},
            {QStringLiteral("api/v1/index.json"), "[]"}};
}

struct Run
{
    bool ok = false;
    QString error;
    SiteWriter::Counts counts;
    QStringList notes;
};

Run publish(const QString &out, const QString &kb, const Files &files, bool exchange = true)
{
    Run run;
    SiteWriter writer;
    writer.setGenerator(QStringLiteral("Errata test"));
    writer.setNoExchangeForTests(!exchange);
    if (!writer.begin(out, kb, &run.error))
        return run;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        writer.add(it.key(), it.value());
    if (writer.failed()) {
        run.error = writer.error();
        writer.abandon();
        return run;
    }
    run.ok = writer.commit(&run.error);
    run.counts = writer.counts();
    run.notes = writer.notes();
    return run;
}

// The names in `folder` that start with a dot and hold "errata-".
QStringList besides(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral(".*errata-*")}, QDir::AllEntries | QDir::Hidden | QDir::System);
}

struct Place
{
    QTemporaryDir root;
    QString kb = root.filePath(QStringLiteral("kb"));
    QString out = root.filePath(QStringLiteral("site"));
    Place() { QDir().mkpath(kb); }
};

} // namespace

void SiteWriterTest::refusals()
{
    Place place;
    const auto refused = [&](const QString &out, const QString &words) {
        const QString why = SiteWriter::refusal(out, place.kb);
        if (!why.contains(words) || !why.contains(out))
            qWarning("%s: \"%s\", expected \"%s\"", qPrintable(out), qPrintable(why), qPrintable(words));
        return why.contains(words) && why.contains(out);
    };
    QVERIFY(refused(place.kb, QStringLiteral("is the KB")));
    QVERIFY(refused(place.kb + QStringLiteral("/site"), QStringLiteral("inside the KB")));
    QVERIFY(refused(place.root.path(), QStringLiteral("contains the KB")));
    QVERIFY(QFile::link(place.kb, place.root.filePath(QStringLiteral("kblink"))));
    QVERIFY(refused(place.root.filePath(QStringLiteral("kblink/site")), QStringLiteral("inside the KB")));
    QVERIFY(QDir().mkpath(place.root.filePath(QStringLiteral("real"))));
    QVERIFY(QFile::link(place.root.filePath(QStringLiteral("real")), place.root.filePath(QStringLiteral("outlink"))));
    QVERIFY(refused(place.root.filePath(QStringLiteral("outlink")), QStringLiteral("symbolic link")));
    QVERIFY(TestSupport::writeFile(place.root.filePath(QStringLiteral("file")), "x"));
    QVERIFY(refused(place.root.filePath(QStringLiteral("file")), QStringLiteral("not a folder")));
    QVERIFY(refused(place.root.filePath(QStringLiteral("none/site")), QStringLiteral("does not exist")));
    QVERIFY(TestSupport::writeFile(place.root.filePath(QStringLiteral("mine/notes.txt")), "mine"));
    QVERIFY(refused(place.root.filePath(QStringLiteral("mine")), QStringLiteral("did not write it")));
    QVERIFY(TestSupport::writeFile(place.root.filePath(QStringLiteral("bad/.errata-publish.json")), "{\"format\": 1,"));
    QVERIFY(TestSupport::writeFile(place.root.filePath(QStringLiteral("bad/index.html")), "old"));
    QVERIFY(refused(place.root.filePath(QStringLiteral("bad")), QStringLiteral("cannot be read (line 1")));
    QVERIFY(QDir().mkpath(place.root.filePath(QStringLiteral("huge"))));
    QFile huge(place.root.filePath(QStringLiteral("huge/.errata-publish.json")));
    QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(SiteManifest::MaxBytes + 1)); // sparse: nothing is written
    huge.close();
    QVERIFY(refused(place.root.filePath(QStringLiteral("huge")), QStringLiteral("larger than")));
    QDir().mkpath(place.root.filePath(QStringLiteral("fifo")));
    QCOMPARE(
        ::mkfifo(QFile::encodeName(place.root.filePath(QStringLiteral("fifo/.errata-publish.json"))).constData(), 0644),
        0);
    QVERIFY(refused(place.root.filePath(QStringLiteral("fifo")), QStringLiteral("not a regular file")));
    QVERIFY(SiteWriter::refusal(place.out, place.kb).isEmpty());
    QVERIFY(QDir().mkpath(place.root.filePath(QStringLiteral("empty"))));
    QVERIFY(SiteWriter::refusal(place.root.filePath(QStringLiteral("empty")), place.kb).isEmpty());

    // begin() refuses too, and changes nothing.
    const auto before = listing(place.root.path());
    SiteWriter writer;
    QString error;
    QVERIFY(!writer.begin(place.root.filePath(QStringLiteral("bad")), place.kb, &error));
    QVERIFY(error.contains(QStringLiteral("cannot be read")));
    QCOMPARE(listing(place.root.path()), before);
}

void SiteWriterTest::firstPublishIntoMissingAndEmptyOut()
{
    Place place;
    const Run run = publish(place.out, place.kb, sampleSite());
    QVERIFY2(run.ok, qPrintable(run.error));
    QCOMPARE(run.counts.written, 5);
    QCOMPARE(run.counts.unchanged + run.counts.removed + run.counts.carriedOver, 0);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/records/docker/b.html")), QByteArray("record b"));
    QVERIFY(!QFile::exists(place.out + QStringLiteral("/.errata-publish.json.partial")));
    QCOMPARE(besides(place.root.path()), QStringList());
    const QByteArray manifest = TestSupport::readFile(place.out + QStringLiteral("/.errata-publish.json"));
    QVERIFY(manifest.contains("\"generator\": \"Errata test\""));
    QVERIFY(manifest.indexOf("\"api/v1/index.json\"") < manifest.indexOf("\"zh/index.html\""));
    QVERIFY(!manifest.contains(QFile::encodeName(place.root.path())));
    QCOMPARE(QFileInfo(place.out).permissions() & QFile::ReadOther, QFile::ReadOther);

    const QString empty = place.root.filePath(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));
    const Run second = publish(empty, place.kb, sampleSite());
    QVERIFY2(second.ok, qPrintable(second.error));
    QCOMPARE(listing(empty), listing(place.out));
}

void SiteWriterTest::secondPublishKeepsUnchangedFiles()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    const Identity kept = identity(place.out + QStringLiteral("/records/docker/a.html"));
    const Identity changed = identity(place.out + QStringLiteral("/index.html"));
    QTest::qSleep(20);
    Files next = sampleSite();
    next.remove(QStringLiteral("records/docker/b.html"));
    next[QStringLiteral("index.html")] = "<h1>new</h1>";
    next[QStringLiteral("records/git/c.html")] = "record c";
    const Run run = publish(place.out, place.kb, next);
    QVERIFY2(run.ok, qPrintable(run.error));
    QCOMPARE(run.counts.written, 2);
    QCOMPARE(run.counts.unchanged, 3);
    QCOMPARE(run.counts.removed, 1);
    QCOMPARE(run.counts.carriedOver, 0);
    QCOMPARE(run.counts.bytes, qint64(QByteArray("<h1>new</h1>record arecord c<h1>zh</h1>[]").size()));
    const Identity now = identity(place.out + QStringLiteral("/records/docker/a.html"));
    QCOMPARE(now.inode, kept.inode);
    QCOMPARE(now.mtime, kept.mtime);
    QVERIFY(identity(place.out + QStringLiteral("/index.html")).inode != changed.inode);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/index.html")), QByteArray("<h1>new</h1>"));
    QVERIFY(!QFile::exists(place.out + QStringLiteral("/records/docker/b.html")));
    QCOMPARE(besides(place.root.path()), QStringList());

    // A folder the site no longer needs goes with its files.
    next.remove(QStringLiteral("records/git/c.html"));
    QVERIFY(publish(place.out, place.kb, next).ok);
    QVERIFY(!QFileInfo::exists(place.out + QStringLiteral("/records/git")));
}

void SiteWriterTest::reuseTakesTheOldFileByKey()
{
    Place place;
    {
        SiteWriter writer;
        QString error;
        QVERIFY(writer.begin(place.out, place.kb, &error));
        QVERIFY(!writer.reuse(QStringLiteral("a.html"), "k1")); // nothing old yet
        writer.add(QStringLiteral("a.html"), "aaaa", "k1");
        writer.add(QStringLiteral("b.html"), "bbbb", "k2");
        writer.add(QStringLiteral("c.html"), "cccc", "k3");
        QVERIFY2(writer.commit(&error), qPrintable(error));
    }
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/c.html"), "cc")); // damaged: another size
    const Identity a = identity(place.out + QStringLiteral("/a.html"));
    SiteWriter writer;
    QString error;
    QVERIFY(writer.begin(place.out, place.kb, &error));
    QVERIFY(writer.reuse(QStringLiteral("a.html"), "k1"));
    QVERIFY(!writer.reuse(QStringLiteral("b.html"), "other"));
    QVERIFY(!writer.reuse(QStringLiteral("c.html"), "k3"));
    QVERIFY(!writer.reuse(QStringLiteral("d.html"), "k1"));
    writer.add(QStringLiteral("b.html"), "BBBB", "k4");
    writer.add(QStringLiteral("c.html"), "cccc", "k3");
    QVERIFY2(writer.commit(&error), qPrintable(error));
    QCOMPARE(writer.counts().unchanged, 1);
    QCOMPARE(writer.counts().written, 2);
    QCOMPARE(identity(place.out + QStringLiteral("/a.html")).inode, a.inode);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/a.html")), QByteArray("aaaa"));
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/c.html")), QByteArray("cccc"));
    const QByteArray manifest = TestSupport::readFile(place.out + QStringLiteral("/.errata-publish.json"));
    QVERIFY(manifest.contains("{\"path\": \"a.html\", \"size\": 4, \"key\": \"" + QByteArray("k1").toHex() + "\"}"));
    QVERIFY(manifest.contains("{\"path\": \"b.html\", \"size\": 4, \"key\": \"" + QByteArray("k4").toHex() + "\"}"));
}

void SiteWriterTest::foreignFilesAreCarriedOverAndKept()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/CNAME"), "kb.example"));
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/records/docker/notes.txt"), "mine"));
    QVERIFY(QDir().mkpath(place.out + QStringLiteral("/empty-of-mine")));
    const QByteArray notUtf8 = QFile::encodeName(place.out) + "/records/\xff\xfe.txt"; // a name no QString holds
    const int fd = ::open(notUtf8.constData(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    QVERIFY(fd >= 0 && ::write(fd, "raw", 3) == 3 && ::close(fd) == 0);
    const Identity cname = identity(place.out + QStringLiteral("/CNAME"));
    Files next = sampleSite();
    next.remove(QStringLiteral("records/docker/a.html"));
    next.remove(QStringLiteral("records/docker/b.html"));
    for (int round = 0; round < 2; ++round) {
        const Run run = publish(place.out, place.kb, next);
        QVERIFY2(run.ok, qPrintable(run.error));
        QCOMPARE(run.counts.carriedOver, 3);
        QCOMPARE(run.counts.removed, round == 0 ? 2 : 0);
        struct stat st;
        QCOMPARE(::stat(notUtf8.constData(), &st), 0);
        QCOMPARE(qint64(st.st_size), qint64(3));
        QVERIFY(run.notes.isEmpty());
        QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/records/docker/notes.txt")), QByteArray("mine"));
        QCOMPARE(identity(place.out + QStringLiteral("/CNAME")).inode, cname.inode);
        QVERIFY(QFileInfo(place.out + QStringLiteral("/empty-of-mine")).isDir());
        QVERIFY(!QFile::exists(place.out + QStringLiteral("/records/docker/a.html")));
        QVERIFY(!TestSupport::readFile(place.out + QStringLiteral("/.errata-publish.json")).contains("CNAME"));
        QCOMPARE(besides(place.root.path()), QStringList());
    }
}

void SiteWriterTest::foreignFileWhereTheSiteWritesIsAFailure()
{
    Place place;
    Files site = sampleSite();
    site.remove(QStringLiteral("zh/index.html"));
    QVERIFY(publish(place.out, place.kb, site).ok);
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/zh/index.html"), "mine"));
    const auto before = listing(place.root.path());
    const Run run = publish(place.out, place.kb, sampleSite());
    QVERIFY(!run.ok);
    QVERIFY2(run.error.contains(place.out + QStringLiteral("/zh/index.html"))
                 && run.error.contains(QStringLiteral("did not write")),
             qPrintable(run.error));
    QCOMPARE(listing(place.root.path()), before);

    // A file of its own where the site needs a folder.
    QVERIFY(QFile::remove(place.out + QStringLiteral("/zh/index.html")));
    QVERIFY(QDir().rmdir(place.out + QStringLiteral("/zh")));
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/zh"), "mine"));
    const Run folder = publish(place.out, place.kb, sampleSite());
    QVERIFY(!folder.ok);
    QVERIFY2(folder.error.contains(place.out + QStringLiteral("/zh ")), qPrintable(folder.error));
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/zh")), QByteArray("mine"));
}

void SiteWriterTest::specialFilesInOutAreRefused()
{
    Place place;
    const QString outside = place.root.filePath(QStringLiteral("outside"));
    QVERIFY(TestSupport::writeFile(outside + QStringLiteral("/secret.html"), "secret"));
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    const auto check = [&](const QString &planted, const QString &kind) {
        const auto before = listing(place.root.path());
        Files next = sampleSite();
        next[QStringLiteral("records/docker/a.html")] = "changed";
        next[QStringLiteral("records/docker/x/secret.html")] = "over";
        const Run run = publish(place.out, place.kb, next);
        const bool named = !run.ok && run.error.contains(place.out + QLatin1Char('/') + planted)
            && run.error.contains(kind);
        if (!named)
            qWarning("%s", qPrintable(run.error));
        return named && listing(place.root.path()) == before && besides(place.root.path()).isEmpty();
    };
    QVERIFY(QFile::link(outside, place.out + QStringLiteral("/records/docker/x")));
    QVERIFY(check(QStringLiteral("records/docker/x"), QStringLiteral("symbolic link")));
    QCOMPARE(TestSupport::readFile(outside + QStringLiteral("/secret.html")), QByteArray("secret"));
    QVERIFY(QFile::remove(place.out + QStringLiteral("/records/docker/x")));
    QVERIFY(QFile::link(outside + QStringLiteral("/secret.html"),
                        place.out + QStringLiteral("/records/docker/b.html.tmp")));
    QVERIFY(check(QStringLiteral("records/docker/b.html.tmp"), QStringLiteral("symbolic link")));
    QVERIFY(QFile::remove(place.out + QStringLiteral("/records/docker/b.html.tmp")));
    QVERIFY(QFile::remove(place.out + QStringLiteral("/records/docker/a.html")));
    QVERIFY(
        QFile::link(outside + QStringLiteral("/secret.html"), place.out + QStringLiteral("/records/docker/a.html")));
    QVERIFY(check(QStringLiteral("records/docker/a.html"), QStringLiteral("symbolic link")));
    QVERIFY(QFile::remove(place.out + QStringLiteral("/records/docker/a.html")));
    QCOMPARE(::mkfifo(QFile::encodeName(place.out + QStringLiteral("/api/v1/pipe")).constData(), 0644), 0);
    QVERIFY(check(QStringLiteral("api/v1/pipe"), QStringLiteral("FIFO")));
    QCOMPARE(TestSupport::readFile(outside + QStringLiteral("/secret.html")), QByteArray("secret"));
    QCOMPARE(listing(outside).size(), 1);
}

void SiteWriterTest::linkPlantedDuringTheRunIsNotFollowed()
{
    Place place;
    const QString outside = place.root.filePath(QStringLiteral("outside"));
    QVERIFY(TestSupport::writeFile(outside + QStringLiteral("/a.html"), "record a"));
    QVERIFY(TestSupport::writeFile(outside + QStringLiteral("/b.html"), "record b"));
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    const auto outsideBefore = listing(outside);
    SiteWriter writer;
    QString error;
    QVERIFY(writer.begin(place.out, place.kb, &error));
    // The old site's folder is swapped for a link out of it after the scan.
    QVERIFY(QDir(place.out + QStringLiteral("/records")).rename(QStringLiteral("docker"), QStringLiteral("moved")));
    QVERIFY(QFile::link(outside, place.out + QStringLiteral("/records/docker")));
    const Files site = sampleSite();
    for (auto it = site.cbegin(); it != site.cend(); ++it)
        writer.add(it.key(), it.value());
    QVERIFY2(writer.commit(&error), qPrintable(error));
    QCOMPARE(writer.counts().written, 2); // a.html and b.html were not compared through the link
    QCOMPARE(listing(outside), outsideBefore);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/records/docker/a.html")), QByteArray("record a"));
    QVERIFY(QFileInfo(place.out + QStringLiteral("/records/docker")).isDir());
    QVERIFY(!QFileInfo(place.out + QStringLiteral("/records/docker")).isSymLink());
    QCOMPARE(writer.notes().size(), 1);
    QVERIFY2(writer.notes().first().contains(QStringLiteral(".site.errata-old-1")), qPrintable(writer.notes().first()));
    const QString kept = place.root.filePath(QStringLiteral(".site.errata-old-1"));
    QVERIFY(QFileInfo(kept + QStringLiteral("/records/docker")).isSymLink());
    QCOMPARE(TestSupport::readFile(kept + QStringLiteral("/records/moved/a.html")), QByteArray("record a"));
}

void SiteWriterTest::abandonAndFailureLeaveOutAsItWas()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/CNAME"), "mine"));
    const auto before = listing(place.root.path());
    Files next = sampleSite();
    next[QStringLiteral("index.html")] = "changed";
    next[QStringLiteral("new/page.html")] = "new";
    {
        SiteWriter writer;
        QString error;
        QVERIFY(writer.begin(place.out, place.kb, &error));
        for (auto it = next.cbegin(); it != next.cend(); ++it)
            writer.add(it.key(), it.value());
        QVERIFY(besides(place.root.path()).size() == 1);
        writer.abandon();
        QCOMPARE(listing(place.root.path()), before);
    }
    {
        SiteWriter writer; // destroyed without commit: abandoned
        QString error;
        QVERIFY(writer.begin(place.out, place.kb, &error));
        writer.add(QStringLiteral("index.html"), "changed");
    }
    QCOMPARE(listing(place.root.path()), before);
    {
        SiteWriter writer;
        QString error;
        QVERIFY(writer.begin(place.out, place.kb, &error));
        writer.add(QStringLiteral("index.html"), "changed");
        {
            TestSupport::FileSizeLimit full(64);
            QVERIFY(full.isActive());
            writer.add(QStringLiteral("records/big.html"), QByteArray(1000, 'x'));
        }
        QVERIFY(writer.failed());
        QVERIFY2(writer.error().contains(place.out + QStringLiteral("/records/big.html")), qPrintable(writer.error()));
        writer.add(QStringLiteral("later.html"), "later");
        QVERIFY(!writer.commit(&error)); // commit after a failure swaps nothing in
        QVERIFY(error.contains(QStringLiteral("records/big.html")));
    }
    QCOMPARE(listing(place.root.path()), before);
}

void SiteWriterTest::crashLeftoversWithTheMarkerAreRemoved()
{
    Place place;
    const QString ours = place.root.filePath(QStringLiteral(".site.errata-new-abc123"));
    const QString unmarked = place.root.filePath(QStringLiteral(".site.errata-new-xyz789"));
    const QString linked = place.root.filePath(QStringLiteral(".site.errata-new-lnk000"));
    const QString busy = place.root.filePath(QStringLiteral(".site.errata-new-busy00"));
    const QString other = place.root.filePath(QStringLiteral(".other.errata-new-abc123"));
    QVERIFY(TestSupport::writeFile(ours + QStringLiteral("/.errata-publish.json.partial"), "x"));
    QVERIFY(TestSupport::writeFile(ours + QStringLiteral("/records/a.html"), "half"));
    QVERIFY(TestSupport::writeFile(unmarked + QStringLiteral("/index.html"), "someone's"));
    QVERIFY(TestSupport::writeFile(place.root.filePath(QStringLiteral("elsewhere/.errata-publish.json.partial")), "x"));
    QVERIFY(QDir().mkpath(linked));
    QVERIFY(QFile::link(place.root.filePath(QStringLiteral("elsewhere/.errata-publish.json.partial")),
                        linked + QStringLiteral("/.errata-publish.json.partial")));
    QVERIFY(TestSupport::writeFile(busy + QStringLiteral("/.errata-publish.json.partial"), "x"));
    QVERIFY(TestSupport::writeFile(other + QStringLiteral("/.errata-publish.json.partial"), "x"));
    const int lock = ::open(QFile::encodeName(busy + QStringLiteral("/.errata-publish.json.partial")).constData(),
                            O_RDONLY);
    QVERIFY(lock >= 0 && ::flock(lock, LOCK_EX) == 0); // another run still writing
    const Run run = publish(place.out, place.kb, sampleSite());
    ::close(lock);
    QVERIFY2(run.ok, qPrintable(run.error));
    QVERIFY(!QFileInfo::exists(ours));
    QCOMPARE(TestSupport::readFile(unmarked + QStringLiteral("/index.html")), QByteArray("someone's"));
    QVERIFY(QFileInfo(linked + QStringLiteral("/.errata-publish.json.partial")).isSymLink());
    QVERIFY(QFileInfo::exists(busy + QStringLiteral("/.errata-publish.json.partial")));
    QVERIFY(QFileInfo::exists(other));
    QVERIFY(QFileInfo::exists(place.root.filePath(QStringLiteral("elsewhere/.errata-publish.json.partial"))));
}

void SiteWriterTest::concurrentAddsGiveEveryFile()
{
    Place place;
    SiteWriter writer;
    QString error;
    QVERIFY(writer.begin(place.out, place.kb, &error));
    constexpr int Threads = 8;
    constexpr int PerThread = 150;
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t)
        threads.emplace_back([&writer, t] {
            for (int i = 0; i < PerThread; ++i)
                writer.add(QStringLiteral("records/d%1/s%2/%3-%4.html").arg(i % 7).arg(i % 3).arg(t).arg(i),
                           QByteArray::number(t * 1000 + i));
        });
    for (std::thread &thread : threads)
        thread.join();
    QVERIFY2(!writer.failed(), qPrintable(writer.error()));
    QVERIFY2(writer.commit(&error), qPrintable(error));
    QCOMPARE(writer.counts().written, Threads * PerThread);
    int files = 0;
    for (auto it = QDirIterator(place.out + QStringLiteral("/records"), QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString path = it.next();
        const QString name = QFileInfo(path).completeBaseName();
        const int t = name.section(QLatin1Char('-'), 0, 0).toInt();
        const int i = name.section(QLatin1Char('-'), 1, 1).toInt();
        QCOMPARE(TestSupport::readFile(path), QByteArray::number(t * 1000 + i));
        ++files;
    }
    QCOMPARE(files, Threads * PerThread);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/.errata-publish.json")).count("\"path\""),
             Threads * PerThread);
}

void SiteWriterTest::hostilePathsAreRefused()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    const auto before = listing(place.root.path());
    const QStringList hostile{QStringLiteral("/tmp/x.html"),
                              QString(),
                              QStringLiteral("a//b.html"),
                              QStringLiteral("./a.html"),
                              QStringLiteral("records/../../x.html"),
                              QStringLiteral(".."),
                              QStringLiteral(".errata-publish.json"),
                              QStringLiteral(".errata-publish.json.partial"),
                              QStringLiteral("records/")};
    for (const QString &path : hostile) {
        SiteWriter writer;
        QString error;
        QVERIFY(writer.begin(place.out, place.kb, &error));
        writer.add(QStringLiteral("index.html"), "fine");
        writer.add(path, "evil");
        QVERIFY2(writer.failed(), qPrintable(path));
        QVERIFY2(writer.error().contains(QLatin1Char('"') + path + QLatin1Char('"')), qPrintable(writer.error()));
        QVERIFY(!writer.commit(&error));
        QCOMPARE(listing(place.root.path()), before);
    }
    QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/x.html"))
            || TestSupport::readFile(QStringLiteral("/tmp/x.html")) != "evil");
}

void SiteWriterTest::withoutExchangeTheSiteIsStillSwappedIn()
{
    Place place;
    Run run = publish(place.out, place.kb, sampleSite(), false);
    QVERIFY2(run.ok, qPrintable(run.error));
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/CNAME"), "mine"));
    Files next = sampleSite();
    next[QStringLiteral("index.html")] = "changed";
    run = publish(place.out, place.kb, next, false);
    QVERIFY2(run.ok, qPrintable(run.error));
    QCOMPARE(run.counts.unchanged, 4);
    QCOMPARE(run.notes.size(), 1);
    QVERIFY2(run.notes.first().contains(QStringLiteral("RENAME_EXCHANGE")), qPrintable(run.notes.first()));
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/index.html")), QByteArray("changed"));
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/CNAME")), QByteArray("mine"));
    QCOMPARE(besides(place.root.path()), QStringList());
}

void SiteWriterTest::fileAddedDuringTheRunIsKept()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    SiteWriter writer;
    QString error;
    QVERIFY(writer.begin(place.out, place.kb, &error));
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/records/docker/late.txt"), "late"));
    // A listed file replaced by another one is no longer the file errata wrote.
    QVERIFY(QFile::remove(place.out + QStringLiteral("/api/v1/index.json")));
    QVERIFY(TestSupport::writeFile(place.out + QStringLiteral("/api/v1/index.json"), "edited by hand"));
    const Files site = sampleSite();
    for (auto it = site.cbegin(); it != site.cend(); ++it)
        writer.add(it.key(), it.value());
    QVERIFY2(writer.commit(&error), qPrintable(error));
    QCOMPARE(writer.notes().size(), 1);
    QCOMPARE(TestSupport::readFile(place.root.filePath(QStringLiteral(".site.errata-old-1/records/docker/late.txt"))),
             QByteArray("late"));
    QCOMPARE(TestSupport::readFile(place.root.filePath(QStringLiteral(".site.errata-old-1/api/v1/index.json"))),
             QByteArray("edited by hand"));
    // records, docker, late.txt, api, v1, index.json: nothing else is left
    QCOMPARE(listing(place.root.filePath(QStringLiteral(".site.errata-old-1"))).size(), 6);
    QCOMPARE(TestSupport::readFile(place.out + QStringLiteral("/api/v1/index.json")), QByteArray("[]"));
    QVERIFY(!QFileInfo::exists(place.out + QStringLiteral("/records/docker/late.txt")));
}

// The parent of OUT is not writable to the user: as root, the writer runs in
// a child process that has become the user nobody (as setpriv would do it).
void SiteWriterTest::unwritableParentIsAFailure()
{
    Place place;
    QVERIFY(publish(place.out, place.kb, sampleSite()).ok);
    const auto before = listing(place.root.path());
    const bool root = ::geteuid() == 0;
    const QFile::Permissions open = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
    const QFile::Permissions closed = root
        ? open | QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup
        : QFile::ReadOwner | QFile::ExeOwner;
    QVERIFY(QFile::setPermissions(place.root.path(), closed));
    const QString expected = place.root.path();
    const auto tryIt = [&] {
        const Run run = publish(place.out, place.kb, sampleSite());
        return !run.ok && run.error.contains(expected)
            && run.error.contains(QString::fromLocal8Bit(std::strerror(EACCES)));
    };
    bool refused = false;
    if (!root) {
        refused = tryIt();
    } else {
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const bool dropped = ::setgroups(0, nullptr) == 0 && ::setresgid(65534, 65534, 65534) == 0
                && ::setresuid(65534, 65534, 65534) == 0;
            ::_exit(dropped ? (tryIt() ? 0 : 1) : 77);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
            QSKIP("running as root and could not become the user nobody");
        refused = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    QVERIFY(QFile::setPermissions(place.root.path(), open));
    QVERIFY(refused);
    QCOMPARE(listing(place.root.path()), before);
}

QTEST_GUILESS_MAIN(SiteWriterTest)
#include "SiteWriterTest.moc"
