#include "models/json/NumberSpellings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>

namespace Errata {

namespace {

bool isNumberChar(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

// A run such as "1e-3", "0.50", "-0" or a 16-digit figure may be respelled.
bool isOddRun(std::string_view run)
{
    int digits = 0;
    bool dot = false;
    for (char c : run) {
        if (c == 'e' || c == 'E')
            return true;
        dot = dot || c == '.';
        digits += std::isdigit(static_cast<unsigned char>(c)) ? 1 : 0;
    }
    return (dot && run.back() == '0') || digits >= 16 || run == "-0";
}

} // namespace

// Whether `value` still holds the number that was spelled so: the same
// value and sign (0.0 == -0.0, but "-0.00" must not come back for 0.0).
bool NumberSpellings::holds(const OrderedJson &value, const Spelling &spelling)
{
    if (spelling.negativeZero)
        return value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() == 0;
    return value.is_number_float() && value.get<double>() == spelling.value
        && std::signbit(value.get<double>()) == std::signbit(spelling.value);
}

// Looks at the number tokens outside strings only, so that text such as
// "torch 2.0" or "lr=1e-4" inside a string does not trigger the SAX pass.
bool NumberSpellings::mayHoldOddNumber(std::string_view text)
{
    bool inString = false;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (inString) {
            i += c == '\\' ? 2 : 1;
            inString = c != '"';
            continue;
        }
        if (c == '"') {
            inString = true;
            ++i;
            continue;
        }
        if (!isNumberChar(c)) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < text.size() && isNumberChar(text[i]))
            ++i;
        if (isOddRun(text.substr(start, i - start)))
            return true;
    }
    return false;
}

void NumberSpellings::collect(std::string_view text)
{
    m_found.clear();
    m_levels.clear();
    if (!mayHoldOddNumber(text))
        return;
    nlohmann::json_sax<OrderedJson> *handler = this;
    if (!OrderedJson::sax_parse(text.begin(), text.end(), handler))
        m_found.clear();
}

std::string NumberSpellings::marker(std::size_t index)
{
    return "\x01"
           "errata-number-"
        + std::to_string(index) + "\x01";
}

std::string NumberSpellings::dump(const OrderedJson &document) const
{
    const auto plain = [&] { return document.dump(2, ' ', false, OrderedJson::error_handler_t::strict); };
    if (m_found.empty())
        return plain();
    OrderedJson marked = document;
    std::vector<std::size_t> used;
    for (std::size_t i = 0; i < m_found.size(); ++i) {
        const Spelling &spelling = m_found[i];
        if (!marked.contains(spelling.pointer))
            continue;
        OrderedJson &value = marked[spelling.pointer];
        if (!holds(value, spelling))
            continue;
        value = marker(i);
        used.push_back(i);
    }
    std::string text = marked.dump(2, ' ', false, OrderedJson::error_handler_t::strict);
    for (std::size_t i : used) {
        const std::string quoted = OrderedJson(marker(i)).dump();
        const std::size_t at = text.find(quoted);
        if (at == std::string::npos || text.find(quoted, at + 1) != std::string::npos)
            return plain(); // a string in the record looks like a marker: do not guess
        text.replace(at, quoted.size(), m_found[i].text);
    }
    return text;
}

void NumberSpellings::removeArrayItem(const OrderedJson::json_pointer &item)
{
    const std::string array = item.parent_pointer().to_string() + '/';
    const std::size_t removed = std::stoul(item.back());
    std::vector<Spelling> kept;
    for (Spelling &spelling : m_found) {
        const std::string path = spelling.pointer.to_string();
        const bool under = path.compare(0, array.size(), array) == 0;
        const std::size_t end = under ? std::min(path.find('/', array.size()), path.size()) : 0;
        const std::string index = under ? path.substr(array.size(), end - array.size()) : std::string();
        if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos) {
            kept.push_back(spelling);
        } else if (std::stoul(index) != removed) {
            const std::size_t moved = std::stoul(index) - (std::stoul(index) > removed ? 1 : 0);
            spelling.pointer = OrderedJson::json_pointer(array + std::to_string(moved) + path.substr(end));
            kept.push_back(spelling);
        }
    }
    m_found = kept;
}

OrderedJson::json_pointer NumberSpellings::currentPointer() const
{
    OrderedJson::json_pointer pointer;
    for (const Level &level : m_levels)
        pointer /= level.isArray ? std::to_string(level.index - 1) : level.key;
    return pointer;
}

// Called before every value: inside an array, the value takes the next index.
void NumberSpellings::enterValue()
{
    if (!m_levels.empty() && m_levels.back().isArray)
        ++m_levels.back().index;
}

bool NumberSpellings::null()
{
    enterValue();
    return true;
}

bool NumberSpellings::boolean(bool)
{
    enterValue();
    return true;
}

// Only "-0" reads as a signed 0 (a number without a minus sign reads as
// unsigned), and it would be written "0".
bool NumberSpellings::number_integer(number_integer_t value)
{
    enterValue();
    if (value == 0)
        m_found.push_back({currentPointer(), 0, "-0", true});
    return true;
}

bool NumberSpellings::number_unsigned(number_unsigned_t)
{
    enterValue();
    return true;
}

bool NumberSpellings::number_float(number_float_t value, const string_t &text)
{
    enterValue();
    if (OrderedJson(value).dump() != text)
        m_found.push_back({currentPointer(), value, text});
    return true;
}

bool NumberSpellings::string(string_t &)
{
    enterValue();
    return true;
}

bool NumberSpellings::binary(binary_t &)
{
    enterValue();
    return true;
}

bool NumberSpellings::start_object(std::size_t)
{
    enterValue();
    m_levels.push_back({false, 0, {}});
    return true;
}

bool NumberSpellings::key(string_t &key)
{
    m_levels.back().key = key;
    return true;
}

bool NumberSpellings::end_object()
{
    m_levels.pop_back();
    return true;
}

bool NumberSpellings::start_array(std::size_t)
{
    enterValue();
    m_levels.push_back({true, 0, {}});
    return true;
}

bool NumberSpellings::end_array()
{
    m_levels.pop_back();
    return true;
}

bool NumberSpellings::parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &)
{
    return false;
}

} // namespace Errata
