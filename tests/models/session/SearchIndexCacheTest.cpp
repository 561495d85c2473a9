// The search index cache: a reopened KB comes from it, changed files are read
// anew, and a damaged, foreign or unwritable cache is not used; a full disk
// keeps the cache written before. The findings
// it keeps are in SearchIndexCacheFindingsTest.

#include "models/session/SearchIndexCache.h"
#include "SearchIndexCacheFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"
#include "models/session/OwnFindingsJob.h"
#include "models/validation/RecordValidator.h"
#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QtTest>

#include <memory>

#include <sys/stat.h>

using namespace Errata;
using namespace Errata::TestSupport;
using namespace Errata::SearchIndexCacheFixture;

class SearchIndexCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void firstOpenFindsNoCache();
    void reopenedKbComesFromTheCache();
    void changedAddedAndRemovedFilesAreReadAnew();
    void sameSizeChangeIsSeen();
    void mostlyChangedKbIsIndexedWhole();
    void unsavedEditsAreLeftOut();
    void stalenessFollowsTheDay();
    void damagedCacheIsNotUsed_data();
    void damagedCacheIsNotUsed();
    void damagedIndexIsCheckedAsRead();
    void damagedRowsAreCheckedAsRead();
    void cacheOfAnotherFolderIsNotUsed();
    void unwritableCacheFails();
    void fullDiskKeepsTheCache();
    void cacheFileIsPerFolder();
    void unusedCachesAreRemoved();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_cacheFile;
};

void SearchIndexCacheTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(QStringLiteral("kb"));
    m_cacheFile = m_dir->filePath(QStringLiteral("cache/kb.idx"));
    writeSampleKb(m_root);
}

void SearchIndexCacheTest::firstOpenFindsNoCache()
{
    SearchIndexCache cache(m_cacheFile);
    QVERIFY(!cache.open(m_root));
    QVERIFY(cache.errorString().isEmpty()); // none: not an error
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 0);
    QVERIFY(opened->cache->isOutdated());
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::reopenedKbComesFromTheCache()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QFileInfo::exists(m_cacheFile));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 13);
    QCOMPARE(opened->cache->restoredCount(), 13); // every file but the broken one
    QVERIFY(!opened->cache->isOutdated());
    QCOMPARE(opened->kb.loadProblems().size(), 1);
    const Record *zh = opened->kb.find(QStringLiteral("pytorch/zh"));
    QVERIFY(zh && zh->hadByteOrderMark());
    const QList<Record::LinkTarget> links = opened->kb.find(QStringLiteral("pytorch/nan"))->linkTargets();
    QCOMPARE(links.size(), 1);
    QCOMPARE(links.first().id, QStringLiteral("pytorch/oom"));
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::changedAddedAndRemovedFilesAreReadAnew()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    writeRecord(m_root, record("pytorch/oom", "torch.OutOfMemoryError: HIP out of memory", "Too little GPU memory."));
    writeRecord(m_root, record("node/added", "Added later", "A quokka appeared."));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("python/cafe"))));
    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 11);
    QVERIFY(opened->cache->isOutdated());
    QCOMPARE(results(opened->index, QStringLiteral("hip")).size(), 1);
    QCOMPARE(results(opened->index, QStringLiteral("cuda out")).size(), 0);
    QCOMPARE(results(opened->index, QStringLiteral("quokka")).size(), 1);
    QCOMPARE(results(opened->index, QStringLiteral("cafe")).size(), 0);
    compareWithFreshBuild(m_root, *opened);

    saveCache(*opened); // compacted: the retired entries are left out
    opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 13);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QVERIFY(!opened->cache->isOutdated());
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::sameSizeChangeIsSeen()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString path = pathOf(m_root, QStringLiteral("node/e3"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    const qsizetype at = text.indexOf("number 3");
    QVERIFY(at > 0);
    text.replace(at, 8, "zebrafi3");
    QVERIFY(writeFile(path, text));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 12);
    const QStringList found = results(opened->index, QStringLiteral("zebrafi3"));
    QCOMPARE(found.size(), 1);
    QVERIFY(found.first().startsWith(QStringLiteral("node/e3 ")));
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::mostlyChangedKbIsIndexedWhole()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    changeMostRecords(m_root);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 7);
    QVERIFY(opened->cache->isOutdated());
    QCOMPARE(results(opened->index, QStringLiteral("\"changed\"")).size(), 6); // the word, not the git filter
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::unsavedEditsAreLeftOut()
{
    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    Record *record = opened->kb.find(QStringLiteral("node/e1"));
    record->setValue(QStringLiteral("/signature"), "Edited in memory only");
    opened->index.update(opened->kb, record, Today);
    saveCache(*opened);
    opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 12);
    QCOMPARE(opened->cache->restoredCount(), 12);
    QCOMPARE(opened->kb.find(QStringLiteral("node/e1"))->signature(), QStringLiteral("Error number 1 in node"));
    QCOMPARE(results(opened->index, QStringLiteral("edited")).size(), 0);
    compareWithFreshBuild(m_root, *opened);
}

