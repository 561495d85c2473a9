#pragma once

#include <QtGlobal>

#include <re2/re2.h>

#include <atomic>
#include <cstddef>
#include <string_view>
#include <vector>

namespace Errata {

class RegexBudget;

// Searches one compiled regex over a text (a whole log, a piece of it, or
// one line) exactly as RegexEngine::findAll steps through it, and tallies
// what it finds by line, in byte offsets; LogMatchResultBuilder turns that
// into lines and columns in characters.
//
// Example: searching "b" in "ab\nbb\n" finds 3 matches on 2 lines; the
// first line's LineRef is {0, 0, 2, 1, 2}.
class LogSearch
{
public:
    // A line holding a match, by byte offsets into the searched text.
    struct LineRef
    {
        qint64 line = 0; // 0-based
        qint64 lineStart = 0;
        qint64 lineEnd = 0;
        qint64 matchStart = 0;
        qint64 matchEnd = 0;
    };

    // What one regex found in the log (or in a piece of it).
    struct Tally
    {
        qint64 matchCount = 0;
        qint64 lineCount = 0;
        std::vector<LineRef> lines;

        void addLine(const LineRef &line, qint64 matches, int keep);
        void append(const Tally &piece, qint64 offset, qint64 firstLine, int keep);
    };

    // When a search stops early: when `cancel` becomes true, or once the
    // steady clock (RegexBudget::now()) is past `deadline` (0: never).
    // Checked after each match: one call of RE2 is never interrupted.
    struct Stop
    {
        const std::atomic_bool *cancel = nullptr;
        qint64 deadline = 0;
    };

    // Every match of `re` in `text`, keeping the first match of the first
    // `keep` lines; stops early when `cancel` becomes true.
    static Tally searchText(const RE2 &re, std::string_view text, int keep, const std::atomic_bool *cancel);
    // Every match of `re` that lies within [start, end) of `log`, with the
    // rest of the log around it (what ^, $, \b and the like see beyond the
    // range is the log's), in lines and offsets counted from `start`. Sets
    // `*cut` when it stopped at the deadline.
    static Tally searchRange(const RE2 &re, std::string_view log, qint64 start, qint64 end, int keep, const Stop &stop,
                             bool *cut = nullptr);
    // The matches of `re` in one line: how many, and where the first one is.
    static qint64 searchLine(const RE2 &re, std::string_view line, size_t *firstStart, size_t *firstEnd);

    // The first match of a regex in a text, by byte offsets; `estimateNs`:
    // what one search of the whole text would have taken, when it was
    // searched in pieces instead.
    struct First
    {
        bool found = false;
        size_t start = 0;
        size_t end = 0;
        qint64 estimateNs = 0;
    };

    // The pieces a text too slow to search at once is searched in, each
    // ending after a line feed: about this many bytes.
    static constexpr qint64 PieceBytes = qint64(32) << 10;

    // The first match of `re` in `text` (possibly empty), within the budget
    // of `entry`, which each search is charged to. With a budget, a text of
    // more than four times PieceBytes is first timed on its first piece:
    // when the whole text would take longer than what is left, it is
    // searched piece by piece (with the whole text around each), stopping
    // between pieces when the budget is spent (the entry is then stopped),
    // and the entry is marked as searched in pieces if nothing was found (a
    // match spanning two pieces may be missing). Otherwise one search, as
    // RE2::Match over the whole text.
    static First firstMatch(const RE2 &re, std::string_view text, RegexBudget &budget, int entry);

    // True when `cancel` is given and set.
    static bool isCancelled(const std::atomic_bool *cancel);
};

} // namespace Errata
