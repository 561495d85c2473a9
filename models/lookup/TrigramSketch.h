#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace Errata {

// A quick "certainly not in the text" for a short text such as a signature,
// small enough to make for every candidate of a lookup: its three-byte
// sequences hashed into 256 bits (TrigramFilter is the same for a whole
// pasted log). A needle whose sketch has a bit the text's lacks is not in the
// text; one whose bits are all there may be (a search tells).
class TrigramSketch
{
public:
    TrigramSketch() = default;
    explicit TrigramSketch(std::string_view text);

    // Whether every sequence of the text of `needle` may be in this one's.
    bool mayHold(const TrigramSketch &needle) const
    {
        for (size_t i = 0; i < m_bits.size(); ++i) {
            if (needle.m_bits[i] & ~m_bits[i])
                return false;
        }
        return true;
    }

private:
    std::array<uint64_t, 4> m_bits{};
};

} // namespace Errata
