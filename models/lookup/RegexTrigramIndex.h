#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace Errata {

class PackedRegexKeys;
class TrigramFilter;

// Which entries' regexes a text may match, without looking at every entry:
// each alternative of a regex is posted under one three-byte sequence of its
// keys (RegexKeys), the one with the fewest entries when it is posted, so a
// text that lacks that sequence cannot match the alternative. An alternative
// without keys is posted as "always". What candidates() gives must still be
// checked against every key (PackedRegexKeys::anyAlternative): it only
// leaves out entries that certainly do not match.
//
// Entries are numbers of LookupIndex; a retired entry's postings stay (as its
// words' do) and the caller skips it.
class RegexTrigramIndex
{
public:
    void add(uint32_t entry, const PackedRegexKeys &keys);
    void clear();

    // The entries whose posted sequence `filter` may hold, and every entry
    // posted as "always"; sorted, each once.
    std::vector<uint32_t> candidates(const TrigramFilter &filter) const;

private:
    struct Bucket
    {
        uint32_t sequence = 0; // TrigramFilter::sequenceAt()
        std::vector<uint32_t> entries;
    };

    std::vector<uint32_t> m_always;
    // In a flat list, so that candidates() tests one bit a bucket, with
    // where each sequence's bucket is for add().
    std::vector<Bucket> m_buckets;
    std::unordered_map<uint32_t, uint32_t> m_bucketOf;
};

} // namespace Errata
