#include "models/session/OwnFindingsJob.h"

#include "models/session/SearchIndexCache.h"
#include "models/util/FreeMemory.h"
#include "models/util/Parallel.h"

#include <QSet>

namespace Errata {

OwnFindingsJob::OwnFindingsJob(const std::vector<const Record *> &records)
{
    m_items.reserve(records.size());
    for (const Record *record : records)
        m_items.push_back({record, record->filePath(), record->originalText(), {}, {}, false, false});
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
        for (Problem &problem : item.own.problems)
            problem.shareStrings(m_strings);
        item.done = true;
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count());
    };
    Parallel::forEach(count(), checkOne, cancel, report);
    FreeMemory::release();
    return !(cancel && cancel->load());
}

int OwnFindingsJob::apply(KnowledgeBase &kb, const RecordValidator &validator, SearchIndexCache *cache)
{
    forgetRemoved(kb);
    complete(kb, validator, cache, QDeadlineTimer(QDeadlineTimer::Forever));
    return setFindings(kb);
}

// A record removed may have left its address to a new one, which
// isCurrent() tells apart.
void OwnFindingsJob::forgetRemoved(const KnowledgeBase &kb)
{
    const std::vector<const Record *> records = kb.records();
    const QSet<const Record *> live(records.cbegin(), records.cend());
    for (const Item &item : m_items) {
        if (!live.contains(item.record))
            m_forgotten.insert(item.record);
    }
}

bool OwnFindingsJob::complete(const KnowledgeBase &kb, const RecordValidator &validator, SearchIndexCache *cache,
                              const QDeadlineTimer &deadline)
{
    if (cache && m_next == 0)
        cache->reserveFindings(count());
    for (size_t seen = 0; m_next < m_items.size(); ++m_next, ++seen) {
        if (seen > 0 && seen % 64 == 0 && deadline.hasExpired()) // 64 at least: each call goes on
            return false;
        Item &item = m_items[m_next];
        if (!item.done || m_forgotten.contains(item.record) || !isCurrent(item))
            continue;
        item.findings = validator.validateWith(*item.record, &kb, item.own);
        item.findings.squeeze(); // kept as long as the KB: no room to grow
        for (Problem &problem : item.findings)
            problem.shareStrings(m_strings);
        item.completed = true;
        if (cache)
            cache->addFindings(item.record, item.text, std::move(item.own));
    }
    return true;
}

void OwnFindingsJob::forget(const Record *record)
{
    m_forgotten.insert(record);
}

int OwnFindingsJob::setFindings(KnowledgeBase &kb)
{
    KnowledgeBase::Findings findings;
    findings.reserve(m_items.size());
    for (Item &item : m_items) {
        if (item.completed && !m_forgotten.contains(item.record))
            findings.emplace_back(item.record, std::move(item.findings));
        item.completed = false;
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
