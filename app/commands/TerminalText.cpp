#include "app/commands/TerminalText.h"

#include "models/text/DisplayName.h"

namespace Errata {

namespace {

const char HexDigits[] = "0123456789abcdef";

void appendJsonEscape(QByteArray &out, unsigned unit)
{
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += HexDigits[(unit >> shift) & 0xF];
}

// The length of the UTF-8 sequence that starts with `lead` (1 for a byte that starts none).
int sequenceLength(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    if (lead >= 0xE0)
        return lead <= 0xEF ? 3 : 1;
    return lead >= 0xC2 ? 2 : 1;
}

// The character of the sequence at `at`, or 0 when it is not one.
char32_t decode(const QByteArray &bytes, qsizetype at, int length)
{
    if (length == 1 || at + length > bytes.size())
        return 0;
    static const unsigned char leadMask[] = {0, 0, 0x1F, 0x0F, 0x07};
    char32_t c = static_cast<unsigned char>(bytes.at(at)) & leadMask[length];
    for (int i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(bytes.at(at + i));
        if ((byte & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (byte & 0x3F);
    }
    return c;
}

} // namespace

QString TerminalText::escaped(const QString &text, Tabs tabs)
{
    return DisplayName::escaped(text, tabs == KeepTabs ? DisplayName::KeepTabs : DisplayName::EscapeTabs);
}

QByteArray TerminalText::jsonSafe(const QByteArray &json)
{
    QByteArray out;
    out.reserve(json.size());
    for (qsizetype i = 0; i < json.size();) {
        const auto byte = static_cast<unsigned char>(json.at(i));
        if (byte == 0x7F) {
            out += "\\u007f";
            ++i;
            continue;
        }
        const int length = sequenceLength(byte);
        const char32_t c = decode(json, i, length);
        if (c != 0 && DisplayName::isEscaped(c)) {
            if (c > 0xFFFF) { // as a surrogate pair
                appendJsonEscape(out, 0xD800 + ((c - 0x10000) >> 10));
                appendJsonEscape(out, 0xDC00 + ((c - 0x10000) & 0x3FF));
            } else {
                appendJsonEscape(out, c);
            }
            i += length;
        } else {
            out += char(byte);
            ++i;
        }
    }
    return out;
}

} // namespace Errata
