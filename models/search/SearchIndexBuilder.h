#pragma once

#include "lookup/LookupDocument.h"
#include "search/PostingRun.h"
#include "search/SearchIndex.h"

#include <QDate>

#include <cstdint>
#include <vector>

namespace Errata {

class KnowledgeBase;
class Record;
struct RecordFields;

// Makes a SearchIndex from records handed to it with their scanned fields,
// a batch at a time, so that the pass that reads a KB's files indexes each
// record as it scans it (KnowledgeBaseLoader): a record's text is scanned
// once, not once to be read and again to be indexed. SearchIndex::build()
// over records in memory goes through it too.
//
// A batch is cut in runs, each filled by one thread at a time; each record
// comes with a slot, its place among those handed over, increasing within
// a run, from run to run and from batch to batch. A slot may stay empty (a
// file that could not be read): finish() closes the gaps.
//
//   SearchIndexBuilder builder(SearchIndex::LookupLater);
//   builder.beginBatch(slotsSoFar, runs);
//   builder.add(run, slot, record, fields); // on the runs' threads
//   builder.endBatch();
//   ...
//   builder.finish(index, kb, today);
class SearchIndexBuilder
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

    void reserve(int count);

    // The batch's slots are all below `slotEnd`. Only the records handed
    // over take room: a KB restored from the cache leaves the builder empty.
    void beginBatch(uint32_t slotEnd, int runs);
    // Thread-safe for different runs.
    void add(int run, uint32_t slot, const Record &record, const RecordFields &fields);
    void endBatch();

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

    bool closeGaps(const KnowledgeBase &kb);

    SearchIndex m_index;
    SearchIndex::Lookup m_lookup;
    std::vector<Run> m_runs;
    PostingRun::Postings m_postings;
    std::vector<uint32_t> m_slotOf; // of each entry of m_index
    uint32_t m_slots = 0;
};

} // namespace Errata
