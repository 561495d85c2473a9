#include "models/matching/LogMatchResultBuilder.h"

#include "models/matching/LiteralScanner.h"
#include "models/matching/MatchPlan.h"
#include "models/matching/RegexEngine.h"

#include <re2/filtered_re2.h>

#include <algorithm>

namespace Errata {

namespace {

constexpr int MatchedTextLimit = 1000; // characters of a match kept in a result

qint64 characters(const char *begin, const char *end)
{
    return std::count_if(begin, end, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

qint64 lineCount(std::string_view log)
{
    const qint64 newlines = std::count(log.begin(), log.end(), '\n');
    return newlines + (!log.empty() && log.back() != '\n' ? 1 : 0);
}

// The ranking: a longer required literal first, then a hit on the signature,
// then fewer matches, then the first line, then the record's id.
bool ranksBefore(const LogMatchResult::Match &a, const LogMatchResult::Match &b)
{
    if (a.literalLength != b.literalLength)
        return a.literalLength > b.literalLength;
    if (a.signatureHit != b.signatureHit)
        return a.signatureHit;
    if (a.matchCount != b.matchCount)
        return a.matchCount < b.matchCount;
    const int aLine = a.lines.isEmpty() ? 0 : a.lines.first().number;
    const int bLine = b.lines.isEmpty() ? 0 : b.lines.first().number;
    return aLine != bLine ? aLine < bLine : a.recordId < b.recordId;
}

} // namespace

LogMatchResultBuilder::LogMatchResultBuilder(const MatchPlan &plan)
    : m_plan(plan)
{
}

// The required literals (RE2 prefilter atoms, lowercased) of an entry's
// alternatives, computed when it first matches and kept.
std::vector<std::string> LogMatchResultBuilder::requiredLiterals(int index) const
{
    const std::lock_guard<std::mutex> lock(m_literalsMutex);
    const auto known = m_literalsOf.find(index);
    if (known != m_literalsOf.end())
        return known->second;
    re2::FilteredRE2 own(1);
    const RE2::Options fullOptions = MatchPlan::re2Options(m_plan.options.ignoreCase, RegexEngine::DefaultMaxMemory);
    for (const std::string &part : m_plan.entries[size_t(index)].alternatives) {
        int id = 0;
        own.Add(part, fullOptions, &id);
    }
    std::vector<std::string> literals;
    if (own.NumRegexps() > 0)
        own.Compile(&literals);
    return m_literalsOf.emplace(index, std::move(literals)).first->second;
}

int LogMatchResultBuilder::literalLength(int index, std::string_view log, const LogSearch::Tally &tally) const
{
    const std::vector<std::string> literals = requiredLiterals(index);
    int longest = 0;
    for (const LogSearch::LineRef &line : tally.lines) {
        const std::string matched = LiteralScanner::fold(
            log.substr(size_t(line.matchStart), size_t(line.matchEnd - line.matchStart)));
        for (const std::string &literal : literals) {
            const int length = int(characters(literal.data(), literal.data() + literal.size()));
            if (length > longest && matched.find(literal) != std::string::npos)
                longest = length;
        }
    }
    return longest;
}

LogMatchResult::Match LogMatchResultBuilder::toMatch(std::string_view log, int index,
                                                     const LogSearch::Tally &tally) const
{
    const MatchPlan::Entry &entry = m_plan.entries[size_t(index)];
    LogMatchResult::Match match;
    match.recordId = entry.id;
    match.record = entry.record;
    match.matchCount = tally.matchCount;
    match.lineCount = tally.lineCount;
    const Qt::CaseSensitivity sensitivity = m_plan.options.ignoreCase ? Qt::CaseInsensitive : Qt::CaseSensitive;
    const char *base = log.data();
    for (const LogSearch::LineRef &ref : tally.lines) {
        qint64 lineEnd = ref.lineEnd;
        if (lineEnd > ref.lineStart && base[lineEnd - 1] == '\r')
            --lineEnd;
        // A match may start in the line break, after a CR the text leaves
        // out: its columns are then the end of the text.
        const qint64 start = std::min(ref.matchStart, lineEnd);
        const qint64 end = std::clamp(ref.matchEnd, start, lineEnd);
        LogMatchResult::Line line;
        line.number = int(ref.line + 1);
        line.text = QString::fromUtf8(base + ref.lineStart, lineEnd - ref.lineStart);
        line.startColumn = int(1 + characters(base + ref.lineStart, base + start));
        line.endColumn = int(line.startColumn + characters(base + start, base + end));
        line.matchedText =
            QString::fromUtf8(base + ref.matchStart, ref.matchEnd - ref.matchStart).left(MatchedTextLimit);
        match.signatureHit = match.signatureHit
            || (!entry.signature.isEmpty() && line.text.contains(entry.signature, sensitivity));
        match.lines << line;
    }
    match.literalLength = literalLength(index, log, tally);
    match.score = match.literalLength + (match.signatureHit ? 0.5 : 0.0) + 0.25 / double(1 + match.matchCount);
    return match;
}

LogMatchResult LogMatchResultBuilder::build(std::string_view log, const std::vector<LogSearch::Tally> &tallies) const
{
    LogMatchResult result;
    result.skipped = m_plan.skipped;
    result.regexCount = int(m_plan.entries.size());
    result.logBytes = qint64(log.size());
    result.logLines = lineCount(log);
    for (size_t i = 0; i < tallies.size(); ++i) {
        if (tallies[i].matchCount > 0)
            result.matches << toMatch(log, int(i), tallies[i]);
    }
    std::stable_sort(result.matches.begin(), result.matches.end(), ranksBefore); // records of one id: KB order
    return result;
}

} // namespace Errata