void SearchIndexCacheTest::stalenessFollowsTheDay()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QDate later(2028, 1, 1); // everything was last confirmed over a year before
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile, later);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QCOMPARE(results(opened->index, QStringLiteral("stale")).size(), 13);
    QVERIFY(rulesOf(opened->kb, QStringLiteral("node/e1")).contains(QStringLiteral("stale")));
    compareWithFreshBuild(m_root, *opened, later);
    const QDate earlier(2025, 1, 1); // every last_confirmed is in the future
    const std::unique_ptr<Opened> before = openThroughCache(m_root, m_cacheFile, earlier);
    QCOMPARE(before->cache->reusedFindingsCount(), 13);
    QVERIFY(rulesOf(before->kb, QStringLiteral("node/e1")).contains(QStringLiteral("future-date")));
    QVERIFY(!rulesOf(before->kb, QStringLiteral("node/e1")).contains(QStringLiteral("stale")));
    compareWithFreshBuild(m_root, *before, earlier);
}

void SearchIndexCacheTest::damagedCacheIsNotUsed_data()
{
    // Truncate to this per mille of the file; -2: half way into the rows,
    // -3: half way into the index part; -1: not at all.
    QTest::addColumn<int>("cut");
    QTest::addColumn<int>("flip"); // flip a bit of the byte at this per mille, or -1
    QTest::addColumn<bool>("rowsUsable");
    QTest::newRow("empty") << 0 << -1 << false;
    QTest::newRow("header only") << 10 << -1 << false;
    QTest::newRow("within the rows") << -2 << -1 << false;
    QTest::newRow("within the index") << -3 << -1 << true; // rows read; the index part is cut: built anew
    QTest::newRow("last byte missing") << 999 << -1 << true;
    QTest::newRow("magic") << -1 << 0 << false;
    QTest::newRow("rows") << -1 << 60 << false; // checksummed
}

void SearchIndexCacheTest::damagedCacheIsNotUsed()
{
    QFETCH(int, cut);
    QFETCH(int, flip);
    QFETCH(bool, rowsUsable);
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QByteArray bytes = readFile(m_cacheFile);
    QVERIFY(bytes.size() > 1000);
    const qsizetype indexStart = indexPartStart(bytes);
    QVERIFY(indexStart > 0 && indexStart < bytes.size());
    if (cut == -2)
        bytes.truncate(indexStart / 2);
    if (cut == -3)
        bytes.truncate((indexStart + bytes.size()) / 2);
    if (cut >= 0)
        bytes.truncate(bytes.size() * cut / 1000);
    if (flip >= 0)
        bytes[bytes.size() * flip / 1000] = char(bytes[bytes.size() * flip / 1000] ^ 0x10);
    QVERIFY(writeFile(m_cacheFile, bytes));

    SearchIndexCache cache(m_cacheFile);
    QCOMPARE(cache.open(m_root), rowsUsable);
    QCOMPARE(cache.errorString().isEmpty(), rowsUsable);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(opened->cache->isOutdated()); // written again whole
    compareWithFreshBuild(m_root, *opened);
}

// The index part is not checksummed but checked item by item: whatever
// byte of it is damaged, reading and searching stay within bounds (the
// sanitizer build checks that) and every record is still there.
void SearchIndexCacheTest::damagedIndexIsCheckedAsRead()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray original = readFile(m_cacheFile);
    int rebuilt = 0;
    const qsizetype indexStart = indexPartStart(original);
    QVERIFY(indexStart > 0);
    for (qsizetype at = indexStart; at < original.size(); at += 11) {
        QByteArray bytes = original;
        bytes[at] = char(bytes[at] ^ 0x81);
        QVERIFY(writeFile(m_cacheFile, bytes));
        const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
        QCOMPARE(opened->kb.count(), 13);
        QCOMPARE(opened->cache->restoredCount(), 13);
        rebuilt += opened->cache->isOutdated() ? 1 : 0;
        for (const QString &query : Queries)
            results(opened->index, query);
    }
    QVERIFY(rebuilt > 0); // the damage was noticed at least where it broke the structure
}

