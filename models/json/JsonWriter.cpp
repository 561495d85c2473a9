#include "models/json/JsonWriter.h"

#include "models/json/OrderedJson.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace Errata {

namespace {

// The length of the valid UTF-8 sequence at `at`, or 0.
size_t sequenceLength(const unsigned char *at, const unsigned char *end)
{
    const unsigned char c = at[0];
    const auto continuation = [&](size_t i) { return at + i < end && (at[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF)
        return continuation(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!continuation(1) || !continuation(2))
            return 0;
        if ((c == 0xE0 && at[1] < 0xA0) || (c == 0xED && at[1] > 0x9F))
            return 0; // overlong, surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!continuation(1) || !continuation(2) || !continuation(3))
            return 0;
        if ((c == 0xF0 && at[1] < 0x90) || (c == 0xF4 && at[1] > 0x8F))
            return 0; // overlong, over U+10FFFF
        return 4;
    }
    return 0;
}

} // namespace

bool JsonWriter::isValidUtf8(std::string_view utf8)
{
    const auto *at = reinterpret_cast<const unsigned char *>(utf8.data());
    const auto *const end = at + utf8.size();
    while (at < end) {
        if (*at < 0x80) {
            ++at;
            continue;
        }
        const size_t length = sequenceLength(at, end);
        if (length == 0)
            return false;
        at += length;
    }
    return true;
}

JsonWriter &JsonWriter::string(std::string_view utf8)
{
    if (!isValidUtf8(utf8)) {
        const std::string dumped =
            OrderedJson(std::string(utf8)).dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
        m_out.append(dumped.data(), qsizetype(dumped.size()));
        return *this;
    }
    m_out += '"';
    const char *from = utf8.data();
    const char *const end = from + utf8.size();
    const char *run = from;
    for (; from < end; ++from) {
        const auto c = static_cast<unsigned char>(*from);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        m_out.append(run, from - run);
        run = from + 1;
        switch (c) {
        case '\b': m_out += "\\b"; break;
        case '\t': m_out += "\\t"; break;
        case '\n': m_out += "\\n"; break;
        case '\f': m_out += "\\f"; break;
        case '\r': m_out += "\\r"; break;
        case '"': m_out += "\\\""; break;
        case '\\': m_out += "\\\\"; break;
        default: {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(c));
            m_out += escaped;
        }
        }
    }
    m_out.append(run, end - run);
    m_out += '"';
    return *this;
}

JsonWriter &JsonWriter::string(QStringView text)
{
    const QByteArray utf8 = text.toUtf8();
    return string(std::string_view(utf8.constData(), size_t(utf8.size())));
}

JsonWriter &JsonWriter::stringOrNull(QStringView text)
{
    return text.isEmpty() ? null() : string(text);
}

JsonWriter &JsonWriter::integer(std::int64_t value)
{
    m_out += QByteArray::number(qlonglong(value));
    return *this;
}

JsonWriter &JsonWriter::real(double value)
{
    if (!std::isfinite(value))
        return null();
    std::array<char, 64> buffer{};
    const char *end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    m_out.append(buffer.data(), end - buffer.data());
    return *this;
}

JsonWriter &JsonWriter::boolean(bool value)
{
    m_out += value ? "true" : "false";
    return *this;
}

JsonWriter &JsonWriter::null()
{
    m_out += "null";
    return *this;
}

JsonWriter &JsonWriter::key(const char *name, bool first)
{
    if (!first)
        m_out += ',';
    string(std::string_view(name));
    m_out += ':';
    return *this;
}

} // namespace Errata
