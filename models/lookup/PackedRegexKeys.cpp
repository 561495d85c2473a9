#include "models/lookup/PackedRegexKeys.h"

namespace Errata {

PackedRegexKeys::PackedRegexKeys(const RegexKeys::Keys &keys)
{
    append(keys.size());
    for (const std::vector<std::string> &alternative : keys) {
        append(alternative.size());
        for (const std::string &key : alternative) {
            append(key.size());
            m_text += key;
        }
    }
    m_text.shrink_to_fit(); // kept as long as the KB: no room to grow
}

RegexKeys::Keys PackedRegexKeys::unpacked() const
{
    RegexKeys::Keys keys;
    size_t at = 0;
    keys.resize(number(at));
    for (std::vector<std::string> &alternative : keys) {
        alternative.resize(number(at));
        for (std::string &key : alternative) {
            const size_t length = number(at);
            key = m_text.substr(at, length);
            at += length;
        }
    }
    return keys;
}

// Seven bits a byte, the lowest first; the top bit says that more follow.
// Past the end (a default-made list) it reads 0.
size_t PackedRegexKeys::number(size_t &at) const
{
    size_t value = 0;
    for (int shift = 0; at < m_text.size(); shift += 7) {
        const auto byte = static_cast<unsigned char>(m_text[at++]);
        value |= size_t(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            break;
    }
    return value;
}

void PackedRegexKeys::append(size_t number)
{
    do {
        const auto low = static_cast<unsigned char>(number & 0x7F);
        number >>= 7;
        m_text += char(number ? low | 0x80 : low);
    } while (number);
}

} // namespace Errata
