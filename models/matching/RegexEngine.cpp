#include "models/matching/RegexEngine.h"

#include "models/matching/LogSearch.h"
#include "models/matching/RegexBudget.h"

#include <QRegularExpression>

#include <re2/re2.h>

#include <vector>

namespace Errata {

namespace {

struct Unsupported
{
    const char *syntax;
    const char *explanation;
};

// Constructs of other regex dialects (Python, PCRE) that RE2 rejects on purpose.
const Unsupported UnsupportedSyntax[] = {
    {"(?=", QT_TRANSLATE_NOOP("Errata::RegexEngine", "RE2 does not support look-ahead \"(?=...)\"")},
    {"(?!", QT_TRANSLATE_NOOP("Errata::RegexEngine", "RE2 does not support negative look-ahead \"(?!...)\"")},
    {"(?<=", QT_TRANSLATE_NOOP("Errata::RegexEngine", "RE2 does not support look-behind \"(?<=...)\"")},
    {"(?<!", QT_TRANSLATE_NOOP("Errata::RegexEngine", "RE2 does not support negative look-behind \"(?<!...)\"")},
    {"(?>", QT_TRANSLATE_NOOP("Errata::RegexEngine", "RE2 does not support atomic groups \"(?>...)\"")},
    {"(?<", "this version of RE2 does not support named groups written \"(?<name>...)\"; write \"(?P<name>...)\""},
};

constexpr int MaxRepeat = 1000; // RE2's kMaxRepeat

// RE2 refuses a count over 1000, and nested counts whose product is over
// 1000 ("((a{100}){100}){100}"), both as "bad repetition operator".
QString repeatSizeWords(const QString &arg)
{
    static const QRegularExpression counts(QStringLiteral("\\d+"));
    bool overOne = false;
    for (const QRegularExpressionMatch &count : counts.globalMatch(arg)) {
        bool ok = false;
        const int value = count.captured().toInt(&ok);
        overOne = overOne || !ok || value > MaxRepeat;
    }
    if (overOne)
        return RegexEngine::tr("invalid repeat count \"%1\" (RE2 allows at most %2)").arg(arg).arg(MaxRepeat);
    return RegexEngine::tr("repeat count \"%1\" makes the nested repeats too large: RE2 multiplies the counts of "
                           "repeats nested in one another, and allows a product of at most %2")
        .arg(arg)
        .arg(MaxRepeat);
}

QString plainWords(int code, const QString &arg)
{
    switch (code) {
    case RE2::ErrorBadEscape: return RegexEngine::tr("invalid escape sequence \"%1\"").arg(arg);
    case RE2::ErrorBadCharClass: return RegexEngine::tr("invalid character class \"%1\"").arg(arg);
    case RE2::ErrorBadCharRange: return RegexEngine::tr("invalid character range \"%1\"").arg(arg);
    case RE2::ErrorMissingBracket: return RegexEngine::tr("missing ] to close the character class \"%1\"").arg(arg);
    case RE2::ErrorMissingParen: return RegexEngine::tr("missing ) to close a group");
    case RE2::ErrorUnexpectedParen: return RegexEngine::tr("unmatched )");
    case RE2::ErrorTrailingBackslash: return RegexEngine::tr("the pattern ends with a lone backslash");
    case RE2::ErrorRepeatArgument: return RegexEngine::tr("\"%1\" has nothing before it to repeat").arg(arg);
    case RE2::ErrorRepeatSize: return repeatSizeWords(arg);
    case RE2::ErrorRepeatOp: return RegexEngine::tr("invalid repetition \"%1\"").arg(arg);
    case RE2::ErrorBadPerlOp: return RegexEngine::tr("invalid group syntax \"%1\"").arg(arg);
    case RE2::ErrorBadUTF8: return RegexEngine::tr("the pattern is not valid UTF-8");
    case RE2::ErrorBadNamedCapture: return RegexEngine::tr("invalid group name \"%1\"").arg(arg);
    case RE2::ErrorPatternTooLarge: return RegexEngine::tr("the pattern is too large for RE2's memory budget");
    default: return RegexEngine::tr("RE2 cannot compile the pattern");
    }
}

// Offset just past the character class that opens at `at`: "[]a]", "[^]a]"
// and "[[:alpha:]]" are single classes.
qsizetype skipClass(const QString &pattern, qsizetype at)
{
    qsizetype i = at + 1;
    if (i < pattern.size() && pattern.at(i) == QLatin1Char('^'))
        ++i;
    if (i < pattern.size() && pattern.at(i) == QLatin1Char(']'))
        ++i;
    for (; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\')) {
            ++i;
        } else if (c == QLatin1Char('[') && pattern.mid(i + 1, 1) == QLatin1String(":")) {
            const qsizetype end = pattern.indexOf(QLatin1String(":]"), i + 2);
            i = end < 0 ? i : end + 1;
        } else if (c == QLatin1Char(']')) {
            return i + 1;
        }
    }
    return pattern.size();
}

// Where the groups left open start, or -1 for the first ")" that closes no
// group. Escapes, \Q...\E and character classes hold no groups.
QList<qsizetype> openGroups(const QString &pattern, qsizetype *unmatched)
{
    QList<qsizetype> open;
    *unmatched = -1;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\') && pattern.mid(i + 1, 1) == QLatin1String("Q")) {
            const qsizetype end = pattern.indexOf(QLatin1String("\\E"), i + 2);
            i = end < 0 ? pattern.size() : end + 1;
        } else if (c == QLatin1Char('\\')) {
            ++i;
        } else if (c == QLatin1Char('[')) {
            i = skipClass(pattern, i) - 1;
        } else if (c == QLatin1Char('(')) {
            open << i;
        } else if (c == QLatin1Char(')')) {
            if (open.isEmpty()) {
                *unmatched = i;
                return open;
            }
            open.removeLast();
        }
    }
    return open;
}

