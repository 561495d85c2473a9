// ServeSnapshot: the site's files are the bytes `errata publish` writes,
// the KB answers lookups and matches, it never follows the disk, a file
// that cannot be read is listed, the refusal of a KB caught mid-`git pull`
// (conflict markers, a half-written file, git's files of a merge), and a
// snapshot destroyed on another thread than the one that built it.

#include "models/serve/ServeSnapshot.h"

#include "ServeFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupResult.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/publish/SiteManifest.h"
#include "models/publish/SitePublisher.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <thread>

using namespace Errata;
using namespace Errata::TestSupport;

class ServeSnapshotTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void siteIsWhatPublishWrites();
    void kbAnswersLookupsAndMatches();
    void frozenAgainstTheDisk();
    void unreadableFilesAreListed();
    void refusedWhenAReadFileCannotBeRead_data();
    void refusedWhenAReadFileCannotBeRead();
    void notRefusedForFilesTheCurrentOneCouldNotReadEither();
    void refusedWhileGitIsInTheMiddleOfAnOperation_data();
    void refusedWhileGitIsInTheMiddleOfAnOperation();
    void commitOfTheCheckout();
    void destroyedOnAnotherThread();
    void cancelled();
    void notAFolder();

private:
    QString kbCopy(QTemporaryDir &dir) const;
    static std::shared_ptr<const ServeSnapshot> build(const QString &folder, bool site = false);

    QTemporaryDir m_cache;
};

void ServeSnapshotTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8()); // the search-index caches, not the user's
}

QString ServeSnapshotTest::kbCopy(QTemporaryDir &dir) const
{
    const QString kb = dir.path() + QStringLiteral("/kb");
    if (!copyFolder(Test::sampleKb(), kb))
        return QString();
    return kb;
}

std::shared_ptr<const ServeSnapshot> ServeSnapshotTest::build(const QString &folder, bool site)
{
    ServeSnapshot::Options options;
    options.renderSite = site;
    QString error;
    std::shared_ptr<const ServeSnapshot> snapshot = ServeSnapshot::build(folder, options, &error);
    if (!snapshot)
        qWarning("%s", qPrintable(error));
    return snapshot;
}

void ServeSnapshotTest::siteIsWhatPublishWrites()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    // The reference date left to the KB, as `errata publish` leaves it, and a base URL (sitemap.xml, absolute links).
    SitePublisher::Request request{kb, dir.path() + QStringLiteral("/out"), {}};
    request.options.baseUrl = QStringLiteral("https://kb.example");
    const SitePublisher::Result published = SitePublisher::publish(request);
    QVERIFY2(published.ok, qPrintable(published.error));

    ServeSnapshot::Options options;
    options.site = request.options;
    QString error;
    const std::shared_ptr<const ServeSnapshot> snapshot = ServeSnapshot::build(kb, options, &error);
    QVERIFY2(snapshot, qPrintable(error));
    int files = 0;
    qint64 bytes = 0;
    QDirIterator it(request.out, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = QDir(request.out).relativeFilePath(it.next());
        if (path == SiteManifest::fileName())
            continue; // the writer's record of its run, not a file of the site
        const QByteArray *served = snapshot->siteFile(path);
        QVERIFY2(served, qPrintable(path));
        const QByteArray onDisk = readFile(it.filePath());
        QVERIFY2(*served == onDisk, qPrintable(path));
        ++files;
        bytes += onDisk.size();
    }
    QVERIFY(files > 100);
    QCOMPARE(snapshot->info().siteFiles, files);
    QCOMPARE(snapshot->info().siteBytes, bytes);
    QCOMPARE(published.files, files);
    for (const char *path : {"index.html", "zh/index.html", "api/v1/index.json", "sitemap.xml",
                             "api/v1/records/docker/exec-format-error.json"})
        QVERIFY2(snapshot->siteFile(QString::fromLatin1(path)), path);
    for (const char *path : {"", "/index.html", "nope.html", "../kb/docker/exec-format-error.json", "api/v1/"})
        QVERIFY2(!snapshot->siteFile(QString::fromLatin1(path)), path);

    const std::shared_ptr<const ServeSnapshot> bare = build(kb);
    QVERIFY(bare);
    QCOMPARE(bare->info().siteFiles, 0);
    QVERIFY(!bare->siteFile(QStringLiteral("index.html")));
}

