#include "models/validation/ConsistencyChecker.h"

#include <QRegularExpression>

#include <algorithm>

namespace Errata {

namespace {

bool isWordChar(QChar c)
{
    return c.unicode() < 128 && (c.isLetterOrNumber() || c == QLatin1Char('_'));
}

bool isDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// Something that can be a program name rather than an English word.
bool looksLikeIdentifier(const QString &word)
{
    // camelCase, or capitals run into a word (BCELoss, OAuth; not "GPUs")
    static const QRegularExpression camel(QStringLiteral("[a-z][A-Z]|[A-Z]{2,}[a-z]{2,}"));
    static const QRegularExpression allCaps(QStringLiteral("^[A-Z][A-Z0-9]{2,}$"));
    static const QRegularExpression letterDigit(QStringLiteral("[A-Za-z][0-9]|[0-9][A-Za-z]"));
    if (word.contains(QLatin1Char('_')) || word.endsWith(QLatin1String("()")))
        return true;
    if (word.contains(QLatin1Char('.')) || word.contains(QLatin1String("::"))) {
        const QStringList parts =
            QString(word).replace(QLatin1String("::"), QLatin1String(".")).split(QLatin1Char('.'));
        for (const QString &part : parts) {
            if (part.size() >= 2)
                return true;
        }
        return false; // "e.g", "i.e"
    }
    return camel.match(word).hasMatch() || allCaps.match(word).hasMatch() || letterDigit.match(word).hasMatch();
}

struct Pattern
{
    ConsistencyChecker::Kind kind;
    QRegularExpression regex;
    int group; // the captured group that is the token
};

// Taken in this order; each pattern sees the text with earlier tokens blanked.
const QList<Pattern> &patterns()
{
    static const QList<Pattern> list = {
        {ConsistencyChecker::Url, QRegularExpression(QStringLiteral("https?://[^\\s<>\"'`，。；、）]+")), 0},
        {ConsistencyChecker::Code, QRegularExpression(QStringLiteral("`([^`\\n]+)`")), 1},
        {ConsistencyChecker::Placeholder,
         QRegularExpression(
             QStringLiteral("%[1-9][0-9]?|%[sdifu]\\b|\\{[A-Za-z0-9_]*\\}|\\$\\{[A-Za-z_][A-Za-z0-9_]*\\}"
                            "|\\$[A-Za-z_][A-Za-z0-9_]*")),
         0},
        {ConsistencyChecker::Code,
         QRegularExpression(
             QStringLiteral("(?<![A-Za-z0-9_.~/])(?:~|\\.{1,2})?/[A-Za-z0-9_.@+-]+(?:/[A-Za-z0-9_.@+-]+)*")),
         0},
        {ConsistencyChecker::Code, QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_-])--[A-Za-z][A-Za-z0-9-]*")), 0},
        {ConsistencyChecker::Version,
         QRegularExpression(QStringLiteral("(?:(?<![<>=!~^])(?:[<>=!~]=|[<>~^])\\s?v?[0-9]+(?:\\.[0-9A-Za-z*]+)*"
                                           "|(?<![A-Za-z0-9_.])(?:v[0-9]+(?:\\.[0-9]+)*"
                                           "|[0-9]+\\.[0-9]+\\.[0-9]+(?:[.-][0-9A-Za-z]+)*))"
                                           "(?![A-Za-z0-9_])")),
         0},
        {ConsistencyChecker::Code,
         QRegularExpression(
             QStringLiteral("(?<![A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::)[A-Za-z_][A-Za-z0-9_]*)*"
                            "(?:\\(\\))?(?![A-Za-z0-9_])")),
         0},
        {ConsistencyChecker::Number,
         QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_.])[0-9]+(?:\\.[0-9]+)?(?![0-9])")), 0},
    };
    return list;
}

QString trimUrl(QString url)
{
    while (!url.isEmpty() && QStringLiteral(".,;:!?)]}'\"").contains(url.back()))
        url.chop(1);
    return url;
}

} // namespace

QList<ConsistencyChecker::Token> ConsistencyChecker::tokens(const QString &text)
{
    QList<QPair<int, Token>> found; // position, token
    QString rest = text;
    for (const Pattern &pattern : patterns()) {
        auto it = pattern.regex.globalMatch(rest);
        while (it.hasNext()) {
            const QRegularExpressionMatch match = it.next();
            QString token = match.captured(pattern.group).trimmed();
            if (pattern.kind == Url)
                token = trimUrl(token);
            const bool isWord = pattern.kind == Code && pattern.group == 0 && token.at(0).isLetter();
            // A token glued to letters or digits in the text itself (what an
            // earlier token left, as "Fdocker.sock" after "%2" in
            // "%2Fdocker.sock") is not one: the English copied unchanged
            // would lack it.
            if (token.isEmpty() || (isWord && !looksLikeIdentifier(token)) || !contains(text, token))
                continue;
            found.append({int(match.capturedStart()), Token{pattern.kind, token}});
            rest.replace(match.capturedStart(), match.capturedLength(),
                         QString(match.capturedLength(), QLatin1Char(' ')));
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<Token> list;
    for (const auto &[position, token] : found) {
        if (!list.contains(token))
            list << token;
    }
    return list;
}

bool ConsistencyChecker::contains(const QString &text, const QString &token)
{
    if (token.isEmpty())
        return true;
    for (qsizetype at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
        const qsizetype end = at + token.size();
        const bool gluedBefore = at > 0 && isWordChar(token.front()) && isWordChar(text.at(at - 1));
        // A unit may follow a number ("5GB"); a digit may not.
        const bool gluedAfter = end < text.size() && isWordChar(token.back())
            && (isDigit(token.back()) ? isDigit(text.at(end)) : isWordChar(text.at(end)));
        const bool decimalAfter = end + 1 < text.size() && isDigit(token.back()) && text.at(end) == QLatin1Char('.')
            && isDigit(text.at(end + 1));
        if (!gluedBefore && !gluedAfter && !decimalAfter)
            return true;
    }
    return false;
}

QList<ConsistencyChecker::Token> ConsistencyChecker::missing(const QString &english, const QString &chinese)
{
    QList<Token> lacking;
    for (const Token &token : tokens(english)) {
        if (!contains(chinese, token.text))
            lacking << token;
    }
    return lacking;
}

} // namespace Errata
