#include "review/TranslationSummary.h"

#include "record/Record.h"
#include "review/ReviewStore.h"

namespace Errata {

// Parses a released record for as long as this takes, and releases it again.
TranslationSummary TranslationSummary::of(const Record &record)
{
    const Record::ParsedForNow parsed(record);
    TranslationSummary summary;
    summary.tier = record.verificationTier();
    for (TranslationStatus::Field field : TranslationStatus::fields()) {
        const auto i = size_t(field);
        summary.detected[i] = TranslationStatus::detect(record, field);
        summary.englishHash[i] = ReviewStore::hashValue(TranslationStatus::englishText(record, field));
        summary.chineseHash[i] = ReviewStore::hashValue(TranslationStatus::chineseText(record, field));
    }
    return summary;
}

} // namespace Errata
