#include "json/OrderedJsonBuilder.h"

namespace Errata {

bool OrderedJsonBuilder::parse(std::string_view text)
{
    m_stack.clear();
    m_document = OrderedJson();
    m_errorByte = 0;
    m_errorMessage.clear();
    nlohmann::json_sax<OrderedJson> *handler = this;
    const bool ok = OrderedJson::sax_parse(text.begin(), text.end(), handler);
    m_stack.clear();
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

OrderedJson OrderedJsonBuilder::toObject(std::vector<Member> &&members)
{
    OrderedJson object(OrderedJson::value_t::object);
    auto &map = object.get_ref<OrderedJson::object_t &>();
    auto &vector = static_cast<OrderedJson::object_t::Container &>(map);
    vector.reserve(members.size());
    for (Member &member : members) {
        const auto existing = map.find(member.first);
        if (existing != map.end())
            existing->second = std::move(member.second);
        else
            vector.emplace_back(std::move(member.first), std::move(member.second));
    }
    return object;
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

bool OrderedJsonBuilder::key(string_t &key)
{
    m_stack.back().key = key;
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
