#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <string_view>

namespace Errata {

// JSON text written piece by piece, byte for byte as nlohmann's dump()
// (compact, UTF-8 kept, invalid UTF-8 as U+FFFD) writes the same values:
// for documents too large to build as OrderedJson first (a tree of millions
// of small values costs far more than its text). The caller writes the
// brackets, commas and colons.
class JsonWriter
{
public:
    explicit JsonWriter(QByteArray &out)
        : m_out(out)
    {
    }

    // A string, escaped as nlohmann escapes it.
    JsonWriter &string(std::string_view utf8);
    JsonWriter &string(QStringView text);
    // `text`, or null when it is empty.
    JsonWriter &stringOrNull(QStringView text);
    // Integers as digits; a double as the shortest text that reads back as
    // it (1.0 as "1.0"), null when it is not finite.
    JsonWriter &integer(std::int64_t value);
    JsonWriter &real(double value);
    JsonWriter &boolean(bool value);
    JsonWriter &null();
    // Punctuation or any text already JSON.
    JsonWriter &raw(char c)
    {
        m_out += c;
        return *this;
    }
    JsonWriter &raw(const char *text)
    {
        m_out += text;
        return *this;
    }
    JsonWriter &raw(const QByteArray &text)
    {
        m_out += text;
        return *this;
    }
    // ,"key": (without the comma for the first key of an object).
    JsonWriter &key(const char *name, bool first = false);

    // Whether `utf8` is valid UTF-8 as nlohmann's decoder reads it (no
    // surrogates, no overlong forms, nothing over U+10FFFF).
    static bool isValidUtf8(std::string_view utf8);

private:
    QByteArray &m_out;
};

} // namespace Errata
