#include "models/text/DisplayName.h"

#include <QChar>

namespace Errata {

namespace {

const char HexDigits[] = "0123456789ABCDEF";

void appendHex(QString &out, char32_t value, int digits)
{
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
        out += QLatin1Char(HexDigits[(value >> shift) & 0xF]);
}

void appendEscape(QString &out, char32_t c)
{
    if (c <= 0x7F) {
        out += QLatin1String("\\x");
        appendHex(out, c, 2);
    } else if (c <= 0xFFFF) {
        out += QLatin1String("\\u");
        appendHex(out, c, 4);
    } else {
        out += QLatin1String("\\U");
        appendHex(out, c, 8);
    }
}

} // namespace

bool DisplayName::isEscaped(char32_t c)
{
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        return true;
    if (c < 0xA0)
        return false;
    if (c >= 0xD800 && c <= 0xDFFF) // a lone surrogate
        return true;
    switch (QChar::category(c)) {
    case QChar::Other_Format:        // Cf: the bidirectional controls and marks, zero-width characters, U+FEFF…
    case QChar::Separator_Line:      // U+2028
    case QChar::Separator_Paragraph: // U+2029
        return true;
    default: return false;
    }
}

QString DisplayName::escaped(const QString &text, Tabs tabs)
{
    const auto escapes = [tabs](char32_t c) { return c == U'\t' ? tabs == EscapeTabs : isEscaped(c); };
    qsizetype first = 0;
    for (; first < text.size(); ++first) {
        const QChar unit = text.at(first);
        if (unit.isHighSurrogate() && first + 1 < text.size() && text.at(first + 1).isLowSurrogate()) {
            if (escapes(QChar::surrogateToUcs4(unit, text.at(first + 1))))
                break;
            ++first;
        } else if (escapes(unit.unicode())) {
            break;
        }
    }
    if (first == text.size())
        return text;
    QString out = text.left(first);
    out.reserve(text.size() + 16);
    for (qsizetype i = first; i < text.size(); ++i) {
        const QChar unit = text.at(i);
        char32_t c = unit.unicode();
        qsizetype length = 1;
        if (unit.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(unit, text.at(i + 1));
            length = 2;
        }
        if (escapes(c))
            appendEscape(out, c);
        else
            out += QStringView(text).mid(i, length);
        i += length - 1;
    }
    return out;
}

} // namespace Errata
