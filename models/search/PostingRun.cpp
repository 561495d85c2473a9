#include "models/search/PostingRun.h"

#include <utility>

namespace Errata {

// Twice the room, so that at most half the table is taken; the terms find
// their places again from their kept hashes.
void PostingRun::grow()
{
    constexpr size_t First = 4096;
    m_table.assign(m_table.empty() ? First : m_table.size() * 2, 0);
    const size_t mask = m_table.size() - 1;
    for (size_t term = 0; term < m_terms.size(); ++term) {
        size_t at = m_terms[term].hash & mask;
        while (m_table[at] != 0)
            at = (at + 1) & mask;
        m_table[at] = uint32_t(term + 1);
    }
}

void PostingRun::add(uint32_t entry, std::string_view token, uint32_t field)
{
    if ((m_terms.size() + 1) * 2 > m_table.size())
        grow();
    const uint64_t hash = hashOf(token);
    const size_t mask = m_table.size() - 1;
    size_t at = hash & mask;
    Term *term = nullptr;
    for (; m_table[at] != 0; at = (at + 1) & mask) {
        Term &held = m_terms[m_table[at] - 1];
        if (held.hash == hash && textOf(held) == token) {
            term = &held;
            break;
        }
    }
    if (!term) {
        m_table[at] = uint32_t(m_terms.size() + 1);
        term = &m_terms.emplace_back(Term{hash, uint32_t(m_text.size()), uint32_t(token.size()), 0, {}});
        m_text.append(token);
    }
    if (term->lastEntry == entry + 1)
        return; // met already in this entry, in a field as good or better
    term->lastEntry = entry + 1;
    term->postings.push_back(entry << 2 | field);
}

void PostingRun::moveInto(Postings &into)
{
    for (Term &term : m_terms) {
        const auto [it, fresh] = into.try_emplace(std::string(textOf(term)));
        if (fresh)
            it->second = std::move(term.postings);
        else
            it->second.insert(it->second.end(), term.postings.begin(), term.postings.end());
    }
    m_text.clear();
    m_terms.clear();
    m_table.clear();
}

} // namespace Errata
