#pragma once

#include "models/review/TranslationSummary.h"
#include "models/util/StringPool.h"

#include <QByteArray>

#include <atomic>
#include <cstdint>
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
//   job.take(kb);                        // on the KB's thread again
class TranslationSummaryJob
{
public:
    explicit TranslationSummaryJob(const KnowledgeBase &kb);

    // The summaries of all of `kb`'s records, in its order, worked out here
    // on all cores (for the command line, which has nothing else to do).
    static std::vector<TranslationSummary> all(const KnowledgeBase &kb);

    int count() const { return int(m_records.size()); }
    // False when cancelled.
    bool run(const std::atomic_bool *cancel = nullptr, const std::function<void(int, int)> &progress = {});
    // The summaries of `kb`'s records now, in its order: those run() found, handed over, not copied (two sets of them
    // would put review mode over its memory target), and those of records edited, saved or added meanwhile worked out
    // from the record now. The job is spent afterwards.
    std::vector<TranslationSummary> take(const KnowledgeBase &kb);

private:
    // Whether run() summarised `record` as it is now, as the i-th record.
    bool isCurrent(size_t i, const Record &record) const;

    // Side by side, one per record of the KB when the job was made.
    std::vector<const Record *> m_records;
    std::vector<QByteArray> m_texts;
    std::vector<TranslationSummary> m_summaries;
    std::vector<uint8_t> m_done;
    StringPool m_strings;
};

} // namespace Errata
