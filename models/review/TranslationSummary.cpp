#include "models/review/TranslationSummary.h"

#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "models/scan/RecordFields.h"

namespace Errata {

// A released record is read by the scan path (its document is not parsed).
TranslationSummary TranslationSummary::of(const Record &record)
{
    return of(RecordFields::of(record));
}

TranslationSummary TranslationSummary::of(const RecordFields &fields)
{
    const QStringList english[] = {{fields.summary.signature}, {fields.rootCause}, fields.workaroundActions};
    const QStringList chinese[] = {{fields.summary.signatureZh}, {fields.rootCauseZh}, fields.workaroundsZh};
    TranslationSummary summary;
    summary.tier = fields.verificationTier;
    for (TranslationStatus::Field field : TranslationStatus::fields()) {
        const auto i = size_t(field);
        summary.detected[i] = TranslationStatus::detect(english[i], chinese[i]);
        summary.englishHash[i] = ReviewStore::hashValue(english[i].join(QLatin1Char('\n')));
        summary.chineseHash[i] = ReviewStore::hashValue(chinese[i].join(QLatin1Char('\n')));
    }
    return summary;
}

} // namespace Errata
