#include "review/TranslationSummaryJob.h"

#include "kb/KnowledgeBase.h"
#include "record/Record.h"
#include "scan/RecordFields.h"
#include "scan/RecordScanner.h"
#include "util/Parallel.h"

namespace Errata {

TranslationSummaryJob::TranslationSummaryJob(const KnowledgeBase &kb)
{
    m_items.reserve(size_t(kb.count()));
    m_indexOf.reserve(kb.count());
    for (int i = 0; i < kb.count(); ++i) {
        const Record *record = kb.recordAt(i);
        m_indexOf.insert(record, int(m_items.size()));
        m_items.push_back({record, record->originalText(), {}, false});
    }
}

std::vector<TranslationSummary> TranslationSummaryJob::all(const KnowledgeBase &kb)
{
    TranslationSummaryJob job(kb);
    job.run();
    std::vector<TranslationSummary> summaries;
    summaries.reserve(size_t(kb.count()));
    for (int i = 0; i < kb.count(); ++i)
        summaries.push_back(job.summaryOf(*kb.recordAt(i)));
    return summaries;
}

// Each text is read by the scan path (RecordScanner), on this thread
// alone; one that the scan refuses is parsed into a record of its own.
bool TranslationSummaryJob::run(const std::atomic_bool *cancel, const std::function<void(int, int)> &progress)
{
    const auto summarize = [this](int i) {
        Item &item = m_items[size_t(i)];
        thread_local RecordScanner scanner;
        RecordFields fields;
        if (scanner.scan(item.text, &fields)) {
            item.summary = TranslationSummary::of(fields);
        } else {
            Record copy;
            Record::LoadError error;
            if (!copy.parse(item.text, &error))
                return; // parsed when loaded; summaryOf() reads the record itself
            item.summary = TranslationSummary::of(copy);
        }
        item.done = true;
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count());
    };
    Parallel::forEach(count(), summarize, cancel, report);
    return !(cancel && cancel->load());
}

TranslationSummary TranslationSummaryJob::summaryOf(const Record &record) const
{
    const auto found = m_indexOf.constFind(&record);
    if (found != m_indexOf.cend()) {
        const Item &item = m_items[size_t(*found)];
        if (item.done && !record.isModified() && record.hasOriginalText(item.text))
            return item.summary;
    }
    return TranslationSummary::of(record);
}

} // namespace Errata
