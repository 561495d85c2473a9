#pragma once

#include "models/lookup/LookupResult.h"

namespace Errata {

// The one score lookup ranks by, and the band it puts a hit in
// (docs/record-format.md, "Lookup"):
//
//   score = 0.5 R' + 0.5 T + 0.1 E
//   T  = (Q + C) / 2                text: BM25F share Q, signature coverage C
//   R' = R * min(1, 2 C)            regex: R = 1 as written, 0.8 ignoring case
//   E  = min(1, shared hints / 2)   environment
//
// A regex counts in full when the text holds at least half of the record's
// signature, less in proportion below that: a broad regex that matches a
// stray line does not outrank the record the error is about.
struct LookupScore
{
    static constexpr double RegexAsWritten = 1.0;
    static constexpr double RegexIgnoringCase = 0.8;
    static constexpr double MinScore = 0.08; // below this a record is not listed

    static double regexValue(LookupResult::RegexHow how);
    static double effectiveRegex(LookupResult::RegexHow how, double coverage);
    static double text(double bm25Share, double coverage);
    static double environment(double sharedHints);
    static double combine(const LookupResult::Why &why);
    static LookupResult::Band band(const LookupResult::Why &why);
};

} // namespace Errata
