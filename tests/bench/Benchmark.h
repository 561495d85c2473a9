#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

class KnowledgeBase;
class SearchIndex;

// The measurements of errata-bench, each in the calling process.
//
//   measureLoad("kb")   KnowledgeBaseLoader::load + KnowledgeBase::adopt,
//                       validateAll, SearchIndex::build: times in ms, the
//                       records' size on disk and the peak RSS. With a
//                       cache file, as the window opens a KB: through the
//                       search index cache.
//   measureSearch("kb") every keystroke of queries() (each prefix of each
//                       query) through SearchQuery::parse and
//                       SearchIndex::search: p50, p95 and max in ms.
class Benchmark
{
public:
    struct LoadFigures
    {
        int records = 0;
        int errors = 0;
        int warnings = 0;
        int infos = 0;
        qint64 rawBytes = 0;
        double loadMs = 0;
        double validateMs = 0;
        double indexMs = 0;  // the search side: the KB is shown then
        double lookupMs = 0; // the lookup side, built after the KB is shown (0: restored with the index)
        // Processor time of load and index, all threads: about what they
        // take when other programs keep every core busy.
        double loadAndIndexCpuMs = 0;
        qint64 peakRssBytes = 0;
        // Peak RSS so far at the start and after each phase (the last is peakRssBytes).
        qint64 startRssBytes = 0;
        qint64 loadRssBytes = 0;
        qint64 validateRssBytes = 0;
        // With a search index cache: the records taken from it unparsed,
        // and the time to write it again when it was outdated (-1: not).
        int restored = 0;
        double cacheWriteMs = -1;

        double loadAndIndexMs() const { return loadMs + indexMs; }
        double totalMs() const { return loadMs + validateMs + indexMs; }
        double rssRatio() const { return rawBytes > 0 ? double(peakRssBytes) / double(rawBytes) : 0; }
        QString toText() const;
        QJsonObject toJson() const;
        static LoadFigures fromJson(const QJsonObject &json);
    };

    struct QueryFigures
    {
        QString query;
        int hits = 0;     // of the whole query
        double maxMs = 0; // of its slowest keystroke
    };

    struct SearchFigures
    {
        int records = 0;
        int keystrokes = 0;
        qint64 hits = 0; // summed over all keystrokes
        double p50Ms = 0;
        double p95Ms = 0;
        double maxMs = 0;
        QString slowest; // the keystroke that took maxMs
        // The same keystrokes as the window handles them: the search, then
        // the tree's filter model ranking the hits and mapping every row,
        // as the tree view does when it expands all matching groups.
        double treeP50Ms = 0;
        double treeP95Ms = 0;
        double treeMaxMs = 0;
        // LookupEngine::lookup() on error texts made of records' signatures
        // (numbers changed, inside a few log lines), warm: after one pass.
        int lookups = 0;
        double lookupP50Ms = 0;
        double lookupP95Ms = 0;
        double lookupMaxMs = 0;
        QList<QueryFigures> queries;
        QString toText() const;
        QJsonObject toJson() const;
        static SearchFigures fromJson(const QJsonObject &json);
    };

    // With `cacheFile`, load and index go through a SearchIndexCache kept
    // in that file, which is then written if it was outdated. Without
    // `checks`, the records are not validated (validate ms is 0): what the
    // window does before it shows a KB opened for the first time.
    static LoadFigures measureLoad(const QString &folder, const QString &cacheFile = {}, bool checks = true);
    // Lists DIR as the loader does and reads every file whole, doing
    // nothing with it, on `threads` threads (0: all cores). Returns the
    // milliseconds and the bytes read.
    static double measureRead(const QString &folder, int threads, qint64 *bytes);
    static SearchFigures measureSearch(const QString &folder);
    // The error texts measureSearch() looks up: `count` records spread over
    // the KB, each signature with its numbers changed, in a short log.
    static QStringList lookupTexts(const KnowledgeBase &kb, int count = 60);

private:
    static void measureLookup(const SearchIndex &index, const QStringList &texts, SearchFigures &figures);

    // Plain words, two words, Chinese, filters, as a user types them.
    static QStringList queries();
    // "cuda" -> "c", "cu", "cud", "cuda" for every query.
    static QStringList keystrokes(const QStringList &queries);
    // Sum of the sizes of the record files below `folder`.
    static qint64 rawSize(const QString &folder);
    // The process's peak resident set size so far (getrusage).
    static qint64 peakRss();
};

} // namespace Errata
