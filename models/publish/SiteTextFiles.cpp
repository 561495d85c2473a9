#include "models/publish/SiteTextFiles.h"

#include "models/publish/DomainPage.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SiteSink.h"
#include "models/record/Record.h"

#include <QByteArrayList>
#include <QMap>

#include <algorithm>

namespace Errata {

namespace {

// From a copy parsed here: a record's own document is parsed on demand and
// must not be touched from the threads writing the pages at the same time.
QString rootCauseOf(const Record &record)
{
    Record copy;
    Record::LoadError error;
    return copy.parse(record.originalText(), &error) ? copy.rootCause() : QString();
}

const QString Replacement = QString(QChar(0xFFFD));

QDate updatedOf(const Record &record)
{
    return record.lastUpdated().isValid() ? record.lastUpdated() : record.lastConfirmed();
}

// A URL in a Markdown link: the characters that would end it encoded.
QString markdownUrl(QString url)
{
    url.replace(QLatin1Char('('), QStringLiteral("%28"));
    url.replace(QLatin1Char(')'), QStringLiteral("%29"));
    url.replace(QLatin1Char(' '), QStringLiteral("%20"));
    url.replace(QLatin1Char('<'), QStringLiteral("%3C"));
    url.replace(QLatin1Char('>'), QStringLiteral("%3E"));
    return url;
}

// The URL of `path` from a file at the site's root.
QString rootUrl(const SiteContext &site, const QString &path)
{
    return site.options.baseUrl.isEmpty() ? SitePaths::href(QStringLiteral("llms.txt"), path)
                                          : SitePaths::absolute(site.options.baseUrl, path);
}

QString firstLine(const QString &text, int limit)
{
    QString line = text.section(QLatin1Char('\n'), 0, 0).trimmed();
    if (line.size() > limit) {
        int cut = limit;
        if (line.at(cut - 1).isHighSurrogate())
            --cut;
        line = line.left(cut) + QStringLiteral("…");
    }
    return line;
}

QString atomTime(const QDate &date)
{
    return (date.isValid() ? date : QDate(1970, 1, 1)).toString(Qt::ISODate) + QStringLiteral("T00:00:00Z");
}

// One page of the sitemap: its path without language prefix and its date.
struct SitemapPage
{
    QString path;
    QDate lastmod;
};

std::vector<SitemapPage> sitemapPages(const SiteContext &site)
{
    QDate newest;
    QMap<QString, QDate> byDomain;
    for (const Record *record : site.published) {
        const QDate date = updatedOf(*record);
        QDate &domain = byDomain[record->domain()];
        if (date.isValid() && (!domain.isValid() || date > domain))
            domain = date;
        if (date.isValid() && (!newest.isValid() || date > newest))
            newest = date;
    }
    std::vector<SitemapPage> pages;
    for (const char *page : {"index.html", "search.html", "lookup.html"})
        pages.push_back({QString::fromLatin1(page), newest});
    if (site.quality)
        pages.push_back({QStringLiteral("quality.html"), newest});
    for (const QString &domain : DomainPage::domains(site))
        pages.push_back({SitePaths::domainPage(domain), byDomain.value(domain)});
    for (const Record *record : site.published)
        pages.push_back({site.paths.recordPage(*record), updatedOf(*record)});
    return pages;
}

QString sitemapUrl(const SiteContext &site, const SitemapPage &page, const QString &prefix)
{
    const QString base = site.options.baseUrl;
    QString out = QStringLiteral("  <url>\n    <loc>")
        + SiteTextFiles::xml(SitePaths::absolute(base, prefix + page.path)) + QStringLiteral("</loc>\n");
    if (page.lastmod.isValid())
        out += QStringLiteral("    <lastmod>") + page.lastmod.toString(Qt::ISODate) + QStringLiteral("</lastmod>\n");
    out += QStringLiteral("    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"")
        + SiteTextFiles::xml(SitePaths::absolute(base, page.path)) + QStringLiteral("\"/>\n");
    out += QStringLiteral("    <xhtml:link rel=\"alternate\" hreflang=\"zh-CN\" href=\"")
        + SiteTextFiles::xml(SitePaths::absolute(base, QStringLiteral("zh/") + page.path))
        + QStringLiteral("\"/>\n  </url>\n");
    return out;
}

const char XmlHeader[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

const char UrlsetOpen[] = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
                          "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
const char UrlsetClose[] = "</urlset>\n";

QByteArray urlset(const QByteArrayList &urls)
{
    QByteArray out = XmlHeader;
    out += UrlsetOpen;
    for (const QByteArray &url : urls)
        out += url;
    out += UrlsetClose;
    return out;
}

// The URLs in files of at most `limits`, in order (a URL larger than the
// byte limit by itself still gets a file of its own).
QList<QByteArrayList> chunks(const QByteArrayList &urls, const SitemapLimits &limits)
{
    const qint64 frame = qint64(sizeof XmlHeader + sizeof UrlsetOpen + sizeof UrlsetClose - 3);
    QList<QByteArrayList> out;
    qint64 bytes = 0;
    for (const QByteArray &url : urls) {
        if (out.isEmpty() || out.last().size() >= std::max(limits.urls, 1)
            || (!out.last().isEmpty() && bytes + url.size() > limits.bytes)) {
            out.append(QByteArrayList());
            bytes = frame;
        }
        out.last().append(url);
        bytes += url.size();
    }
    return out;
}

} // namespace

QString SiteTextFiles::xml(QStringView text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const char16_t u = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            out += c;
            out += text[++i];
        } else if (c.isSurrogate() || u == 0xFFFE || u == 0xFFFF || (u < 0x20 && u != '\t' && u != '\n' && u != '\r')) {
            out += Replacement;
        } else if (u == '&') {
            out += QStringLiteral("&amp;");
        } else if (u == '<') {
            out += QStringLiteral("&lt;");
        } else if (u == '>') {
            out += QStringLiteral("&gt;");
        } else if (u == '"') {
            out += QStringLiteral("&quot;");
        } else if (u == '\'') {
            out += QStringLiteral("&apos;");
        } else {
            out += c;
        }
    }
    return out;
}

QString SiteTextFiles::markdown(QStringView text)
{
    static const QString special = QStringLiteral("\\`*_[]()<>#!|");
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const char16_t u = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            out += c;
            out += text[++i];
        } else if (c.isSurrogate() || u == 0xFFFE || u == 0xFFFF) {
            out += Replacement;
        } else if (u < 0x20 || (u >= 0x7F && u < 0xA0) || u == 0x2028 || u == 0x2029) {
            out += QLatin1Char(' ');
        } else {
            if (special.contains(c))
                out += QLatin1Char('\\');
            out += c;
        }
    }
    return out;
}

