#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Errata {

// A list of tokens kept as one string of their text and where each lies in
// it: filled again and again (SearchTokenizer for every field of every
// record), it allocates nothing once it has grown to the longest field.
class TokenList
{
public:
    // Inline: called for every token of every record.
    void clear()
    {
        m_text.clear();
        m_spans.clear();
    }
    size_t size() const { return m_spans.size(); }
    std::string_view operator[](size_t i) const
    {
        return std::string_view(m_text).substr(m_spans[i].first, m_spans[i].second);
    }

    void add(std::string_view token)
    {
        m_spans.emplace_back(uint32_t(m_text.size()), uint32_t(token.size()));
        m_text.append(token);
    }
    // ASCII capitals made small, the rest as it is.
    void addLowered(std::string_view token)
    {
        const size_t offset = m_text.size();
        m_spans.emplace_back(uint32_t(offset), uint32_t(token.size()));
        m_text.append(token);
        for (size_t i = offset; i < m_text.size(); ++i) {
            const char c = m_text[i];
            if (c >= 'A' && c <= 'Z') // not <cctype>: its answers depend on the C locale
                m_text[i] = char(c - 'A' + 'a');
        }
    }
    // `first` and `second` as one token.
    void addPair(std::string_view first, std::string_view second);
    void append(const TokenList &other);

private:
    std::string m_text;
    std::vector<std::pair<uint32_t, uint32_t>> m_spans; // offset, length
};

} // namespace Errata
