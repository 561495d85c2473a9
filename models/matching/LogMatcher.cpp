#include "models/matching/LogMatcher.h"

#include "models/kb/KnowledgeBase.h"
#include "models/matching/LineLocality.h"
#include "models/matching/LogMatchResultBuilder.h"
#include "models/matching/LogScan.h"
#include "models/matching/LogSearch.h"
#include "models/matching/MatchPlan.h"
#include "models/record/Record.h"
#include "models/util/Parallel.h"

#include <QElapsedTimer>

#include <algorithm>

#include <string_view>
#include <vector>

namespace Errata {

namespace {

LogMatcher::Source source(const Record *record, bool keepRecord)
{
    return LogMatcher::Source{record->id(), record->signature(), record->regex(), keepRecord ? record : nullptr};
}

double elapsedMs(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

QString seconds(qint64 ns)
{
    return QString::number(double(ns) / 1e9, 'f', 1);
}

// "too slow on this log: stopped after 5.2 s (the budget is 5 s per
// regex); its results may be incomplete"
LogMatchResult::CutShort cutShort(const MatchPlan::Entry &entry, const LogScan::Cut &cut, qint64 budgetNs,
                                  qint64 runBudgetNs)
{
    LogMatchResult::CutShort result;
    result.recordId = entry.id;
    result.record = entry.record;
    result.inPieces = cut.how == RegexBudget::Cut::InPieces;
    result.runBudget = cut.how == RegexBudget::Cut::RunOut;
    result.searched = cut.spentNs > 0;
    result.seconds = double(cut.spentNs) / 1e9;
    result.estimatedSeconds = double(cut.estimateNs) / 1e9;
    result.reason = LogMatcher::cutReason(result, double(budgetNs) / 1e9, double(runBudgetNs) / 1e9);
    return result;
}

} // namespace

QString LogMatcher::cutReason(const LogMatchResult::CutShort &cut, double budgetSeconds, double runBudgetSeconds)
{
    const QString budget = QString::number(budgetSeconds, 'g', 3);
    const QString run = QString::number(runBudgetSeconds, 'g', 3);
    if (cut.runBudget && !cut.searched)
        return LogMatcher::tr("not searched: the budget of the whole search (%1 s) was spent before its turn").arg(run);
    if (cut.runBudget)
        return LogMatcher::tr("stopped after %1 s, when the budget of the whole search (%2 s) was spent; its results "
                              "may be incomplete")
            .arg(seconds(qint64(cut.seconds * 1e9)), run);
    return cut.inPieces
        ? LogMatcher::tr("too slow to search the whole log at once (about %1 s; the budget is %2 s per regex): "
                         "searched in pieces of 32 KiB in %3 s, so a match that spans two pieces may be missing")
              .arg(seconds(qint64(cut.estimatedSeconds * 1e9)), budget, seconds(qint64(cut.seconds * 1e9)))
        : LogMatcher::tr("too slow on this log: stopped after %1 s (the budget is %2 s per regex); its results "
                         "may be incomplete")
              .arg(seconds(qint64(cut.seconds * 1e9)), budget);
}

// The plan build() made, and the result builder that keeps the required
// literals of the entries that matched.
struct LogMatcher::Private
{
    MatchPlan plan;
    LogMatchResultBuilder results{plan};
    double buildMs = 0;

