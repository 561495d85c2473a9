// KnowledgeBaseSession: the steps of opening a KB, on the calling thread and
// in the background, through the cache; the checks after the KB is shown;
// cancelling; the index following edits.

#include "models/session/KnowledgeBaseSession.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"
#include "models/session/SearchIndexCache.h"

#include "bench/SyntheticKnowledgeBase.h"
#include "support/TestFiles.h"

#include <QtTest>

using namespace Errata;

namespace {

const QString SampleKb = QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb");

struct Figures
{
    int records = 0;
    int errors = 0;
    int warnings = 0;
    int hits = 0;
};

Figures figuresOf(const KnowledgeBaseSession &session)
{
    const KnowledgeBase::Counts counts = session.knowledgeBase().counts();
    return {session.knowledgeBase().count(), counts.errors, counts.warnings,
            int(session.index().search(SearchQuery::parse(QStringLiteral("docker"))).size())};
}

// The index as the cache would write it.
QByteArray indexBytes(const KnowledgeBaseSession &session)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    session.index().write(out, session.index().records());
    return bytes;
}

// A file's text changed (a line added at its end): read anew, not restored.
void touch(const QString &file)
{
    QFile f(file);
    QVERIFY(f.open(QIODevice::Append));
    f.write("\n");
}

KnowledgeBaseSession::Options withCache(const QString &file)
{
    KnowledgeBaseSession::Options options;
    options.cacheFile = file;
    return options;
}

} // namespace

class KnowledgeBaseSessionTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void stepsOnTheCallingThread();
    void withoutCache();
    void inTheBackground();
    void cancelWhileReading();
    void stopChecksKeepsWhatWasChecked();
    void checksStoppedWhileWaiting();
    void editWhileTheCacheIsWritten();
    void indexFollowsEdits();
    void indexedAsReadThroughTheCache();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_cache;
};

void KnowledgeBaseSessionTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void KnowledgeBaseSessionTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(QStringLiteral("kb"));
    m_cache = m_dir->filePath(QStringLiteral("cache/kb.idx"));
    QVERIFY(TestSupport::copyFolder(SampleKb, m_root));
}

void KnowledgeBaseSessionTest::stepsOnTheCallingThread()
{
    KnowledgeBaseSession first;
    QVERIFY(first.read(m_root, withCache(m_cache)));
    QVERIFY(first.usesCache());
    QCOMPARE(first.restoredCount(), 0);
    QVERIFY(first.check());
    QVERIFY(first.buildIndex());
    QVERIFY(first.isCacheOutdated());
    QString error;
    QVERIFY2(first.writeCache(&error), qPrintable(error));
    QVERIFY(QFileInfo::exists(m_cache));
    const Figures figures = figuresOf(first);
    QCOMPARE(figures.records, 24);
    QVERIFY(figures.warnings > 0);
    QVERIFY(figures.hits > 0);

    KnowledgeBaseSession again; // through the cache: nothing parsed or checked anew
    QVERIFY(again.read(m_root, withCache(m_cache)));
    QCOMPARE(again.restoredCount(), 24);
    QVERIFY(again.check());
    QCOMPARE(again.reusedFindingsCount(), 24);
    QVERIFY(again.buildIndex());
    const Figures cached = figuresOf(again);
    QCOMPARE(cached.records, figures.records);
    QCOMPARE(cached.errors, figures.errors);
    QCOMPARE(cached.warnings, figures.warnings);
    QCOMPARE(cached.hits, figures.hits);
}

void KnowledgeBaseSessionTest::withoutCache()
{
    KnowledgeBaseSession withCacheSession;
    QVERIFY(withCacheSession.read(m_root, withCache(m_cache)) && withCacheSession.check());
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options options;
    options.useCache = false;
    QVERIFY(session.read(m_root, options));
    QVERIFY(!session.usesCache());
    QVERIFY(session.cacheFile().isEmpty());
    QVERIFY(session.check());
    QString error;
    QVERIFY(session.writeCache(&error));
    QVERIFY(!QFileInfo::exists(m_cache));
    QCOMPARE(session.knowledgeBase().counts().warnings, withCacheSession.knowledgeBase().counts().warnings);
}

