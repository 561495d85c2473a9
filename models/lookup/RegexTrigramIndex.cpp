#include "models/lookup/RegexTrigramIndex.h"

#include "models/lookup/PackedRegexKeys.h"
#include "models/lookup/TrigramFilter.h"

#include <algorithm>
#include <string_view>

namespace Errata {

void RegexTrigramIndex::add(uint32_t entry, const PackedRegexKeys &keys)
{
    keys.eachAlternative([&](const std::vector<std::string_view> &alternative) {
        uint32_t best = 0;
        size_t bestCount = SIZE_MAX;
        for (const std::string_view key : alternative) {
            for (size_t i = 0; i + 3 <= key.size() && bestCount > 0; ++i) {
                const uint32_t sequence = TrigramFilter::sequenceAt(key.data() + i);
                const auto it = m_bucketOf.find(sequence);
                const size_t count = it == m_bucketOf.end() ? 0 : m_buckets[it->second].entries.size();
                if (count < bestCount) {
                    best = sequence;
                    bestCount = count;
                }
            }
        }
        if (bestCount == SIZE_MAX) { // no key of three bytes or more
            m_always.push_back(entry);
            return;
        }
        const auto [it, fresh] = m_bucketOf.emplace(best, uint32_t(m_buckets.size()));
        if (fresh)
            m_buckets.push_back({best, {}});
        m_buckets[it->second].entries.push_back(entry);
    });
}

void RegexTrigramIndex::clear()
{
    m_always.clear();
    m_buckets.clear();
    m_bucketOf.clear();
}

std::vector<uint32_t> RegexTrigramIndex::candidates(const TrigramFilter &filter) const
{
    std::vector<uint32_t> out = m_always;
    for (const Bucket &bucket : m_buckets) {
        if (filter.mayHold(bucket.sequence))
            out.insert(out.end(), bucket.entries.begin(), bucket.entries.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace Errata
