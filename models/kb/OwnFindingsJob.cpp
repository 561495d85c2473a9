#include "kb/OwnFindingsJob.h"

#include "kb/SearchIndexCache.h"
#include "util/Parallel.h"

#include <QSet>

namespace Errata {

OwnFindingsJob::OwnFindingsJob(const std::vector<const Record *> &records)
{
    m_items.reserve(records.size());
    for (const Record *record : records)
        m_items.push_back({record, record->filePath(), record->originalText(), {}, false});
}

// Each text is parsed into a record of its own, which no other thread sees.
bool OwnFindingsJob::run(const RecordValidator &validator, const std::atomic_bool *cancel,
                         const std::function<void(int, int)> &progress)
{
    const auto checkOne = [&](int i) {
        Item &item = m_items[size_t(i)];
        Record copy;
        Record::LoadError error;
        if (!copy.parse(item.text, &error))
            return; // parsed when loaded; left without findings, as apply() leaves it
        copy.setFilePath(item.filePath);
        validator.validate(copy, nullptr, &item.own);
        item.done = true;
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count());
    };
    Parallel::forEach(count(), checkOne, cancel, report);
    return !(cancel && cancel->load());
}

int OwnFindingsJob::apply(KnowledgeBase &kb, const RecordValidator &validator, SearchIndexCache *cache)
{
    QSet<const Record *> live;
    live.reserve(kb.count());
    for (int i = 0; i < kb.count(); ++i)
        live.insert(kb.recordAt(i));
    KnowledgeBase::Findings findings;
    findings.reserve(m_items.size());
    for (Item &item : m_items) {
        if (!item.done || !live.contains(item.record) || !isCurrent(item))
            continue;
        findings.emplace_back(item.record, validator.validateWith(*item.record, &kb, item.own));
        if (cache)
            cache->addFindings(item.record, item.text, std::move(item.own));
    }
    kb.setProblems(findings);
    return int(findings.size());
}

// The record (known to be in the KB) as the job found it: same file, same
// text, nothing changed in memory since.
bool OwnFindingsJob::isCurrent(const Item &item) const
{
    const Record &record = *item.record;
    return !record.isModified() && record.filePath() == item.filePath && record.hasOriginalText(item.text);
}

} // namespace Errata
