#pragma once

#include <QString>

#include <optional>

namespace Errata {

// A record's regex (RE2 syntax, as RE2 accepted it) as the source of a
// JavaScript regex with flag `u` (and `i` for a leading (?i)), matching the
// same spans, for the page's lookup. Nothing newer than V8 10. Patterns it
// does not translate yet give nullopt: flags other than a leading (?i),
// \p classes, POSIX classes, \Q…\E, \C, octal escapes and back references.
class JsRegex
{
public:
    struct Result
    {
        QString source;
        QString flags; // "u" or "iu"
    };

    static std::optional<Result> translate(const QString &re2);
};

} // namespace Errata
