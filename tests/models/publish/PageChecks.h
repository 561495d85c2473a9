#pragma once

// Structural checks every published page passes, for the tests of the
// pages: one <h1>, lang on <html>, every input labelled, no inline script,
// no style attribute, no javascript: in an attribute, and every href relative or http(s).

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

namespace Errata::Test {

inline QString pageProblem(const QByteArray &bytes)
{
    const QString html = QString::fromUtf8(bytes);
    if (html.count(QStringLiteral("<h1")) != 1)
        return QStringLiteral("not one <h1>");
    if (!QRegularExpression(QStringLiteral("^<!DOCTYPE html>\n<html lang=\"(en|zh-CN)\">")).match(html).hasMatch())
        return QStringLiteral("no lang on <html>");
    // A javascript: source is shown as escaped text, never in an attribute.
    if (html.contains(QStringLiteral(" style="))
        || html.contains(QStringLiteral("=\"javascript:"), Qt::CaseInsensitive))
        return QStringLiteral("style= or javascript: in an attribute");
    if (QRegularExpression(QStringLiteral("<script(?![^>]*\\ssrc=)")).match(html).hasMatch())
        return QStringLiteral("<script> without src");
    const QRegularExpression control(QStringLiteral("<(input|textarea)[^>]*\\sid=\"([^\"]+)\""));
    for (auto it = control.globalMatch(html); it.hasNext();) {
        const QString id = it.next().captured(2);
        if (!html.contains(QStringLiteral("<label for=\"") + id + QLatin1Char('"')))
            return QStringLiteral("no label for ") + id;
    }
    if (QRegularExpression(QStringLiteral("<(input|textarea)(?![^>]*\\sid=)")).match(html).hasMatch())
        return QStringLiteral("an input without id");
    const QRegularExpression href(QStringLiteral("\\shref=\"([^\"]*)\""));
    for (auto it = href.globalMatch(html); it.hasNext();) {
        const QString url = it.next().captured(1);
        const bool scheme = QRegularExpression(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*:")).match(url).hasMatch();
        if (scheme && !url.startsWith(QLatin1String("https://")) && !url.startsWith(QLatin1String("http://")))
            return QStringLiteral("href not relative or http(s): ") + url;
    }
    return QString();
}

} // namespace Errata::Test
