#pragma once

#include "models/kb/KnowledgeBase.h"
#include "models/util/StringPool.h"
#include "models/validation/RecordValidator.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QSet>
#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace Errata {

class SearchIndexCache;

// The validation of records that a KB already shown in the window could not take from the cache: their own findings
// (the schema and RuleValidator::checkOwn, most of the work) are worked out on other threads from copies of their
// texts, so that the records, which the window may be reading or editing, are touched only on the KB's thread.
//
//   OwnFindingsJob job(deferred);          // on the KB's thread: copies the texts
//   job.run(validator, &cancel);           // on any thread, on all cores
//   job.apply(kb, validator, &cache);      // on the KB's thread again
//
// FindingsApplier does apply() in steps between which the KB may change: forgetRemoved(), complete() until a
// deadline, forget() for a record changed by others, then setFindings() in one batch.
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

    // Forgets the records no longer in `kb`.
    void forgetRemoved(const KnowledgeBase &kb);
    // The records unchanged and not forgotten get their whole findings, in
    // order, until `deadline` (64 records at least); true when all are done.
    bool complete(const KnowledgeBase &kb, const RecordValidator &validator, SearchIndexCache *cache,
                  const QDeadlineTimer &deadline);
    void forget(const Record *record);
    // Sets the findings complete() gave the records not forgotten since;
    // returns how many.
    int setFindings(KnowledgeBase &kb);

private:
    struct Item
    {
        const Record *record = nullptr;
        QString filePath;
        QByteArray text;
        RecordValidator::OwnFindings own;
        QList<Problem> findings; // own and the KB's, once complete()d
        bool done = false;       // run() checked it
        bool completed = false;
    };

    bool isCurrent(const Item &item) const;

    std::vector<Item> m_items;
    size_t m_next = 0; // the first item complete() has not seen
    QSet<const Record *> m_forgotten;
    StringPool m_strings; // the findings' messages and pointers, shared
};

} // namespace Errata
