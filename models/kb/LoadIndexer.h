#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

namespace Errata {

class Record;
struct RecordFields;

// What KnowledgeBaseLoader asks of an index made as the files are read:
// how to share the files among the cores, and each record read anew.
// SearchIndexBuilder is one; the loader knows only this, so the KB room
// stays below the search room.
class LoadIndexer
{
public:
    virtual ~LoadIndexer() = default;

    // Hands over items 0 … count - 1 in runs that the cores share:
    // `addItem(run, item)` runs on the run's thread. `progress(done)` on
    // the calling thread. False when cancelled.
    virtual bool addInRuns(int count, const std::function<void(int run, int item)> &addItem,
                           const std::atomic_bool *cancel, const std::function<void(int)> &progress) = 0;
    // From addItem, for the item `slot`, with the fields its scan made.
    virtual void add(int run, uint32_t slot, const Record &record, const RecordFields &fields) = 0;
};

} // namespace Errata
