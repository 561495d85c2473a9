#include "models/util/LongWords.h"

namespace Errata {

namespace {

// A place where the layout may already break a line: any white space, and
// the zero-width space itself.
bool isBreak(QChar c)
{
    return c.isSpace() || c == LongWords::ZeroWidthSpace;
}

// Appends `c` to `out` after a zero-width space when it would make the
// current run (`*run` characters so far) longer than `limit`; never between
// the two halves of a surrogate pair.
void appendBreaking(QChar c, qsizetype limit, qsizetype *run, QString *out)
{
    if (*run >= limit && !isBreak(c) && !c.isLowSurrogate()) {
        *out += LongWords::ZeroWidthSpace;
        *run = 0;
    }
    *out += c;
    *run = isBreak(c) ? 0 : *run + 1;
}

} // namespace

qsizetype LongWords::longestRun(const QString &text)
{
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = isBreak(c) ? 0 : run + 1;
        longest = std::max(longest, run);
    }
    return longest;
}

bool LongWords::hasRunOver(const QString &text, qsizetype limit)
{
    qsizetype run = 0;
    for (const QChar c : text) {
        run = isBreak(c) ? 0 : run + 1;
        if (run > limit)
            return true;
    }
    return false;
}

QString LongWords::breakable(const QString &text, qsizetype limit)
{
    if (limit <= 0 || !hasRunOver(text, limit))
        return text;
    QString out;
    out.reserve(text.size() + text.size() / limit + 1);
    qsizetype run = 0;
    for (const QChar c : text)
        appendBreaking(c, limit, &run, &out);
    return out;
}

namespace {

// Copies what starts at `html[*i]` and is not text (a tag, a reference, a
// style block) to `out`; false when `html[*i]` is text.
bool copyMarkup(const QString &html, qsizetype *i, QString *out)
{
    const QChar c = html.at(*i);
    if (c != QLatin1Char('<') && c != QLatin1Char('&'))
        return false;
    const bool style = html.mid(*i, 6).compare(QLatin1String("<style"), Qt::CaseInsensitive) == 0;
    const QString close = style ? QStringLiteral("</style>")
        : c == QLatin1Char('<') ? QStringLiteral(">")
                                : QStringLiteral(";");
    qsizetype end = html.indexOf(close, *i + 1, Qt::CaseInsensitive);
    end = end < 0 ? html.size() : end + close.size();
    if (c == QLatin1Char('&') && end - *i > 12)
        end = *i + 1; // a lone "&", not a reference
    out->append(QStringView(html).mid(*i, end - *i));
    *i = end;
    return true;
}

} // namespace

QString LongWords::breakableHtml(const QString &html, qsizetype limit)
{
    if (limit <= 0 || !hasRunOver(html, limit))
        return html;
    QString out;
    out.reserve(html.size() + html.size() / limit + 1);
    qsizetype run = 0;
    for (qsizetype i = 0; i < html.size();) {
        const bool reference = html.at(i) == QLatin1Char('&');
        if (reference && run >= limit) {
            out += ZeroWidthSpace;
            run = 0;
        }
        if (copyMarkup(html, &i, &out)) {
            run += reference ? 1 : 0; // a run goes on through a tag (<b>, <a>)
            continue;
        }
        appendBreaking(html.at(i++), limit, &run, &out);
    }
    return out;
}

} // namespace Errata