void ServeSnapshotTest::kbAnswersLookupsAndMatches()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const std::shared_ptr<const ServeSnapshot> snapshot = build(kb);
    QVERIFY(snapshot);
    const ServeSnapshot::Info &info = snapshot->info();
    QCOMPARE(info.root, QFileInfo(kb).absoluteFilePath());
    QCOMPARE(info.records, snapshot->kb().kb().count());
    QVERIFY(info.records >= 20);
    QVERIFY(info.problems.isEmpty());
    QVERIFY(info.commit.isEmpty()); // not a git checkout
    QVERIFY(info.loadedAt.isValid());
    QCOMPARE(info.loadedAt.timeSpec(), Qt::UTC);
    QVERIFY(info.seconds > 0);

    const LookupResult result = snapshot->kb().lookup().lookup(Test::dockerError());
    QVERIFY(!result.hits.isEmpty());
    QCOMPARE(result.hits.first().id, Test::dockerId());
    const LogMatchResult matches = snapshot->kb().matcher().match(Test::dockerError().toUtf8());
    QVERIFY(!matches.matches.empty());
    QVERIFY(snapshot->kb().kb().find(Test::dockerId()));
}

void ServeSnapshotTest::frozenAgainstTheDisk()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const std::shared_ptr<const ServeSnapshot> snapshot = build(kb, true);
    QVERIFY(snapshot);
    const int records = snapshot->info().records;
    const QByteArray index = *snapshot->siteFile(QStringLiteral("api/v1/index.json"));
    const QString file = kb + QLatin1Char('/') + Test::dockerFile();
    QVERIFY(writeFile(file, Test::withSignature(readFile(file), "exec format error\"", "exec format edited\"")));
    QVERIFY(writeFile(kb + QStringLiteral("/docker/new-one.json"),
                      R"({"id": "docker/new-one", "signature": "a new one", "domain": "docker", "category": "c"})"));
    QVERIFY(QFile::remove(kb + QStringLiteral("/git/dubious-ownership.json")));
    QTest::qWait(600); // what a watcher would need to notice, were there one
    QCOMPARE(snapshot->kb().kb().count(), records);
    QCOMPARE(snapshot->kb().kb().find(Test::dockerId())->signature(), Test::dockerError());
    QVERIFY(!snapshot->kb().kb().find(QStringLiteral("docker/new-one")));
    QVERIFY(snapshot->kb().kb().find(QStringLiteral("git/dubious-ownership")));
    QCOMPARE(*snapshot->siteFile(QStringLiteral("api/v1/index.json")), index);
    QCOMPARE(snapshot->kb().lookup().lookup(Test::dockerError()).hits.first().id, Test::dockerId());

    const std::shared_ptr<const ServeSnapshot> next = build(kb);
    QVERIFY(next);
    QVERIFY(next->kb().kb().find(QStringLiteral("docker/new-one")));
    QCOMPARE(next->kb().kb().find(Test::dockerId())->signature(),
             QStringLiteral("exec /usr/local/bin/docker-entrypoint.sh: exec format edited"));
}

void ServeSnapshotTest::unreadableFilesAreListed()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const QString file = kb + QLatin1Char('/') + Test::dockerFile();
    const QByteArray text = readFile(file);
    QVERIFY(writeFile(file, Test::withConflictMarkers(text, text)));
    const std::shared_ptr<const ServeSnapshot> snapshot = build(kb);
    QVERIFY(snapshot); // the first snapshot is served with its problems
    QCOMPARE(snapshot->info().problems.size(), 1);
    QVERIFY2(snapshot->info().problems.first().startsWith(Test::dockerFile() + QStringLiteral(": ")),
             qPrintable(snapshot->info().problems.first()));
    QVERIFY(!snapshot->kb().kb().find(Test::dockerId()));
}

void ServeSnapshotTest::refusedWhenAReadFileCannotBeRead_data()
{
    QTest::addColumn<bool>("conflict");
    QTest::newRow("conflict markers") << true;
    QTest::newRow("half written") << false;
}

void ServeSnapshotTest::refusedWhenAReadFileCannotBeRead()
{
    QFETCH(bool, conflict);
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const std::shared_ptr<const ServeSnapshot> current = build(kb);
    QVERIFY(current);
    const QString file = kb + QLatin1Char('/') + Test::dockerFile();
    const QByteArray text = readFile(file);
    QVERIFY(writeFile(file, conflict ? Test::withConflictMarkers(text, text) : Test::halfWritten(text)));
    const std::shared_ptr<const ServeSnapshot> next = build(kb);
    QVERIFY(next);
    const QString refusal = next->refusal(*current);
    QVERIFY2(refusal.startsWith(QStringLiteral("1 file that the snapshot being served read cannot be read now: ")
                                + Test::dockerFile() + QStringLiteral(": ")),
             qPrintable(refusal));
    QVERIFY(current->refusal(*current).isEmpty());

    QVERIFY(writeFile(file, text)); // whole again
    const std::shared_ptr<const ServeSnapshot> fixed = build(kb);
    QVERIFY(fixed);
    QVERIFY2(fixed->refusal(*current).isEmpty(), qPrintable(fixed->refusal(*current)));
    QVERIFY2(fixed->refusal(*next).isEmpty(), qPrintable(fixed->refusal(*next)));
}

