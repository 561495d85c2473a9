#include "models/session/KnowledgeBaseSession.h"

#include "models/convert/CanonDetector.h"
#include "models/kb/KnowledgeBase.h"
#include "models/links/LinkRevalidator.h"
#include "models/lookup/LookupIndexJob.h"
#include "models/search/SearchIndexBuilder.h"
#include "models/session/FindingsApplier.h"
#include "models/session/OwnFindingsJob.h"
#include "models/session/SearchIndexCache.h"
#include "models/util/BackgroundJob.h"
#include "models/util/FreeMemory.h"
#include "models/validation/RecordValidator.h"

#include <QSet>
#include <QThread>

#include <algorithm>
#include <future>
#include <utility>

namespace Errata {

// A KB being opened, with what its opening made: the index, the cache
// (kept while the records it had no findings for wait to be checked).
struct KnowledgeBaseSession::Opening
{
    std::unique_ptr<KnowledgeBase> kb = std::make_unique<KnowledgeBase>();
    std::unique_ptr<SearchIndex> index = std::make_unique<SearchIndex>();
    std::unique_ptr<SearchIndexCache> cache;
    std::unique_ptr<SearchIndexBuilder> indexBegun; // as the records were read
    std::vector<const Record *> deferred;
    QString cacheError; // why the cache was not used
    bool canons = false;
    bool cancelled = false;
};

KnowledgeBaseSession::KnowledgeBaseSession(QObject *parent)
    : QObject(parent)
    , m_kb(std::make_unique<KnowledgeBase>())
    , m_index(std::make_unique<SearchIndex>())
    , m_validator(std::make_unique<RecordValidator>())
    , m_today(QDate::currentDate())
    , m_opening(new BackgroundJob(this))
    , m_checking(new BackgroundJob(this))
    , m_lookupJob(new BackgroundJob(this))
{
    connect(m_opening, &BackgroundJob::progressed, this,
            [this](int done, int total, int stage) { emit progress(stage, done, total); });
    connect(m_checking, &BackgroundJob::progressed, this,
            [this](int done, int total) { emit progress(Checking, done, total); });
    follow();
}

// The jobs (children) are stopped before the KB they read goes.
KnowledgeBaseSession::~KnowledgeBaseSession()
{
    dropApplier();
    waitForCache();
    m_opening->discard();
    m_checking->discard();
    m_lookupJob->discard();
}

bool KnowledgeBaseSession::readInto(Opening &opening, const QString &folder, const Options &options,
                                    const std::atomic_bool *cancel, const Progress &progress)
{
    const QString cacheFile = !options.useCache ? QString()
        : options.cacheFile.isEmpty()           ? SearchIndexCache::fileFor(folder)
                                                : options.cacheFile;
    if (!cacheFile.isEmpty()) { // none without a home folder
        opening.cache = std::make_unique<SearchIndexCache>(cacheFile);
        if (!opening.cache->open(folder)) // no usable cache: every file is read anew
            opening.cacheError = opening.cache->errorString();
    }
    if (options.indexAsRead)
        opening.indexBegun = std::make_unique<SearchIndexBuilder>(options.lookup);
    opening.kb->adopt(KnowledgeBaseLoader::load(folder, cancel, progress, options.documents, opening.cache.get(),
                                                opening.indexBegun.get()));
    if (cancel && *cancel)
        return false;
    QStringList files;
    files.reserve(opening.kb->count());
    for (int i = 0; i < opening.kb->count(); ++i)
        files << opening.kb->recordAt(i)->filePath();
    opening.canons = CanonDetector::looksLikeCanons(files);
    return true;
}

bool KnowledgeBaseSession::read(const QString &folder, const Options &options, const std::atomic_bool *cancel,
                                const Progress &progress)
{
    dropApplier();
    waitForCache();
    Opening opening;
    const bool done = readInto(opening, folder, options, cancel, progress);
    m_kb = std::move(opening.kb);
    m_index = std::move(opening.index);
    m_cache = std::move(opening.cache);
    m_indexBegun = std::move(opening.indexBegun);
    m_cacheError = opening.cacheError;
    m_canons = opening.canons;
    m_validator = std::make_unique<RecordValidator>(options.today);
    m_today = options.today;
    m_lookupMode = options.lookup;
    m_indexBuilt = false;
    follow();
    return done;
}

void KnowledgeBaseSession::setToday(QDate today)
{
    m_validator = std::make_unique<RecordValidator>(today);
    m_today = today;
}

bool KnowledgeBaseSession::check(const std::atomic_bool *cancel, const Progress &progress)
{
    if (m_cache)
        return m_cache->validate(*m_kb, *m_validator, cancel, progress);
    return m_validator->validateAll(*m_kb, cancel, progress);
}

bool KnowledgeBaseSession::buildIndex(const std::atomic_bool *cancel, const Progress &progress)
{
    m_indexBuilt = true;
    return indexInto(*m_index, *m_kb, m_cache.get(), std::exchange(m_indexBegun, {}), m_today, cancel, progress,
                     m_lookupMode);
}

// Through the cache when there is one; else the index begun as the records
// were read is finished, if it holds them all, or the index built anew.
bool KnowledgeBaseSession::indexInto(SearchIndex &index, const KnowledgeBase &kb, SearchIndexCache *cache,
                                     std::unique_ptr<SearchIndexBuilder> begun, QDate today,
                                     const std::atomic_bool *cancel, const Progress &progress,
                                     SearchIndex::Lookup lookup)
{
    if (cache)
        return cache->index(kb, index, today, cancel, progress, lookup, begun.get());
    if (begun && begun->finish(index, kb, today))
        return !(cancel && *cancel);
    return index.build(kb, today, cancel, progress, lookup);
}

bool KnowledgeBaseSession::buildLookup(const std::atomic_bool *cancel, const Progress &progress)
{
    if (!m_index->isLookupPending())
        return true;
    LookupIndexJob job(m_index->records());
    if (!job.run(cancel, progress))
        return false;
    m_index->setLookup(job.take());
    return true;
}

bool KnowledgeBaseSession::writeCache(QString *error)
{
    if (!m_cache)
        return true;
    if (!m_indexBuilt || m_index->isLookupPending())
        return m_cache->update(*m_kb, error);
    return !m_cache->isOutdated() || m_cache->save(*m_kb, *m_index, error);
}

QString KnowledgeBaseSession::cacheFile() const
{
    return m_cache ? m_cache->file() : QString();
}

bool KnowledgeBaseSession::isCacheOutdated() const
{
    return m_cache && m_cache->isOutdated();
}

int KnowledgeBaseSession::restoredCount() const
{
    return m_cache ? m_cache->restoredCount() : 0;
}

int KnowledgeBaseSession::reusedFindingsCount() const
{
    return m_cache ? m_cache->reusedFindingsCount() : 0;
}

// On a thread of the opening's own: the steps of read(), check() and
// buildIndex(), with the records the cache has no findings for left to be
// checked once the KB is shown.
std::shared_ptr<KnowledgeBaseSession::Opening> KnowledgeBaseSession::openInBackground(
    const QString &folder, const Options &options, const std::atomic_bool *cancel,
    const std::function<Progress(Stage)> &progress)
{
    constexpr SearchIndex::Lookup later = SearchIndex::LookupLater;
    Options reading = options;
    reading.indexAsRead = true;
    reading.lookup = later;
    auto opening = std::make_shared<Opening>();
    readInto(*opening, folder, reading, cancel, progress(Reading));
    SearchIndexCache *cache = opening->cache.get();
    if (!opening->cacheError.isEmpty())
        qWarning("Search index cache %s not used: %s", qPrintable(cache->file()), qPrintable(opening->cacheError));
    KnowledgeBase &kb = *opening->kb;
    const RecordValidator validator(options.today);
    const bool checked = cache ? cache->validate(kb, validator, cancel, progress(Checking), &opening->deferred)
                               : validator.validateAll(kb, cancel, progress(Checking));
    const bool indexed = checked
        && indexInto(*opening->index, kb, cache, std::move(opening->indexBegun), options.today, cancel,
                     progress(Indexing), later);
    opening->indexBegun.reset(); // not indexed when the checks were cancelled
    opening->cancelled = (cancel && *cancel) || !checked || !indexed;
    QString error;
    if (cache && opening->deferred.empty() && !opening->index->isLookupPending()) {
        if (!opening->cancelled && cache->isOutdated() && !cache->save(kb, *opening->index, &error))
            qWarning("Cannot write the search index cache %s: %s", qPrintable(cache->file()), qPrintable(error));
        opening->cache.reset();
    }
    FreeMemory::release();
    return opening;
}

void KnowledgeBaseSession::open(const QString &folder, const Options &options)
{
    dropApplier();
    waitForCache(); // the opening may read it
    m_opening->discard();
    m_checking->discard();
    m_lookupJob->discard();
    m_checksRunning = false;
    m_waitingChecks.clear();
    m_cache.reset();
    m_folder = folder;
    m_today = options.today;
    QThread *home = thread();
    m_opening->start(
        [folder, options, home](const BackgroundJob::Control &control) {
            const auto progress = [control](Stage stage) { return control.reporter(stage); };
            std::shared_ptr<Opening> opening = openInBackground(folder, options, control.cancelFlag(), progress);
            opening->kb->moveToThread(home);
            return opening;
        },
        [this](std::shared_ptr<Opening> opening) { replace(std::move(opening)); });
}

void KnowledgeBaseSession::replace(std::shared_ptr<Opening> opening)
{
    if (opening->cancelled) {
        emit cancelled();
        return;
    }
    waitForCache(); // it reads the index replaced here
    emit aboutToReplace();
    m_kb = std::move(opening->kb);
    m_index = std::move(opening->index);
    m_cache = std::move(opening->cache);
    m_canons = opening->canons;
    m_indexBuilt = true;
    // The lookup side first, when it is to be built; the checks wait for it.
    const bool lookupFirst = m_index->isLookupPending();
    if (lookupFirst) {
        m_waitingChecks = std::move(opening->deferred);
        m_checksRunning = !m_waitingChecks.empty();
    }
    const bool checksWait = m_checksRunning;
    follow();
    if (lookupFirst)
        startLookup(); // its result comes through this thread's events, after replaced()
    emit replaced();
    if (lookupFirst ? !checksWait : opening->deferred.empty())
        emit checked(false, 0);
    else if (!lookupFirst)
        startChecks(opening->deferred);
}

// The records the cache held no findings for (all of them, the first time
// a KB is opened) are checked while the KB is already shown: most of a
// first opening's time. Their texts are copied here and checked on other
// threads; the records stay this thread's own.
void KnowledgeBaseSession::startChecks(const std::vector<const Record *> &records)
{
    const auto checks = std::make_shared<OwnFindingsJob>(records);
    m_checking->start(
        [job = checks, today = m_today](const BackgroundJob::Control &control) {
            return job->run(RecordValidator(today), control.cancelFlag(), control.reporter(Checking));
        },
        [this, checks](bool completed) { finishChecks(checks, completed); });
    m_checksRunning = true;
    emit checking(checks->count());
}

// Sets what was found (even when cancelled: each record checked counts)
// and writes the cache with it, so that a reopening checks only the rest.
// The rules that read the whole KB are added a slice of the records at a
// time, between the window's events; the checks end when all are set.
void KnowledgeBaseSession::finishChecks(const std::shared_ptr<OwnFindingsJob> &checks, bool completed)
{
    dropApplier();
    m_applier = new FindingsApplier(m_kb.get(), m_validator.get(), m_cache.get(), checks, this);
    connect(m_applier, &FindingsApplier::finished, this, [this, completed, count = checks->count()](int done) {
        m_applier->deleteLater();
        m_applier = nullptr;
        m_checksRunning = false;
        saveCacheWhenComplete();
        emit checked(!completed, completed ? 0 : count - done);
    });
    m_applier->start();
}

void KnowledgeBaseSession::dropApplier()
{
    delete m_applier;
    m_applier = nullptr;
}

// The lookup side of an index built anew, from copies of the records'
// texts on other threads; edits meanwhile are caught up with in setLookup().
// It comes before the checks, which wait for it: on both cores it is
// there a few seconds after the KB is shown, where beside the checks it
// took as long as they did. Not stopped by cancel(): the KB shown needs it.
void KnowledgeBaseSession::startLookup()
{
    const auto job = std::make_shared<LookupIndexJob>(m_index->records());
    m_lookupJob->start([job](const BackgroundJob::Control &control) { return job->run(control.cancelFlag()); },
                       [this, job](bool completed) {
                           if (completed)
                               lookupBuilt(job->take());
                       });
}

void KnowledgeBaseSession::lookupBuilt(LookupIndex &&lookup)
{
    waitForCache();
    m_index->setLookup(std::move(lookup));
    emit lookupReady();
    if (!m_checksRunning) { // none waited, or they were stopped
        saveCacheWhenComplete();
        return;
    }
    const std::vector<const Record *> kept = m_kb->records();
    const QSet<const Record *> live(kept.cbegin(), kept.cend()); // records deleted meanwhile are not checked
    std::vector<const Record *> records = std::exchange(m_waitingChecks, {});
    records.erase(std::remove_if(records.begin(), records.end(),
                                 [&live](const Record *record) { return !live.contains(record); }),
                  records.end());
    if (!records.empty()) {
        startChecks(records);
        return;
    }
    m_checksRunning = false;
    saveCacheWhenComplete();
    emit checked(false, 0);
}

// The cache of a first opening is written once the checks and the lookup side are both done, on a thread of its own:
// hashing the texts and writing the index of a large KB would keep the window's thread from responding. What the file
// holds of each record is copied here; the index is read where it is, and every change of it waits for the write to
// end (waitForCache()).
void KnowledgeBaseSession::saveCacheWhenComplete()
{
    if (!m_cache || m_checksRunning || m_index->isLookupPending())
        return;
    const std::unique_ptr<SearchIndexCache> cache = std::move(m_cache);
    if (!cache->isOutdated())
        return;
    waitForCache(); // one write at a time
    std::shared_ptr<SearchIndexCache::PendingSave> save = cache->prepareSave(*m_kb, *m_index);
    m_cacheWrite = std::async(std::launch::async, [save, file = cache->file()]() mutable {
        QString error;
        if (!SearchIndexCache::commit(*save, &error))
            qWarning("Cannot write the search index cache %s: %s", qPrintable(file), qPrintable(error));
        save.reset();
        FreeMemory::release();
    });
}

void KnowledgeBaseSession::waitForCache()
{
    if (m_cacheWrite.valid())
        m_cacheWrite.get();
}

// Checks still waiting for the lookup side are given up: none of their
// records was checked.
bool KnowledgeBaseSession::dropWaitingChecks()
{
    if (m_waitingChecks.empty())
        return false;
    const int left = int(m_waitingChecks.size());
    m_waitingChecks.clear();
    m_checksRunning = false;
    emit checked(true, left);
    return true;
}

bool KnowledgeBaseSession::isLookupPending() const
{
    return m_index->isLookupPending();
}

bool KnowledgeBaseSession::isBuildingLookup() const
{
    return m_lookupJob->isRunning();
}

void KnowledgeBaseSession::cancel()
{
    m_opening->cancel();
    if (!dropWaitingChecks())
        m_checking->cancel();
}

void KnowledgeBaseSession::stopChecks()
{
    if (!isChecking() || dropWaitingChecks())
        return;
    m_checking->cancel();
    m_checking->finishNow();
    if (m_applier)
        m_applier->finishNow();
}

bool KnowledgeBaseSession::isOpening() const
{
    return m_opening->isRunning();
}

bool KnowledgeBaseSession::isChecking() const
{
    return m_checksRunning;
}

// Keeps the links' findings and the search index current while records are
// edited, added, renamed or deleted.
void KnowledgeBaseSession::follow()
{
    new LinkRevalidator(m_kb.get(), m_validator.get(), m_kb.get()); // owned by the KB
    const auto reindex = [this](const Record *record) {
        waitForCache(); // each change of the index waits for a write that reads it
        m_index->update(*m_kb, record);
        emit indexChanged();
    };
    connect(m_kb.get(), &KnowledgeBase::recordAdded, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::recordChanged, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::problemsChanged, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::manyProblemsChanged, this, [this] {
        waitForCache();
        m_index->refresh(*m_kb, QDate::currentDate()); // the severities; no text changed
        emit indexChanged();
    });
    connect(m_kb.get(), &KnowledgeBase::recordAboutToBeRemoved, this, [this](const Record *record) {
        waitForCache();
        m_index->remove(record);
        emit indexChanged();
    });
}

} // namespace Errata
