// The findings kept in the search index cache: a record's own findings and
// the KB-wide ones, their language, and what `errata validate` writes. The
// index part of the cache is in SearchIndexCacheTest.

#include "SearchIndexCacheFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"
#include "models/session/OwnFindingsJob.h"
#include "models/session/SearchIndexCache.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"

#include <QtTest>

#include <memory>

#include <sys/stat.h>

using namespace Errata;
using namespace Errata::TestSupport;
using namespace Errata::SearchIndexCacheFixture;

class SearchIndexCacheFindingsTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void ownFindingsComeFromTheCache();
    void deferredFindingsAreHandedBack();
    void findingsOfAnOlderTextAreNotKept();
    void kbWideFindingsFollowTheKb();
    void findingsFollowTheLanguage();
    void validationWritesFindingsWithoutIndex();
    void validationKeepsTheIndexWhenItCan();
    void validationLeavesAMatchingCache();
    void validationLeavesTheWindowsLanguage();
    void validationOfAnEmptyKbWritesNothing();

private:
    std::unique_ptr<Opened> validateAndCheck();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_cacheFile;
};

void SearchIndexCacheFindingsTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(QStringLiteral("kb"));
    m_cacheFile = m_dir->filePath(QStringLiteral("cache/kb.idx"));
    writeSampleKb(m_root);
}

void SearchIndexCacheFindingsTest::ownFindingsComeFromTheCache()
{
    const std::unique_ptr<Opened> first = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(first->cache->reusedFindingsCount(), 0);
    saveCache(*first);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(!opened->cache->isOutdated());
    // Findings of the text alone, with their line and column.
    QVERIFY(rulesOf(opened->kb, QStringLiteral("python/bad-regex")).contains(QStringLiteral("regex-compile")));
    QVERIFY(rulesOf(opened->kb, QStringLiteral("pytorch/zh")).contains(QStringLiteral("byte-order-mark")));
    for (int i = 0; i < opened->kb.count(); ++i)
        QVERIFY(!opened->kb.recordAt(i)->hasDocument()); // nothing was parsed to validate
    compareWithFreshBuild(m_root, *opened);
}

// At a first opening every record is left for later, with no findings;
// the job's findings, handed back, are those of a full validation, and the
// cache keeps them for the next opening.
void SearchIndexCacheFindingsTest::deferredFindingsAreHandedBack()
{
    std::vector<const Record *> deferred;
    const std::unique_ptr<Opened> first = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QCOMPARE(int(deferred.size()), 13);
    for (const Record *record : deferred)
        QVERIFY(first->kb.problems(record).isEmpty());
    QCOMPARE(results(first->index, QStringLiteral("severity:error")).size(), 0);
    OwnFindingsJob job(deferred);
    QVERIFY(job.run(RecordValidator(Today)));
    QCOMPARE(job.apply(first->kb, RecordValidator(Today), first->cache.get()), 13);
    first->index.refresh(first->kb, Today);
    compareWithFreshBuild(m_root, *first);
    QVERIFY(first->cache->isOutdated());
    saveCache(*first);

    deferred.clear();
    const std::unique_ptr<Opened> again = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QVERIFY(deferred.empty());
    QCOMPARE(again->cache->reusedFindingsCount(), 13);
    QVERIFY(!again->cache->isOutdated());
    compareWithFreshBuild(m_root, *again);

    // One file changed: only its record is left for later.
    const OrderedJson e2 = record("node/e2", "Error number 2 in node, changed", "Cause 2.");
    writeRecord(m_root, e2);
    const std::unique_ptr<Opened> changed = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QCOMPARE(int(deferred.size()), 1);
    QCOMPARE(deferred.front()->id(), QStringLiteral("node/e2"));
    QCOMPARE(changed->cache->reusedFindingsCount(), 12);
}

// Findings worked out before a record was saved are not kept for its new
// text: the next opening validates it again.
void SearchIndexCacheFindingsTest::findingsOfAnOlderTextAreNotKept()
{
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    Record *bad = opened->kb.find(QStringLiteral("python/bad-regex"));
    QVERIFY(rulesOf(opened->kb, bad->id()).contains(QStringLiteral("regex-compile")));
    opened->kb.setValue(bad, QStringLiteral("/regex"), "Broken \\(regex");
    QString error;
    QCOMPARE(opened->kb.save(bad, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    opened->index.update(opened->kb, bad, Today);
    saveCache(*opened);
    const std::unique_ptr<Opened> again = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(again->cache->restoredCount(), 13);
    QCOMPARE(again->cache->reusedFindingsCount(), 12);
    QVERIFY(!rulesOf(again->kb, bad->id()).contains(QStringLiteral("regex-compile")));
    compareWithFreshBuild(m_root, *again);
}

// The rules that read the KB run again for records whose text did not
// change: a link target removed, an id given to a second file.
void SearchIndexCacheFindingsTest::kbWideFindingsFollowTheKb()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("pytorch/oom"))));
    QVERIFY(QFile::copy(pathOf(m_root, QStringLiteral("node/e0")), pathOf(m_root, QStringLiteral("node/copy"))));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 12); // not the copy, which is new
    QVERIFY(opened->cache->isOutdated());
    QVERIFY(rulesOf(opened->kb, QStringLiteral("pytorch/nan")).contains(QStringLiteral("link-dangling")));
    const QList<Record *> copies = opened->kb.recordsWithId(QStringLiteral("node/e0"));
    QCOMPARE(copies.size(), 2);
    for (const Record *copy : copies) {
        QStringList rules;
        for (const Problem &problem : opened->kb.problems(copy))
            rules << problem.rule;
        QVERIFY(rules.contains(QStringLiteral("duplicate-id")));
    }
    compareWithFreshBuild(m_root, *opened);
}

