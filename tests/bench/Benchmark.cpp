#include "bench/Benchmark.h"

#include "models/itemmodels/RecordFilterModel.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/util/Parallel.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <vector>

namespace Errata {

namespace {

double elapsedMs(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// Processor time of the whole process, every thread, user and system.
double processorMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto ms = [](const timeval &time) { return double(time.tv_sec) * 1e3 + double(time.tv_usec) / 1e3; };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

double megabytes(qint64 bytes)
{
    return double(bytes) / 1e6;
}

// Nearest rank: the smallest value with at least p of the values at or below it.
double percentile(const std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const size_t rank = size_t(std::ceil(p * double(sorted.size())));
    return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

// One keystroke as the search field runs it: parse, then search.
double timeSearch(const SearchIndex &index, const QString &text, int *hits)
{
    QElapsedTimer timer;
    timer.start();
    *hits = int(index.search(SearchQuery::parse(text)).size());
    return elapsedMs(timer);
}

// Rows shown below `parent`, each asked for as a view lays them out: every
// row, whether it has children, and the rows of the expanded ones.
int visitRows(const QAbstractItemModel &model, const QModelIndex &parent, const QSet<QModelIndex> &expanded)
{
    int rows = 0;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        ++rows;
        if (model.hasChildren(index) && expanded.contains(index))
            rows += visitRows(model, index, expanded);
    }
    return rows;
}

// One keystroke as the window runs it: the filter model searches and ranks,
// the browser expands the groups it proposes (BrowserDock::expandResults,
// everything below the model's budget) and the view maps the rows shown.
double timeTreeSearch(RecordFilterModel &filter, const QString &text)
{
    QElapsedTimer timer;
    timer.start();
    filter.setSearchText(text);
    const QModelIndexList groups = filter.groupsToExpand();
    visitRows(filter, QModelIndex(), QSet<QModelIndex>(groups.cbegin(), groups.cend()));
    return elapsedMs(timer);
}

} // namespace

QString Benchmark::LoadFigures::toText() const
{
    return QStringLiteral("%1 records, %2 MB raw: load %3 ms, validate %4 ms, index %5 ms, load+index %6 ms "
                          "(shown; %17 ms of processor time), lookup index %16 ms after, total %7 ms; peak RSS %8 MB "
                          "(%9x raw; %13 MB at start, "
                          "%14 after load, %15 after "
                          "validate); %10 errors, %11 warnings, %12 infos")
               .arg(records)
               .arg(megabytes(rawBytes), 0, 'f', 1)
               .arg(loadMs, 0, 'f', 0)
               .arg(validateMs, 0, 'f', 0)
               .arg(indexMs, 0, 'f', 0)
               .arg(loadAndIndexMs(), 0, 'f', 0)
               .arg(totalMs(), 0, 'f', 0)
               .arg(megabytes(peakRssBytes), 0, 'f', 1)
               .arg(rssRatio(), 0, 'f', 2)
               .arg(errors)
               .arg(warnings)
               .arg(infos)
               .arg(megabytes(startRssBytes), 0, 'f', 1)
               .arg(megabytes(loadRssBytes), 0, 'f', 1)
               .arg(megabytes(validateRssBytes), 0, 'f', 1)
               .arg(lookupMs, 0, 'f', 0)
               .arg(loadAndIndexCpuMs, 0, 'f', 0)
        + (cacheWriteMs >= 0 || restored > 0
               ? QStringLiteral("; %1 records from the index cache, %2")
                     .arg(restored)
                     .arg(cacheWriteMs >= 0 ? QStringLiteral("cache written in %1 ms").arg(cacheWriteMs, 0, 'f', 0)
                                            : QStringLiteral("cache up to date"))
               : QString());
}

QJsonObject Benchmark::LoadFigures::toJson() const
{
    return QJsonObject{{QStringLiteral("records"), records},
                       {QStringLiteral("errors"), errors},
                       {QStringLiteral("warnings"), warnings},
                       {QStringLiteral("infos"), infos},
                       {QStringLiteral("raw_bytes"), rawBytes},
                       {QStringLiteral("load_ms"), loadMs},
                       {QStringLiteral("validate_ms"), validateMs},
                       {QStringLiteral("index_ms"), indexMs},
                       {QStringLiteral("lookup_ms"), lookupMs},
                       {QStringLiteral("load_index_ms"), loadAndIndexMs()},
                       {QStringLiteral("load_index_cpu_ms"), loadAndIndexCpuMs},
                       {QStringLiteral("total_ms"), totalMs()},
                       {QStringLiteral("peak_rss_bytes"), peakRssBytes},
                       {QStringLiteral("start_rss_bytes"), startRssBytes},
                       {QStringLiteral("load_rss_bytes"), loadRssBytes},
                       {QStringLiteral("validate_rss_bytes"), validateRssBytes},
                       {QStringLiteral("rss_ratio"), rssRatio()},
                       {QStringLiteral("restored"), restored},
                       {QStringLiteral("cache_write_ms"), cacheWriteMs}};
}

Benchmark::LoadFigures Benchmark::LoadFigures::fromJson(const QJsonObject &json)
{
    LoadFigures figures;
    figures.records = json.value(QStringLiteral("records")).toInt();
    figures.errors = json.value(QStringLiteral("errors")).toInt();
    figures.warnings = json.value(QStringLiteral("warnings")).toInt();
    figures.infos = json.value(QStringLiteral("infos")).toInt();
    figures.rawBytes = json.value(QStringLiteral("raw_bytes")).toInteger();
    figures.loadMs = json.value(QStringLiteral("load_ms")).toDouble();
    figures.validateMs = json.value(QStringLiteral("validate_ms")).toDouble();
    figures.indexMs = json.value(QStringLiteral("index_ms")).toDouble();
    figures.loadAndIndexCpuMs = json.value(QStringLiteral("load_index_cpu_ms")).toDouble();
    figures.lookupMs = json.value(QStringLiteral("lookup_ms")).toDouble();
    figures.peakRssBytes = json.value(QStringLiteral("peak_rss_bytes")).toInteger();
    figures.startRssBytes = json.value(QStringLiteral("start_rss_bytes")).toInteger();
    figures.loadRssBytes = json.value(QStringLiteral("load_rss_bytes")).toInteger();
    figures.validateRssBytes = json.value(QStringLiteral("validate_rss_bytes")).toInteger();
    figures.restored = json.value(QStringLiteral("restored")).toInt();
    figures.cacheWriteMs = json.value(QStringLiteral("cache_write_ms")).toDouble(-1);
    return figures;
}

QString Benchmark::SearchFigures::toText() const
{
    QString text = QStringLiteral("%1 records, %2 keystrokes (%3 hits): p50 %4 ms, p95 %5 ms, max %6 ms (\"%7\")")
                       .arg(records)
                       .arg(keystrokes)
                       .arg(hits)
                       .arg(p50Ms, 0, 'f', 2)
                       .arg(p95Ms, 0, 'f', 2)
                       .arg(maxMs, 0, 'f', 2)
                       .arg(slowest);
    text += QStringLiteral("\n  with the tree's filter model: p50 %1 ms, p95 %2 ms, max %3 ms")
                .arg(treeP50Ms, 0, 'f', 2)
                .arg(treeP95Ms, 0, 'f', 2)
                .arg(treeMaxMs, 0, 'f', 2);
    text += QStringLiteral("\n  lookup of %1 error texts (warm): p50 %2 ms, p95 %3 ms, max %4 ms")
                .arg(lookups)
                .arg(lookupP50Ms, 0, 'f', 2)
                .arg(lookupP95Ms, 0, 'f', 2)
                .arg(lookupMaxMs, 0, 'f', 2);
    for (const QueryFigures &query : queries)
        text += QStringLiteral("\n  \"%1\": %2 hits, slowest keystroke %3 ms")
                    .arg(query.query)
                    .arg(query.hits)
                    .arg(query.maxMs, 0, 'f', 2);
    return text;
}

QJsonObject Benchmark::SearchFigures::toJson() const
{
    QJsonArray list;
    for (const QueryFigures &query : queries)
        list.append(QJsonObject{{QStringLiteral("query"), query.query},
                                {QStringLiteral("hits"), query.hits},
                                {QStringLiteral("max_ms"), query.maxMs}});
    return QJsonObject{{QStringLiteral("records"), records},
                       {QStringLiteral("keystrokes"), keystrokes},
                       {QStringLiteral("hits"), hits},
                       {QStringLiteral("p50_ms"), p50Ms},
                       {QStringLiteral("p95_ms"), p95Ms},
                       {QStringLiteral("max_ms"), maxMs},
                       {QStringLiteral("slowest"), slowest},
                       {QStringLiteral("queries"), list},
                       {QStringLiteral("tree_p50_ms"), treeP50Ms},
                       {QStringLiteral("tree_p95_ms"), treeP95Ms},
                       {QStringLiteral("tree_max_ms"), treeMaxMs},
                       {QStringLiteral("lookups"), lookups},
                       {QStringLiteral("lookup_p50_ms"), lookupP50Ms},
                       {QStringLiteral("lookup_p95_ms"), lookupP95Ms},
                       {QStringLiteral("lookup_max_ms"), lookupMaxMs}};
}

Benchmark::SearchFigures Benchmark::SearchFigures::fromJson(const QJsonObject &json)
{
    SearchFigures figures;
    figures.records = json.value(QStringLiteral("records")).toInt();
    figures.keystrokes = json.value(QStringLiteral("keystrokes")).toInt();
    figures.hits = json.value(QStringLiteral("hits")).toInteger();
    figures.p50Ms = json.value(QStringLiteral("p50_ms")).toDouble();
    figures.p95Ms = json.value(QStringLiteral("p95_ms")).toDouble();
    figures.maxMs = json.value(QStringLiteral("max_ms")).toDouble();
    figures.slowest = json.value(QStringLiteral("slowest")).toString();
    figures.treeP50Ms = json.value(QStringLiteral("tree_p50_ms")).toDouble();
    figures.treeP95Ms = json.value(QStringLiteral("tree_p95_ms")).toDouble();
    figures.treeMaxMs = json.value(QStringLiteral("tree_max_ms")).toDouble();
    figures.lookups = json.value(QStringLiteral("lookups")).toInt();
    figures.lookupP50Ms = json.value(QStringLiteral("lookup_p50_ms")).toDouble();
    figures.lookupP95Ms = json.value(QStringLiteral("lookup_p95_ms")).toDouble();
    figures.lookupMaxMs = json.value(QStringLiteral("lookup_max_ms")).toDouble();
    for (const QJsonValue &value : json.value(QStringLiteral("queries")).toArray()) {
        const QJsonObject query = value.toObject();
        figures.queries << QueryFigures{query.value(QStringLiteral("query")).toString(),
                                        query.value(QStringLiteral("hits")).toInt(),
                                        query.value(QStringLiteral("max_ms")).toDouble()};
    }
    return figures;
}

Benchmark::LoadFigures Benchmark::measureLoad(const QString &folder, const QString &cacheFile, bool checks)
{
    LoadFigures figures;
    figures.rawBytes = rawSize(folder);
    figures.startRssBytes = peakRss();
    QElapsedTimer timer;
    timer.start();
    double cpu = processorMs();
    // The steps of the window's opening, on this thread, each timed: the
    // KB is shown once the search side of the index is built; the lookup
    // side follows (a reopening restores both from the cache).
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options options;
    options.useCache = !cacheFile.isEmpty();
    options.cacheFile = cacheFile;
    options.lookup = SearchIndex::LookupLater;
    options.indexAsRead = true; // as the window's opening reads
    session.read(folder, options);
    if (!session.cacheError().isEmpty())
        qWarning("errata-bench: index cache %s not used: %s", qPrintable(cacheFile), qPrintable(session.cacheError()));
    figures.loadMs = elapsedMs(timer);
    figures.loadRssBytes = peakRss();
    figures.loadAndIndexCpuMs = processorMs() - cpu;
    timer.restart();
    if (checks)
        session.check();
    figures.validateMs = elapsedMs(timer);
    figures.validateRssBytes = peakRss();
    timer.restart();
    cpu = processorMs();
    session.buildIndex();
    figures.indexMs = elapsedMs(timer);
    figures.loadAndIndexCpuMs += processorMs() - cpu;
    timer.restart();
    session.buildLookup();
    figures.lookupMs = elapsedMs(timer);
    figures.peakRssBytes = peakRss();
    if (session.usesCache()) {
        figures.restored = session.restoredCount();
        if (session.isCacheOutdated()) {
            timer.restart();
            QString error;
            if (!session.writeCache(&error))
                qWarning("errata-bench: cannot write %s: %s", qPrintable(cacheFile), qPrintable(error));
            figures.cacheWriteMs = elapsedMs(timer);
            figures.peakRssBytes = peakRss();
        }
    }
    const KnowledgeBase &kb = session.knowledgeBase();
    figures.records = kb.count();
    const KnowledgeBase::Counts counts = kb.counts();
    figures.errors = counts.errors;
    figures.warnings = counts.warnings;
    figures.infos = counts.infos;
    return figures;
}

double Benchmark::measureRead(const QString &folder, int threads, qint64 *bytes)
{
    QElapsedTimer timer;
    timer.start();
    const QStringList files = KnowledgeBaseLoader::recordFiles(folder);
    std::atomic<qint64> total{0};
    const auto readOne = [&](int i) {
        QByteArray text;
        QString failure;
        if (Record::readFile(files.at(i), &text, &failure))
            total += text.size();
    };
    if (threads == 1) {
        for (int i = 0; i < int(files.size()); ++i)
            readOne(i);
    } else {
        Parallel::forEach(int(files.size()), readOne);
    }
    *bytes = total;
    return elapsedMs(timer);
}

Benchmark::SearchFigures Benchmark::measureSearch(const QString &folder)
{
    // Read, checked (for severity:warning) and indexed as the window does,
    // without the cache.
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options options;
    options.useCache = false;
    options.indexAsRead = true;
    session.read(folder, options);
    session.check();
    session.buildIndex();
    const KnowledgeBase &kb = session.knowledgeBase();
    const SearchIndex &index = session.index();
    RecordTreeModel tree;
    tree.setKnowledgeBase(&kb);
    RecordFilterModel filter;
    filter.setSourceModel(&tree);
    filter.setIndex(&index);
    SearchFigures figures;
    figures.records = kb.count();
    std::vector<double> times;
    std::vector<double> treeTimes;
    for (const QString &query : queries()) {
        QueryFigures perQuery{query};
        for (const QString &prefix : keystrokes({query})) {
            const double ms = timeSearch(index, prefix, &perQuery.hits);
            treeTimes.push_back(timeTreeSearch(filter, prefix));
            times.push_back(ms);
            figures.hits += perQuery.hits;
            perQuery.maxMs = std::max(perQuery.maxMs, ms);
            if (ms > figures.maxMs) {
                figures.maxMs = ms;
                figures.slowest = prefix;
            }
        }
        figures.queries << perQuery;
    }
    std::sort(times.begin(), times.end());
    figures.keystrokes = int(times.size());
    figures.p50Ms = percentile(times, 0.50);
    figures.p95Ms = percentile(times, 0.95);
    std::sort(treeTimes.begin(), treeTimes.end());
    figures.treeP50Ms = percentile(treeTimes, 0.50);
    figures.treeP95Ms = percentile(treeTimes, 0.95);
    figures.treeMaxMs = treeTimes.empty() ? 0 : treeTimes.back();
    measureLookup(index, lookupTexts(kb), figures);
    return figures;
}

void Benchmark::measureLookup(const SearchIndex &index, const QStringList &texts, SearchFigures &figures)
{
    const LookupEngine engine(index.lookup());
    std::vector<double> times;
    for (int pass = 0; pass < 2; ++pass) { // the first compiles the regexes it needs
        for (const QString &text : texts) {
            QElapsedTimer timer;
            timer.start();
            engine.lookup(text);
            if (pass == 1)
                times.push_back(elapsedMs(timer));
        }
    }
    std::sort(times.begin(), times.end());
    figures.lookups = int(times.size());
    figures.lookupP50Ms = percentile(times, 0.50);
    figures.lookupP95Ms = percentile(times, 0.95);
    figures.lookupMaxMs = times.empty() ? 0 : times.back();
}

QStringList Benchmark::lookupTexts(const KnowledgeBase &kb, int count)
{
    static const QRegularExpression number(QStringLiteral("\\d+"));
    QStringList texts;
    for (int i = 0; i < count && kb.count() > 0; ++i) {
        const Record *record = kb.recordAt(int(qint64(i) * kb.count() / count));
        QString signature = record->signature();
        signature.replace(number, QString::number(7 * i + 3));
        texts << QStringLiteral("INFO starting job %1\nDEBUG loaded 12 modules\n%2\nINFO exiting with 1\n")
                     .arg(i)
                     .arg(signature);
    }
    return texts;
}

QStringList Benchmark::queries()
{
    return {
        QStringLiteral("cuda"),
        QStringLiteral("memory"),
        QStringLiteral("timeout"),
        QStringLiteral("permission denied"),
        QStringLiteral("connection refused"),
        QStringLiteral("failed to allocate buffer"),
        QStringLiteral("RuntimeError: CUDA"),
        QStringLiteral("内存"),
        QStringLiteral("连接池"),
        QStringLiteral("domain:docker fix<0.5"),
        QStringLiteral("-has:zh"),
        QStringLiteral("severity:warning"),
        QStringLiteral("stale"),
        QStringLiteral("tier:expert_verified confidence>=0.8"),
        QStringLiteral("category:timeout socket"),
    };
}

QStringList Benchmark::keystrokes(const QStringList &queries)
{
    QStringList typed;
    for (const QString &query : queries)
        for (qsizetype length = 1; length <= query.size(); ++length)
            typed << query.left(length);
    return typed;
}

qint64 Benchmark::rawSize(const QString &folder)
{
    qint64 bytes = 0;
    for (const QString &file : KnowledgeBaseLoader::recordFiles(QFileInfo(folder).absoluteFilePath()))
        bytes += QFileInfo(file).size();
    return bytes;
}

qint64 Benchmark::peakRss()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return qint64(usage.ru_maxrss) * 1024; // kilobytes on Linux
}

} // namespace Errata