void KnowledgeBaseSessionTest::inTheBackground()
{
    KnowledgeBaseSession sync;
    QVERIFY(sync.read(m_root, withCache(m_dir->filePath(QStringLiteral("other.idx")))) && sync.check()
            && sync.buildIndex());

    KnowledgeBaseSession session;
    QStringList events;
    connect(&session, &KnowledgeBaseSession::aboutToReplace, this, [&] { events << QStringLiteral("aboutToReplace"); });
    connect(&session, &KnowledgeBaseSession::replaced, this, [&] { events << QStringLiteral("replaced"); });
    connect(&session, &KnowledgeBaseSession::checking, this,
            [&](int records) { events << QStringLiteral("checking %1").arg(records); });
    connect(&session, &KnowledgeBaseSession::checked, this, [&](bool cancelled, int notChecked) {
        events << QStringLiteral("checked %1 %2").arg(cancelled).arg(notChecked);
    });
    connect(&session, &KnowledgeBaseSession::replaced, this, [&] {
        if (session.isLookupPending()) // the whole index was built: its lookup side comes after
            events << QStringLiteral("lookup pending");
        if (session.isChecking()) // the checks wait for it
            events << QStringLiteral("checks waiting");
    });
    connect(&session, &KnowledgeBaseSession::lookupReady, this, [&] { events << QStringLiteral("lookupReady"); });
    QSignalSpy checked(&session, &KnowledgeBaseSession::checked);
    QSignalSpy lookupReady(&session, &KnowledgeBaseSession::lookupReady);
    session.open(m_root, withCache(m_cache));
    QVERIFY(session.isOpening());
    QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty() && !lookupReady.isEmpty(), 30000);
    QCOMPARE(
        events,
        (QStringList{QStringLiteral("aboutToReplace"), QStringLiteral("replaced"), QStringLiteral("lookup pending"),
                     QStringLiteral("checks waiting"), QStringLiteral("lookupReady"), QStringLiteral("checking 24"),
                     QStringLiteral("checked 0 0")}));
    QVERIFY(!session.isBusy());
    QVERIFY(!session.isLookupPending());
    QCOMPARE(session.index().lookup().liveCount(), 24);
    QCOMPARE(session.knowledgeBase().thread(), QThread::currentThread());
    const Figures figures = figuresOf(session);
    const Figures expected = figuresOf(sync);
    QCOMPARE(figures.records, expected.records);
    QCOMPARE(figures.warnings, expected.warnings);
    QCOMPARE(figures.hits, expected.hits);
    session.waitForCache();              // written on a thread of its own
    QVERIFY(QFileInfo::exists(m_cache)); // written once checked and the lookup side built

    events.clear(); // again: every record's findings and the whole index come from the cache
    lookupReady.clear();
    session.open(m_root, withCache(m_cache));
    QVERIFY(checked.wait(30000));
    QCOMPARE(
        events,
        (QStringList{QStringLiteral("aboutToReplace"), QStringLiteral("replaced"), QStringLiteral("checked 0 0")}));
    QCOMPARE(figuresOf(session).warnings, expected.warnings);
    QCOMPARE(session.index().lookup().liveCount(), 24);
    QVERIFY(lookupReady.isEmpty());
}

void KnowledgeBaseSessionTest::cancelWhileReading()
{
    const QString big = m_dir->filePath(QStringLiteral("big"));
    QVERIFY(SyntheticKnowledgeBase(3000, 5).write(big));
    KnowledgeBaseSession session;
    QSignalSpy cancelled(&session, &KnowledgeBaseSession::cancelled);
    QSignalSpy replaced(&session, &KnowledgeBaseSession::replaced);
    session.open(big, withCache(m_cache));
    session.cancel();
    QVERIFY(cancelled.wait(30000));
    QVERIFY(replaced.isEmpty());
    QVERIFY(session.knowledgeBase().root().isEmpty()); // the KB shown stays
    QVERIFY(!session.isBusy());
}

