#pragma once

#include "kb/KnowledgeBase.h"
#include "validation/RecordValidator.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace Errata {

class SearchIndexCache;

// The validation of records that a KB already shown in the window could
// not take from the cache: their own findings (the schema and
// RuleValidator::checkOwn, most of the work) are worked out on other
// threads from copies of their texts, so that the records themselves,
// which the window may be reading or editing meanwhile, are touched only
// on the KB's thread.
//
//   OwnFindingsJob job(deferred);          // on the KB's thread: copies the texts
//   job.run(validator, &cancel);           // on any thread, on all cores
//   job.apply(kb, validator, &cache);      // on the KB's thread again
class OwnFindingsJob
{
public:
    explicit OwnFindingsJob(const std::vector<const Record *> &records);

    int count() const { return int(m_items.size()); }
    // False when cancelled; what was done is kept, apply() skips the rest.
    bool run(const RecordValidator &validator, const std::atomic_bool *cancel = nullptr,
             const std::function<void(int, int)> &progress = {});
    // Sets, in one batch, the findings of every record that is still in
    // `kb`, unchanged since the job was made: its own findings from run()
    // and those of the rules that read the KB and the date. Hands the own
    // findings over to `cache` when given (they are then no longer here).
    // Returns how many records it set.
    int apply(KnowledgeBase &kb, const RecordValidator &validator, SearchIndexCache *cache = nullptr);

private:
    struct Item
    {
        const Record *record = nullptr;
        QString filePath;
        QByteArray text;
        RecordValidator::OwnFindings own;
        bool done = false;
    };

    bool isCurrent(const Item &item) const;

    std::vector<Item> m_items;
};

} // namespace Errata
