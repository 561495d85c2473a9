#include "matching/LogMatcher.h"

#include "kb/KnowledgeBase.h"
#include "matching/LiteralScanner.h"
#include "matching/RegexEngine.h"
#include "record/Record.h"
#include "util/Parallel.h"

#include <QElapsedTimer>
#include <QStringView>

#include <re2/filtered_re2.h>
#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Errata {

namespace {

LogMatcher::Source source(const Record *record, bool keepRecord)
{
    return LogMatcher::Source{record->id(), record->signature(), record->regex(), keepRecord ? record : nullptr};
}

// Atoms shorter than this (in bytes) are not looked for: a regex whose
// literals are all shorter has no atom and goes to the whole-text Set.
constexpr int MinAtomLength = 3;
// The log is scanned in pieces cut after a line feed: about an eighth of it,
// from 64 KiB (small logs still use every core) to 1 MiB.
constexpr qint64 MinChunkBytes = qint64(64) << 10;
constexpr qint64 MaxChunkBytes = qint64(1) << 20;
constexpr int MatchedTextLimit = 1000; // characters of a match kept in a result

// --- Reading patterns -------------------------------------------------------

// A conservative reading of an RE2 pattern: anything it does not recognise
// makes the pattern "not line-local".
class LineLocality
{
public:
    explicit LineLocality(QStringView pattern)
        : m_p(pattern)
    {
    }

    bool check()
    {
        while (m_i < m_p.size()) {
            if (!step())
                return false;
        }
        return true;
    }

private:
    // One element of a class or an escape: a single character, a set of
    // characters (which may hold a line feed), or something not understood.
    struct Item
    {
        enum Kind { Value, Set, Unknown } kind = Unknown;
        char32_t value = 0;
        bool newline = false;
    };

    QChar at(qsizetype i) const { return i < m_p.size() ? m_p.at(i) : QChar(); }

    bool step()
    {
        const QChar c = m_p.at(m_i);
        if (c == QLatin1Char('\\'))
            return escape();
        if (c == QLatin1Char('['))
            return charClass();
        if (c == QLatin1Char('('))
            return group();
        ++m_i;
        return c != QLatin1Char('\n') && c != QLatin1Char('^') && c != QLatin1Char('$');
    }

    bool escape()
    {
        const QChar c = at(m_i + 1);
        if (c == QLatin1Char('Q'))
            return quoted();
        if (c == QLatin1Char('b') || c == QLatin1Char('B')) {
            m_i += 2;
            return true;
        }
        const Item item = escapeItem();
        if (item.kind == Item::Value)
            return item.value != U'\n';
        return item.kind == Item::Set && !item.newline;
    }

    // \Q...\E: literal text up to \E or the end.
    bool quoted()
    {
        const qsizetype end = m_p.indexOf(QLatin1String("\\E"), m_i + 2);
        const QStringView text = m_p.mid(m_i + 2, end < 0 ? -1 : end - m_i - 2);
        m_i = end < 0 ? m_p.size() : end + 2;
        return !text.contains(QLatin1Char('\n'));
    }

    // "(?flags)" or "(?flags:": a flag group that may turn on (?s) is refused.
    bool group()
    {
        ++m_i;
        if (at(m_i) != QLatin1Char('?'))
            return true;
        qsizetype j = m_i + 1;
        while (j < m_p.size() && QStringView(u"imsU-").contains(m_p.at(j)))
            ++j;
        return !m_p.mid(m_i + 1, j - m_i - 1).contains(QLatin1Char('s'));
    }

    // At a backslash: reads the escape and steps past it.
    Item escapeItem()
    {
        const QChar c = at(m_i + 1);
        m_i += 2;
        switch (c.unicode()) {
        case 'n': return {Item::Value, U'\n', false};
        case 't': return {Item::Value, U'\t', false};
        case 'r': return {Item::Value, U'\r', false};
        case 'f': return {Item::Value, U'\f', false};
        case 'v': return {Item::Value, U'\v', false};
        case 'a': return {Item::Value, U'\a', false};
        case 'x': return hexItem();
        case 'd':
        case 'w':
        case 'S': return {Item::Set, 0, false};
        case 's':
        case 'D':
        case 'W': return {Item::Set, 0, true};
        case 'p':
        case 'P': return propertyItem(c == QLatin1Char('P'));
        default: break;
        }
        if (c.isNull() || (c.unicode() < 0x80 && c.isLetterOrNumber()))
            return {};                            // \A, \z, \C, octal, back-references, ...: not understood
        return {Item::Value, c.unicode(), false}; // escaped punctuation or non-ASCII
    }

    Item hexItem()
    {
        QStringView digits;
        if (at(m_i) == QLatin1Char('{')) {
            const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_i);
            if (close < 0)
                return {};
            digits = m_p.mid(m_i + 1, close - m_i - 1);
            m_i = close + 1;
        } else {
            digits = m_p.mid(m_i, 2);
            m_i += 2;
        }
        bool ok = false;
        const uint value = digits.toUInt(&ok, 16);
        return ok ? Item{Item::Value, char32_t(value), false} : Item{};
    }