void KnowledgeBaseSessionTest::stopChecksKeepsWhatWasChecked()
{
    const QString big = m_dir->filePath(QStringLiteral("big"));
    QVERIFY(SyntheticKnowledgeBase(3000, 7).write(big));
    KnowledgeBaseSession session;
    int notChecked = -1;
    bool wasCancelled = false;
    connect(&session, &KnowledgeBaseSession::checked, this, [&](bool cancelled, int left) {
        wasCancelled = cancelled;
        notChecked = left;
    });
    connect(&session, &KnowledgeBaseSession::progress, this, [&](int stage, int done, int total) {
        if (stage == KnowledgeBaseSession::Checking && session.isChecking() && done > 0 && done < total)
            session.stopChecks();
    });
    session.open(big, withCache(m_cache));
    QTRY_VERIFY_WITH_TIMEOUT(notChecked >= 0, 60000);
    if (!wasCancelled)
        QSKIP("the checks ended before a progress report came between their start and end");
    QVERIFY(notChecked > 0 && notChecked < 3000);
    QVERIFY(!session.isChecking());
    session.waitForCache();              // written on a thread of its own
    QVERIFY(QFileInfo::exists(m_cache)); // what was checked is kept
    const int left = notChecked;
    disconnect(&session, nullptr, this, nullptr); // the second time, checked to the end

    QSignalSpy checking(&session, &KnowledgeBaseSession::checking);
    QSignalSpy checked(&session, &KnowledgeBaseSession::checked);
    session.open(big, withCache(m_cache));
    QVERIFY(checked.wait(60000));
    QCOMPARE(checking.size(), 1);
    QCOMPARE(checking.first().first().toInt(), left); // only the rest
    QCOMPARE(checked.first().at(0).toBool(), false);
}

// Checks stopped while they wait for the lookup side: none of the records
// was checked, the lookup side is still built and the cache written with
// the index, so that the next opening checks every record but builds no
// index.
void KnowledgeBaseSessionTest::checksStoppedWhileWaiting()
{
    KnowledgeBaseSession session;
    QSignalSpy checked(&session, &KnowledgeBaseSession::checked);
    QSignalSpy lookupReady(&session, &KnowledgeBaseSession::lookupReady);
    QSignalSpy checking(&session, &KnowledgeBaseSession::checking);
    connect(&session, &KnowledgeBaseSession::replaced, this, [&] {
        QVERIFY(session.isChecking() && session.isLookupPending());
        session.stopChecks();
        QVERIFY(!session.isChecking());
        QVERIFY(session.isBusy()); // the lookup side
    });
    session.open(m_root, withCache(m_cache));
    QTRY_VERIFY_WITH_TIMEOUT(!lookupReady.isEmpty(), 30000);
    QCOMPARE(checked.size(), 1);
    QCOMPARE(checked.first().at(0).toBool(), true);
    QCOMPARE(checked.first().at(1).toInt(), 24);
    QVERIFY(checking.isEmpty());
    QVERIFY(!session.isBusy());
    session.waitForCache(); // written on a thread of its own
    QVERIFY(QFileInfo::exists(m_cache));

    disconnect(&session, nullptr, this, nullptr);
    checked.clear();
    lookupReady.clear();
    session.open(m_root, withCache(m_cache)); // the index and its lookup side from the cache, no findings
    QVERIFY(checked.wait(30000));
    QCOMPARE(checking.size(), 1);
    QCOMPARE(checking.first().first().toInt(), 24);
    QVERIFY(!session.isLookupPending());
    QCOMPARE(session.index().lookup().liveCount(), 24);
    QVERIFY(lookupReady.isEmpty());
}