void ServeSnapshotTest::notRefusedForFilesTheCurrentOneCouldNotReadEither()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const QString broken = kb + QStringLiteral("/docker/broken.json");
    QVERIFY(writeFile(broken, "{\"id\": \"docker/broken\", \"signature\": "));
    const std::shared_ptr<const ServeSnapshot> current = build(kb);
    QVERIFY(current);
    QCOMPARE(current->info().problems.size(), 1);
    // Still broken, and a new file half written: neither was read before.
    QVERIFY(writeFile(kb + QStringLiteral("/docker/newer.json"), "{\"id\": \"docker/newer\", \"sig"));
    const std::shared_ptr<const ServeSnapshot> next = build(kb);
    QVERIFY(next);
    QCOMPARE(next->info().problems.size(), 2);
    QVERIFY2(next->refusal(*current).isEmpty(), qPrintable(next->refusal(*current)));
}

void ServeSnapshotTest::refusedWhileGitIsInTheMiddleOfAnOperation_data()
{
    QTest::addColumn<QString>("marker");
    QTest::addColumn<bool>("folder");
    QTest::newRow("merge") << QStringLiteral("MERGE_HEAD") << false;
    QTest::newRow("index lock") << QStringLiteral("index.lock") << false;
    QTest::newRow("rebase") << QStringLiteral("rebase-merge") << true;
    QTest::newRow("am") << QStringLiteral("rebase-apply") << true;
    QTest::newRow("cherry-pick") << QStringLiteral("CHERRY_PICK_HEAD") << false;
}

void ServeSnapshotTest::refusedWhileGitIsInTheMiddleOfAnOperation()
{
    QFETCH(QString, marker);
    QFETCH(bool, folder);
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    GitTestRepository repository(kb);
    QVERIFY(repository.isValid());
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    const std::shared_ptr<const ServeSnapshot> current = build(kb);
    QVERIFY(current);
    QVERIFY(current->info().gitOperation.isEmpty());

    const QString path = kb + QStringLiteral("/.git/") + marker;
    QVERIFY(folder ? QDir().mkpath(path) : writeFile(path, "0123456789012345678901234567890123456789\n"));
    const std::shared_ptr<const ServeSnapshot> during = build(kb);
    QVERIFY(during);
    QVERIFY2(during->info().gitOperation.contains(marker), qPrintable(during->info().gitOperation));
    QVERIFY(during->info().problems.contains(during->info().gitOperation)); // a first snapshot lists it
    const QString refusal = during->refusal(*current);
    QVERIFY2(refusal.startsWith(QStringLiteral("git is in the middle of an operation: ")) && refusal.contains(path),
             qPrintable(refusal));

    QVERIFY(folder ? QDir(path).removeRecursively() : QFile::remove(path));
    const std::shared_ptr<const ServeSnapshot> after = build(kb);
    QVERIFY(after);
    QVERIFY(after->refusal(*current).isEmpty());
    QVERIFY(after->refusal(*during).isEmpty());
}

void ServeSnapshotTest::commitOfTheCheckout()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    GitTestRepository repository(dir.path());
    QVERIFY(repository.isValid());
    const QString kb = dir.path() + QStringLiteral("/kb"); // a KB below the checkout's root
    QVERIFY(copyFolder(Test::sampleKb(), kb));
    const QByteArray commit = repository.commitAll(QStringLiteral("first"));
    QCOMPARE(commit.size(), 40);
    const std::shared_ptr<const ServeSnapshot> snapshot = build(kb);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->info().commit, QString::fromLatin1(commit));
}

void ServeSnapshotTest::destroyedOnAnotherThread()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    std::shared_ptr<const ServeSnapshot> snapshot = build(kb, true);
    QVERIFY(snapshot);
    const ServeSnapshot *address = snapshot.get();
    QString found;
    std::thread request([held = std::move(snapshot), &found]() mutable {
        found = held->kb().lookup().lookup(Test::dockerError()).hits.value(0).id;
        held.reset(); // the last holder: destroyed here, with its QObjects
    });
    request.join();
    QVERIFY(address);
    QCOMPARE(found, Test::dockerId());
    QCoreApplication::processEvents(); // nothing was left to deliver to it
}

void ServeSnapshotTest::cancelled()
{
    QTemporaryDir dir;
    const QString kb = kbCopy(dir);
    QVERIFY(!kb.isEmpty());
    const std::atomic_bool cancel{true};
    QString error;
    QVERIFY(!ServeSnapshot::build(kb, ServeSnapshot::Options(), &error, &cancel));
    QCOMPARE(error, QStringLiteral("cancelled"));
}

void ServeSnapshotTest::notAFolder()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!ServeSnapshot::build(dir.path() + QStringLiteral("/missing"), ServeSnapshot::Options(), &error));
    QVERIFY2(error.endsWith(QStringLiteral("/missing: not a readable folder")), qPrintable(error));
}

QTEST_GUILESS_MAIN(ServeSnapshotTest)
#include "ServeSnapshotTest.moc"
