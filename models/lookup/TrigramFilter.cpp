#include "models/lookup/TrigramFilter.h"

namespace Errata {

TrigramFilter::TrigramFilter(std::string_view text)
    : m_text(text)
    , m_bits(std::make_unique<std::bitset<Bits>>())
{
    for (size_t i = 0; i + 3 <= text.size(); ++i)
        m_bits->set(hashOf(sequenceAt(text.data() + i)));
}

bool TrigramFilter::mayContain(std::string_view needle) const
{
    if (needle.size() < 3)
        return true;
    for (size_t i = 0; i + 3 <= needle.size(); ++i) {
        if (!mayHold(sequenceAt(needle.data() + i)))
            return false;
    }
    return true;
}

bool TrigramFilter::contains(std::string_view needle) const
{
    return mayContain(needle) && m_text.find(needle) != std::string_view::npos;
}

} // namespace Errata
