#pragma once

#include <bitset>
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

private:
    static constexpr size_t Bits = size_t(1) << 18;
    static size_t hashOf(const char *at);

    std::string_view m_text;
    std::unique_ptr<std::bitset<Bits>> m_bits;
};

} // namespace Errata
