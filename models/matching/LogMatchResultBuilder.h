#pragma once

#include "models/matching/LogMatchResult.h"
#include "models/matching/LogSearch.h"

#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Errata {

class MatchPlan;

// Makes a LogMatchResult of what each regex of a MatchPlan found in a log
// (a LogSearch::Tally per entry): the lines kept, with line numbers and
// columns counted in characters, the longest required literal the matches
// hold, whether a matching line holds the record's signature, the score,
// and the ranking (see LogMatchResult::Match). The required literals of an
// entry are worked out when it first matches and kept for later matches;
// build() may run on several threads at once.
//
// Example: "错误：(\\S+) 未找到" matching "前缀 错误：模块 未找到 后缀" on a
// log's second line gives line 2, columns 4 to 13.
class LogMatchResultBuilder
{
public:
    // The plan must outlive the builder.
    explicit LogMatchResultBuilder(const MatchPlan &plan);

    // `tallies` holds one Tally per entry of the plan, its offsets into `log`.
    LogMatchResult build(std::string_view log, const std::vector<LogSearch::Tally> &tallies) const;

private:
    LogMatchResult::Match toMatch(std::string_view log, int index, const LogSearch::Tally &tally) const;
    std::vector<std::string> requiredLiterals(int index) const;
    int literalLength(int index, std::string_view log, const LogSearch::Tally &tally) const;

    const MatchPlan &m_plan;
    mutable std::mutex m_literalsMutex; // guards m_literalsOf
    mutable std::unordered_map<int, std::vector<std::string>> m_literalsOf;
};

} // namespace Errata
