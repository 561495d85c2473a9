#include "models/review/ReviewTally.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "models/review/TranslationSummaryJob.h"

namespace Errata {

int ReviewTally::Counts::applicable() const
{
    int sum = 0;
    for (int n : byStatus)
        sum += n;
    return sum - of(TranslationStatus::NotApplicable);
}

int ReviewTally::Counts::complete() const
{
    return of(TranslationStatus::Translated) + of(TranslationStatus::Reviewed);
}

void ReviewTally::Counts::add(const Counts &other)
{
    for (size_t i = 0; i < byStatus.size(); ++i)
        byStatus[i] += other.byStatus[i];
}

QMap<QString, ReviewTally::Counts> ReviewTally::byDomain(const KnowledgeBase &kb, const ReviewStore &store)
{
    return byDomain(kb, store, TranslationSummaryJob::all(kb));
}

QMap<QString, ReviewTally::Counts> ReviewTally::byDomain(const KnowledgeBase &kb, const ReviewStore &store,
                                                         const std::vector<TranslationSummary> &summaries)
{
    QMap<QString, Counts> domains;
    for (int i = 0; i < kb.count(); ++i) {
        const Record &record = *kb.recordAt(i);
        Counts &counts = domains[record.domain()];
        for (TranslationStatus::Field field : TranslationStatus::fields())
            ++counts.byStatus[size_t(store.status(record.id(), field, summaries.at(size_t(i))))];
    }
    return domains;
}

ReviewTally::Counts ReviewTally::total(const QMap<QString, Counts> &domains)
{
    Counts sum;
    for (const Counts &counts : domains)
        sum.add(counts);
    return sum;
}

} // namespace Errata
