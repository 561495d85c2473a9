#include "models/matching/LogScan.h"

#include "models/util/Parallel.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace Errata {

namespace {

// The log is scanned in pieces cut after a line feed: about an eighth of it,
// from 64 KiB (small logs still use every core) to 1 MiB.
constexpr qint64 MinChunkBytes = qint64(64) << 10;
constexpr qint64 MaxChunkBytes = qint64(1) << 20;

} // namespace

// The candidate regexes of a line by its atoms (sorted, as bytes), shared by
// the threads of one match: log lines repeat the same few sets of atoms.
class LogScan::CandidateCache
{
public:
    template<typename Compute>
    const std::vector<int> &lookup(const std::string &atoms, Compute compute)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        auto found = m_candidates.find(atoms);
        if (found == m_candidates.end())
            found = m_candidates.emplace(atoms, compute()).first;
        return found->second; // elements of an unordered_map never move
    }

private:
    std::mutex m_mutex;
    std::unordered_map<std::string, std::vector<int>> m_candidates;
};

LogScan::LogScan(const MatchPlan &plan)
    : m_plan(plan)
{
}

// The first pass is 70% of the progress, the second pass the rest.
LogScan::Outcome LogScan::run(std::string_view log, const std::atomic_bool *cancel,
                              const std::function<void(int, int)> &progress) const
{
    QElapsedTimer timer;
    timer.start();
    const auto report = [&progress](int from, int span, int total) {
        return [&progress, from, span, total](int done) {
            if (progress)
                progress(from + (total > 0 ? done * span / total : span), 100);
        };
    };
    std::vector<Chunk> pieces = chunks(log);
    const int items = int(pieces.size()) + 1;
    const qint64 runBudget = LogMatcher::runBudgetNs(m_plan.options, qint64(log.size()));
    RegexBudget budget(m_plan.entries.size(), LogMatcher::budgetNs(m_plan.options, qint64(log.size())),
                       runBudget > 0 ? RegexBudget::now() + runBudget : 0);
    Scan scanned = scan(log, std::move(pieces), budget, cancel, report(0, 70, items));
    Outcome outcome;
    outcome.scanMs = double(timer.nsecsElapsed()) / 1e6;
    const std::vector<int> list = toSearch(scanned, &outcome.notes);
    const std::vector<Job> jobs = jobsFor(list, scanned.chunks);
    if (!LogSearch::isCancelled(cancel))
        runJobs(jobs, log, &scanned, budget, cancel, report(70, 30, int(jobs.size())));
    if (LogSearch::isCancelled(cancel)) {
        Outcome cancelled;
        cancelled.cancelled = true;
        return cancelled;
    }
    outcome.cuts = cutsOf(budget, scanned);
    outcome.tallies = std::move(scanned.tallies);
    outcome.wholeTextRegexCount = int(list.size());
    return outcome;
}

// Pieces of about the chunk size, each ending just after a line feed.
std::vector<LogScan::Chunk> LogScan::chunks(std::string_view text)
{
    std::vector<Chunk> result;
    qint64 start = 0;
    const qint64 size = qint64(text.size());
    while (start < size) {
        qint64 end = std::min(size, start + std::clamp(size / 8, MinChunkBytes, MaxChunkBytes));
        if (end < size) {
            const void *newline = std::memchr(text.data() + end, '\n', size_t(size - end));
            end = newline ? static_cast<const char *>(newline) - text.data() + 1 : size;
        }
        result.push_back({start, end, 0});
        start = end;
    }
    return result;
}

// The text of a chunk without its final line feed: a line-local regex finds
// there what it finds in these lines of the whole text, and the position
// after the line feed belongs to the next chunk only.
std::string_view LogScan::chunkLines(std::string_view log, const Chunk &chunk)
{
    qint64 end = chunk.end;
    if (end > chunk.start && log[size_t(end - 1)] == '\n')
        --end;
    return log.substr(size_t(chunk.start), size_t(end - chunk.start));
}

// --- Matching: the first pass -----------------------------------------------

