#pragma once

#include "models/lookup/LookupText.h"
#include "models/lookup/RegexKeys.h"

#include <string>
#include <vector>

namespace Errata {

class Record;
struct RecordFields;

// What lookup knows of one record, worked out once when the record is
// indexed (LookupIndex keeps it, its words as terms, and caches it), so
// that a lookup never parses a record:
// its words with field weights (BM25F), the words of its signatures for
// coverage, its environment hints, its regex keys, and its tie-breakers.
//
// Field weights: signature, Chinese signature and error code 3; aliases 2;
// tags and the words of the id 1.5; root cause (both languages) 0.5. A
// word's weight in a field is also LookupText's (a quoted name or a number
// counts less).
struct LookupDocument
{
    LookupText::Words words;        // distinct, with their field-weighted frequency
    float length = 0;               // the sum of those: BM25's document length
    LookupText::Words signature;    // distinct words of the signature, LookupText weights
    LookupText::Words signatureZh;  // of the Chinese signature
    std::vector<std::string> hints; // EnvironmentHints, sorted
    RegexKeys::Keys regexKeys;
    std::string foldedSignature; // RegexKeys::folded(signature): where other regexes' keys are looked for
    float fixRate = -1;          // fix_success_rate, -1: none
    qint8 tier = -1;             // index of verification_tier in the schema's order, -1: none

    static LookupDocument of(const Record &record);
    static LookupDocument of(const RecordFields &record);
};

} // namespace Errata