QByteArray SiteTextFiles::llms(const SiteContext &site)
{
    QMap<QString, int> domains;
    for (const Record *record : site.published)
        ++domains[record->domain()];
    QString out = QStringLiteral("# ") + markdown(site.title) + QStringLiteral("\n\n> ")
        + QStringLiteral("%1 error records in %2 domains, published by %3.")
              .arg(site.published.size())
              .arg(domains.size())
              .arg(markdown(site.generator))
        + QStringLiteral("\n\n## API\n\n");
    const std::pair<const char *, const char *> api[] = {
        {"api/v1/index.json", "Index: every record's id, domain, category, signature, url, updated"},
        {"api/v1/errors.ndjson", "Every record as stored, one a line"},
        {"api/v1/match.json", "Every record's regex, for matching an error text"},
        {"api/v1/stats.json", "Counts per domain and the quality report"},
        {"api/v1/openapi.json", "OpenAPI 3.1 description of the API"},
        {"api/v1/record.schema.json", "JSON Schema of a record"},
    };
    for (const auto &[path, label] : api)
        out += QStringLiteral("- [%1](%2)\n")
                   .arg(QString::fromLatin1(label), markdownUrl(rootUrl(site, QString::fromLatin1(path))));
    out += QStringLiteral("\n## Domains\n\n");
    for (auto it = domains.cbegin(); it != domains.cend(); ++it)
        out += QStringLiteral("- [%1](%2): %3 records\n")
                   .arg(it.key().isEmpty() ? QStringLiteral("(no domain)") : markdown(it.key()),
                        markdownUrl(rootUrl(site, SitePaths::domainPage(it.key()))))
                   .arg(it.value());
    out += QStringLiteral("\n## Records\n\n");
    const int shown = std::min(int(site.published.size()), MaxLlmsRecords);
    for (int i = 0; i < shown; ++i) {
        const Record &record = *site.published[size_t(i)];
        const QString summary = firstLine(rootCauseOf(record), 200);
        out += QStringLiteral("- [") + markdown(record.signature().isEmpty() ? record.id() : record.signature())
            + QStringLiteral("](") + markdownUrl(rootUrl(site, site.paths.recordPage(record))) + QLatin1Char(')');
        if (!summary.isEmpty())
            out += QStringLiteral(": ") + markdown(summary);
        out += QLatin1Char('\n');
    }
    if (shown < int(site.published.size()))
        out += QStringLiteral("- %1 more records: [index.json](%2)\n")
                   .arg(int(site.published.size()) - shown)
                   .arg(markdownUrl(rootUrl(site, QStringLiteral("api/v1/index.json"))));
    return out.toUtf8();
}

QByteArray SiteTextFiles::robots(const SiteContext &site)
{
    QByteArray out = "User-agent: *\nAllow: /\n";
    if (!site.options.baseUrl.isEmpty())
        out += "Sitemap: " + SitePaths::absolute(site.options.baseUrl, QStringLiteral("sitemap.xml")).toUtf8() + '\n';
    return out;
}

