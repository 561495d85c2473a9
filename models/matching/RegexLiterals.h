#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <string>
#include <vector>

namespace Errata {

// What the text of an RE2 pattern says about its matches, read
// conservatively: its top-level alternatives, and the literal text that
// every match of each alternative holds as written. LogMatcher feeds the
// alternatives to RE2's prefilter one by one and checks a line for the
// literal runs before running a regex on it.
//
// Example: "(?i)(a|b.*c)" has the alternatives "(?i)a" and "(?i)b.*c";
// every match of "upstream.*error" holds "upstream" and "error".
class RegexLiterals
{
public:
    // The top-level alternatives of `pattern`, each with its leading flags;
    // the pattern alone when it has none or when splitting is not safe.
    static QStringList alternatives(const QString &pattern);
    // The runs of literal text (two bytes or more, UTF-8) that every match of
    // one alternative holds as written (for case-sensitive patterns).
    static std::vector<std::string> requiredRuns(QStringView alternative);
    // requiredRuns() of each alternative of a case-sensitive pattern; empty
    // when one alternative has none or the pattern sets flags.
    static std::vector<std::vector<std::string>> literalRuns(const QString &pattern);
};

} // namespace Errata
