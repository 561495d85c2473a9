#include "models/json/OrderedJsonBuilder.h"

#include <algorithm>

namespace Errata {

bool OrderedJsonBuilder::parse(std::string_view text)
{
    m_stack.clear();
    m_document = OrderedJson();
    m_errorByte = 0;
    m_errorMessage.clear();
    m_duplicate = false;
    m_duplicateKey = OrderedJson::json_pointer();
    nlohmann::json_sax<OrderedJson> *handler = this;
    bool ok = OrderedJson::sax_parse(text.begin(), text.end(), handler);
    m_stack.clear();
    // nlohmann's lexer takes a NUL byte for the end of the input (for C
    // strings), so "{}\0anything" would read as "{}". Inside a string a NUL
    // is refused already; anywhere else JSON does not allow one either.
    const std::size_t nul = text.find('\0');
    if (ok && nul != std::string_view::npos) {
        m_errorByte = nul + 1;
        m_errorMessage = "[json.exception.parse_error.101] parse error: "
                         "syntax error - unexpected NUL byte after the JSON value";
        ok = false;
    }
    if (!ok)
        m_document = OrderedJson();
    return ok;
}

// Puts a finished value into the container being read, or makes it the
// document when there is none.
bool OrderedJsonBuilder::add(OrderedJson &&value)
{
    if (m_stack.empty()) {
        m_document = std::move(value);
        return true;
    }
    Frame &frame = m_stack.back();
    if (frame.isObject)
        frame.members.emplace_back(std::move(frame.key), std::move(value));
    else
        frame.array.get_ref<OrderedJson::array_t &>().push_back(std::move(value));
    return true;
}

// The members' keys are distinct: key() refused a repeated one.
OrderedJson OrderedJsonBuilder::toObject(std::vector<Member> &&members)
{
    OrderedJson object(OrderedJson::value_t::object);
    auto &map = object.get_ref<OrderedJson::object_t &>();
    auto &vector = static_cast<OrderedJson::object_t::Container &>(map);
    vector.reserve(members.size());
    for (Member &member : members)
        vector.emplace_back(std::move(member.first), std::move(member.second));
    return object;
}

bool OrderedJsonBuilder::Frame::hasKey(const std::string &key)
{
    if (members.size() < LinearKeySearch)
        return std::any_of(members.begin(), members.end(),
                           [&key](const Member &member) { return member.first == key; });
    if (keys.empty()) {
        for (const Member &member : members)
            keys.insert(member.first);
    }
    return !keys.insert(key).second;
}

// The pointer of member `key` of the innermost object: each enclosing
// container adds the key or the index of the value being read in it.
OrderedJson::json_pointer OrderedJsonBuilder::pointerOf(const std::string &key) const
{
    OrderedJson::json_pointer pointer;
    for (std::size_t i = 0; i + 1 < m_stack.size(); ++i) {
        const Frame &frame = m_stack[i];
        pointer /= frame.isObject ? frame.key : std::to_string(frame.array.size());
    }
    return pointer / key;
}

bool OrderedJsonBuilder::null()
{
    return add(OrderedJson());
}

bool OrderedJsonBuilder::boolean(bool value)
{
    return add(OrderedJson(value));
}

bool OrderedJsonBuilder::number_integer(number_integer_t value)
{
    return add(OrderedJson(value));
}

bool OrderedJsonBuilder::number_unsigned(number_unsigned_t value)
{
    return add(OrderedJson(value));
}

bool OrderedJsonBuilder::number_float(number_float_t value, const string_t &)
{
    return add(OrderedJson(value));
}

// Copied, not moved: the lexer's buffer has grown by doubling, so a moved
// string would keep up to twice the memory it needs (and the lexer would
// grow a new buffer for the next string).
bool OrderedJsonBuilder::string(string_t &value)
{
    return add(OrderedJson(value));
}

bool OrderedJsonBuilder::binary(binary_t &value)
{
    return add(OrderedJson::binary(std::move(value)));
}

bool OrderedJsonBuilder::start_object(std::size_t)
{
    m_stack.emplace_back();
    m_stack.back().isObject = true;
    return true;
}

// Stops the parse at the second occurrence of a key in one object.
bool OrderedJsonBuilder::key(string_t &key)
{
    Frame &frame = m_stack.back();
    if (frame.hasKey(key)) {
        m_duplicate = true;
        m_duplicateKey = pointerOf(key);
        m_errorMessage = "duplicate key";
        return false;
    }
    frame.key = key;
    return true;
}

bool OrderedJsonBuilder::end_object()
{
    OrderedJson object = toObject(std::move(m_stack.back().members));
    m_stack.pop_back();
    return add(std::move(object));
}

bool OrderedJsonBuilder::start_array(std::size_t)
{
    m_stack.emplace_back();
    m_stack.back().array = OrderedJson::array();
    return true;
}

bool OrderedJsonBuilder::end_array()
{
    OrderedJson array = std::move(m_stack.back().array);
    m_stack.pop_back();
    return add(std::move(array));
}

bool OrderedJsonBuilder::parse_error(std::size_t position, const std::string &,
                                     const nlohmann::detail::exception &error)
{
    m_errorByte = position;
    m_errorMessage = error.what();
    return false;
}

} // namespace Errata
