#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringView>

namespace Errata {

class SiteSink;
struct SiteContext;

// The site's text files at its root (docs/site.md, "Text files"):
//
// - llms.txt: Markdown (llmstxt.org): the KB's name, its counts, the API's
//   files, the domains, and up to MaxLlmsRecords records as
//   "- [signature](page): first line of the root cause", every record text
//   Markdown-escaped.
// - robots.txt: everything allowed, and the sitemap's URL when there is one.
// - sitemap.xml: only with a base URL (the protocol wants absolute URLs):
//   every HTML page but 404.html in both languages, each with its
//   xhtml:link hreflang alternates and a lastmod from its records' dates.
//   Past SitemapLimits (50,000 URLs or 50 MiB in one file, the protocol's
//   limits), sitemap.xml is an index of sitemaps/sitemap-N.xml.
// - feed.xml: an Atom feed of the FeedEntries most recently updated records
//   (last_updated, else last_confirmed; newest first, then by id); ids and
//   links absolute with a base URL, else urn: ids and relative links.
//
// XML text is escaped with xml(): 5 entities, and what XML 1.0 forbids
// (C0 controls but tab, LF and CR, U+FFFE, U+FFFF, lone surrogates)
// becomes U+FFFD.
// The most one sitemap file may hold: the protocol's limits (smaller in tests).
struct SitemapLimits
{
    int urls = 50000;
    qint64 bytes = 50 * 1024 * 1024;
};

class SiteTextFiles
{
public:
    static constexpr int FeedEntries = 50;
    static constexpr int MaxLlmsRecords = 2000;
    static constexpr int SummaryLength = 500; // characters of a root cause in the feed

    static void write(const SiteContext &site, SiteSink &sink, SitemapLimits limits = {});

    static QByteArray llms(const SiteContext &site);
    static QByteArray robots(const SiteContext &site);
    static QByteArray feed(const SiteContext &site);
    // The sitemap files (path, bytes): none without a base URL.
    static QList<QPair<QString, QByteArray>> sitemaps(const SiteContext &site, SitemapLimits limits = {});

    static QString xml(QStringView text);
    // Inline Markdown text: a backslash before \ ` * _ [ ] ( ) < > # ! |,
    // line breaks and other controls as spaces.
    static QString markdown(QStringView text);
};

} // namespace Errata
