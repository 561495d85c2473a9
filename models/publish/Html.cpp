#include "models/publish/Html.h"

#include <QUrl>

namespace Errata {

namespace {

QString codePoint(char32_t c)
{
    return QStringLiteral("U+") + QString::number(uint(c), 16).toUpper().rightJustified(4, QLatin1Char('0'));
}

// Calls out(c, unitsOfC) for every code point of `value`, a lone surrogate
// as itself.
template<typename Out>
void forEachCodePoint(QStringView value, Out out)
{
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar unit = value[i];
        if (unit.isHighSurrogate() && i + 1 < value.size() && value[i + 1].isLowSurrogate()) {
            out(QChar::surrogateToUcs4(unit, value[i + 1]), value.mid(i, 2));
            ++i;
        } else {
            out(char32_t(unit.unicode()), value.mid(i, 1));
        }
    }
}

} // namespace

bool Html::isHidden(char32_t c)
{
    if (c == U'\t' || c == U'\n')
        return false;
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        return true;
    if (c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
        return true;
    if (c == 0x2028 || c == 0x2029 || c == 0xFEFF)
        return true;
    if (c >= 0xD800 && c <= 0xDFFF)
        return true;
    return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

QString Html::text(QStringView value)
{
    QString out;
    out.reserve(value.size() + value.size() / 8);
    forEachCodePoint(value, [&out](char32_t c, QStringView units) {
        switch (c) {
        case U'&': out += QLatin1String("&amp;"); return;
        case U'<': out += QLatin1String("&lt;"); return;
        case U'>': out += QLatin1String("&gt;"); return;
        default: break;
        }
        if (isHidden(c))
            out += QStringLiteral("<span class=\"cc\">") + codePoint(c) + QStringLiteral("</span>");
        else
            out += units;
    });
    return out;
}

QString Html::attribute(QStringView value)
{
    QString out;
    out.reserve(value.size() + value.size() / 8);
    forEachCodePoint(value, [&out](char32_t c, QStringView units) {
        switch (c) {
        case U'&': out += QLatin1String("&amp;"); return;
        case U'<': out += QLatin1String("&lt;"); return;
        case U'>': out += QLatin1String("&gt;"); return;
        case U'"': out += QLatin1String("&quot;"); return;
        case U'\'': out += QLatin1String("&#39;"); return;
        default: break;
        }
        if (isHidden(c) || c == U'\t' || c == U'\n')
            out += codePoint(c);
        else
            out += units;
    });
    return out;
}

bool Html::isSafeUrl(const QString &url)
{
    if (url.size() > 8192 || url.trimmed() != url)
        return false;
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.host().isEmpty())
        return false;
    const QString scheme = parsed.scheme();
    return scheme == QLatin1String("http") || scheme == QLatin1String("https");
}

QString Html::link(const QString &url, const QString &labelHtml)
{
    if (!isSafeUrl(url))
        return labelHtml;
    const QString href = QString::fromLatin1(QUrl(url, QUrl::StrictMode).toEncoded(QUrl::FullyEncoded));
    return QStringLiteral("<a href=\"") + attribute(href) + QStringLiteral("\" rel=\"noopener noreferrer nofollow\">")
        + labelHtml + QStringLiteral("</a>");
}

QByteArray Html::json(const OrderedJson &value)
{
    const std::string dumped = value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
    return scriptSafe(QByteArray(dumped.data(), qsizetype(dumped.size())));
}

namespace {

bool isLineSeparator(const char *at, const char *end)
{
    return end - at > 2 && at[0] == '\xE2' && at[1] == '\x80' && (at[2] == '\xA8' || at[2] == '\xA9');
}

bool needsEscape(const char *at, const char *end)
{
    return *at == '<' || *at == '>' || *at == '&' || isLineSeparator(at, end);
}

} // namespace

QByteArray Html::scriptSafe(QByteArray json)
{
    const char *const begin = json.constData();
    const char *const end = begin + json.size();
    const char *at = begin;
    while (at < end && !needsEscape(at, end))
        ++at;
    if (at == end)
        return json;
    QByteArray out;
    out.reserve(json.size() + json.size() / 32);
    const char *run = begin;
    for (; at < end; ++at) {
        if (!needsEscape(at, end))
            continue;
        out.append(run, at - run);
        if (*at == '<')
            out += "\\u003c";
        else if (*at == '>')
            out += "\\u003e";
        else if (*at == '&')
            out += "\\u0026";
        else {
            out += at[2] == '\xA8' ? "\\u2028" : "\\u2029";
            at += 2;
        }
        run = at + 1;
    }
    out.append(run, end - run);
    return out;
}

QByteArray Html::scriptData(const char *global, const OrderedJson &value)
{
    return QByteArray("self.") + global + " = " + json(value) + ";\n";
}

QByteArray Html::scriptText(const char *global, const QByteArray &json)
{
    return QByteArray("self.") + global + " = " + scriptSafe(json) + ";\n";
}

} // namespace Errata
