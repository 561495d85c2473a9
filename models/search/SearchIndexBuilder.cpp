#include "models/search/SearchIndexBuilder.h"

#include "models/kb/KnowledgeBase.h"
#include "models/scan/RecordFields.h"
#include "models/util/Parallel.h"

#include <QThread>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>

namespace Errata {

SearchIndexBuilder::SearchIndexBuilder(SearchIndex::Lookup lookup)
    : m_lookup(lookup)
{
    m_index.m_lookupPending = lookup == SearchIndex::LookupLater;
}

int SearchIndexBuilder::runLength(int count)
{
    constexpr int Least = 64;
    constexpr int Most = 1024;
    const int cores = qMax(1, QThread::idealThreadCount());
    return qBound(Least, (count + cores - 1) / cores, Most);
}

void SearchIndexBuilder::reserve(int count)
{
    m_index.m_entries.reserve(static_cast<std::size_t>(std::max(0, count)));
    m_slotOf.reserve(m_index.m_entries.capacity());
}

bool SearchIndexBuilder::addInRuns(int count, const std::function<void(int, int)> &addItem,
                                   const std::atomic_bool *cancel, const std::function<void(int)> &progress)
{
    reserve(count);
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    for (int first = 0; first < count && !cancelled(); first += Batch) {
        const int size = qMin(int(Batch), count - first);
        const int length = runLength(size);
        const int runs = (size + length - 1) / length;
        beginBatch(uint32_t(first + size), runs);
        const auto addRun = [&](int r) {
            const int end = qMin(first + size, first + (r + 1) * length);
            for (int i = first + r * length; i < end; ++i)
                addItem(r, i);
        };
        const auto report = [&](int runsDone) {
            if (progress)
                progress(first + qMin(size, runsDone * length));
        };
        Parallel::forEach(runs, addRun, cancel, report);
        endBatch();
    }
    return !cancelled();
}

void SearchIndexBuilder::beginBatch(uint32_t slotEnd, int runs)
{
    m_slots = std::max(m_slots, slotEnd);
    m_runs.assign(size_t(qMax(0, runs)), Run());
}

void SearchIndexBuilder::add(int run, uint32_t slot, const Record &record, const RecordFields &fields)
{
    Run &into = m_runs[size_t(run)];
    into.slotOf.push_back(slot);
    into.entries.push_back(m_index.makeEntry(record, fields));
    SearchIndex::gatherTokens(into.postings, slot, fields);
    if (m_lookup == SearchIndex::WithLookup) {
        into.records.push_back(&record);
        into.documents.push_back(LookupDocument::of(fields));
    }
}

// Runs in order: their postings follow those of earlier slots, so every
// list stays sorted.
void SearchIndexBuilder::endBatch()
{
    for (Run &run : m_runs) {
        run.postings.moveInto(m_postings);
        m_slotOf.insert(m_slotOf.end(), run.slotOf.begin(), run.slotOf.end());
        std::move(run.entries.begin(), run.entries.end(), std::back_inserter(m_index.m_entries));
        if (!run.records.empty())
            m_index.m_lookup.add(run.records, std::move(run.documents));
    }
    m_runs.clear();
}

bool SearchIndexBuilder::finish(SearchIndex &index, const KnowledgeBase &kb, QDate today)
{
    const bool whole = closeGaps(kb);
    if (whole) {
        std::vector<SearchIndex::Token> &tokens = m_index.m_tokens;
        tokens.reserve(m_postings.size());
        while (!m_postings.empty()) { // node by node: the text is moved, not copied
            auto node = m_postings.extract(m_postings.begin());
            node.mapped().shrink_to_fit();
            tokens.push_back({std::move(node.key()), std::move(node.mapped())});
        }
        std::sort(tokens.begin(), tokens.end(),
                  [](const SearchIndex::Token &a, const SearchIndex::Token &b) { return a.text < b.text; });
        m_index.refresh(kb, today);
        m_index.finishBuild();
        index = std::move(m_index);
    }
    *this = SearchIndexBuilder(m_lookup);
    return whole;
}

// The entries must be the KB's records, in order; postings are then
// numbered by entry instead of slot where the two differ.
bool SearchIndexBuilder::closeGaps(const KnowledgeBase &kb)
{
    const std::vector<SearchIndex::Entry> &entries = m_index.m_entries;
    if (entries.size() != size_t(kb.count()))
        return false;
    bool gaps = false;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].record != kb.recordAt(int(i)))
            return false;
        gaps = gaps || m_slotOf[i] != i;
    }
    if (gaps) {
        std::vector<uint32_t> entryOf(m_slots, 0);
        for (size_t i = 0; i < m_slotOf.size(); ++i)
            entryOf[m_slotOf[i]] = uint32_t(i);
        for (auto &[text, postings] : m_postings) {
            for (uint32_t &posting : postings)
                posting = entryOf[posting >> 2] << 2 | (posting & 3);
        }
    }
    return true;
}

} // namespace Errata