// Findings are kept in the language of their messages: in another one
// they are worked out again, and kept in that one.
void SearchIndexCacheFindingsTest::findingsFollowTheLanguage()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    MarkingTranslator chinese;
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    QCOMPARE(RuleValidator::messageLanguage(), QStringLiteral("zh_CN"));
    const std::unique_ptr<Opened> translated = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(translated->cache->reusedFindingsCount(), 0);
    QCOMPARE(translated->cache->restoredCount(), 13); // the index is still good
    QVERIFY(translated->cache->isOutdated());
    const QList<Problem> problems = translated->kb.problems(translated->kb.find(QStringLiteral("python/bad-regex")));
    QVERIFY(!problems.isEmpty());
    for (const Problem &problem : problems) {
        if (problem.rule == QLatin1String("regex-compile"))
            QVERIFY2(problem.message.startsWith(QStringLiteral("【zh】")), qPrintable(problem.message));
    }
    compareWithFreshBuild(m_root, *translated);
    saveCache(*translated);
    QCOMPARE(openThroughCache(m_root, m_cacheFile)->cache->reusedFindingsCount(), 13);
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
    const std::unique_ptr<Opened> english = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(english->cache->reusedFindingsCount(), 0);
    compareWithFreshBuild(m_root, *english);
}

std::unique_ptr<Opened> SearchIndexCacheFindingsTest::validateAndCheck()
{
    QString error;
    std::unique_ptr<Opened> opened = validateThroughCache(m_root, m_cacheFile, &error);
    if (!opened)
        qWarning("the cache was not written: %s", qPrintable(error));
    else
        compareRecordsWithFreshLoad(m_root, *opened);
    return opened;
}

// `errata validate` keeps no index: it writes the rows and the findings,
// which the next run and the window reuse; the window builds the index.
void SearchIndexCacheFindingsTest::validationWritesFindingsWithoutIndex()
{
    std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 0);
    QVERIFY(QFileInfo::exists(m_cacheFile));
    validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->restoredCount(), 13);
    QCOMPARE(validated->cache->reusedFindingsCount(), 13);

    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(opened->cache->isOutdated()); // no index to read: built whole, to be written
    compareWithFreshBuild(m_root, *opened);
    saveCache(*opened);
    opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(!opened->cache->isOutdated());
    compareWithFreshBuild(m_root, *opened);
}

// A few files changed since the window wrote the cache: `errata validate`
// merges them into the cached index rather than dropping it.
void SearchIndexCacheFindingsTest::validationKeepsTheIndexWhenItCan()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    writeRecord(m_root, record("pytorch/oom", "torch.OutOfMemoryError: HIP out of memory", "Too little GPU memory."));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("python/cafe"))));
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 11);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 12);
    QCOMPARE(opened->cache->reusedFindingsCount(), 12);
    QVERIFY(!opened->cache->isOutdated()); // the index read was up to date
    QCOMPARE(results(opened->index, QStringLiteral("hip")).size(), 1);
    compareWithFreshBuild(m_root, *opened);

    // Most files changed: the file is written without the index.
    changeMostRecords(m_root);
    QVERIFY(validateAndCheck());
    const std::unique_ptr<Opened> reopened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(reopened->cache->reusedFindingsCount(), 12);
    QVERIFY(reopened->cache->isOutdated());
    compareWithFreshBuild(m_root, *reopened);
}

// Nothing changed: the file is not written again, only marked as used.
void SearchIndexCacheFindingsTest::validationLeavesAMatchingCache()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray written = readFile(m_cacheFile);
    const quint64 file = fileIdOf(m_cacheFile);
    age(m_cacheFile, 3);
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 13);
    QCOMPARE(readFile(m_cacheFile), written);
    QCOMPARE(fileIdOf(m_cacheFile), file);
    QVERIFY(QFileInfo(m_cacheFile).lastModified() > QDateTime::currentDateTime().addDays(-1));
}

// The window's findings in Chinese are of no use to `errata validate`, in
// English, but it does not replace them with its own.
void SearchIndexCacheFindingsTest::validationLeavesTheWindowsLanguage()
{
    MarkingTranslator chinese;
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
    const quint64 file = fileIdOf(m_cacheFile);
    writeRecord(m_root, record("node/added", "Added later", "A quokka appeared."));
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 0);
    QCOMPARE(fileIdOf(m_cacheFile), file);
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
}

void SearchIndexCacheFindingsTest::validationOfAnEmptyKbWritesNothing()
{
    const QString empty = m_dir->filePath(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));
    QString error;
    const std::unique_ptr<Opened> validated = validateThroughCache(empty, m_cacheFile, &error);
    QVERIFY2(validated, qPrintable(error));
    QCOMPARE(validated->kb.count(), 0);
    QVERIFY(!QFileInfo::exists(m_cacheFile));
}

QTEST_GUILESS_MAIN(SearchIndexCacheFindingsTest)
#include "SearchIndexCacheFindingsTest.moc"
