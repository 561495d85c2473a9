#pragma once

#include "models/json/OrderedJson.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace Errata {

// Parses JSON text into an OrderedJson document like OrderedJson::parse, but moves each object's members into a
// vector of the right size once the object closes: nlohmann's DOM parser grows the vector member by member and copies
// every earlier member whole on each growth (a pair with a const key cannot be moved). Unlike nlohmann's parser, it
// refuses a key written twice in one object (nlohmann keeps the last, so an edit would drop the other silently):
// parse() fails and duplicateKey() names the member. It also refuses a NUL byte after the value, which nlohmann takes
// for the end of the text ("{}\0garbage" would read as "{}").
//
//     if (builder.parse(R"({"b": 1, "b": [true]})"))
//         OrderedJson document = builder.takeDocument();
//     else if (builder.hasDuplicateKey())
//         qWarning() << builder.duplicateKey().to_string().c_str(); // "/b"
class OrderedJsonBuilder : private nlohmann::json_sax<OrderedJson>
{
public:
    // False on malformed text; errorByte() and errorMessage() then say why.
    bool parse(std::string_view text);
    OrderedJson takeDocument() { return std::move(m_document); }

    // 1-based byte offset at which the parser stopped, as in
    // nlohmann::json::parse_error::byte.
    std::size_t errorByte() const { return m_errorByte; }
    // nlohmann's message: "[json.exception.parse_error.101] parse error at ...".
    const std::string &errorMessage() const { return m_errorMessage; }
    // Whether parse() failed on a key written twice in one object, and the
    // pointer of that member ("/dead_ends/0/action"): the object's pointer
    // and the key. The text is otherwise read only up to the second key.
    bool hasDuplicateKey() const { return m_duplicate; }
    const OrderedJson::json_pointer &duplicateKey() const { return m_duplicateKey; }

private:
    using Member = std::pair<std::string, OrderedJson>;
    struct Frame
    {
        bool isObject = false;
        OrderedJson array;           // when !isObject
        std::vector<Member> members; // when isObject
        std::string key;             // the key of the member being read
        // The keys of a large object, to find a repeated one in constant
        // time; a small one is searched along `members`.
        std::unordered_set<std::string> keys;

        bool hasKey(const std::string &key);
    };

    // Objects up to this many members are searched for a repeated key one
    // member after the other.
    static constexpr std::size_t LinearKeySearch = 32;

    bool add(OrderedJson &&value);
    OrderedJson::json_pointer pointerOf(const std::string &key) const;
    static OrderedJson toObject(std::vector<Member> &&members);

    bool null() override;
    bool boolean(bool value) override;
    bool number_integer(number_integer_t value) override;
    bool number_unsigned(number_unsigned_t value) override;
    bool number_float(number_float_t value, const string_t &text) override;
    bool string(string_t &value) override;
    bool binary(binary_t &value) override;
    bool start_object(std::size_t) override;
    bool key(string_t &key) override;
    bool end_object() override;
    bool start_array(std::size_t) override;
    bool end_array() override;
    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &error) override;

    std::vector<Frame> m_stack;
    OrderedJson m_document;
    std::size_t m_errorByte = 0;
    std::string m_errorMessage;
    bool m_duplicate = false;
    OrderedJson::json_pointer m_duplicateKey;
};

} // namespace Errata