    // \pL, \p{Greek}, \PL, \p{^Greek}: only a positive letter, mark, number,
    // punctuation, symbol or separator category, or a script other than
    // Common, is known to hold no line feed.
    Item propertyItem(bool negated)
    {
        QStringView name;
        if (at(m_i) == QLatin1Char('{')) {
            const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_i);
            if (close < 0)
                return {};
            name = m_p.mid(m_i + 1, close - m_i - 1);
            m_i = close + 1;
        } else {
            name = m_p.mid(m_i, 1);
            m_i += 1;
        }
        if (name.startsWith(QLatin1Char('^'))) {
            negated = !negated;
            name = name.mid(1);
        }
        const bool category = name.size() <= 2 && QStringView(u"LMNPSZ").contains(name.left(1));
        const bool script = name.size() > 2 && name != QLatin1String("Common") && name != QLatin1String("Any")
            && name != QLatin1String("Inherited");
        return {Item::Set, 0, negated || !(category || script)};
    }

    // "[:alpha:]" inside a class.
    Item posixItem()
    {
        const qsizetype close = m_p.indexOf(QLatin1String(":]"), m_i + 2);
        if (close < 0)
            return {};
        const QString name = m_p.mid(m_i + 2, close - m_i - 2).toString();
        m_i = close + 2;
        static const QStringList withoutNewline{
            QStringLiteral("alnum"), QStringLiteral("alpha"), QStringLiteral("blank"), QStringLiteral("digit"),
            QStringLiteral("graph"), QStringLiteral("lower"), QStringLiteral("print"), QStringLiteral("punct"),
            QStringLiteral("upper"), QStringLiteral("word"),  QStringLiteral("xdigit")};
        return {Item::Set, 0, !withoutNewline.contains(name)};
    }

    Item classAtom()
    {
        const QChar c = m_p.at(m_i);
        if (c == QLatin1Char('[') && at(m_i + 1) == QLatin1Char(':'))
            return posixItem();
        if (c == QLatin1Char('\\'))
            return at(m_i + 1) == QLatin1Char('Q') ? Item{} : escapeItem();
        ++m_i;
        return {Item::Value, c.unicode(), false};
    }

    // Reads one item or range of a class; false when not understood.
    bool classItem(bool *newline)
    {
        const Item low = classAtom();
        if (low.kind == Item::Unknown)
            return false;
        const bool range = low.kind == Item::Value && at(m_i) == QLatin1Char('-') && m_i + 1 < m_p.size()
            && at(m_i + 1) != QLatin1Char(']');
        if (!range) {
            *newline = *newline || low.newline || (low.kind == Item::Value && low.value == U'\n');
            return true;
        }
        ++m_i;
        const Item high = classAtom();
        if (high.kind != Item::Value)
            return false;
        *newline = *newline || (low.value <= U'\n' && U'\n' <= high.value);
        return true;
    }

    // A class can match a line feed when it holds one, or is negated and does not.
    bool charClass()
    {
        ++m_i;
        const bool negated = at(m_i) == QLatin1Char('^');
        if (negated)
            ++m_i;
        bool newline = false;
        for (bool first = true; m_i < m_p.size(); first = false) {
            if (m_p.at(m_i) == QLatin1Char(']') && !first) {
                ++m_i;
                return negated ? newline : !newline;
            }
            if (!classItem(&newline))
                return false;
        }
        return false; // unclosed
    }

    QStringView m_p;
    qsizetype m_i = 0;
};

// Steps over one element of a pattern at `i`: an escape (\Q...\E whole), a
// character class, or one character. Returns the index just past it.
qsizetype skipElement(QStringView p, qsizetype i)
{
    if (p.at(i) == QLatin1Char('\\')) {
        if (p.mid(i + 1, 1) == QLatin1String("Q")) {
            const qsizetype end = p.indexOf(QLatin1String("\\E"), i + 2);
            return end < 0 ? p.size() : end + 2;
        }
        return std::min(p.size(), i + 2);
    }
    if (p.at(i) != QLatin1Char('['))
        return i + 1;
    qsizetype j = i + 1;
    if (j < p.size() && p.at(j) == QLatin1Char('^'))
        ++j;
    if (j < p.size() && p.at(j) == QLatin1Char(']'))
        ++j;
    while (j < p.size() && p.at(j) != QLatin1Char(']')) {
        if (p.at(j) == QLatin1Char('\\'))
            ++j;
        else if (p.at(j) == QLatin1Char('[') && p.mid(j + 1, 1) == QLatin1String(":")) {
            const qsizetype end = p.indexOf(QLatin1String(":]"), j + 2);
            j = end < 0 ? j : end + 1;
        }
        ++j;
    }
    return std::min(p.size(), j + 1);
}

// The pieces of `p` between its top-level "|", and whether "(" and ")"
// balance; `closeOfFirst` gets the index of the ")" closing p[0] (or -1).
QList<QStringView> topLevelAlternatives(QStringView p, qsizetype *closeOfFirst)
{
    QList<QStringView> parts;
    int depth = 0;
    qsizetype start = 0;
    *closeOfFirst = -1;
    for (qsizetype i = 0; i < p.size(); i = skipElement(p, i)) {
        const QChar c = p.at(i);
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')') && --depth == 0 && *closeOfFirst < 0 && p.at(0) == QLatin1Char('('))
            *closeOfFirst = i;
        else if (c == QLatin1Char('|') && depth == 0) {
            parts << p.mid(start, i - start);
            start = i + 1;
        }
    }
    parts << p.mid(start);
    return depth == 0 ? parts : QList<QStringView>();
}