// The Lines-path regexes that these atoms (sorted) allow on a line.
std::vector<int> LogScan::lineCandidates(const std::vector<int> &lineAtoms) const
{
    std::vector<int> potentials;
    m_plan.filter.AllPotentials(lineAtoms, &potentials);
    std::vector<int> result;
    for (int id : potentials) {
        const int entry = m_plan.entryOfFilterId[size_t(id)];
        if (m_plan.entries[size_t(entry)].path == Path::Lines)
            result.push_back(entry);
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

void LogScan::scanChunk(std::string_view log, const Chunk &chunk, CandidateCache *shared, RegexBudget &budget,
                        ChunkOutput *out) const
{
    const std::string_view text = log.substr(size_t(chunk.start), size_t(chunk.end - chunk.start));
    LiteralScanner::Hits hits;
    m_plan.scanner.scan(text, &hits);
    std::unordered_map<std::string, const std::vector<int> *> local; // a line's atoms -> its candidates
    std::vector<int> lineAtoms;
    std::string key;
    for (const LiteralScanner::LineHits &line : hits.lines) {
        lineAtoms.assign(hits.literals.begin() + line.first, hits.literals.begin() + line.first + line.count);
        std::sort(lineAtoms.begin(), lineAtoms.end());
        key.assign(reinterpret_cast<const char *>(lineAtoms.data()), lineAtoms.size() * sizeof(int));
        auto cached = local.find(key);
        if (cached == local.end())
            cached = local.emplace(key, &shared->lookup(key, [&] { return lineCandidates(lineAtoms); })).first;
        const std::vector<int> &candidates = *cached->second;
        const std::string_view lineText = text.substr(size_t(line.start), size_t(line.end - line.start));
        const qint64 lineStart = chunk.start + line.start;
        for (int entry : candidates) {
            if (!m_plan.entries[size_t(entry)].mayMatch(lineText) || !budget.mayStart(entry))
                continue;
            size_t first = 0;
            size_t last = 0;
            const qint64 started = budget.isLimited() ? RegexBudget::now() : 0;
            const qint64 count = LogSearch::searchLine(*m_plan.entries[size_t(entry)].engine->re2(), lineText, &first,
                                                       &last);
            if (budget.isLimited())
                budget.charge(entry, RegexBudget::now() - started);
            if (count == 0)
                continue;
            const LineRef ref{line.line, lineStart, chunk.start + line.end, lineStart + qint64(first),
                              lineStart + qint64(last)};
            out->found.push_back({entry, ref, count});
        }
    }
    out->seen = std::move(hits.seen);
    out->newlines = hits.newlines;
}

// Which Set regexes match somewhere in the log; `setFailed` when the Set
// could not tell (out of memory): never an empty answer by mistake. Nor is
// it run when, timed on the log's first bytes, the whole log would take
// longer than the budget of a regex, or than what is left of the match's:
// one slow regex (a DFA that keeps running out of room) slows the whole
// Set, and one call cannot be stopped.
void LogScan::matchSet(std::string_view log, const RegexBudget &budget, Scan *scan) const
{
    if (!m_plan.set)
        return;
    const qint64 size = qint64(log.size());
    if (budget.isLimited() && size > 4 * ProbeBytes) {
        // What the Set would take on `size` bytes, timed on `bytes` of them from `from`.
        const auto timeOn = [&](qint64 from, qint64 bytes, qint64 size) {
            std::vector<int> ignored;
            const qint64 started = RegexBudget::now();
            m_plan.set->Match(re2::StringPiece(log.data() + from, size_t(bytes)), &ignored);
            return qint64(double(RegexBudget::now() - started) * double(size) / double(bytes));
        };
        const auto limit = [&budget] {
            return budget.budgetNs() > 0 ? qMin(budget.budgetNs(), budget.runRemainingNs()) : budget.runRemainingNs();
        };
        // The first bytes pay for the DFA's first states too: a slow probe is
        // made again on the next bytes. A Set of many slow regexes could take
        // long on ProbeBytes alone: a sixteenth of it first tells.
        constexpr qint64 Small = ProbeBytes / 16;
        qint64 estimate = timeOn(0, Small, ProbeBytes);
        if (estimate > limit())
            estimate = timeOn(Small, Small, ProbeBytes);
        if (estimate <= limit()) {
            estimate = timeOn(0, ProbeBytes, size);
            if (estimate > limit())
                estimate = timeOn(ProbeBytes, ProbeBytes, size);
        } else {
            estimate = qint64(double(estimate) * double(size) / double(ProbeBytes));
        }
        if (estimate > limit()) {
            scan->setFailed = true;
            scan->setEstimateNs = estimate;
            return;
        }
    }
    std::vector<int> ids;
    RE2::Set::ErrorInfo error{RE2::Set::kInconsistent};
    const bool matched = m_plan.set->Match(re2::StringPiece(log.data(), log.size()), &ids, &error);
    if (!matched && error.kind != RE2::Set::kNoError) {
        scan->setFailed = true;
        scan->setError = error.kind;
        return;
    }
    for (int id : ids)
        scan->setMatches.push_back(m_plan.setEntries[size_t(id)]);
}

void LogScan::mergeChunks(const std::vector<ChunkOutput> &outputs, Scan *scan) const
{
    scan->tallies.assign(m_plan.entries.size(), Tally());
    scan->atomsSeen.assign(m_plan.atoms.size(), 0);
    qint64 firstLine = 0;
    for (size_t c = 0; c < outputs.size(); ++c) {
        const ChunkOutput &output = outputs[c];
        scan->chunks[c].firstLine = firstLine;
        for (const Found &found : output.found) {
            LineRef ref = found.line;
            ref.line += firstLine;
            scan->tallies[size_t(found.entry)].addLine(ref, found.count, m_plan.options.maxLinesPerRecord);
        }
        for (size_t i = 0; i < output.seen.size(); ++i)
            scan->atomsSeen[i] |= output.seen[i];
        firstLine += output.newlines;
    }
}

// One parallel pass: the Set over the whole log (item 0, the longest, first)
// and the literal scan with its per-line checks, chunk by chunk.
LogScan::Scan LogScan::scan(std::string_view log, std::vector<Chunk> pieces, RegexBudget &budget,
                            const std::atomic_bool *cancel, const std::function<void(int)> &progress) const
{
    Scan result;
    result.chunks = std::move(pieces);
    result.estimates.assign(m_plan.entries.size(), 0);
    result.budgetNs = budget.budgetNs();
    std::vector<ChunkOutput> outputs(result.chunks.size());
    CandidateCache cache;
    Parallel::forEach(
        int(result.chunks.size()) + 1,
        [&](int i) {
            if (i == 0)
                matchSet(log, budget, &result);
            else
                scanChunk(log, result.chunks[size_t(i - 1)], &cache, budget, &outputs[size_t(i - 1)]);
        },
        cancel, progress);
    mergeChunks(outputs, &result);
    return result;
}

// --- Matching: the second pass ----------------------------------------------

// The regexes to search in full: those the Set found, those whose atoms
// occur in the log (Text path), and those always searched (Each path).
std::vector<int> LogScan::toSearch(const Scan &scan, QStringList *notes) const
{
    std::vector<int> present;
    for (size_t i = 0; i < scan.atomsSeen.size(); ++i) {
        if (scan.atomsSeen[i])
            present.push_back(int(i));
    }
    present.insert(present.end(), m_plan.scanner.unsearchable().begin(), m_plan.scanner.unsearchable().end());
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
    std::vector<int> potentials;
    if (m_plan.filter.NumRegexps() > 0)
        m_plan.filter.AllPotentials(present, &potentials);
    std::vector<std::uint8_t> allowed(m_plan.entries.size(), 0);
    for (int id : potentials)
        allowed[size_t(m_plan.entryOfFilterId[size_t(id)])] = 1;
    std::vector<std::uint8_t> inSet(m_plan.entries.size(), 0);
    for (int entry : scan.setMatches)
        inSet[size_t(entry)] = 1;
    std::vector<int> list;
    for (size_t i = 0; i < m_plan.entries.size(); ++i) {
        if (mustSearch(m_plan.entries[i], allowed[i] || !m_plan.scanner.isReady(), inSet[i], scan.setFailed))
            list.push_back(int(i));
    }
    if (scan.setFailed && scan.setEstimateNs > 0 && (scan.budgetNs <= 0 || scan.setEstimateNs <= scan.budgetNs))
        *notes << LogMatcher::tr("The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more "
                                 "than was left of the whole match's budget, so each of them that could match was "
                                 "searched one by one.",
                                 nullptr, int(m_plan.setEntries.size()))
                      .arg(QString::number(double(scan.setEstimateNs) / 1e9, 'f', 1));
    else if (scan.setFailed && scan.setEstimateNs > 0)
        *notes << LogMatcher::tr("The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more "
                                 "than the budget of %2 s per regex, so each of them that could match was searched "
                                 "one by one.",
                                 nullptr, int(m_plan.setEntries.size()))
                      .arg(QString::number(double(scan.setEstimateNs) / 1e9, 'f', 1),
                           QString::number(double(scan.budgetNs) / 1e9, 'g', 3));
    else if (scan.setFailed)
        *notes << LogMatcher::tr("The whole-text RE2::Set of %1 regexes failed (%2), so each of them that could "
                                 "match was searched one by one.")
                      .arg(m_plan.setEntries.size())
                      .arg(scan.setError == RE2::Set::kOutOfMemory ? LogMatcher::tr("out of memory")
                                                                   : LogMatcher::tr("inconsistent result"));
    return list;
}

// `allowed`: the regex's atoms occur in the log; `found`: the Set found it.
bool LogScan::mustSearch(const Entry &entry, bool allowed, bool found, bool setFailed)
{
    switch (entry.path) {
    case Path::Lines: return false;
    case Path::Set: return setFailed ? entry.noAtom || allowed : found;
    case Path::Text: return allowed;
    case Path::Each: break;
    }
    return true;
}

std::vector<LogScan::Job> LogScan::jobsFor(const std::vector<int> &list, const std::vector<Chunk> &chunks) const
{
    std::vector<Job> jobs;
    for (int entry : list) {
        if (!m_plan.entries[size_t(entry)].lineLocal) {
            jobs.push_back({entry, -1});
            continue;
        }
        for (size_t c = 0; c < chunks.size(); ++c)
            jobs.push_back({entry, int(c)});
    }
    return jobs;
}

void LogScan::runJobs(const std::vector<Job> &jobs, std::string_view log, Scan *scan, RegexBudget &budget,
                      const std::atomic_bool *cancel, const std::function<void(int)> &progress) const
{
    std::vector<Tally> found(jobs.size());
    const int keep = m_plan.options.maxLinesPerRecord;
    Parallel::forEach(
        int(jobs.size()),
        [&](int i) {
            const Job &job = jobs[size_t(i)];
            if (!budget.mayStart(job.entry))
                return;
            if (job.chunk < 0) {
                found[size_t(i)] = searchWhole(job.entry, log, scan, budget, cancel);
                return;
            }
            const RE2 &re = *m_plan.entries[size_t(job.entry)].engine->re2();
            const std::string_view text = chunkLines(log, scan->chunks[size_t(job.chunk)]);
            const qint64 started = RegexBudget::now();
            bool cut = false;
            found[size_t(i)] = LogSearch::searchRange(re, text, 0, qint64(text.size()), keep,
                                                      {cancel, budget.deadline(job.entry)}, &cut);
            budget.charge(job.entry, RegexBudget::now() - started);
            if (cut)
                budget.stop(job.entry);
        },
        cancel, progress);
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Chunk *chunk = jobs[i].chunk < 0 ? nullptr : &scan->chunks[size_t(jobs[i].chunk)];
        scan->tallies[size_t(jobs[i].entry)].append(found[i], chunk ? chunk->start : 0, chunk ? chunk->firstLine : 0,
                                                    keep);
    }
}

// A regex that can span lines, over the whole log. With a budget, and a
// log of more than four times ProbeBytes, it is first timed on ProbeBytes
// (and on the next ProbeBytes if that looks slow: the first bytes pay for
// building the DFA's first states): when
// the whole log would take longer than what is left of its budget, it is
// searched piece by piece instead (searchInPieces()), so that it stops in
// time; a match that spans two pieces is then missed, and the outcome says
// so. Otherwise one search over the whole log, stopped at the deadline
// (between two matches) if the log's later part is slower.
LogScan::Tally LogScan::searchWhole(int entry, std::string_view log, Scan *scan, RegexBudget &budget,
                                    const std::atomic_bool *cancel) const
{
    const RE2 &re = *m_plan.entries[size_t(entry)].engine->re2();
    const int keep = m_plan.options.maxLinesPerRecord;
    const qint64 size = qint64(log.size());
    bool cut = false;
    if (budget.isLimited() && size > 4 * ProbeBytes) {
        const auto timeOn = [&](qint64 from, Tally *found) {
            const qint64 started = RegexBudget::now();
            *found = LogSearch::searchRange(re, log, from, from + ProbeBytes, keep, {cancel, budget.deadline(entry)},
                                            &cut);
            const qint64 probeNs = RegexBudget::now() - started;
            budget.charge(entry, probeNs);
            return estimateNs(probeNs, size);
        };
        Tally probe;
        qint64 estimate = timeOn(0, &probe);
        if (!cut && estimate > budget.remainingNs(entry)) { // the first bytes paid for the DFA's first states too
            Tally again;
            estimate = timeOn(ProbeBytes, &again);
        }
        if (cut) { // the budget is spent: what the first bytes hold is all there is
            budget.stop(entry);
            return probe;
        }
        if (estimate > budget.remainingNs(entry)) {
            scan->estimates[size_t(entry)] = estimate;
            return searchInPieces(entry, log, budget, cancel);
        }
    }
    const qint64 started = RegexBudget::now();
    Tally tally = LogSearch::searchRange(re, log, 0, size, keep, {cancel, budget.deadline(entry)}, &cut);
    budget.charge(entry, RegexBudget::now() - started);
    if (cut)
        budget.stop(entry);
    return tally;
}

// The log in pieces of about ProbeBytes, each ending after a line feed and
// searched with the whole log around it, so that a slow regex never runs
// long past its deadline in one call of RE2.
LogScan::Tally LogScan::searchInPieces(int entry, std::string_view log, RegexBudget &budget,
                                       const std::atomic_bool *cancel) const
{
    const RE2 &re = *m_plan.entries[size_t(entry)].engine->re2();
    const int keep = m_plan.options.maxLinesPerRecord;
    const qint64 size = qint64(log.size());
    Tally tally;
    qint64 line = 0;
    for (qint64 start = 0; start < size;) {
        if (!budget.mayStart(entry) || LogSearch::isCancelled(cancel))
            return tally;
        qint64 end = std::min(size, start + ProbeBytes);
        const void *newline = end < size ? std::memchr(log.data() + end, '\n', size_t(size - end)) : nullptr;
        end = newline ? static_cast<const char *>(newline) - log.data() + 1 : size;
        const qint64 started = RegexBudget::now();
        bool cut = false;
        const Tally piece = LogSearch::searchRange(re, log, start, end, keep, {cancel, budget.deadline(entry)}, &cut);
        budget.charge(entry, RegexBudget::now() - started);
        tally.append(piece, start, line, keep);
        if (cut) {
            budget.stop(entry);
            return tally;
        }
        line += qint64(std::count(log.begin() + start, log.begin() + end, '\n'));
        start = end;
    }
    budget.searchedInPieces(entry);
    return tally;
}

// Scales the time a search took on ProbeBytes to a log of `size` bytes.
qint64 LogScan::estimateNs(qint64 probeNs, qint64 size)
{
    return qint64(double(probeNs) * double(size) / double(ProbeBytes));
}

std::vector<LogScan::Cut> LogScan::cutsOf(const RegexBudget &budget, const Scan &scan)
{
    std::vector<Cut> cuts;
    for (size_t i = 0; i < scan.estimates.size(); ++i) {
        const RegexBudget::Cut how = budget.cut(int(i));
        if (how != RegexBudget::Cut::None)
            cuts.push_back({int(i), how, budget.spentNs(int(i)), scan.estimates[i]});
    }
    return cuts;
}

} // namespace Errata
