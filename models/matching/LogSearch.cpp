#include "models/matching/LogSearch.h"

#include "models/matching/RegexBudget.h"

#include <cstring>

namespace Errata {

namespace {

re2::StringPiece piece(std::string_view text)
{
    return re2::StringPiece(text.data(), text.size());
}

// Where the search goes on after a match, exactly as RegexEngine::findAll.
size_t nextFrom(std::string_view text, size_t start, size_t end)
{
    size_t from = end == start ? end + 1 : end;
    while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
        ++from;
    return from;
}

// Follows a text forward, keeping the current line's number and start.
class LineTracker
{
public:
    explicit LineTracker(std::string_view text)
        : m_text(text)
    {
    }
    void advanceTo(qint64 offset)
    {
        const char *begin = m_text.data();
        for (const char *p = begin + m_offset; p < begin + offset; ++p) {
            p = static_cast<const char *>(std::memchr(p, '\n', size_t(begin + offset - p)));
            if (!p)
                break;
            ++line;
            lineStart = p - begin + 1;
        }
        m_offset = offset;
    }
    qint64 lineEnd(qint64 from) const
    {
        const void *found = std::memchr(m_text.data() + from, '\n', m_text.size() - size_t(from));
        return found ? static_cast<const char *>(found) - m_text.data() : qint64(m_text.size());
    }
    qint64 line = 0;
    qint64 lineStart = 0;

private:
    std::string_view m_text;
    qint64 m_offset = 0;
};

} // namespace

void LogSearch::Tally::addLine(const LineRef &line, qint64 matches, int keep)
{
    matchCount += matches;
    ++lineCount;
    if (int(lines.size()) < keep)
        lines.push_back(line);
}

// Adds what was found in a piece of the log that starts at byte `offset`
// and line `firstLine`.
void LogSearch::Tally::append(const Tally &piece, qint64 offset, qint64 firstLine, int keep)
{
    matchCount += piece.matchCount;
    lineCount += piece.lineCount;
    for (size_t i = 0; i < piece.lines.size() && int(lines.size()) < keep; ++i) {
        const LineRef &ref = piece.lines[i];
        lines.push_back({ref.line + firstLine, ref.lineStart + offset, ref.lineEnd + offset, ref.matchStart + offset,
                         ref.matchEnd + offset});
    }
}

bool LogSearch::isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// Every match of `re` in `text`, as RegexEngine::findAll finds them.
LogSearch::Tally LogSearch::searchText(const RE2 &re, std::string_view text, int keep, const std::atomic_bool *cancel)
{
    return searchRange(re, text, 0, qint64(text.size()), keep, Stop{cancel, 0});
}

LogSearch::Tally LogSearch::searchRange(const RE2 &re, std::string_view log, qint64 start, qint64 end, int keep,
                                        const Stop &stop, bool *cut)
{
    Tally tally;
    const std::string_view upToEnd = log.substr(0, size_t(end));
    LineTracker tracker(upToEnd.substr(size_t(start)));
    qint64 lastLine = -1;
    re2::StringPiece match;
    for (size_t from = size_t(start); from <= size_t(end);) {
        if (!re.Match(piece(log), from, size_t(end), RE2::UNANCHORED, &match, 1))
            break;
        const qint64 matchStart = match.data() - log.data();
        const qint64 matchEnd = matchStart + qint64(match.size());
        tracker.advanceTo(matchStart - start);
        if (tracker.line != lastLine) {
            lastLine = tracker.line;
            tally.addLine({tracker.line, tracker.lineStart, tracker.lineEnd(matchStart - start), matchStart - start,
                           matchEnd - start},
                          0, keep);
        }
        ++tally.matchCount;
        from = nextFrom(upToEnd, size_t(matchStart), size_t(matchEnd));
        if ((tally.matchCount & 0xFFF) == 0 && isCancelled(stop.cancel))
            break;
        if (stop.deadline > 0 && RegexBudget::now() >= stop.deadline) {
            if (cut)
                *cut = true;
            break;
        }
    }
    return tally;
}

// The matches of `re` in one line: how many, and where the first one is.
qint64 LogSearch::searchLine(const RE2 &re, std::string_view line, size_t *firstStart, size_t *firstEnd)
{
    qint64 count = 0;
    re2::StringPiece match;
    for (size_t from = 0; from <= line.size();) {
        if (!re.Match(piece(line), from, line.size(), RE2::UNANCHORED, &match, 1))
            break;
        const size_t start = size_t(match.data() - line.data());
        const size_t end = start + match.size();
        if (count++ == 0) {
            *firstStart = start;
            *firstEnd = end;
        }
        from = nextFrom(line, start, end);
    }
    return count;
}

namespace {

// One timed search of `re` in [from, to) of `text`, charged to `entry`;
// false when it may not start.
bool timedSearch(const RE2 &re, std::string_view text, qint64 from, qint64 to, RegexBudget &budget, int entry,
                 LogSearch::First *first, qint64 *tookNs = nullptr)
{
    if (!budget.mayStart(entry))
        return false;
    const qint64 started = RegexBudget::now();
    re2::StringPiece match;
    first->found = re.Match(piece(text), size_t(from), size_t(to), RE2::UNANCHORED, &match, 1);
    const qint64 took = RegexBudget::now() - started;
    budget.charge(entry, took);
    if (tookNs)
        *tookNs = took;
    if (first->found) {
        first->start = size_t(match.data() - text.data());
        first->end = first->start + match.size();
    }
    return true;
}

// Just after the first line feed at or after `from`, or the end of `text`.
qint64 pieceEnd(std::string_view text, qint64 from)
{
    const qint64 size = qint64(text.size());
    if (from >= size)
        return size;
    const void *newline = std::memchr(text.data() + from, '\n', size_t(size - from));
    return newline ? static_cast<const char *>(newline) - text.data() + 1 : size;
}

} // namespace

LogSearch::First LogSearch::firstMatch(const RE2 &re, std::string_view text, RegexBudget &budget, int entry)
{
    First first;
    const qint64 size = qint64(text.size());
    if (!budget.isLimited() || size <= 4 * PieceBytes) {
        timedSearch(re, text, 0, size, budget, entry, &first);
        return first;
    }
    qint64 end = pieceEnd(text, PieceBytes);
    qint64 probeNs = 0;
    if (!timedSearch(re, text, 0, end, budget, entry, &first, &probeNs))
        return first;
    const qint64 estimate = qint64(double(probeNs) * double(size) / double(end));
    if (estimate <= budget.remainingNs(entry)) {
        timedSearch(re, text, 0, size, budget, entry, &first);
        return first;
    }
    first.estimateNs = estimate;
    while (!first.found && end < size) {
        const qint64 start = end;
        end = pieceEnd(text, start + PieceBytes);
        if (!timedSearch(re, text, start, end, budget, entry, &first))
            return first;
    }
    if (!first.found)
        budget.searchedInPieces(entry);
    return first;
}

} // namespace Errata
