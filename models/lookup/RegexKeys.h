#pragma once

#include <QString>

#include <string>
#include <vector>

namespace Errata {

// Which regexes could match a text, without running them: for each top-level
// alternative of a regex (RegexLiterals::alternatives), the runs of literal
// text that every match of it holds (RegexLiterals::requiredRuns), case
// folded. A text can only match the alternative, as written or ignoring
// case, when its case-folded form holds all of them.
//
// Example: "(CommitFailed|poll timeout|consumer.*timeout)" gives the keys
// {"commitfailed"}, {"poll timeout"} and {"consumer", "timeout"}.
//
// Runs shorter than three bytes are not keys. An alternative with no key
// (".*", "[Ee]r+or") must always be run: its list is empty.
class RegexKeys
{
public:
    using Keys = std::vector<std::vector<std::string>>; // per alternative

    static Keys of(const QString &pattern);
    // `text` as keys are compared with it: case folded, UTF-8.
    static std::string folded(const QString &text);
};

} // namespace Errata