// "(?i)" and the like at the start of a pattern: their length.
qsizetype leadingFlags(QStringView p)
{
    qsizetype i = 0;
    while (p.mid(i).startsWith(QLatin1String("(?"))) {
        qsizetype j = i + 2;
        while (j < p.size() && QStringView(u"imsU").contains(p.at(j)))
            ++j;
        if (j == i + 2 || j >= p.size() || p.at(j) != QLatin1Char(')'))
            break;
        i = j + 1;
    }
    return i;
}

// True when the pattern sets a flag somewhere ("(?i)", "(?s:"...): it may
// then match letters in any case.
bool hasFlagGroup(QStringView pattern)
{
    const QLatin1String open("(?");
    for (qsizetype at = pattern.indexOf(open); at >= 0; at = pattern.indexOf(open, at + 1)) {
        if (QStringView(u"imsU-").contains(pattern.mid(at + 2, 1)))
            return true;
    }
    return false;
}

// The top-level alternatives of a pattern, each with the pattern's leading
// flags: "(?i)(a|b.*c)" gives "(?i)a" and "(?i)b.*c". RE2 factors common
// prefixes out of alternatives, which can leave a whole regex without any
// required literal; filtering the alternatives one by one keeps theirs. The
// pattern itself when it has no top-level alternation or holds a flag group
// elsewhere (to stay on the safe side).
QStringList alternatives(const QString &pattern)
{
    const qsizetype flags = leadingFlags(pattern);
    QStringView body = QStringView(pattern).mid(flags);
    if (hasFlagGroup(body))
        return {pattern};
    qsizetype close = -1;
    QList<QStringView> parts = topLevelAlternatives(body, &close);
    if (parts.size() == 1 && close == body.size() - 1) {
        body = body.mid(body.startsWith(QLatin1String("(?:")) ? 3 : 1).chopped(1);
        parts = topLevelAlternatives(body, &close);
    }
    if (parts.size() < 2)
        return {pattern};
    QStringList result;
    for (QStringView part : parts) {
        if (part.isEmpty())
            return {pattern};
        result << QStringView(pattern).left(flags).toString() + part.toString();
    }
    return result;
}

// Index just past the group that opens at `open`, or the end.
qsizetype skipGroup(QStringView p, qsizetype open)
{
    int depth = 0;
    for (qsizetype i = open; i < p.size(); i = skipElement(p, i)) {
        if (p.at(i) == QLatin1Char('('))
            ++depth;
        else if (p.at(i) == QLatin1Char(')') && --depth == 0)
            return i + 1;
    }
    return p.size();
}

// Index just past a quantifier at `i` ("?", "*", "+", "{n,m}", each maybe
// followed by "?"), or `i` when there is none.
qsizetype skipQuantifier(QStringView p, qsizetype i)
{
    if (i >= p.size() || !QStringView(u"?*+{").contains(p.at(i)))
        return i;
    const qsizetype close = p.at(i) == QLatin1Char('{') ? p.indexOf(QLatin1Char('}'), i) : i;
    i = close < 0 ? p.size() : close + 1;
    return i < p.size() && p.at(i) == QLatin1Char('?') ? i + 1 : i;
}

// The literal text at `i` when the element there is a plain character or an
// escaped punctuation character (one or two UTF-16 units); empty otherwise.
QStringView literalAt(QStringView p, qsizetype i)
{
    const QChar c = p.at(i);
    if (c == QLatin1Char('\\')) {
        const QChar escaped = i + 1 < p.size() ? p.at(i + 1) : QChar();
        const bool punctuation = escaped.unicode() > 0x20 && escaped.unicode() < 0x7F && !escaped.isLetterOrNumber();
        return punctuation ? p.mid(i + 1, 1) : QStringView();
    }
    if (QStringView(u"\\[](){}.*+?|^$").contains(c))
        return {};
    return p.mid(i, c.isHighSurrogate() && i + 1 < p.size() ? 2 : 1);
}

// The runs of literal text (two bytes or more) that every match of one
// alternative holds as written: its top-level characters that are neither
// quantified nor in a group or class. "upstream.*error" gives "upstream" and
// "error". Only for patterns applied case-sensitively.
std::vector<std::string> requiredRuns(QStringView p)
{
    std::vector<std::string> runs;
    QString run;
    const auto flush = [&] {
        if (run.toUtf8().size() >= 2)
            runs.push_back(run.toStdString());
        run.clear();
    };
    for (qsizetype i = 0; i < p.size();) {
        const QStringView literal = literalAt(p, i);
        qsizetype next = p.at(i) == QLatin1Char('(') ? skipGroup(p, i) : skipElement(p, i);
        if (!literal.isEmpty() && p.at(i) != QLatin1Char('\\'))
            next = i + literal.size();
        const qsizetype after = skipQuantifier(p, next);
        if (!literal.isEmpty() && after == next)
            run += literal;
        else
            flush();
        i = after;
    }
    flush();
    return runs;
}

