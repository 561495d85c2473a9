#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace Errata {

// The tokens of a run of consecutive index entries and their postings, as
// one thread gathers them while SearchIndex is built: each thread keeps its
// own dictionary of the tokens it has met, so that a token costs one lookup
// and no allocation of its own per record, and the runs are put together
// once, token by token, rather than posting by posting.
//
// Entries are added in increasing order, the tokens of each entry with
// their best field class first (the signature's before the body's): a
// token's first posting for an entry is the one kept.
class PostingRun
{
public:
    using Postings = std::unordered_map<std::string, std::vector<uint32_t>>;

    // A posting is (entry << 2) | field class.
    void add(uint32_t entry, std::string &&token, uint32_t field);
    // Appends this run's postings to `into`, whose postings are of earlier
    // entries: runs moved in entry order keep every list sorted. The run
    // is empty afterwards.
    void moveInto(Postings &into);

private:
    std::unordered_map<std::string, uint32_t> m_termOf; // token -> its number in this run
    std::vector<std::vector<uint32_t>> m_postings;      // by number
    std::vector<uint32_t> m_lastEntry;                  // by number: entry + 1 of its last posting
};

} // namespace Errata
