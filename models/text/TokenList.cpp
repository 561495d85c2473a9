#include "models/text/TokenList.h"

namespace Errata {

void TokenList::addPair(std::string_view first, std::string_view second)
{
    m_spans.emplace_back(uint32_t(m_text.size()), uint32_t(first.size() + second.size()));
    m_text.append(first).append(second);
}

void TokenList::append(const TokenList &other)
{
    const auto shift = uint32_t(m_text.size());
    m_text.append(other.m_text);
    for (const auto &[offset, length] : other.m_spans)
        m_spans.emplace_back(offset + shift, length);
}

} // namespace Errata