// requiredRuns() of each alternative of a case-sensitive pattern; empty when
// one alternative has none or the pattern sets flags.
std::vector<std::vector<std::string>> literalRuns(const QString &pattern)
{
    if (hasFlagGroup(pattern))
        return {};
    std::vector<std::vector<std::string>> result;
    for (const QString &alternative : alternatives(pattern)) {
        result.push_back(requiredRuns(alternative));
        if (result.back().empty())
            return {};
    }
    return result;
}

// --- Searching --------------------------------------------------------------

re2::StringPiece piece(std::string_view text)
{
    return re2::StringPiece(text.data(), text.size());
}

RE2::Options re2Options(bool ignoreCase, qint64 maxMemory)
{
    RE2::Options options; // as RegexEngine compiles a record's regex
    options.set_log_errors(false);
    options.set_case_sensitive(!ignoreCase);
    options.set_max_mem(maxMemory);
    return options;
}

// Where the search goes on after a match, exactly as RegexEngine::findAll.
size_t nextFrom(std::string_view text, size_t start, size_t end)
{
    size_t from = end == start ? end + 1 : end;
    while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
        ++from;
    return from;
}

qint64 characters(const char *begin, const char *end)
{
    return std::count_if(begin, end, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

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

    void addLine(const LineRef &line, qint64 matches, int keep)
    {
        matchCount += matches;
        ++lineCount;
        if (int(lines.size()) < keep)
            lines.push_back(line);
    }
    // Adds what was found in a piece of the log that starts at byte `offset`
    // and line `firstLine`.
    void append(const Tally &piece, qint64 offset, qint64 firstLine, int keep)
    {
        matchCount += piece.matchCount;
        lineCount += piece.lineCount;
        for (size_t i = 0; i < piece.lines.size() && int(lines.size()) < keep; ++i) {
            const LineRef &ref = piece.lines[i];
            lines.push_back({ref.line + firstLine, ref.lineStart + offset, ref.lineEnd + offset,
                             ref.matchStart + offset, ref.matchEnd + offset});
        }
    }
};

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

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// Every match of `re` in `text`, as RegexEngine::findAll finds them.
Tally searchText(const RE2 &re, std::string_view text, int keep, const std::atomic_bool *cancel)
{
    Tally tally;
    LineTracker tracker(text);
    qint64 lastLine = -1;
    re2::StringPiece match;
    for (size_t from = 0; from <= text.size();) {
        if (!re.Match(piece(text), from, text.size(), RE2::UNANCHORED, &match, 1))
            break;
        const qint64 start = match.data() - text.data();
        const qint64 end = start + qint64(match.size());
        tracker.advanceTo(start);
        if (tracker.line != lastLine) {
            lastLine = tracker.line;
            tally.addLine({tracker.line, tracker.lineStart, tracker.lineEnd(start), start, end}, 0, keep);
        }
        ++tally.matchCount;
        from = nextFrom(text, size_t(start), size_t(end));
        if ((tally.matchCount & 0xFFF) == 0 && isCancelled(cancel))
            break;
    }
    return tally;
}

// The matches of `re` in one line: how many, and where the first one is.
qint64 searchLine(const RE2 &re, std::string_view line, size_t *firstStart, size_t *firstEnd)
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

// A piece of the log: whole lines, the last one ending with its line feed
// (except at the end of the log).
struct Chunk
{
    qint64 start = 0;
    qint64 end = 0;
    qint64 firstLine = 0; // known once the chunk was scanned
};

// Pieces of about the chunk size, each ending just after a line feed.
std::vector<Chunk> chunks(std::string_view text)
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
std::string_view chunkLines(std::string_view log, const Chunk &chunk)
{
    qint64 end = chunk.end;
    if (end > chunk.start && log[size_t(end - 1)] == '\n')
        --end;
    return log.substr(size_t(chunk.start), size_t(end - chunk.start));
}

// The candidate regexes of a line by its atoms (sorted, as bytes), shared by
// the threads of one match: log lines repeat the same few sets of atoms.
class CandidateCache
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

double elapsedMs(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

qint64 lineCount(std::string_view log)
{
    const qint64 newlines = std::count(log.begin(), log.end(), '\n');
    return newlines + (!log.empty() && log.back() != '\n' ? 1 : 0);
}

} // namespace

// --- The matcher ------------------------------------------------------------

struct LogMatcher::Private
{
    // How a regex is searched.
    enum class Path {
        Lines, // line-local with atoms: on the lines where its atoms are
        Set,   // no atom, or can span lines: in the whole-text RE2::Set first
        Text,  // can span lines, with atoms, no Set: over the whole log when its atoms occur in it
        Each,  // always over the whole log (chunk by chunk when line-local)
    };

    struct Entry
    {
        const Record *record = nullptr;
        QString id;
        QString signature;
        std::string pattern;
        std::unique_ptr<RegexEngine> engine; // the regex as RegexEngine compiles it
        bool lineLocal = false;
        bool noAtom = false;
        Path path = Path::Each;
        std::vector<std::string> alternatives; // see alternatives()
        // Per alternative, literal runs a matching line must hold (compared
        // as written, before the regex runs); empty when unknown.
        std::vector<std::vector<std::string>> runs;

        bool mayMatch(std::string_view line) const;
    };

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

    Options options;
    std::vector<Entry> entries;
    QList<LogMatchResult::Skipped> skipped;
    re2::FilteredRE2 filter{MinAtomLength};
    std::vector<int> entryOfFilterId;
    std::vector<std::string> atoms;
    LiteralScanner scanner;
    std::unique_ptr<RE2::Set> set;
    std::vector<int> setEntries; // by Set index
    QStringList buildNotes;
    double buildMs = 0;
    mutable std::mutex literalsMutex; // guards literalsOf
    mutable std::unordered_map<int, std::vector<std::string>> literalsOf;

    Entry prepare(const Source &source) const;
    void compileAll(const QList<Source> &sources);
    bool addAlternatives(size_t index, const RE2::Options &fastOptions);
    void addToFilter();
    void choosePaths();
    void prepareScanner();
    void prepareSet();
    void fallBack(Path from, Path to, const QString &note);

    LogMatchResult run(std::string_view log, const std::atomic_bool *cancel,
                       const std::function<void(int, int)> &progress) const;
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
    LogMatchResult finish(std::string_view log, const std::vector<Tally> &tallies) const;
    LogMatchResult::Match toMatch(std::string_view log, int entry, const Tally &tally) const;
    std::vector<std::string> requiredLiterals(int index) const;
    int literalLength(int index, std::string_view log, const Tally &tally) const;
};

// --- Building ---------------------------------------------------------------

bool LogMatcher::Private::Entry::mayMatch(std::string_view line) const
{
    if (runs.empty())
        return true;
    return std::any_of(runs.begin(), runs.end(), [line](const std::vector<std::string> &alternative) {
        return std::all_of(alternative.begin(), alternative.end(),
                           [line](const std::string &run) { return line.find(run) != std::string_view::npos; });
    });
}

LogMatcher::Private::Entry LogMatcher::Private::prepare(const Source &source) const
{
    Entry entry;
    const QString &regex = source.regex;
    entry.record = source.record;
    entry.id = source.id;
    entry.signature = source.signature;
    entry.pattern = regex.toStdString();
    entry.engine = std::make_unique<RegexEngine>(
        regex, options.ignoreCase ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
    entry.lineLocal = isLineLocal(regex);
    for (const QString &alternative : Errata::alternatives(regex))
        entry.alternatives.push_back(alternative.toStdString());
    if (!options.ignoreCase)
        entry.runs = literalRuns(regex);
    return entry;
}

// Compiles every regex (on all cores) and keeps those that can be tried.
void LogMatcher::Private::compileAll(const QList<Source> &sources)
{
    std::vector<Entry> prepared(size_t(sources.size()));
    Parallel::forEach(int(sources.size()), [&](int i) { prepared[size_t(i)] = prepare(sources.at(i)); });
    for (Entry &entry : prepared) {
        QString reason;
        if (!entry.engine->isValid())
            reason = LogMatcher::tr("the regex does not compile: %1").arg(entry.engine->errorMessage());
        else if (entry.engine->matchesEmptyString())
            reason = LogMatcher::tr("the regex matches the empty string, so it would match every log");
        if (reason.isEmpty())
            entries.push_back(std::move(entry));
        else
            skipped << LogMatchResult::Skipped{entry.id, entry.record, reason};
    }
}

// Adds the regex's alternatives (or, if one fails, the whole regex) to the
// filter; false when even the whole regex does not fit the budget.
bool LogMatcher::Private::addAlternatives(size_t index, const RE2::Options &fastOptions)
{
    const std::vector<std::string> &parts = entries[index].alternatives;
    for (const std::string &part : parts) {
        int id = -1;
        if (filter.Add(part, fastOptions, &id) == RE2::NoError) {
            entryOfFilterId.push_back(int(index)); // ids are given in order
            continue;
        }
        // An alternative alone may not compile ("a)|(b"): the whole regex then.
        if (parts.size() == 1 || filter.Add(entries[index].pattern, fastOptions, &id) != RE2::NoError)
            return false;
        entryOfFilterId.push_back(int(index));
        return true;
    }
    return true;
}

void LogMatcher::Private::addToFilter()
{
    const qint64 perRegex = std::min(options.maxMemory, RegexEngine::DefaultMaxMemory);
    const RE2::Options fastOptions = re2Options(options.ignoreCase, perRegex);
    int tooLarge = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
        entries[i].path = Path::Lines;
        if (!addAlternatives(i, fastOptions)) {
            entries[i].path = Path::Each;
            ++tooLarge;
        }
    }
    if (tooLarge > 0)
        buildNotes << LogMatcher::tr("%1 of %2 regexes do not fit the fast path's memory budget (%3 bytes each), so "
                                     "they are searched one by one.")
                          .arg(tooLarge)
                          .arg(entries.size())
                          .arg(perRegex);
    if (filter.NumRegexps() > 0)
        filter.Compile(&atoms);
}

// Regexes with an alternative that has no atom, and regexes that can span
// lines, go to the whole-text Set.
void LogMatcher::Private::choosePaths()
{
    std::vector<int> unfiltered;
    if (filter.NumRegexps() > 0)
        filter.AllPotentials({}, &unfiltered);
    for (int id : unfiltered)
        entries[size_t(entryOfFilterId[size_t(id)])].noAtom = true;
    for (Entry &entry : entries) {
        if (entry.path == Path::Lines && (entry.noAtom || !entry.lineLocal))
            entry.path = Path::Set;
    }
}

// Moves the regexes of one path to another (a regex without atom goes from
// the Set to Each, not Text), and says so in the note.
void LogMatcher::Private::fallBack(Path from, Path to, const QString &note)
{
    int moved = 0;
    for (Entry &entry : entries) {
        if (entry.path == from) {
            entry.path = to == Path::Text && entry.noAtom ? Path::Each : to;
            ++moved;
        }
    }
    if (moved > 0)
        buildNotes << note.arg(moved);
}

void LogMatcher::Private::prepareScanner()
{
    if (filter.NumRegexps() == 0 || scanner.build(atoms, options.maxMemory))
        return;
    const QString note = LogMatcher::tr("The literal scanner would need %1 bytes, more than the memory budget of %2 "
                                        "bytes, so %3 regexes are searched one by one.")
                             .arg(LiteralScanner::requiredMemory(atoms))
                             .arg(options.maxMemory);
    fallBack(Path::Lines, Path::Each, note);
}

void LogMatcher::Private::prepareSet()
{
    std::vector<int> list;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].path == Path::Set)
            list.push_back(int(i));
    }
    if (list.empty())
        return;
    auto candidate = std::make_unique<RE2::Set>(re2Options(options.ignoreCase, options.maxMemory), RE2::UNANCHORED);
    bool added = true;
    for (int i : list)
        added = added && candidate->Add(entries[size_t(i)].pattern, nullptr) >= 0;
    // A Set whose Compile failed must never be matched: it would crash.
    if (added && candidate->Compile()) {
        set = std::move(candidate);
        setEntries = list;
        return;
    }
    fallBack(Path::Set, Path::Text,
             LogMatcher::tr("The %1 regexes without a required literal or that can span lines do not fit in one "
                            "RE2::Set within the memory budget: each is searched over the whole log (when its "
                            "literals occur in it)."));
}

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
    d->options = options;
    d->options.maxLinesPerRecord = qMax(0, options.maxLinesPerRecord);
    d->compileAll(sources);
    d->addToFilter();
    d->choosePaths();
    d->prepareScanner();
    d->prepareSet();
    d->buildMs = elapsedMs(timer);
}