QList<QPair<QString, QByteArray>> SiteTextFiles::sitemaps(const SiteContext &site, SitemapLimits limits)
{
    QList<QPair<QString, QByteArray>> files;
    if (site.options.baseUrl.isEmpty())
        return files;
    QByteArrayList urls;
    QDate newest;
    for (const SitemapPage &page : sitemapPages(site)) {
        for (const QString &prefix : {QString(), QStringLiteral("zh/")})
            urls.append(sitemapUrl(site, page, prefix).toUtf8());
        if (page.lastmod.isValid() && (!newest.isValid() || page.lastmod > newest))
            newest = page.lastmod;
    }
    const QList<QByteArrayList> parts = chunks(urls, limits);
    if (parts.size() <= 1) {
        files.append({QStringLiteral("sitemap.xml"), urlset(parts.value(0))});
        return files;
    }
    QByteArray index = XmlHeader;
    index += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (qsizetype n = 1; n <= parts.size(); ++n) {
        const QString path = QStringLiteral("sitemaps/sitemap-%1.xml").arg(n);
        files.append({path, urlset(parts.at(n - 1))});
        index += "  <sitemap>\n    <loc>" + xml(SitePaths::absolute(site.options.baseUrl, path)).toUtf8() + "</loc>\n";
        if (newest.isValid())
            index += "    <lastmod>" + newest.toString(Qt::ISODate).toUtf8() + "</lastmod>\n";
        index += "  </sitemap>\n";
    }
    index += "</sitemapindex>\n";
    files.prepend({QStringLiteral("sitemap.xml"), index});
    return files;
}

QByteArray SiteTextFiles::feed(const SiteContext &site)
{
    std::vector<const Record *> dated;
    for (const Record *record : site.published)
        if (updatedOf(*record).isValid())
            dated.push_back(record);
    // site.published is by id, then file: a stable sort keeps that order among equal dates.
    std::stable_sort(dated.begin(), dated.end(),
                     [](const Record *a, const Record *b) { return updatedOf(*a) > updatedOf(*b); });
    if (dated.size() > size_t(FeedEntries))
        dated.resize(size_t(FeedEntries));

    const QString base = site.options.baseUrl;
    const auto url = [&](const QString &path) {
        return base.isEmpty() ? SitePaths::href(QStringLiteral("feed.xml"), path) : SitePaths::absolute(base, path);
    };
    const auto id = [&](const QString &path) {
        return base.isEmpty() ? QStringLiteral("urn:errata:site:") + SitePaths::href(QStringLiteral("feed.xml"), path)
                              : SitePaths::absolute(base, path);
    };
    QString out = QString::fromLatin1(XmlHeader) + QStringLiteral("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    out += QStringLiteral("  <title>") + xml(site.title) + QStringLiteral("</title>\n");
    out += QStringLiteral("  <id>") + xml(base.isEmpty() ? QStringLiteral("urn:errata:site") : base + QLatin1Char('/'))
        + QStringLiteral("</id>\n");
    out += QStringLiteral("  <link rel=\"self\" href=\"") + xml(url(QStringLiteral("feed.xml")))
        + QStringLiteral("\"/>\n");
    out += QStringLiteral("  <link rel=\"alternate\" type=\"text/html\" href=\"")
        + xml(url(QStringLiteral("index.html"))) + QStringLiteral("\"/>\n");
    out += QStringLiteral("  <updated>") + atomTime(dated.empty() ? site.options.today : updatedOf(*dated.front()))
        + QStringLiteral("</updated>\n");
    out += QStringLiteral("  <author><name>") + xml(site.title) + QStringLiteral("</name></author>\n");
    out += QStringLiteral("  <generator>") + xml(site.generator) + QStringLiteral("</generator>\n");
    for (const Record *record : dated) {
        const QString page = site.paths.recordPage(*record);
        QString summary = rootCauseOf(*record);
        if (summary.size() > SummaryLength)
            summary = summary.left(summary.at(SummaryLength - 1).isHighSurrogate() ? SummaryLength - 1 : SummaryLength)
                + QStringLiteral("…");
        out += QStringLiteral("  <entry>\n    <title>")
            + xml(record->signature().isEmpty() ? record->id() : record->signature())
            + QStringLiteral("</title>\n    <id>") + xml(id(page)) + QStringLiteral("</id>\n    <link href=\"")
            + xml(url(page)) + QStringLiteral("\"/>\n    <updated>") + atomTime(updatedOf(*record))
            + QStringLiteral("</updated>\n");
        if (!record->domain().isEmpty())
            out += QStringLiteral("    <category term=\"") + xml(record->domain()) + QStringLiteral("\"/>\n");
        if (!summary.isEmpty())
            out += QStringLiteral("    <summary>") + xml(summary) + QStringLiteral("</summary>\n");
        out += QStringLiteral("  </entry>\n");
    }
    out += QStringLiteral("</feed>\n");
    return out.toUtf8();
}

void SiteTextFiles::write(const SiteContext &site, SiteSink &sink, SitemapLimits limits)
{
    sink.add(QStringLiteral("llms.txt"), llms(site));
    sink.add(QStringLiteral("robots.txt"), robots(site));
    sink.add(QStringLiteral("feed.xml"), feed(site));
    for (const auto &[path, bytes] : sitemaps(site, limits))
        sink.add(path, bytes);
}

} // namespace Errata
