#pragma once

#include <QList>
#include <QString>

namespace Errata {

// Finds what a translation must carry over unchanged from the English text
// and reports what the Chinese text lacks. Tokens, taken from the English in
// this order (a span taken once is not looked at again):
//   Url          http://… and https://… (trailing punctuation not included)
//   Code         `backticked text` (its content), paths (/dev/shm, ~/.ssh,
//                ./run.sh), --options, and identifiers: dotted or scoped
//                names (torch.nn.utils.clip_grad_norm_, std::bad_alloc),
//                names with an underscore or a digit (CUDA_LAUNCH_BLOCKING,
//                sda1), camelCase or PascalCase (CrossEntropyLoss, BCELoss),
//                ALL-CAPS words of 3+ letters (ENOSPC), calls (main())
//   Placeholder  %1, %s, {name}, {}, $VAR, ${VAR}
//   Version      1.2.3, v2, v2.1, and specifiers such as >=2.0
//   Number       42, 0.5
// A token is present when the Chinese holds the same text not glued to
// more letters or digits: "1" is not found inside "10" or "1.5", nor "x" in
// "xy"; a unit may follow a number ("5GB" holds "5").
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