    LogMatchResult run(std::string_view log, const std::atomic_bool *cancel,
                       const std::function<void(int, int)> &progress) const;
    LogMatchResult finish(std::string_view log, const std::vector<LogSearch::Tally> &tallies) const;
};

// --- Building ---------------------------------------------------------------

LogMatcher::LogMatcher()
    : d(std::make_unique<Private>())
{
}

LogMatcher::~LogMatcher() = default;

void LogMatcher::build(const KnowledgeBase &kb)
{
    build(kb, Options());
}

void LogMatcher::build(const KnowledgeBase &kb, const Options &options)
{
    build(sources(kb), options);
}

QList<LogMatcher::Source> LogMatcher::sources(const KnowledgeBase &kb, bool keepRecords)
{
    QList<Source> list;
    list.reserve(kb.count());
    for (int i = 0; i < kb.count(); ++i)
        list << source(kb.recordAt(i), keepRecords);
    return list;
}

void LogMatcher::build(const QList<const Record *> &records, const Options &options)
{
    QList<Source> list;
    list.reserve(records.size());
    for (const Record *record : records)
        list << source(record, true);
    build(list, options);
}

void LogMatcher::build(const QList<Source> &sources, const Options &options)
{
    QElapsedTimer timer;
    timer.start();
    d = std::make_unique<Private>();
    d->plan.build(sources, options);
    d->buildMs = elapsedMs(timer);
}

LogMatcher::Options LogMatcher::options() const
{
    return d->plan.options;
}

int LogMatcher::regexCount() const
{
    return int(d->plan.entries.size());
}

int LogMatcher::atomCount() const
{
    return int(d->plan.atoms.size());
}

double LogMatcher::buildMs() const
{
    return d->buildMs;
}

bool LogMatcher::fastPathComplete() const
{
    return d->plan.buildNotes.isEmpty();
}

QString LogMatcher::buildNote() const
{
    return d->plan.buildNotes.join(QLatin1Char(' '));
}

qint64 LogMatcher::budgetNs(const Options &options, qint64 bytes)
{
    if (options.regexBudgetMs <= 0)
        return 0;
    return std::max(options.regexBudgetMs * 1000000, qint64(double(bytes) / double(BudgetBytesPerSecond) * 1e9));
}

qint64 LogMatcher::runBudgetNs(const Options &options, qint64 bytes)
{
    if (options.runBudgetMs <= 0)
        return 0;
    return std::max(options.runBudgetMs * 1000000,
                    qint64(double(RunBudgetFactor) * double(bytes) / double(BudgetBytesPerSecond) * 1e9));
}

bool LogMatcher::isLineLocal(const QString &pattern)
{
    return LineLocality::isLineLocal(pattern);
}

// --- Matching ---------------------------------------------------------------

LogMatchResult LogMatcher::Private::run(std::string_view log, const std::atomic_bool *cancel,
                                        const std::function<void(int, int)> &progress) const
{
    QElapsedTimer timer;
    timer.start();
    const LogScan::Outcome scanned = LogScan(plan).run(log, cancel, progress);
    if (scanned.cancelled) {
        LogMatchResult result;
        result.cancelled = true;
        return result;
    }
    LogMatchResult result = finish(log, scanned.tallies);
    const qint64 budget = LogMatcher::budgetNs(plan.options, qint64(log.size()));
    const qint64 runBudget = LogMatcher::runBudgetNs(plan.options, qint64(log.size()));
    result.regexBudgetSeconds = double(budget) / 1e9;
    result.runBudgetSeconds = double(runBudget) / 1e9;
    for (const LogScan::Cut &cut : scanned.cuts)
        result.cutShort << cutShort(plan.entries[size_t(cut.entry)], cut, budget, runBudget);
    std::sort(
        result.cutShort.begin(), result.cutShort.end(),
        [](const LogMatchResult::CutShort &a, const LogMatchResult::CutShort &b) { return a.recordId < b.recordId; });
    result.wholeTextRegexCount = scanned.wholeTextRegexCount;
    result.usedFallback = !plan.buildNotes.isEmpty() || !scanned.notes.isEmpty();
    result.note = (plan.buildNotes + scanned.notes).join(QLatin1Char(' '));
    result.timings.scanMs = scanned.scanMs;
    result.timings.wholeTextMs = elapsedMs(timer) - scanned.scanMs;
    return result;
}

LogMatchResult LogMatcher::Private::finish(std::string_view log, const std::vector<LogSearch::Tally> &tallies) const
{
    LogMatchResult result = results.build(log, tallies);
    result.timings.buildMs = buildMs;
    return result;
}

LogMatchResult LogMatcher::match(const QByteArray &log, const std::atomic_bool *cancel,
                                 const std::function<void(int, int)> &progress) const
{
    QElapsedTimer timer;
    timer.start();
    LogMatchResult result = d->run(std::string_view(log.constData(), size_t(log.size())), cancel, progress);
    result.timings.totalMs = elapsedMs(timer);
    return result;
}

LogMatchResult LogMatcher::matchEachRegex(const QByteArray &log, const std::atomic_bool *cancel,
                                          const std::function<void(int, int)> &progress) const
{
    QElapsedTimer timer;
    timer.start();
    const std::string_view text(log.constData(), size_t(log.size()));
    const std::vector<MatchPlan::Entry> &entries = d->plan.entries;
    std::vector<LogSearch::Tally> tallies(entries.size());
    const int keep = d->plan.options.maxLinesPerRecord;
    Parallel::forEach(
        int(entries.size()),
        [&](int i) {
            tallies[size_t(i)] = LogSearch::searchText(*entries[size_t(i)].engine->re2(), text, keep, cancel);
        },
        cancel,
        [&](int done) {
            if (progress)
                progress(done, int(entries.size()));
        });
    LogMatchResult result;
    if (LogSearch::isCancelled(cancel)) {
        result.cancelled = true;
        return result;
    }
    result = d->finish(text, tallies);
    result.wholeTextRegexCount = int(entries.size());
    result.note = LogMatcher::tr("Every regex was searched one by one over the whole log (the reference search).");
    result.timings.wholeTextMs = elapsedMs(timer);
    result.timings.totalMs = result.timings.wholeTextMs;
    return result;
}

} // namespace Errata
