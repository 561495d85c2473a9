#pragma once

#include "models/lookup/RegexKeys.h"

#include <string>
#include <string_view>
#include <vector>

namespace Errata {

// A regex's keys (RegexKeys::Keys) packed in one string, as each entry of the lookup index keeps them for as long as
// the KB is open: a list of lists of strings costs a vector and its block per alternative and a block per key longer
// than a short string (docs/performance.md, "Memory: peak RSS ≤ 3× the raw JSON"). Each count and length is a LEB128
// number:
//
//   alternatives, then for each: keys, then for each: length, bytes
class PackedRegexKeys
{
public:
    PackedRegexKeys() = default;
    explicit PackedRegexKeys(const RegexKeys::Keys &keys);

    RegexKeys::Keys unpacked() const;
    // Whether `has(key)` holds for every key of some alternative (an
    // alternative without keys: always).
    template<typename Has>
    bool anyAlternative(Has has) const
    {
        size_t at = 0;
        for (size_t alternatives = number(at); alternatives > 0; --alternatives) {
            bool all = true;
            for (size_t keys = number(at); keys > 0; --keys) {
                const size_t length = number(at);
                all = all && has(std::string_view(m_text).substr(at, length));
                at += length;
            }
            if (all)
                return true;
        }
        return false;
    }

    // Calls `each` with the keys of every alternative, in order.
    template<typename Each>
    void eachAlternative(Each each) const
    {
        size_t at = 0;
        std::vector<std::string_view> keys;
        for (size_t alternatives = number(at); alternatives > 0; --alternatives) {
            keys.clear();
            for (size_t count = number(at); count > 0; --count) {
                const size_t length = number(at);
                keys.push_back(std::string_view(m_text).substr(at, length));
                at += length;
            }
            each(keys);
        }
    }

private:
    size_t number(size_t &at) const;
    void append(size_t number);

    std::string m_text;
};

} // namespace Errata
