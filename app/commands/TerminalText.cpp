#include "app/commands/TerminalText.h"

#include <algorithm>

namespace Errata {

namespace {

const char HexDigits[] = "0123456789ABCDEF";

void appendHex(QString &out, unsigned value, int digits)
{
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
        out += QLatin1Char(HexDigits[(value >> shift) & 0xF]);
}

bool isBidiControl(char32_t c)
{
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

} // namespace

QString TerminalText::escaped(const QString &text, Tabs tabs)
{
    const auto needsEscape = [tabs](QChar c) {
        const char16_t u = c.unicode();
        if (u == u'\t')
            return tabs == EscapeTabs;
        return u < 0x20 || (u >= 0x7F && u <= 0x9F) || isBidiControl(u);
    };
    if (std::none_of(text.cbegin(), text.cend(), needsEscape))
        return text;
    QString out;
    out.reserve(text.size() + 16);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!needsEscape(c)) {
            out += c;
        } else if (u <= 0x7F) {
            out += QLatin1String("\\x");
            appendHex(out, u, 2);
        } else {
            out += QLatin1String("\\u");
            appendHex(out, u, 4);
        }
    }
    return out;
}

QByteArray TerminalText::jsonSafe(const QByteArray &json)
{
    QByteArray out;
    out.reserve(json.size());
    for (qsizetype i = 0; i < json.size(); ++i) {
        const auto byte = static_cast<unsigned char>(json.at(i));
        const auto next = i + 1 < json.size() ? static_cast<unsigned char>(json.at(i + 1)) : 0;
        const auto third = i + 2 < json.size() ? static_cast<unsigned char>(json.at(i + 2)) : 0;
        if (byte == 0x7F) {
            out += "\\u007f";
        } else if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) { // U+0080 to U+009F
            out += "\\u00" + QByteArray::number(next, 16);
            ++i;
        } else if (byte == 0xE2 && next == 0x80 && third >= 0xAA && third <= 0xAE) { // U+202A to U+202E
            out += "\\u20" + QByteArray::number(third - 0x80, 16);
            i += 2;
        } else if (byte == 0xE2 && next == 0x81 && third >= 0xA6 && third <= 0xA9) { // U+2066 to U+2069
            out += "\\u20" + QByteArray::number(third - 0x80 + 0x40, 16);
            i += 2;
        } else {
            out += char(byte);
        }
    }
    return out;
}

} // namespace Errata