// Index of the first ")" that closes no group, else of the last "(" left
// open, else -1.
qsizetype unbalancedParen(const QString &pattern)
{
    qsizetype unmatched = -1;
    const QList<qsizetype> open = openGroups(pattern, &unmatched);
    if (unmatched >= 0)
        return unmatched;
    return open.isEmpty() ? -1 : open.last();
}

// `prefix` with the groups it leaves open closed, so that a repeat inside
// a group is seen with its group: "((a{100}){100}" -> "((a{100}){100})".
QString closed(const QString &prefix)
{
    qsizetype unmatched = -1;
    const QList<qsizetype> open = openGroups(prefix, &unmatched);
    return unmatched >= 0 ? prefix : prefix + QString(open.size(), QLatin1Char(')'));
}

// Where RE2's error argument stands: the first occurrence that the pattern,
// cut just after it, rejects the same way. So \q in \\q\q and ** in [**]a**
// are not taken from the valid text before the error.
qsizetype locate(const QString &pattern, const QString &arg, int code)
{
    RE2::Options options;
    options.set_log_errors(false);
    const qsizetype first = pattern.indexOf(arg);
    qsizetype at = first;
    for (int tries = 0; at >= 0 && tries < 16; ++tries, at = pattern.indexOf(arg, at + 1)) {
        if (RE2(closed(pattern.left(at + arg.size())).toStdString(), options).error_code() == code)
            return at;
    }
    return first;
}

// The index (in UTF-16 units) of what RE2 rejected, or -1.
qsizetype errorIndex(const QString &pattern, int code, const QString &arg)
{
    switch (code) {
    case RE2::ErrorMissingParen:
    case RE2::ErrorUnexpectedParen: return unbalancedParen(pattern);
    case RE2::ErrorTrailingBackslash: return pattern.size() - 1;
    default: return arg.isEmpty() ? -1 : locate(pattern, arg, code);
    }
}

QString explanation(const QString &pattern, int code, const QString &arg, qsizetype at)
{
    if (code == RE2::ErrorBadPerlOp && at >= 0) {
        for (const Unsupported &construct : UnsupportedSyntax) {
            if (QStringView(pattern).mid(at).startsWith(QLatin1String(construct.syntax)))
                return RegexEngine::tr(construct.explanation);
        }
    }
    const bool backReference = arg.size() >= 2 && arg.at(0) == QLatin1Char('\\') && arg.at(1) >= QLatin1Char('1')
        && arg.at(1) <= QLatin1Char('9');
    if (code == RE2::ErrorBadEscape && backReference)
        return RegexEngine::tr("RE2 does not support back-references such as \"%1\"").arg(arg);
    return plainWords(code, arg);
}

// Walks a text forward from match to match, keeping line and column current.
class PositionTracker
{
public:
    explicit PositionTracker(const QByteArray &text)
        : m_text(text)
    {
    }
    void advanceTo(qsizetype offset)
    {
        for (; m_offset < offset; ++m_offset) {
            const auto byte = static_cast<unsigned char>(m_text.at(m_offset));
            if (byte == '\n') {
                ++line;
                column = 1;
            } else if ((byte & 0xC0) != 0x80) {
                ++column;
            }
        }
    }
    int line = 1;
    int column = 1;

private:
    const QByteArray &m_text;
    qsizetype m_offset = 0;
};

} // namespace

RegexEngine::RegexEngine(const QString &pattern, Case sensitivity, qint64 maxMemory)
    : m_pattern(pattern)
{
    RE2::Options options;
    options.set_log_errors(false);
    options.set_case_sensitive(sensitivity == CaseSensitive);
    options.set_max_mem(maxMemory);
    const std::string utf8 = pattern.toStdString();
    m_re = std::make_unique<RE2>(utf8, options);
    if (!m_re->ok())
        explainError();
}

RegexEngine::~RegexEngine() = default;

bool RegexEngine::isValid() const
{
    return m_re && m_re->ok();
}

int RegexEngine::captureCount() const
{
    return isValid() ? m_re->NumberOfCapturingGroups() : 0;
}

void RegexEngine::explainError()
{
    const int code = m_re->error_code();
    const QString arg = QString::fromStdString(m_re->error_arg());
    const qsizetype at = errorIndex(m_pattern, code, arg);
    m_errorMessage = explanation(m_pattern, code, arg, at);
    m_errorPosition = at < 0 ? -1 : int(QStringView(m_pattern).left(at).toUcs4().size());
}

