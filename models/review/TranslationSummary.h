#pragma once

#include "models/record/TranslationStatus.h"

#include <QString>

#include <array>

namespace Errata {

class Record;
struct RecordFields;

// What review mode reads of one record, worked out once so that the
// review table, its filters, its sorting and the progress tally need not
// parse the record again: the verification tier, and for each bilingual
// field its detected TranslationStatus and the review hashes of its
// English and Chinese sides (ReviewStore::hashValue()).
class TranslationSummary
{
public:
    static TranslationSummary of(const Record &record);
    // From what the scan path reads (RecordScanner), without a document.
    static TranslationSummary of(const RecordFields &fields);

    QString tier;
    std::array<TranslationStatus::Status, TranslationStatus::FieldCount> detected{};
    std::array<quint64, TranslationStatus::FieldCount> englishHash{};
    std::array<quint64, TranslationStatus::FieldCount> chineseHash{};
};

} // namespace Errata
