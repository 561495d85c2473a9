#pragma once

#include "models/json/OrderedJson.h"

#include <string>
#include <string_view>
#include <vector>

namespace Errata {

// Numbers whose written form the JSON library would not reproduce: "0.50"
// dumps as "0.5", "1e-3" as "0.001", the integer "-0" as "0". The spellings are collected from the
// text (a SAX pass, run only when the text may hold such a number) and put
// back when a changed document is serialised, for every number that still
// holds its original value.
class NumberSpellings : private nlohmann::json_sax<OrderedJson>
{
public:
    // Replaces what was collected with the spellings found in `text`.
    void collect(std::string_view text);
    bool isEmpty() const { return m_found.empty(); }

    // Serialises `document` with dump(2), restoring the collected spellings.
    std::string dump(const OrderedJson &document) const;
    // Keeps the spellings in step when the array item `item` ("/k/0") is
    // removed: those inside it are dropped, those of later items move up.
    void removeArrayItem(const OrderedJson::json_pointer &item);

private:
    struct Spelling
    {
        OrderedJson::json_pointer pointer;
        double value = 0;
        std::string text;
        bool negativeZero = false; // the integer "-0", which the document holds as a signed 0
    };
    struct Level
    {
        bool isArray = false;
        std::size_t index = 0;
        std::string key;
    };

    static bool mayHoldOddNumber(std::string_view text);
    static bool holds(const OrderedJson &value, const Spelling &spelling);
    static std::string marker(std::size_t index);
    OrderedJson::json_pointer currentPointer() const;
    void enterValue();

    bool null() override;
    bool boolean(bool) override;
    bool number_integer(number_integer_t value) override;
    bool number_unsigned(number_unsigned_t) override;
    bool number_float(number_float_t value, const string_t &text) override;
    bool string(string_t &) override;
    bool binary(binary_t &) override;
    bool start_object(std::size_t) override;
    bool key(string_t &key) override;
    bool end_object() override;
    bool start_array(std::size_t) override;
    bool end_array() override;
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override;

    std::vector<Spelling> m_found;
    std::vector<Level> m_levels;
};

} // namespace Errata
