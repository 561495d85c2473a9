#pragma once

#include "models/record/TranslationStatus.h"
#include "models/review/TranslationSummary.h"

#include <QMap>
#include <QString>

#include <array>
#include <vector>

namespace Errata {

class KnowledgeBase;
class ReviewStore;

// How far the translation of a KB has come: for every domain, how many
// bilingual fields (three per record) are in each TranslationStatus.
class ReviewTally
{
public:
    struct Counts
    {
        std::array<int, TranslationStatus::StatusCount> byStatus{};

        int of(TranslationStatus::Status status) const { return byStatus[size_t(status)]; }
        // Fields with English text to translate (all but NotApplicable).
        int applicable() const;
        // Applicable fields that are translated or reviewed.
        int complete() const;
        int reviewed() const { return of(TranslationStatus::Reviewed); }
        void add(const Counts &other);
    };

    // Reads every record of `kb` on all cores, without keeping documents.
    static QMap<QString, Counts> byDomain(const KnowledgeBase &kb, const ReviewStore &store);
    // The same from summaries worked out before, one per record of `kb` in
    // its order (TranslationSummaryJob::all()).
    static QMap<QString, Counts> byDomain(const KnowledgeBase &kb, const ReviewStore &store,
                                          const std::vector<TranslationSummary> &summaries);
    static Counts total(const QMap<QString, Counts> &domains);
};

} // namespace Errata
