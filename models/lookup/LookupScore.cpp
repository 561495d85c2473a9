#include "models/lookup/LookupScore.h"

#include <algorithm>

namespace Errata {

double LookupScore::regexValue(LookupResult::RegexHow how)
{
    switch (how) {
    case LookupResult::AsWritten: return RegexAsWritten;
    case LookupResult::IgnoringCase: return RegexIgnoringCase;
    case LookupResult::NoRegex: break;
    }
    return 0;
}

double LookupScore::effectiveRegex(LookupResult::RegexHow how, double coverage)
{
    return regexValue(how) * std::min(1.0, 2 * coverage);
}

double LookupScore::text(double bm25Share, double coverage)
{
    return (std::clamp(bm25Share, 0.0, 1.0) + std::clamp(coverage, 0.0, 1.0)) / 2;
}

double LookupScore::environment(double sharedHints)
{
    return std::min(1.0, sharedHints / 2);
}

double LookupScore::combine(const LookupResult::Why &why)
{
    return 0.5 * why.regexScore + 0.5 * why.textScore + 0.1 * environment(why.environmentScore);
}

// Exact: the regex matches as written and the text holds at least half of
// the signature, or all of the signature is there but its variable parts.
// Likely: a regex matches (either way) with a third of the signature, or
// the text score is at least one half.
LookupResult::Band LookupScore::band(const LookupResult::Why &why)
{
    if ((why.regex == LookupResult::AsWritten && why.coverage >= 0.5) || why.coverage >= 0.95)
        return LookupResult::Exact;
    if ((why.regex != LookupResult::NoRegex && why.coverage >= 0.34) || why.textScore >= 0.5)
        return LookupResult::Likely;
    return LookupResult::Related;
}

} // namespace Errata
