#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <string_view>

namespace Errata {

// A quick "certainly not in the text" for many short needles: the hashed
// three-byte sequences of a text in a bit set. A needle whose sequences are
// not all set is not in the text; one whose sequences are all set may be
// (mayContain() then checks the text itself).
class TrigramFilter
{
public:
    explicit TrigramFilter(std::string_view text);

    bool mayContain(std::string_view needle) const;
    bool contains(std::string_view needle) const;
    // Whether the three bytes of `sequence` (sequenceAt()) may be in the text.
    bool mayHold(uint32_t sequence) const { return m_bits->test(hashOf(sequence)); }

    // Three bytes from `at`, the first lowest.
    static uint32_t sequenceAt(const char *at)
    {
        return uint32_t(uint8_t(at[0])) | uint32_t(uint8_t(at[1])) << 8 | uint32_t(uint8_t(at[2])) << 16;
    }

private:
    static constexpr size_t Bits = size_t(1) << 18;
    static size_t hashOf(uint32_t sequence) { return (sequence * 2654435761u) >> (32 - 18); }

    std::string_view m_text;
    std::unique_ptr<std::bitset<Bits>> m_bits;
};

} // namespace Errata
