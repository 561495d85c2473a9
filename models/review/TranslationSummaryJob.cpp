#include "models/review/TranslationSummaryJob.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/scan/RecordFields.h"
#include "models/scan/RecordScanner.h"
#include "models/util/Parallel.h"

#include <unordered_map>
#include <utility>

namespace Errata {

TranslationSummaryJob::TranslationSummaryJob(const KnowledgeBase &kb)
    : m_records(kb.records())
    , m_summaries(m_records.size())
    , m_done(m_records.size(), 0)
{
    m_texts.reserve(m_records.size());
    for (const Record *record : m_records)
        m_texts.push_back(record->originalText());
}

std::vector<TranslationSummary> TranslationSummaryJob::all(const KnowledgeBase &kb)
{
    TranslationSummaryJob job(kb);
    job.run();
    return job.take(kb);
}

// Each text is read by the scan path (RecordScanner), on this thread
// alone; one that the scan refuses is parsed into a record of its own.
bool TranslationSummaryJob::run(const std::atomic_bool *cancel, const std::function<void(int, int)> &progress)
{
    const auto summarize = [this](int i) {
        const QByteArray &text = m_texts[size_t(i)];
        thread_local RecordScanner scanner;
        RecordFields fields;
        if (scanner.scan(text, &fields)) {
            m_summaries[size_t(i)] = TranslationSummary::of(fields);
        } else {
            Record copy;
            Record::LoadError error;
            if (!copy.parse(text, &error))
                return; // parsed when loaded; take() reads the record itself
            m_summaries[size_t(i)] = TranslationSummary::of(copy);
        }
        m_strings.share(m_summaries[size_t(i)].tier); // a few for the KB: not a copy per record
        m_done[size_t(i)] = 1;
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count());
    };
    Parallel::forEach(count(), summarize, cancel, report);
    return !(cancel && cancel->load());
}

bool TranslationSummaryJob::isCurrent(size_t i, const Record &record) const
{
    return i < m_records.size() && m_records[i] == &record && m_done[i] && !record.isModified()
        && record.hasOriginalText(m_texts[i]);
}

// Most often the KB is as it was and the job's list is the answer. Else
// each record is looked for where it was (records only come and go while
// the job runs), and summarised anew where it is not found as it was.
std::vector<TranslationSummary> TranslationSummaryJob::take(const KnowledgeBase &kb)
{
    const std::vector<const Record *> records = kb.records();
    std::vector<TranslationSummary> summaries;
    bool unchanged = records.size() == m_records.size();
    for (size_t i = 0; unchanged && i < records.size(); ++i)
        unchanged = isCurrent(i, *records[i]);
    if (unchanged) {
        summaries = std::move(m_summaries);
    } else {
        std::unordered_map<const Record *, size_t> placeOf;
        for (size_t i = 0; i < m_records.size(); ++i)
            placeOf.emplace(m_records[i], i);
        summaries.reserve(records.size());
        for (const Record *record : records) {
            const auto found = placeOf.find(record);
            const bool current = found != placeOf.end() && isCurrent(found->second, *record);
            summaries.push_back(current ? std::move(m_summaries[found->second]) : TranslationSummary::of(*record));
        }
    }
    m_records = {};
    m_texts = {};
    m_summaries = {};
    m_done = {};
    return summaries;
}

} // namespace Errata
