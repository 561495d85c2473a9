#pragma once

#include "models/lookup/LookupIndex.h"

#include <QByteArray>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace Errata {

class Record;

// A lookup index built on other threads for records that the window may be
// reading or editing meanwhile: their texts are copied on the KB's thread
// and read with the scan path on all cores, so that the records themselves
// are touched only on the KB's thread. A record edited meanwhile is taken
// care of by SearchIndex::setLookup(), which indexes it again.
//
//   LookupIndexJob job(index.records());  // on the KB's thread: copies the texts
//   job.run(&cancel);                     // on any thread
//   index.setLookup(job.take());          // on the KB's thread again
class LookupIndexJob
{
public:
    explicit LookupIndexJob(const std::vector<const Record *> &records);

    int count() const { return int(m_items.size()); }
    // False when cancelled (the index is then empty).
    bool run(const std::atomic_bool *cancel = nullptr, const std::function<void(int, int)> &progress = {});
    LookupIndex take() { return std::move(m_index); }

private:
    struct Item
    {
        const Record *record = nullptr;
        QByteArray text;
        // Made at once, on the KB's thread, for a record whose text alone
        // does not say what it holds (one parsed for editing).
        std::optional<LookupDocument> document;
    };

    static LookupDocument documentOf(Item &item);

    std::vector<Item> m_items;
    LookupIndex m_index;
};

} // namespace Errata
