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

    // Every match of `re` in `text`, keeping the first match of the first
    // `keep` lines; stops early when `cancel` becomes true.
    static Tally searchText(const RE2 &re, std::string_view text, int keep, const std::atomic_bool *cancel);
    // The matches of `re` in one line: how many, and where the first one is.
    static qint64 searchLine(const RE2 &re, std::string_view line, size_t *firstStart, size_t *firstEnd);

    // True when `cancel` is given and set.
    static bool isCancelled(const std::atomic_bool *cancel);
};

} // namespace Errata