bool RegexEngine::matches(const QString &text) const
{
    return matchesUtf8(text.toUtf8());
}

bool RegexEngine::matchesUtf8(const QByteArray &text) const
{
    if (!isValid())
        return false;
    return RE2::PartialMatch(re2::StringPiece(text.constData(), size_t(text.size())), *m_re);
}

bool RegexEngine::matchesEmptyString() const
{
    return isValid() && RE2::PartialMatch("", *m_re);
}

QList<RegexMatch> RegexEngine::findAll(const QString &text, int limit) const
{
    return findAll(text.toUtf8(), limit);
}

QList<RegexMatch> RegexEngine::findAll(const QByteArray &utf8Text, int limit) const
{
    RegexBudget unlimited(1, 0);
    return findAll(utf8Text, limit, unlimited, 0);
}

namespace {

// Matches of `re` in [from, end) of `text`, as one search over the whole
// text gives them when `end` is its end; stops at `limit` matches, or once
// the steady clock passes `deadline` (0: never), between two matches.
// Returns where the next search would start, or -1 when it stopped at the
// deadline.
qint64 findIn(const RE2 &re, const re2::StringPiece &text, qint64 from, qint64 end, int limit, qint64 deadline,
              PositionTracker &tracker, QList<RegexMatch> &found)
{
    const int groupCount = re.NumberOfCapturingGroups();
    const auto &names = re.CapturingGroupNames();
    std::vector<re2::StringPiece> pieces(size_t(groupCount) + 1);
    while (from <= end && found.size() < limit) {
        if (!re.Match(text, size_t(from), size_t(end), RE2::UNANCHORED, pieces.data(), groupCount + 1))
            break;
        RegexMatch match;
        match.start = pieces[0].data() - text.data();
        match.end = match.start + qsizetype(pieces[0].size());
        tracker.advanceTo(match.start);
        match.line = tracker.line;
        match.column = tracker.column;
        match.text = QString::fromUtf8(pieces[0].data(), qsizetype(pieces[0].size()));
        for (int g = 1; g <= groupCount; ++g) {
            const auto name = names.find(g);
            const re2::StringPiece &piece = pieces[size_t(g)];
            match.groups << RegexMatch::Group{g, name == names.end() ? QString() : QString::fromStdString(name->second),
                                              QString::fromUtf8(piece.data(), qsizetype(piece.size())),
                                              piece.data() != nullptr};
        }
        found << match;
        from = match.end;
        if (match.end == match.start) // step over one whole character after an empty match
            ++from;
        while (from < qint64(text.size()) && (static_cast<unsigned char>(text[size_t(from)]) & 0xC0) == 0x80)
            ++from;
        if (deadline > 0 && RegexBudget::now() >= deadline)
            return -1;
    }
    return from;
}

} // namespace

// With a budget, a text of more than four times LogSearch::PieceBytes is
// first timed on its first piece (as LogSearch::firstMatch does): when the
// whole text would take longer than the budget, it is searched piece by
// piece, so that the search stops in time.
QList<RegexMatch> RegexEngine::findAll(const QByteArray &utf8Text, int limit, RegexBudget &budget, int entry) const
{
    QList<RegexMatch> found;
    if (!isValid() || !budget.mayStart(entry))
        return found;
    const re2::StringPiece text(utf8Text.constData(), size_t(utf8Text.size()));
    const qint64 size = utf8Text.size();
    PositionTracker tracker(utf8Text);
    const auto timed = [&](qint64 from, qint64 end) {
        const qint64 started = RegexBudget::now();
        const qint64 next = findIn(*m_re, text, from, end, limit, budget.deadline(entry), tracker, found);
        budget.charge(entry, RegexBudget::now() - started);
        if (next < 0)
            budget.stop(entry);
        return next;
    };
    if (!budget.isLimited() || size <= 4 * LogSearch::PieceBytes) {
        timed(0, size);
        return found;
    }
    const auto pieceEnd = [&](qint64 from) {
        const qsizetype newline = from < size ? utf8Text.indexOf('\n', from) : -1;
        return newline < 0 ? size : qint64(newline) + 1;
    };
    qint64 end = pieceEnd(LogSearch::PieceBytes);
    const qint64 started = RegexBudget::now();
    m_re->Match(text, 0, size_t(end), RE2::UNANCHORED, nullptr, 0);
    const qint64 probeNs = RegexBudget::now() - started;
    budget.charge(entry, probeNs);
    if (qint64(double(probeNs) * double(size) / double(end)) <= budget.remainingNs(entry)) {
        timed(0, size);
        return found;
    }
    qint64 from = 0;
    for (qint64 start = 0; start < size && found.size() < limit;) {
        if (!budget.mayStart(entry))
            return found;
        from = timed(std::max(from, start), end);
        if (from < 0)
            return found;
        start = end;
        end = pieceEnd(start + LogSearch::PieceBytes);
    }
    budget.searchedInPieces(entry);
    return found;
}

} // namespace Errata
