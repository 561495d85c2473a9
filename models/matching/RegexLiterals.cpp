#include "models/matching/RegexLiterals.h"

#include <QList>

#include <algorithm>

namespace Errata {

namespace {

// Index just past the escape at `i` (a backslash): \Q...\E whole, \x with
// its hex digits or braces, \p and \P with their class, an octal code with
// its digits; else the backslash and one character.
qsizetype skipEscape(QStringView p, qsizetype i)
{
    const QChar kind = i + 1 < p.size() ? p.at(i + 1) : QChar();
    const auto bracedOr = [&](qsizetype plain) {
        if (i + 2 < p.size() && p.at(i + 2) == QLatin1Char('{')) {
            const qsizetype close = p.indexOf(QLatin1Char('}'), i + 3);
            return close < 0 ? p.size() : close + 1;
        }
        return std::min(p.size(), i + 2 + plain);
    };
    if (kind == QLatin1Char('Q')) {
        const qsizetype end = p.indexOf(QLatin1String("\\E"), i + 2);
        return end < 0 ? p.size() : end + 2;
    }
    if (kind == QLatin1Char('x'))
        return bracedOr(2);
    if (kind == QLatin1Char('p') || kind == QLatin1Char('P'))
        return bracedOr(1);
    if (kind >= QLatin1Char('0') && kind <= QLatin1Char('7')) {
        qsizetype j = i + 1;
        while (j < p.size() && j < i + 4 && p.at(j) >= QLatin1Char('0') && p.at(j) <= QLatin1Char('7'))
            ++j;
        return j;
    }
    return std::min(p.size(), i + 2);
}

// Steps over one element of a pattern at `i`: an escape (skipEscape), a
// character class, or one character. Returns the index just past it.
qsizetype skipElement(QStringView p, qsizetype i)
{
    if (p.at(i) == QLatin1Char('\\'))
        return skipEscape(p, i);
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

// Index just past a repetition "{n}", "{n,}" or "{n,m}" at `i`, or -1:
// RE2 reads any other "{" as itself.
qsizetype skipRepetition(QStringView p, qsizetype i)
{
    qsizetype j = i + 1;
    const auto digits = [&] {
        const qsizetype from = j;
        while (j < p.size() && p.at(j) >= QLatin1Char('0') && p.at(j) <= QLatin1Char('9'))
            ++j;
        return j > from;
    };
    if (!digits())
        return -1;
    if (j < p.size() && p.at(j) == QLatin1Char(',')) {
        ++j;
        digits();
    }
    return j < p.size() && p.at(j) == QLatin1Char('}') ? j + 1 : -1;
}

// Index just past a quantifier at `i` ("?", "*", "+", "{n,m}", each maybe
// followed by "?"), or `i` when there is none.
qsizetype skipQuantifier(QStringView p, qsizetype i)
{
    if (i >= p.size() || !QStringView(u"?*+{").contains(p.at(i)))
        return i;
    const qsizetype end = p.at(i) == QLatin1Char('{') ? skipRepetition(p, i) : i + 1;
    if (end < 0)
        return i;
    return end < p.size() && p.at(end) == QLatin1Char('?') ? end + 1 : end;
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

// Where the body of the group that opens `p` begins: after "(", "(?:",
// "(?P<name>" or "(?<name>"; -1 for any other kind of group.
qsizetype groupBodyStart(QStringView p)
{
    if (p.startsWith(QLatin1String("(?:")))
        return 3;
    if (p.startsWith(QLatin1String("(?P<")) || p.startsWith(QLatin1String("(?<"))) {
        const qsizetype close = p.indexOf(QLatin1Char('>'));
        return close < 0 ? -1 : close + 1;
    }
    return p.startsWith(QLatin1String("(?")) ? -1 : 1;
}

} // namespace

// The top-level alternatives of a pattern, each with the pattern's leading
// flags: "(?i)(a|b.*c)" gives "(?i)a" and "(?i)b.*c". RE2 factors common
// prefixes out of alternatives, which can leave a whole regex without any
// required literal; filtering the alternatives one by one keeps theirs. The
// pattern itself when it has no top-level alternation or holds a flag group
// elsewhere (to stay on the safe side).
QStringList RegexLiterals::alternatives(const QString &pattern)
{
    const qsizetype flags = leadingFlags(pattern);
    QStringView body = QStringView(pattern).mid(flags);
    if (hasFlagGroup(body))
        return {pattern};
    qsizetype close = -1;
    QList<QStringView> parts = topLevelAlternatives(body, &close);
    // One group around the whole body ("(a|b)"): its alternatives. An empty
    // body ("", "(?i)") has no group, though close and size() - 1 are both -1.
    if (parts.size() == 1 && close > 0 && close == body.size() - 1) {
        const qsizetype inner = groupBodyStart(body);
        if (inner < 0 || inner > close)
            return {pattern};
        body = body.sliced(inner, close - inner);
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

// The runs of literal text (two bytes or more) that every match of one
// alternative holds as written: its top-level characters that are neither
// quantified nor in a group or class. "upstream.*error" gives "upstream" and
// "error"; a text with a top-level "|" gives none. Only for patterns applied
// case-sensitively.
std::vector<std::string> RegexLiterals::requiredRuns(QStringView p)
{
    std::vector<std::string> runs;
    QString run;
    const auto flush = [&] {
        if (run.toUtf8().size() >= 2)
            runs.push_back(run.toStdString());
        run.clear();
    };
    for (qsizetype i = 0; i < p.size();) {
        // A "|" here is a top-level alternation (groups, classes and escapes
        // are stepped over whole): the text holds more than one alternative,
        // which alternatives() leaves whole when one is empty ("ab|"), and
        // no run is required.
        if (p.at(i) == QLatin1Char('|'))
            return {};
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
std::vector<std::vector<std::string>> RegexLiterals::literalRuns(const QString &pattern)
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

} // namespace Errata