// The rows are checksummed, but reading them must not rely on that: with a
// byte damaged and the checksum made to fit, reading, validating and
// searching stay within bounds (the sanitizer build checks that), and
// every file is still loaded.
void SearchIndexCacheTest::damagedRowsAreCheckedAsRead()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray original = readFile(m_cacheFile);
    const Layout layout = layoutOf(original);
    QVERIFY(layout.rowsAt > 0 && layout.rowsSize > 1000);
    int refused = 0;
    for (qsizetype at = layout.rowsAt; at < layout.rowsAt + layout.rowsSize; at += 53) {
        QByteArray bytes = original;
        bytes[at] = char(bytes[at] ^ 0x81);
        QByteArray checksum;
        QDataStream out(&checksum, QIODevice::WriteOnly);
        out << SearchIndexCache::hashOf(bytes.mid(layout.rowsAt, layout.rowsSize));
        bytes.replace(layout.checksumAt, checksum.size(), checksum);
        QVERIFY(writeFile(m_cacheFile, bytes));
        const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
        QCOMPARE(opened->kb.count(), 13);
        refused += opened->cache->restoredCount() == 0 ? 1 : 0;
        for (const QString &query : Queries)
            results(opened->index, query);
    }
    QVERIFY(refused > 0); // the damage was noticed where it broke the structure
}

void SearchIndexCacheTest::cacheOfAnotherFolderIsNotUsed()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString copy = m_dir->filePath(QStringLiteral("copy"));
    QVERIFY(QDir().rename(m_root, copy));
    SearchIndexCache cache(m_cacheFile);
    QVERIFY(!cache.open(copy));
    QCOMPARE(cache.errorString(), QStringLiteral("the cache of another folder"));
}

void SearchIndexCacheTest::unwritableCacheFails()
{
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    const QString blocker = m_dir->filePath(QStringLiteral("a-file"));
    QVERIFY(writeFile(blocker, "not a folder"));
    QString error;
    SearchIndexCache elsewhere(blocker + QStringLiteral("/kb.idx"));
    QVERIFY(!elsewhere.save(opened->kb, opened->index, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(QFileInfo(blocker).size(), qint64(12));
}

// A full disk just before the end of the file (a file size limit one byte
// short of it): the write fails and says so, and the cache written before
// is still there, whole, and still opens.
void SearchIndexCacheTest::fullDiskKeepsTheCache()
{
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    saveCache(*opened);
    const QByteArray saved = readFile(m_cacheFile);
    QVERIFY(!saved.isEmpty());
    saveCache(*opened);
    QCOMPARE(readFile(m_cacheFile), saved); // what the write below would write
    QString error;
    bool written = true;
    {
        FileSizeLimit full(static_cast<rlim_t>(saved.size() - 1));
        QVERIFY(full.isActive());
        written = opened->cache->save(opened->kb, opened->index, &error);
    }
    QVERIFY(!written);
    QVERIFY2(error.startsWith(m_cacheFile + QStringLiteral(": cannot be written: ")), qPrintable(error));
    QCOMPARE(readFile(m_cacheFile), saved);
    QCOMPARE(QDir(QFileInfo(m_cacheFile).path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("kb.idx")});
    QCOMPARE(openThroughCache(m_root, m_cacheFile)->cache->restoredCount(), 13);
}

void SearchIndexCacheTest::cacheFileIsPerFolder()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString here = SearchIndexCache::fileFor(m_root);
    QVERIFY(here.startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
    QCOMPARE(SearchIndexCache::fileFor(m_root + QStringLiteral("/./")), here);
    QVERIFY(SearchIndexCache::fileFor(m_dir->filePath(QStringLiteral("other"))) != here);
}

// Writing a cache removes the caches beside it that were not used for
// MaxAgeDays; using a cache keeps it.
void SearchIndexCacheTest::unusedCachesAreRemoved()
{
    const QString folder = QFileInfo(m_cacheFile).absolutePath();
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString old = folder + QStringLiteral("/old.idx");
    const QString recent = folder + QStringLiteral("/recent.idx");
    const QString other = folder + QStringLiteral("/notes.txt");
    for (const QString &path : {old, recent, other})
        QVERIFY(writeFile(path, "x"));
    age(old, SearchIndexCache::MaxAgeDays + 1);
    age(recent, SearchIndexCache::MaxAgeDays - 1);
    age(other, SearchIndexCache::MaxAgeDays + 1);
    age(m_cacheFile, SearchIndexCache::MaxAgeDays + 1);

    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(!opened->cache->isOutdated());
    QVERIFY(QFileInfo(m_cacheFile).lastModified() > QDateTime::currentDateTime().addDays(-1)); // marked used
    saveCache(*openThroughCache(m_dir->filePath(QStringLiteral("kb")), folder + QStringLiteral("/second.idx")));
    QVERIFY(!QFileInfo::exists(old));
    QVERIFY(QFileInfo::exists(recent));
    QVERIFY(QFileInfo::exists(other));
    QVERIFY(QFileInfo::exists(m_cacheFile));
}

QTEST_GUILESS_MAIN(SearchIndexCacheTest)
#include "SearchIndexCacheTest.moc"
