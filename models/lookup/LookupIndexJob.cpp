#include "models/lookup/LookupIndexJob.h"

#include "models/record/Record.h"
#include "models/scan/RecordFields.h"
#include "models/scan/RecordScanner.h"
#include "models/util/FreeMemory.h"
#include "models/util/Parallel.h"

#include <algorithm>

namespace Errata {

LookupIndexJob::LookupIndexJob(const std::vector<const Record *> &records)
{
    m_items.reserve(records.size());
    for (const Record *record : records) {
        Item item{record, {}, {}};
        if (record->hasDocument())
            item.document = LookupDocument::of(*record);
        else
            item.text = record->originalText();
        m_items.push_back(std::move(item));
    }
}

// A batch at a time, each batch's documents posted before the next is made: only one batch's words are held at once
// (all of a large KB's would take more memory than the records' texts).
bool LookupIndexJob::run(const std::atomic_bool *cancel, const std::function<void(int, int)> &progress)
{
    constexpr int Batch = 2048;
    m_index.clear();
    std::vector<const Record *> records;
    std::vector<LookupDocument> documents;
    for (int first = 0; first < count(); first += Batch) {
        const int size = std::min(Batch, count() - first);
        records.assign(size_t(size), nullptr);
        documents.assign(size_t(size), {});
        Parallel::forEach(
            size,
            [&](int i) {
                records[size_t(i)] = m_items[size_t(first + i)].record;
                documents[size_t(i)] = documentOf(m_items[size_t(first + i)]);
            },
            cancel);
        if (cancel && cancel->load()) {
            m_index.clear();
            return false;
        }
        m_index.add(records, std::move(documents));
        if (progress)
            progress(first + size, count());
    }
    FreeMemory::release();
    return true;
}

LookupDocument LookupIndexJob::documentOf(Item &item)
{
    if (item.document)
        return std::move(*item.document);
    thread_local RecordScanner scanner;
    RecordFields fields;
    if (scanner.scan(item.text, &fields))
        return LookupDocument::of(fields);
    Record copy; // the scan and the document reader agree (RecordScannerTest); this is a safety net
    Record::LoadError error;
    return copy.parse(item.text, &error) ? LookupDocument::of(copy) : LookupDocument();
}

} // namespace Errata
