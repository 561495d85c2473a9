#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

struct SiteContext;

// The frame every HTML page of a site shares: the head (charset, the
// Content-Security-Policy, viewport, referrer policy, title, style sheet,
// icon, the page in the other language), a skip link, the header with the
// site's name, its navigation and the language switch, <main> around the
// page's own body, and the footer.
//
// The policy allows scripts and styles only from the site's own files
// (script-src 'self', style-src 'self'): no inline script, no style
// attribute, nothing from another host. Pages need JavaScript only for
// search and lookup, and read fully without it.
class PageLayout
{
public:
    struct Page
    {
        SiteLanguage language = SiteLanguage::English;
        QString path;        // from the site's root, without the language prefix
        QString title;       // plain text; the site's name is appended
        QString description; // plain text, for <meta name="description">
        QStringList scripts; // files from the site's root, loaded in order at the end of <body>
        // 404.html is served for any missing path, so its links start from
        // a fixed root instead of being relative: rootOf(site).
        QString root;
    };

    static const QString &contentSecurityPolicy();
    // The base URL and "/", or "/" without one.
    static QString rootOf(const SiteContext &site);
    // The whole page; `body` is markup already escaped.
    static QByteArray page(const SiteContext &site, const Page &page, const QString &body);
    // The URL from `page` to the file `to` in the page's language, or in
    // `language` ("zh/" prefixed for Chinese pages; files that have no
    // language, like assets/ and api/, take none).
    static QString href(const Page &page, const QString &to);
    static QString href(const Page &page, const QString &to, SiteLanguage language);
    static QString fileHref(const Page &page, const QString &file); // a language-free file
    // The path of the page as written: "zh/records/a.html".
    static QString writtenPath(const Page &page);
};

} // namespace Errata
