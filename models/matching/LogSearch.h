#pragma once

#include <QtGlobal>

#include <re2/re2.h>

#include <atomic>
#include <cstddef>
#include <string_view>
#include <vector>

namespace Errata {

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

    // True when `cancel` is given and set.
    static bool isCancelled(const std::atomic_bool *cancel);
};

} // namespace Errata
