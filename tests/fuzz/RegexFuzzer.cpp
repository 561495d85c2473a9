// fuzz-regex: a record's regex compiled (RegexEngine) and searched over a text (findAll), with what the log matcher
// reads of a pattern (RegexLiterals) and its search of one regex (LogSearch). The input's first line is the pattern,
// the rest the text.
//
// Properties: a pattern that does not compile has a message and a position in it; the matches of one that does are in
// order, do not overlap, lie in the text with their line and column; matchesUtf8() and LogSearch agree with findAll();
// every match holds the literal runs of one alternative (case-sensitive patterns); the pattern matches exactly when
// one of its top-level alternatives does; every match, folded, holds the lookup's keys (RegexKeys) of one alternative,
// so the lookup's filter never drops a record whose regex matches.

#include "FuzzSupport.h"

#include "models/lookup/RegexKeys.h"
#include "models/matching/LogSearch.h"
#include "models/matching/RegexEngine.h"
#include "models/matching/RegexLiterals.h"

#include <re2/re2.h>

#include <algorithm>
#include <climits>
#include <string_view>
#include <vector>

using namespace Errata;

namespace {

// Lines and columns (in characters) of byte offsets into a text.
class Places
{
public:
    explicit Places(const QByteArray &text)
    {
        m_lineStarts.push_back(0);
        m_charactersBefore.reserve(size_t(text.size()) + 1);
        int characters = 0;
        for (qsizetype i = 0; i < text.size(); ++i) {
            m_charactersBefore.push_back(characters);
            characters += (uchar(text.at(i)) & 0xC0) != 0x80;
            if (text.at(i) == '\n')
                m_lineStarts.push_back(i + 1);
        }
        m_charactersBefore.push_back(characters);
    }
    int line(qsizetype offset) const // 1-based
    {
        return int(std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset) - m_lineStarts.begin());
    }
    int column(qsizetype offset) const // 1-based
    {
        const qsizetype start = m_lineStarts[size_t(line(offset) - 1)];
        return 1 + m_charactersBefore[size_t(offset)] - m_charactersBefore[size_t(start)];
    }

private:
    std::vector<qsizetype> m_lineStarts;
    std::vector<int> m_charactersBefore;
};

bool holdsRunsOfOneAlternative(const QByteArray &matched, const std::vector<std::vector<std::string>> &runs)
{
    for (const std::vector<std::string> &alternative : runs) {
        bool all = true;
        for (const std::string &run : alternative)
            all = all && matched.contains(QByteArray::fromStdString(run));
        if (all)
            return true;
    }
    return false;
}

// The lookup runs a regex only on texts that hold every key of one of its
// alternatives (an alternative without keys always runs).
bool holdsKeysOfOneAlternative(const QByteArray &matched, const RegexKeys::Keys &keys)
{
    const std::string folded = RegexKeys::folded(QString::fromUtf8(matched));
    for (const std::vector<std::string> &alternative : keys) {
        const bool all = std::all_of(alternative.begin(), alternative.end(),
                                     [&](const std::string &key) { return folded.find(key) != std::string::npos; });
        if (all)
            return true;
    }
    return false;
}

void check(const QString &pattern, RegexEngine::Case sensitivity, const QByteArray &text)
{
    const RegexEngine engine(pattern, sensitivity);
    if (!engine.isValid()) {
        FUZZ_CHECK(!engine.errorMessage().isEmpty());
        FUZZ_CHECK(engine.errorPosition() >= -1 && engine.errorPosition() <= pattern.size());
        FUZZ_CHECK(engine.findAll(text).isEmpty() && !engine.matchesUtf8(text));
        return;
    }
    const QList<RegexMatch> found = engine.findAll(text, INT_MAX);
    FUZZ_CHECK(engine.matchesUtf8(text) == !found.isEmpty());
    FUZZ_CHECK(engine.matchesEmptyString() == !engine.findAll(QByteArray()).isEmpty());

    const bool literal = sensitivity == RegexEngine::CaseSensitive;
    const std::vector<std::vector<std::string>> runs = literal ? RegexLiterals::literalRuns(pattern)
                                                               : std::vector<std::vector<std::string>>();
    const RegexKeys::Keys keys = RegexKeys::of(pattern);
    const Places places(text);
    qsizetype previousEnd = -1;
    qsizetype previousStart = -1;
    for (const RegexMatch &match : found) {
        FUZZ_CHECK(0 <= match.start && match.start <= match.end && match.end <= text.size());
        FUZZ_CHECK(match.start >= previousEnd && match.start > previousStart);
        previousStart = match.start;
        previousEnd = match.end;
        const QByteArray matched = text.mid(match.start, match.end - match.start);
        FUZZ_CHECK(match.text == QString::fromUtf8(matched));
        FUZZ_CHECK(match.line == places.line(match.start) && match.column == places.column(match.start));
        FUZZ_CHECK(match.groups.size() == engine.captureCount());
        if (!runs.empty())
            FUZZ_CHECK(holdsRunsOfOneAlternative(matched, runs));
        FUZZ_CHECK(holdsKeysOfOneAlternative(matched, keys));
    }

    const LogSearch::Tally tally = LogSearch::searchText(
        *engine.re2(), std::string_view(text.constData(), size_t(text.size())), INT_MAX, nullptr);
    FUZZ_CHECK(tally.matchCount == found.size());
    qsizetype next = 0;
    for (const LogSearch::LineRef &line : tally.lines) {
        FUZZ_CHECK(next < found.size() && found.at(next).start == line.matchStart
                   && found.at(next).end == line.matchEnd);
        FUZZ_CHECK(places.line(line.matchStart) == line.line + 1);
        FUZZ_CHECK(line.lineStart <= line.matchStart && line.matchStart <= line.lineEnd);
        while (next < found.size() && places.line(found.at(next).start) == line.line + 1)
            ++next;
    }
    FUZZ_CHECK(next == found.size() && qint64(tally.lines.size()) == tally.lineCount);

    // The matcher tries the alternatives one by one: together they match
    // exactly where the pattern does.
    const QStringList alternatives = RegexLiterals::alternatives(pattern);
    if (alternatives.size() > 1) {
        bool any = false;
        bool compiled = true; // else the matcher takes the whole pattern
        for (const QString &alternative : alternatives) {
            const RegexEngine part(alternative, sensitivity);
            compiled = compiled && part.isValid();
            any = any || part.matchesUtf8(text);
        }
        FUZZ_CHECK(!compiled || any == !found.isEmpty());
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Fuzz::split(Fuzz::bytes(data, size), '\n', 2);
    const QString pattern = QString::fromUtf8(parts.at(0));
    const QByteArray text = parts.value(1);
    check(pattern, RegexEngine::CaseSensitive, text);
    check(pattern, RegexEngine::CaseInsensitive, text);
    return 0;
}
