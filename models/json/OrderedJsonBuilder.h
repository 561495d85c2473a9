#pragma once

#include "json/OrderedJson.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Errata {

// Parses JSON text into an OrderedJson document, as OrderedJson::parse
// does, but without its cost on objects: nlohmann's DOM parser inserts each
// member into the object's vector as the member is read, and when that
// vector grows it copies every earlier member whole (a pair with a const key
// cannot be moved), so a record's top-level object of thirty members is
// deep-copied several times over. Here an object's members are gathered
// first and moved into a vector of the right size once the object closes.
// Duplicate keys keep nlohmann's behaviour: the last value wins, at the
// position of the first.
//
// Example:
//     OrderedJsonBuilder builder;
//     if (!builder.parse(R"({"b": 1, "a": [true]})"))
//         qWarning() << builder.errorByte() << builder.errorMessage().c_str();
//     OrderedJson document = builder.takeDocument();
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

private:
    using Member = std::pair<std::string, OrderedJson>;
    struct Frame
    {
        bool isObject = false;
        OrderedJson array;           // when !isObject
        std::vector<Member> members; // when isObject
        std::string key;             // the key of the member being read
    };

    bool add(OrderedJson &&value);
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
};

} // namespace Errata
