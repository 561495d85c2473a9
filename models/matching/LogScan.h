#pragma once

#include "matching/LogSearch.h"
#include "matching/MatchPlan.h"

#include <QStringList>

#include <re2/set.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace Errata {

// One match of a log against a MatchPlan, in two parallel passes:
//  - the first pass runs the whole-text RE2::Set over the log while the
//    literal scanner reads it chunk by chunk; on each line that holds atoms,
//    the Lines-path regexes they allow run on that line only;
//  - the second pass searches in full the regexes the Set found, those whose
//    atoms occur in the log (Text path) and those always searched (Each
//    path): over the whole log, or chunk by chunk when line-local.
// What each regex found is then the same as searching it over the whole log
// (LogSearch::searchText); LogMatchResultBuilder makes the result of it.
//
// Example: with a plan for "No space left on device", run() over a log whose
// line 3 says so gives that entry a Tally of one match on line 2 (0-based).
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
    struct Outcome
    {
        bool cancelled = false; // then nothing else is filled in
        std::vector<Tally> tallies;
        QStringList notes;           // why regexes were searched one by one in this match
        int wholeTextRegexCount = 0; // regexes searched in full in the second pass
        double scanMs = 0;           // the first pass
    };

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

    Scan scan(std::string_view log, std::vector<Chunk> pieces, const std::atomic_bool *cancel,
              const std::function<void(int)> &progress) const;
    void scanChunk(std::string_view log, const Chunk &chunk, CandidateCache *shared, ChunkOutput *out) const;
    void matchSet(std::string_view log, Scan *scan) const;
    void mergeChunks(const std::vector<ChunkOutput> &outputs, Scan *scan) const;
    std::vector<int> lineCandidates(const std::vector<int> &lineAtoms) const;
    std::vector<int> toSearch(const Scan &scan, QStringList *notes) const;
    static bool mustSearch(const Entry &entry, bool allowed, bool found, bool setFailed);
    std::vector<Job> jobsFor(const std::vector<int> &list, const std::vector<Chunk> &chunks) const;
    void runJobs(const std::vector<Job> &jobs, std::string_view log, Scan *scan, const std::atomic_bool *cancel,
                 const std::function<void(int)> &progress) const;

    const MatchPlan &m_plan;
};

} // namespace Errata
