#include "models/lookup/TrigramSketch.h"

#include "models/lookup/TrigramFilter.h"

namespace Errata {

TrigramSketch::TrigramSketch(std::string_view text)
{
    for (size_t i = 0; i + 3 <= text.size(); ++i) {
        const uint32_t bit = (TrigramFilter::sequenceAt(text.data() + i) * 2654435761u) >> (32 - 8);
        m_bits[bit >> 6] |= uint64_t(1) << (bit & 63);
    }
}

} // namespace Errata
