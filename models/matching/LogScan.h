#pragma once

#include "models/matching/LogSearch.h"
#include "models/matching/MatchPlan.h"
#include "models/matching/RegexBudget.h"

#include <QStringList>

#include <re2/set.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace Errata {

// One match of a log against a MatchPlan, in two parallel passes: the first runs the whole-text RE2::Set while the
// literal scanner reads the log chunk by chunk, and the Lines-path regexes on the lines whose atoms allow them; the
// second searches in full the regexes the Set found and those of the Text and Each paths. Each regex then finds what
// searching it over the whole log gives (LogSearch::searchText).
//
// RE2 gives no sign when its DFA falls back to the far slower NFA, and one RE2 call cannot be interrupted, so the Set
// and each whole-log search are first timed on the log's first ProbeBytes (twice when slow: the first bytes also pay
// for the DFA's first states): a Set that would overrun the budget (RegexBudget) is not run, its regexes searched one
// by one, and a regex that would overrun is searched in pieces of about ProbeBytes so that it can stop in time.
// Deadlines are checked between matches and pieces: a budget can be overrun by one line, chunk or piece.
// Example: a plan for "No space left on device" over a log whose line 3 says so: one match on line 2 (0-based).
class LogScan
{
public:
    using Tally = LogSearch::Tally;
    using LineRef = LogSearch::LineRef;

    // A piece of the log: whole lines, the last one ending with its line feed
    // (except at the end of the log).
    struct Chunk
    {
        qint64 start = 0;
        qint64 end = 0;
        qint64 firstLine = 0; // known once the chunk was scanned
    };

    // What a match found, per entry of the plan.
    // A regex cut short for its budget.
    struct Cut
    {
        int entry = 0;
        RegexBudget::Cut how = RegexBudget::Cut::Stopped;
        qint64 spentNs = 0;    // what its searches took
        qint64 estimateNs = 0; // for InPieces: what the whole log would have taken at once
    };

    struct Outcome
    {
        bool cancelled = false; // then nothing else is filled in
        std::vector<Tally> tallies;
        std::vector<Cut> cuts;
        QStringList notes;           // why regexes were searched one by one in this match
        int wholeTextRegexCount = 0; // regexes searched in full in the second pass
        double scanMs = 0;           // the first pass
    };

    // The bytes at the start of the log on which the Set and each regex to
    // search over the whole log are timed, to tell how long the whole log
    // would take; and about the size of the pieces a slow regex is searched in.
    static constexpr qint64 ProbeBytes = qint64(32) << 10;

    explicit LogScan(const MatchPlan &plan);

    // `progress(done, 100)` is called on the calling thread; when `cancel`
    // becomes true the work stops soon and the outcome says cancelled.
    Outcome run(std::string_view log, const std::atomic_bool *cancel,
                const std::function<void(int, int)> &progress) const;

    // Pieces of about the chunk size, each ending just after a line feed.
    static std::vector<Chunk> chunks(std::string_view text);
    // The text of a chunk without its final line feed.
    static std::string_view chunkLines(std::string_view log, const Chunk &chunk);

private:
    using Entry = MatchPlan::Entry;
    using Path = MatchPlan::Path;

    class CandidateCache;

    // A search of one regex over the whole log (chunk -1) or one chunk.
    struct Job
    {
        int entry = 0;
        int chunk = -1;
    };

    // What the first pass over the log found.
    struct Scan
    {
        std::vector<Chunk> chunks;
        std::vector<Tally> tallies;          // per entry, from the per-line path
        std::vector<std::uint8_t> atomsSeen; // anywhere in the log
        std::vector<int> setMatches;         // entries the Set found
        bool setFailed = false;
        RE2::Set::ErrorKind setError = RE2::Set::kNoError;
        qint64 budgetNs = 0;           // of each regex on this log (0: none)
        qint64 setEstimateNs = 0;      // > 0: the Set was not run, as the whole log would take about this long
        std::vector<qint64> estimates; // per entry: what a search over the whole log would take (InPieces)
    };

    // A line where a regex of the per-line path matched.
    struct Found
    {
        int entry = 0;
        LineRef line; // its line counted in the chunk, its offsets in the log
        qint64 count = 0;
    };

    struct ChunkOutput
    {
        std::vector<Found> found;
        std::vector<std::uint8_t> seen; // atoms seen in the chunk
        qint64 newlines = 0;
    };

    Scan scan(std::string_view log, std::vector<Chunk> pieces, RegexBudget &budget, const std::atomic_bool *cancel,
              const std::function<void(int)> &progress) const;
    void scanChunk(std::string_view log, const Chunk &chunk, CandidateCache *shared, RegexBudget &budget,
                   ChunkOutput *out) const;
    void matchSet(std::string_view log, const RegexBudget &budget, Scan *scan) const;
    void mergeChunks(const std::vector<ChunkOutput> &outputs, Scan *scan) const;
    std::vector<int> lineCandidates(const std::vector<int> &lineAtoms) const;
    std::vector<int> toSearch(const Scan &scan, QStringList *notes) const;
    static bool mustSearch(const Entry &entry, bool allowed, bool found, bool setFailed);
    std::vector<Job> jobsFor(const std::vector<int> &list, const std::vector<Chunk> &chunks) const;
    void runJobs(const std::vector<Job> &jobs, std::string_view log, Scan *scan, RegexBudget &budget,
                 const std::atomic_bool *cancel, const std::function<void(int)> &progress) const;
    Tally searchWhole(int entry, std::string_view log, Scan *scan, RegexBudget &budget,
                      const std::atomic_bool *cancel) const;
    Tally searchInPieces(int entry, std::string_view log, RegexBudget &budget, const std::atomic_bool *cancel) const;
    static qint64 estimateNs(qint64 probeNs, qint64 size);
    static std::vector<Cut> cutsOf(const RegexBudget &budget, const Scan &scan);

    const MatchPlan &m_plan;
};

} // namespace Errata
