#pragma once

#include "review/TranslationSummary.h"

#include <QByteArray>
#include <QHash>

#include <atomic>
#include <functional>
#include <vector>

namespace Errata {

class KnowledgeBase;
class Record;

// The TranslationSummary of every record of a KB, worked out on other
// threads from copies of the records' texts, so that the window may read
// and edit the records meanwhile (the manner of OwnFindingsJob):
//
//   TranslationSummaryJob job(kb);       // on the KB's thread: copies the texts
//   job.run(&cancel);                    // on any thread, on all cores
//   job.summaryOf(record);               // on the KB's thread again
class TranslationSummaryJob
{
public:
    explicit TranslationSummaryJob(const KnowledgeBase &kb);

    // The summaries of all of `kb`'s records, in its order, worked out here
    // on all cores (for the command line, which has nothing else to do).
    static std::vector<TranslationSummary> all(const KnowledgeBase &kb);

    int count() const { return int(m_items.size()); }
    // False when cancelled.
    bool run(const std::atomic_bool *cancel = nullptr, const std::function<void(int, int)> &progress = {});
    // The summary run() found for `record` when the record is unchanged
    // since the job was made; otherwise (edited, saved, added meanwhile)
    // worked out from the record now.
    TranslationSummary summaryOf(const Record &record) const;

private:
    struct Item
    {
        const Record *record = nullptr;
        QByteArray text;
        TranslationSummary summary;
        bool done = false;
    };

    std::vector<Item> m_items;
    QHash<const Record *, int> m_indexOf;
};

} // namespace Errata
