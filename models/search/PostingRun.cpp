#include "search/PostingRun.h"

#include <utility>

namespace Errata {

void PostingRun::add(uint32_t entry, std::string &&token, uint32_t field)
{
    const auto [it, fresh] = m_termOf.try_emplace(std::move(token), uint32_t(m_postings.size()));
    if (fresh) {
        m_postings.emplace_back();
        m_lastEntry.push_back(0);
    }
    const uint32_t term = it->second;
    if (m_lastEntry[term] == entry + 1)
        return; // met already in this entry, in a field as good or better
    m_lastEntry[term] = entry + 1;
    m_postings[term].push_back(entry << 2 | field);
}

void PostingRun::moveInto(Postings &into)
{
    while (!m_termOf.empty()) { // node by node: the text is moved, not copied
        auto node = m_termOf.extract(m_termOf.begin());
        std::vector<uint32_t> &postings = m_postings[node.mapped()];
        const auto [it, fresh] = into.try_emplace(std::move(node.key()));
        if (fresh)
            it->second = std::move(postings);
        else
            it->second.insert(it->second.end(), postings.begin(), postings.end());
    }
    m_postings.clear();
    m_lastEntry.clear();
}

} // namespace Errata
