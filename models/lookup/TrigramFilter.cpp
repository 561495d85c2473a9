#include "models/lookup/TrigramFilter.h"

#include <cstdint>

namespace Errata {

size_t TrigramFilter::hashOf(const char *at)
{
    const uint32_t value = uint32_t(uint8_t(at[0])) | uint32_t(uint8_t(at[1])) << 8 | uint32_t(uint8_t(at[2])) << 16;
    return (value * 2654435761u) >> (32 - 18);
}

TrigramFilter::TrigramFilter(std::string_view text)
    : m_text(text)
    , m_bits(std::make_unique<std::bitset<Bits>>())
{
    for (size_t i = 0; i + 3 <= text.size(); ++i)
        m_bits->set(hashOf(text.data() + i));
}

bool TrigramFilter::mayContain(std::string_view needle) const
{
    if (needle.size() < 3)
        return true;
    for (size_t i = 0; i + 3 <= needle.size(); ++i) {
        if (!m_bits->test(hashOf(needle.data() + i)))
            return false;
    }
    return true;
}

bool TrigramFilter::contains(std::string_view needle) const
{
    return mayContain(needle) && m_text.find(needle) != std::string_view::npos;
}

} // namespace Errata
