#pragma once

#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"

#include <QDate>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <vector>

namespace Errata {

class BackgroundJob;
class FindingsApplier;
class KnowledgeBase;
class OwnFindingsJob;
class Record;
class RecordValidator;
class SearchIndexBuilder;
class SearchIndexCache;

// A KB as it is open: its records, their search index, the validator that checks them, and the cache that carries the
// index and each record's own findings between runs. Opening a KB goes through the same steps everywhere (read
// through the cache, check what the cache has no findings for, index, write the cache; docs/architecture.md, "How a KB
// is opened"). `errata validate` and the benchmark run them on the calling thread:
//
//   session.read(folder, options) && session.check() && session.buildIndex();
//   session.writeCache(&error);
//
// The window uses open(): the steps run in the background while the KB shown stays usable, the new KB replaces it
// (aboutToReplace(), replaced()), and the checks, a lookup side built anew (lookupReady()) and the cache write follow
// while it is shown (checking(), checked()). The index follows every edit of the KB.
class KnowledgeBaseSession : public QObject
{
    Q_OBJECT

public:
    enum Stage { Reading, Checking, Indexing };

    struct Options
    {
        // The window releases each record's parsed document once read; the
        // command line, which checks every record right away, keeps them.
        KnowledgeBaseLoader::Documents documents = KnowledgeBaseLoader::ReleaseDocuments;
        bool useCache = true;
        QString cacheFile;                  // empty: SearchIndexCache::fileFor(folder)
        QDate today = QDate::currentDate(); // of the staleness rule and the index
        // Of the synchronous buildIndex(); open() always builds the lookup
        // side after the KB is shown when it builds the whole index.
        SearchIndex::Lookup lookup = SearchIndex::WithLookup;
        // read() indexes each record it reads anew as it scans it, for the
        // buildIndex() that follows, which then finishes that index instead
        // of reading every record again. open() always does.
        bool indexAsRead = false;
    };
    using Progress = std::function<void(int done, int total)>;

    explicit KnowledgeBaseSession(QObject *parent = nullptr);
    ~KnowledgeBaseSession() override;

    KnowledgeBase &knowledgeBase() const { return *m_kb; }
    SearchIndex &index() const { return *m_index; }
    const RecordValidator &validator() const { return *m_validator; }

    // The synchronous form, on the calling thread. Each step is false when
    // cancelled. check() checks every record the cache had no findings for.
    bool read(const QString &folder, const Options &options, const std::atomic_bool *cancel = nullptr,
              const Progress &progress = {});
    // The date the staleness rules and the index count from, after read()
    // and before check() and buildIndex(): publish reads a KB before it knows
    // the date its records are counted from (SitePublisher::referenceDate).
    void setToday(QDate today);
    bool check(const std::atomic_bool *cancel = nullptr, const Progress &progress = {});
    bool buildIndex(const std::atomic_bool *cancel = nullptr, const Progress &progress = {});
    // The lookup side that buildIndex() left for later (Options::lookup),
    // on the calling thread. True at once when none is pending.
    bool buildLookup(const std::atomic_bool *cancel = nullptr, const Progress &progress = {});
    // Writes the cache when it is out of date: with the index once it is
    // built (both sides), else the findings alone. True when nothing needed
    // writing.
    bool writeCache(QString *error);
    bool usesCache() const { return m_cache != nullptr; }
    // The cache no longer matches the KB: writeCache() will write it.
    bool isCacheOutdated() const;
    QString cacheFile() const;
    // Why the cache could not be used (read anew), if it could not.
    QString cacheError() const { return m_cacheError; }
    int restoredCount() const;
    int reusedFindingsCount() const;
    // The folder read looks like deadends.dev canons, not Errata records
    // (CanonDetector, on a sample of its files): they want converting with
    // `errata import-deadends` more than their schema errors listed.
    bool looksLikeCanons() const { return m_canons; }

    // The asynchronous form, for the window: opens `folder` in the
    // background. A KB being opened or checked is given up first.
    void open(const QString &folder) { open(folder, Options()); }
    void open(const QString &folder, const Options &options);
    // Stops the opening or the checks; the checks keep what they found.
    void cancel();
    // Stops the checks, if any run, and keeps what they found so far, in
    // the KB and in the cache: the next opening checks only the rest.
    void stopChecks();
    bool isOpening() const;
    // Records are being checked, or wait for the lookup side to be checked.
    bool isChecking() const;
    // Waits for the cache of a first opening, written on a thread of its
    // own once the KB is checked: before the program ends, for instance.
    void waitForCache();
    // The KB shown is searchable, but its lookup index is still being built.
    bool isLookupPending() const;
    bool isBuildingLookup() const;
    bool isBusy() const { return isOpening() || isChecking() || isBuildingLookup(); }
    QString folderBeingOpened() const { return m_folder; }

signals:
    void progress(int stage, int done, int total);
    // The KB opened in the background is about to replace the one shown,
    // which everything that uses it must let go of now.
    void aboutToReplace();
    void replaced();
    void cancelled();
    // The KB shown is being checked: `records` of them.
    void checking(int records);
    // The checks ended; when cancelled, `notChecked` records were left.
    void checked(bool cancelled, int notChecked);
    // The lookup side of the index, built in the background, is in place.
    void lookupReady();
    // The index followed an edit of the KB.
    void indexChanged();

private:
    struct Opening;

    static bool readInto(Opening &opening, const QString &folder, const Options &options,
                         const std::atomic_bool *cancel, const Progress &progress);
    static bool indexInto(SearchIndex &index, const KnowledgeBase &kb, SearchIndexCache *cache,
                          std::unique_ptr<SearchIndexBuilder> begun, QDate today, const std::atomic_bool *cancel,
                          const Progress &progress, SearchIndex::Lookup lookup);
    static std::shared_ptr<Opening> openInBackground(const QString &folder, const Options &options,
                                                     const std::atomic_bool *cancel,
                                                     const std::function<Progress(Stage)> &progress);
    void replace(std::shared_ptr<Opening> opening);
    void startChecks(const std::vector<const Record *> &records);
    void finishChecks(const std::shared_ptr<OwnFindingsJob> &checks, bool completed);
    void dropApplier();
    void startLookup();
    void lookupBuilt(LookupIndex &&lookup);
    void saveCacheWhenComplete();
    bool dropWaitingChecks();
    void follow();

    std::unique_ptr<KnowledgeBase> m_kb;
    std::unique_ptr<SearchIndex> m_index;
    std::unique_ptr<RecordValidator> m_validator;
    std::unique_ptr<SearchIndexCache> m_cache;
    std::unique_ptr<SearchIndexBuilder> m_indexBegun; // by read(), for buildIndex()
    QString m_cacheError;
    bool m_canons = false;
    bool m_indexBuilt = false;
    bool m_checksRunning = false;                // running, or waiting for the lookup side
    std::vector<const Record *> m_waitingChecks; // the records to check once the lookup side is there
    SearchIndex::Lookup m_lookupMode = SearchIndex::WithLookup;
    QDate m_today;
    QString m_folder; // being opened
    BackgroundJob *m_opening;
    BackgroundJob *m_checking;
    BackgroundJob *m_lookupJob;
    FindingsApplier *m_applier = nullptr; // setting the findings of the checks
    std::future<void> m_cacheWrite;       // reads m_index
};

} // namespace Errata
