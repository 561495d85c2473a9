#pragma once

#include <QList>
#include <QString>

namespace Errata {

// Finds what a translation must carry over unchanged from the English text and reports what the Chinese text lacks.
// Tokens are taken from the English in this order, a span taken once not looked at again: Url, Code (backticks, paths,
// --options, identifiers), Placeholder (%1, {name}, $VAR), Version (1.2.3, >=2.0), Number; the full list is
// docs/record-format.md, "Consistency checks". A token is present when the Chinese holds the same text not glued to
// more letters or digits ("1" is not found in "10" nor "x" in "xy"; a unit may follow a number: "5GB" holds "5").
// Prose words are not checked, and neither are extra tokens in the Chinese.
class ConsistencyChecker
{
public:
    enum Kind { Url, Code, Placeholder, Version, Number };

    struct Token
    {
        Kind kind;
        QString text;
        bool operator==(const Token &other) const { return kind == other.kind && text == other.text; }
    };

    // The distinct tokens of `text`, in the order they first appear.
    static QList<Token> tokens(const QString &text);
    // The tokens of `english` that `chinese` lacks.
    static QList<Token> missing(const QString &english, const QString &chinese);
    // Whether `text` holds `token` with no letter, digit or "_" glued to it.
    static bool contains(const QString &text, const QString &token);
};

} // namespace Errata