LogMatcher::Options LogMatcher::options() const
{
    return d->options;
}

int LogMatcher::regexCount() const
{
    return int(d->entries.size());
}

int LogMatcher::atomCount() const
{
    return int(d->atoms.size());
}

double LogMatcher::buildMs() const
{
    return d->buildMs;
}

bool LogMatcher::fastPathComplete() const
{
    return d->buildNotes.isEmpty();
}

QString LogMatcher::buildNote() const
{
    return d->buildNotes.join(QLatin1Char(' '));
}

bool LogMatcher::isLineLocal(const QString &pattern)
{
    return LineLocality(pattern).check();
}

// --- Matching: the first pass -----------------------------------------------

// The Lines-path regexes that these atoms (sorted) allow on a line.
std::vector<int> LogMatcher::Private::lineCandidates(const std::vector<int> &lineAtoms) const
{
    std::vector<int> potentials;
    filter.AllPotentials(lineAtoms, &potentials);
    std::vector<int> result;
    for (int id : potentials) {
        const int entry = entryOfFilterId[size_t(id)];
        if (entries[size_t(entry)].path == Path::Lines)
            result.push_back(entry);
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

void LogMatcher::Private::scanChunk(std::string_view log, const Chunk &chunk, CandidateCache *shared,
                                    ChunkOutput *out) const
{
    const std::string_view text = log.substr(size_t(chunk.start), size_t(chunk.end - chunk.start));
    LiteralScanner::Hits hits;
    scanner.scan(text, &hits);
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
            if (!entries[size_t(entry)].mayMatch(lineText))
                continue;
            size_t first = 0;
            size_t last = 0;
            const qint64 count = searchLine(*entries[size_t(entry)].engine->re2(), lineText, &first, &last);
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
// could not tell (out of memory): never an empty answer by mistake.
void LogMatcher::Private::matchSet(std::string_view log, Scan *scan) const
{
    if (!set)
        return;
    std::vector<int> ids;
    RE2::Set::ErrorInfo error{RE2::Set::kInconsistent};
    const bool matched = set->Match(piece(log), &ids, &error);
    if (!matched && error.kind != RE2::Set::kNoError) {
        scan->setFailed = true;
        scan->setError = error.kind;
        return;
    }
    for (int id : ids)
        scan->setMatches.push_back(setEntries[size_t(id)]);
}

void LogMatcher::Private::mergeChunks(const std::vector<ChunkOutput> &outputs, Scan *scan) const
{
    scan->tallies.assign(entries.size(), Tally());
    scan->atomsSeen.assign(atoms.size(), 0);
    qint64 firstLine = 0;
    for (size_t c = 0; c < outputs.size(); ++c) {
        const ChunkOutput &output = outputs[c];
        scan->chunks[c].firstLine = firstLine;
        for (const Found &found : output.found) {
            LineRef ref = found.line;
            ref.line += firstLine;
            scan->tallies[size_t(found.entry)].addLine(ref, found.count, options.maxLinesPerRecord);
        }
        for (size_t i = 0; i < output.seen.size(); ++i)
            scan->atomsSeen[i] |= output.seen[i];
        firstLine += output.newlines;
    }
}

// One parallel pass: the Set over the whole log (item 0, the longest, first)
// and the literal scan with its per-line checks, chunk by chunk.
LogMatcher::Private::Scan LogMatcher::Private::scan(std::string_view log, std::vector<Chunk> pieces,
                                                    const std::atomic_bool *cancel,
                                                    const std::function<void(int)> &progress) const
{
    Scan result;
    result.chunks = std::move(pieces);
    std::vector<ChunkOutput> outputs(result.chunks.size());
    CandidateCache cache;
    Parallel::forEach(
        int(result.chunks.size()) + 1,
        [&](int i) {
            if (i == 0)
                matchSet(log, &result);
            else
                scanChunk(log, result.chunks[size_t(i - 1)], &cache, &outputs[size_t(i - 1)]);
        },
        cancel, progress);
    mergeChunks(outputs, &result);
    return result;
}

// --- Matching: the second pass ----------------------------------------------

// The regexes to search in full: those the Set found, those whose atoms
// occur in the log (Text path), and those always searched (Each path).
std::vector<int> LogMatcher::Private::toSearch(const Scan &scan, QStringList *notes) const
{
    std::vector<int> present;
    for (size_t i = 0; i < scan.atomsSeen.size(); ++i) {
        if (scan.atomsSeen[i])
            present.push_back(int(i));
    }
    present.insert(present.end(), scanner.unsearchable().begin(), scanner.unsearchable().end());
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
    std::vector<int> potentials;
    if (filter.NumRegexps() > 0)
        filter.AllPotentials(present, &potentials);
    std::vector<std::uint8_t> allowed(entries.size(), 0);
    for (int id : potentials)
        allowed[size_t(entryOfFilterId[size_t(id)])] = 1;
    std::vector<std::uint8_t> inSet(entries.size(), 0);
    for (int entry : scan.setMatches)
        inSet[size_t(entry)] = 1;
    std::vector<int> list;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (mustSearch(entries[i], allowed[i] || !scanner.isReady(), inSet[i], scan.setFailed))
            list.push_back(int(i));
    }
    if (scan.setFailed)
        *notes << LogMatcher::tr("The whole-text RE2::Set of %1 regexes failed (%2), so each of them that could "
                                 "match was searched one by one.")
                      .arg(setEntries.size())
                      .arg(scan.setError == RE2::Set::kOutOfMemory ? LogMatcher::tr("out of memory")
                                                                   : LogMatcher::tr("inconsistent result"));
    return list;
}

// `allowed`: the regex's atoms occur in the log; `found`: the Set found it.
bool LogMatcher::Private::mustSearch(const Entry &entry, bool allowed, bool found, bool setFailed)
{
    switch (entry.path) {
    case Path::Lines: return false;
    case Path::Set: return setFailed ? entry.noAtom || allowed : found;
    case Path::Text: return allowed;
    case Path::Each: break;
    }
    return true;
}

std::vector<LogMatcher::Private::Job> LogMatcher::Private::jobsFor(const std::vector<int> &list,
                                                                   const std::vector<Chunk> &chunks) const
{
    std::vector<Job> jobs;
    for (int entry : list) {
        if (!entries[size_t(entry)].lineLocal) {
            jobs.push_back({entry, -1});
            continue;
        }
        for (size_t c = 0; c < chunks.size(); ++c)
            jobs.push_back({entry, int(c)});
    }
    return jobs;
}

void LogMatcher::Private::runJobs(const std::vector<Job> &jobs, std::string_view log, Scan *scan,
                                  const std::atomic_bool *cancel, const std::function<void(int)> &progress) const
{
    std::vector<Tally> found(jobs.size());
    const int keep = options.maxLinesPerRecord;
    Parallel::forEach(
        int(jobs.size()),
        [&](int i) {
            const Job &job = jobs[size_t(i)];
            const RE2 &re = *entries[size_t(job.entry)].engine->re2();
            const std::string_view text = job.chunk < 0 ? log : chunkLines(log, scan->chunks[size_t(job.chunk)]);
            found[size_t(i)] = searchText(re, text, keep, cancel);
        },
        cancel, progress);
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Chunk *chunk = jobs[i].chunk < 0 ? nullptr : &scan->chunks[size_t(jobs[i].chunk)];
        scan->tallies[size_t(jobs[i].entry)].append(found[i], chunk ? chunk->start : 0, chunk ? chunk->firstLine : 0,
                                                    keep);
    }
}

LogMatchResult LogMatcher::Private::run(std::string_view log, const std::atomic_bool *cancel,
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
    Scan scanned = scan(log, std::move(pieces), cancel, report(0, 70, items));
    const double scanMs = elapsedMs(timer);
    QStringList notes;
    const std::vector<int> list = toSearch(scanned, &notes);
    const std::vector<Job> jobs = jobsFor(list, scanned.chunks);
    if (!isCancelled(cancel))
        runJobs(jobs, log, &scanned, cancel, report(70, 30, int(jobs.size())));
    if (isCancelled(cancel)) {
        LogMatchResult result;
        result.cancelled = true;
        return result;
    }
    LogMatchResult result = finish(log, scanned.tallies);
    result.wholeTextRegexCount = int(list.size());
    result.usedFallback = !buildNotes.isEmpty() || !notes.isEmpty();
    result.note = (buildNotes + notes).join(QLatin1Char(' '));
    result.timings.scanMs = scanMs;
    result.timings.wholeTextMs = elapsedMs(timer) - scanMs;
    return result;
}

// --- Results ----------------------------------------------------------------

// The required literals (RE2 prefilter atoms, lowercased) of an entry's
// alternatives, computed when it first matches and kept.
std::vector<std::string> LogMatcher::Private::requiredLiterals(int index) const
{
    const std::lock_guard<std::mutex> lock(literalsMutex);
    const auto known = literalsOf.find(index);
    if (known != literalsOf.end())
        return known->second;
    re2::FilteredRE2 own(1);
    const RE2::Options fullOptions = re2Options(options.ignoreCase, RegexEngine::DefaultMaxMemory);
    for (const std::string &part : entries[size_t(index)].alternatives) {
        int id = 0;
        own.Add(part, fullOptions, &id);
    }
    std::vector<std::string> literals;
    if (own.NumRegexps() > 0)
        own.Compile(&literals);
    return literalsOf.emplace(index, std::move(literals)).first->second;
}

int LogMatcher::Private::literalLength(int index, std::string_view log, const Tally &tally) const
{
    const std::vector<std::string> literals = requiredLiterals(index);
    int longest = 0;
    for (const LineRef &line : tally.lines) {
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

LogMatchResult::Match LogMatcher::Private::toMatch(std::string_view log, int index, const Tally &tally) const
{
    const Entry &entry = entries[size_t(index)];
    LogMatchResult::Match match;
    match.recordId = entry.id;
    match.record = entry.record;
    match.matchCount = tally.matchCount;
    match.lineCount = tally.lineCount;
    const Qt::CaseSensitivity sensitivity = options.ignoreCase ? Qt::CaseInsensitive : Qt::CaseSensitive;
    const char *base = log.data();
    for (const LineRef &ref : tally.lines) {
        qint64 lineEnd = ref.lineEnd;
        if (lineEnd > ref.lineStart && base[lineEnd - 1] == '\r')
            --lineEnd;
        LogMatchResult::Line line;
        line.number = int(ref.line + 1);
        line.text = QString::fromUtf8(base + ref.lineStart, lineEnd - ref.lineStart);
        line.startColumn = int(1 + characters(base + ref.lineStart, base + ref.matchStart));
        line.endColumn = int(line.startColumn
                             + characters(base + ref.matchStart, base + std::min(ref.matchEnd, lineEnd)));
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

LogMatchResult LogMatcher::Private::finish(std::string_view log, const std::vector<Tally> &tallies) const
{
    LogMatchResult result;
    result.skipped = skipped;
    result.regexCount = int(entries.size());
    result.logBytes = qint64(log.size());
    result.logLines = lineCount(log);
    result.timings.buildMs = buildMs;
    for (size_t i = 0; i < tallies.size(); ++i) {
        if (tallies[i].matchCount > 0)
            result.matches << toMatch(log, int(i), tallies[i]);
    }
    std::sort(result.matches.begin(), result.matches.end(),
              [](const LogMatchResult::Match &a, const LogMatchResult::Match &b) {
                  if (a.literalLength != b.literalLength)
                      return a.literalLength > b.literalLength;
                  if (a.signatureHit != b.signatureHit)
                      return a.signatureHit;
                  if (a.matchCount != b.matchCount)
                      return a.matchCount < b.matchCount;
                  const int aLine = a.lines.isEmpty() ? 0 : a.lines.first().number;
                  const int bLine = b.lines.isEmpty() ? 0 : b.lines.first().number;
                  return aLine != bLine ? aLine < bLine : a.recordId < b.recordId;
              });
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
    std::vector<Tally> tallies(d->entries.size());
    const int keep = d->options.maxLinesPerRecord;
    Parallel::forEach(
        int(d->entries.size()),
        [&](int i) { tallies[size_t(i)] = searchText(*d->entries[size_t(i)].engine->re2(), text, keep, cancel); },
        cancel,
        [&](int done) {
            if (progress)
                progress(done, int(d->entries.size()));
        });
    LogMatchResult result;
    if (isCancelled(cancel)) {
        result.cancelled = true;
        return result;
    }
    result = d->finish(text, tallies);
    result.wholeTextRegexCount = int(d->entries.size());
    result.note = LogMatcher::tr("Every regex was searched one by one over the whole log (the reference search).");
    result.timings.wholeTextMs = elapsedMs(timer);
    result.timings.totalMs = result.timings.wholeTextMs;
    return result;
}

} // namespace Errata
