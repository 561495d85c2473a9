#pragma once

#include "models/kb/LoadIndexer.h"
#include "models/lookup/LookupDocument.h"
#include "models/search/PostingRun.h"
#include "models/search/SearchIndex.h"

#include <QDate>

#include <atomic>
#include <functional>

#include <cstdint>
#include <vector>

namespace Errata {

class KnowledgeBase;
class Record;
struct RecordFields;

// Makes a SearchIndex from records handed to it with their scanned fields, a batch at a time, so that the pass that
// reads a KB's files indexes each record as it scans it (KnowledgeBaseLoader): a record's text is scanned once, not
// once to be read and again to be indexed. SearchIndex::build() goes through it too. A batch is cut in runs, each
// filled by one thread at a time; each record comes with a slot, its place among the items handed over, and finish()
// closes the gaps of slots left empty (a file that could not be read).
//
//   builder.addInRuns(count, [&](int run, int item) { builder.add(run, uint32_t(item), record, fields); });
//   builder.finish(index, kb, today);
class SearchIndexBuilder final : public LoadIndexer
{
public:
    // Records are handed over this many at a time at most: only one
    // batch's run dictionaries (and lookup documents) are held at once.
    static constexpr int Batch = 2048;

    explicit SearchIndexBuilder(SearchIndex::Lookup lookup = SearchIndex::WithLookup);

    // How many records of a batch of `count` make a run: enough runs for
    // every core, at most 1,024 records each (each run's tokens are a
    // dictionary of their own until the batch ends).
    static int runLength(int count);

    // Hands over items 0 … count - 1 in batches, each cut in runs that the
    // cores share: `addItem(run, item)` runs on the run's thread and is to
    // add() the item's record, if it has one, with the item as its slot.
    // `progress(done)` on the calling thread. False when cancelled.
    bool addInRuns(int count, const std::function<void(int run, int item)> &addItem,
                   const std::atomic_bool *cancel = nullptr, const std::function<void(int)> &progress = {}) override;

    // From addItem, for the item `slot`: thread-safe for different runs.
    // Only the records handed over take room: a KB restored from the cache
    // leaves the builder empty.
    void add(int run, uint32_t slot, const Record &record, const RecordFields &fields) override;

    // Puts the index together into `index`, with the findings of `kb` and
    // staleness on `today`. False, and `index` untouched, when the records
    // handed over are not the records of `kb` in order (some were left out,
    // or the KB changed): build the index anew then. The builder is empty
    // afterwards either way.
    bool finish(SearchIndex &index, const KnowledgeBase &kb, QDate today);
    // No record handed over in a finished batch.
    bool isEmpty() const { return m_index.size() == 0; }

private:
    struct Run
    {
        PostingRun postings;
        std::vector<uint32_t> slotOf; // of each of its entries
        std::vector<SearchIndex::Entry> entries;
        std::vector<const Record *> records; // with the lookup side: its records
        std::vector<LookupDocument> documents;
    };

    void reserve(int count);
    // The batch's slots are all below `slotEnd`.
    void beginBatch(uint32_t slotEnd, int runs);
    void endBatch();
    bool closeGaps(const KnowledgeBase &kb);

    SearchIndex m_index;
    SearchIndex::Lookup m_lookup;
    std::vector<Run> m_runs;
    PostingRun::Postings m_postings;
    std::vector<uint32_t> m_slotOf; // of each entry of m_index
    uint32_t m_slots = 0;
};

} // namespace Errata