// The cache of a first opening is written on a thread of its own, which
// reads the index: an edit right then (while it is written) waits for it,
// and the file written is the index as it was (a whole, readable cache),
// the index in memory the edited one.
void KnowledgeBaseSessionTest::editWhileTheCacheIsWritten()
{
    const QString big = m_dir->filePath(QStringLiteral("big"));
    QVERIFY(SyntheticKnowledgeBase(3000, 13).write(big));
    KnowledgeBaseSession session;
    QSignalSpy checked(&session, &KnowledgeBaseSession::checked);
    const auto hits = [&session] {
        return session.index().search(SearchQuery::parse(QStringLiteral("quetzalcoatl"))).size();
    };
    connect(&session, &KnowledgeBaseSession::checked, this, [&] {
        Record *record = session.knowledgeBase().recordAt(7);
        session.knowledgeBase().setValue(record, QStringLiteral("/signature"), OrderedJson("Quetzalcoatl failed"));
    });
    session.open(big, withCache(m_cache));
    QVERIFY(checked.wait(60000));
    QCOMPARE(hits(), 1);
    session.waitForCache();
    SearchIndexCache cache(m_cache);
    QVERIFY2(cache.open(big), qPrintable(cache.errorString()));
    QCOMPARE(cache.rowCount(), 3000);

    disconnect(&session, nullptr, this, nullptr);
    KnowledgeBaseSession again; // the file as written: whole, with the index as it was
    QVERIFY(again.read(big, withCache(m_cache)) && again.check() && again.buildIndex());
    QCOMPARE(again.restoredCount(), 3000);
    QCOMPARE(again.index().search(SearchQuery::parse(QStringLiteral("quetzalcoatl"))).size(), 0);
    QVERIFY(!again.index().isLookupPending());
}

void KnowledgeBaseSessionTest::indexFollowsEdits()
{
    KnowledgeBaseSession session;
    QVERIFY(session.read(m_root, withCache(m_cache)) && session.check() && session.buildIndex());
    const auto hits = [&session] {
        return session.index().search(SearchQuery::parse(QStringLiteral("quetzalcoatl"))).size();
    };
    QCOMPARE(hits(), 0);
    QSignalSpy indexChanged(&session, &KnowledgeBaseSession::indexChanged);
    Record *record = session.knowledgeBase().recordAt(0);
    session.knowledgeBase().setValue(record, QStringLiteral("/signature"), OrderedJson("Quetzalcoatl failed"));
    QVERIFY(!indexChanged.isEmpty());
    QCOMPARE(hits(), 1);
}

// Indexed as read (Options::indexAsRead): without a cache, through a cache
// that holds most records (the cache's index with the rest added at its
// end), and through one that holds too few (the records read anew are not
// all of them: the index is built anew). Each time the index a session
// without it builds: byte for byte where entries come in file order, the
// same hits where the cache's merge puts changed records last.
void KnowledgeBaseSessionTest::indexedAsReadThroughTheCache()
{
    struct Opened
    {
        QByteArray bytes;
        QStringList hits; // "id score" for every hit of a few queries, sorted
    };
    const auto open = [this](bool asRead, bool cache) {
        KnowledgeBaseSession session;
        KnowledgeBaseSession::Options options = withCache(m_cache);
        options.useCache = cache;
        options.indexAsRead = asRead;
        QString error;
        if (!session.read(m_root, options) || !session.check() || !session.buildIndex()
            || (cache && !session.writeCache(&error)))
            return Opened();
        Opened opened{indexBytes(session), {}};
        for (const char *query : {"docker", "error", "permission denied", "d", "severity:warning"}) {
            const SearchIndex &index = session.index();
            for (const SearchIndex::Hit &hit : index.search(SearchQuery::parse(QString::fromUtf8(query))))
                opened.hits << QStringLiteral("%1 %2 %3")
                                   .arg(QString::fromUtf8(query), index.entry(hit.entry).id)
                                   .arg(hit.score);
        }
        opened.hits.sort();
        return opened;
    };
    const Opened fresh = open(false, false);
    QVERIFY(fresh.bytes.size() > 1000);
    QVERIFY(fresh.hits.size() > 24);
    QVERIFY(open(true, false).bytes == fresh.bytes);
    QVERIFY(open(true, true).bytes == fresh.bytes); // first opening: no cache yet
    const QStringList files = KnowledgeBaseLoader::recordFiles(m_root);
    touch(files.at(3));
    QCOMPARE(open(true, true).hits, fresh.hits); // merged: most from the cache
    for (int i = 0; i < files.size(); i += 2)
        touch(files.at(i));
    QVERIFY(open(true, true).bytes == fresh.bytes); // too few in the cache: built anew
    QCOMPARE(open(true, true).hits, fresh.hits);    // the cache holds them all again
}

QTEST_GUILESS_MAIN(KnowledgeBaseSessionTest)
#include "KnowledgeBaseSessionTest.moc"
