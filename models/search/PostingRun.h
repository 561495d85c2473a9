#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Errata {

// The tokens of a run of consecutive index entries and their postings, as one thread gathers them while SearchIndex
// is built: each thread keeps its own dictionary (a flat open-addressing table over one string of the tokens' text),
// so that a token met again costs a hash and a comparison and allocates nothing, and the runs are put together once,
// token by token, rather than posting by posting. Entries are added in increasing order, the tokens of each with their
// best field class first (the signature's before the body's): a token's first posting for an entry is the one kept.
class PostingRun
{
public:
    using Postings = std::unordered_map<std::string, std::vector<uint32_t>>;

    // A posting is (entry << 2) | field class.
    void add(uint32_t entry, std::string_view token, uint32_t field);
    // Appends this run's postings to `into`, whose postings are of earlier
    // entries: runs moved in entry order keep every list sorted. The run
    // is empty afterwards.
    void moveInto(Postings &into);

private:
    struct Term
    {
        uint64_t hash = 0;
        uint32_t offset = 0; // of its text in m_text
        uint32_t length = 0;
        uint32_t lastEntry = 0; // entry + 1 of its last posting
        std::vector<uint32_t> postings;
    };

    // FNV-1a, for tokens are a few bytes long, then mixed so that every
    // bit of it counts in the low bits that pick a place in the table.
    static uint64_t hashOf(std::string_view token)
    {
        uint64_t hash = 14695981039346656037ull;
        for (const char c : token) {
            hash ^= uint8_t(c);
            hash *= 1099511628211ull;
        }
        hash ^= hash >> 32;
        hash *= 0xd6e8feb86659fd93ull;
        return hash ^ hash >> 32;
    }
    std::string_view textOf(const Term &term) const
    {
        return std::string_view(m_text).substr(term.offset, term.length);
    }
    void grow();

    std::string m_text;            // the terms' text, one after another
    std::vector<Term> m_terms;     // by number
    std::vector<uint32_t> m_table; // term number + 1 where its hash leads; 0: free
};

} // namespace Errata
