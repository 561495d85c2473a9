#include "models/publish/PageLayout.h"

#include "models/publish/Html.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"

namespace Errata {

namespace {

SiteLanguage otherLanguage(SiteLanguage language)
{
    return language == SiteLanguage::English ? SiteLanguage::Chinese : SiteLanguage::English;
}

QString head(const SiteContext &site, const PageLayout::Page &page)
{
    const SiteLanguage language = page.language;
    QString out = QStringLiteral(
                      "<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"")
        + PageLayout::contentSecurityPolicy() + QStringLiteral("\">\n");
    out += QStringLiteral("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                          "<meta name=\"referrer\" content=\"no-referrer\">\n");
    out += QStringLiteral("<meta name=\"generator\" content=\"") + Html::attribute(site.generator)
        + QStringLiteral("\">\n");
    if (!page.description.isEmpty())
        out += QStringLiteral("<meta name=\"description\" content=\"") + Html::attribute(page.description.left(300))
            + QStringLiteral("\">\n");
    // <title> holds text only (no markup): controls are named as in attributes.
    out += QStringLiteral("<title>") + Html::attribute(page.title) + QStringLiteral(" · ") + Html::attribute(site.title)
        + QStringLiteral("</title>\n");
    out += QStringLiteral("<link rel=\"stylesheet\" href=\"")
        + PageLayout::fileHref(page, QStringLiteral("assets/site.css"))
        + QStringLiteral("\">\n<link rel=\"icon\" href=\"")
        + PageLayout::fileHref(page, QStringLiteral("assets/favicon.svg"))
        + QStringLiteral("\" type=\"image/svg+xml\">\n");
    if (page.root.isEmpty()) {
        const SiteLanguage second = otherLanguage(language);
        out += QStringLiteral("<link rel=\"alternate\" hreflang=\"") + languageTag(second)
            + QStringLiteral("\" href=\"") + PageLayout::href(page, page.path, second) + QStringLiteral("\">\n");
        const QString canonical = SitePaths::absolute(site.options.baseUrl, PageLayout::writtenPath(page));
        if (!canonical.isEmpty())
            out += QStringLiteral("<link rel=\"canonical\" href=\"") + Html::attribute(canonical)
                + QStringLiteral("\">\n");
    }
    return out + QStringLiteral("</head>\n");
}

QString navigation(const SiteContext &site, const PageLayout::Page &page)
{
    const SiteLanguage l = page.language;
    const auto item = [&page](const QString &to, const QString &label) {
        const QString current = to == page.path ? QStringLiteral(" aria-current=\"page\"") : QString();
        return QStringLiteral("<li><a href=\"") + PageLayout::href(page, to) + QStringLiteral("\"") + current
            + QStringLiteral(">") + label + QStringLiteral("</a></li>");
    };
    QString out = QStringLiteral("<header class=\"site\">\n<a class=\"brand\" href=\"")
        + PageLayout::href(page, QStringLiteral("index.html")) + QStringLiteral("\">") + Html::text(site.title)
        + QStringLiteral("</a>\n<nav aria-label=\"") + pick(l, QStringLiteral("Site"), QStringLiteral("站点"))
        + QStringLiteral("\"><ul>");
    out += item(QStringLiteral("index.html"), pick(l, QStringLiteral("Home"), QStringLiteral("首页")));
    out += item(QStringLiteral("search.html"), pick(l, QStringLiteral("Search"), QStringLiteral("搜索")));
    out += item(QStringLiteral("lookup.html"),
                pick(l, QStringLiteral("What is this error?"), QStringLiteral("这是什么错误？")));
    out += item(QStringLiteral("quality.html"), pick(l, QStringLiteral("Quality"), QStringLiteral("质量")));
    out += QStringLiteral("<li><a href=\"") + PageLayout::fileHref(page, QStringLiteral("api/v1/index.json"))
        + QStringLiteral("\">JSON API</a></li>");
    const SiteLanguage second = otherLanguage(l);
    out += QStringLiteral("<li><a class=\"language\" hreflang=\"") + languageTag(second) + QStringLiteral("\" lang=\"")
        + languageTag(second) + QStringLiteral("\" href=\"")
        + PageLayout::href(page, !page.root.isEmpty() ? QStringLiteral("index.html") : page.path, second)
        + QStringLiteral("\">") + pick(l, QStringLiteral("中文"), QStringLiteral("English"))
        + QStringLiteral("</a></li>");
    return out + QStringLiteral("</ul></nav>\n</header>\n");
}

QString footer(const SiteContext &site, const PageLayout::Page &page)
{
    // Nothing here changes with the KB (not even the count of records): a
    // record page must stay byte for byte what it was while its own inputs
    // do (RecipeKeys).
    const SiteLanguage l = page.language;
    return QStringLiteral("<footer class=\"site\"><p>")
        + pick(l, QStringLiteral("%1, published with %2."), QStringLiteral("%1，由 %2 发布。"))
              .arg(Html::text(site.title), Html::text(site.generator))
        + QStringLiteral(" <a href=\"") + PageLayout::fileHref(page, QStringLiteral("api/v1/openapi.json"))
        + QStringLiteral("\">OpenAPI</a> · <a href=\"") + PageLayout::fileHref(page, QStringLiteral("llms.txt"))
        + QStringLiteral("\">llms.txt</a></p></footer>\n");
}

} // namespace

const QString &PageLayout::contentSecurityPolicy()
{
    static const QString policy = QStringLiteral(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'none'; "
        "font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; worker-src blob:");
    return policy;
}

QString PageLayout::rootOf(const SiteContext &site)
{
    return site.options.baseUrl.isEmpty() ? QStringLiteral("/") : site.options.baseUrl + QLatin1Char('/');
}

QString PageLayout::writtenPath(const Page &page)
{
    return languagePrefix(page.language) + page.path;
}

QString PageLayout::href(const Page &page, const QString &to)
{
    return href(page, to, page.language);
}

QString PageLayout::href(const Page &page, const QString &to, SiteLanguage language)
{
    if (!page.root.isEmpty())
        return fileHref(page, languagePrefix(language) + to);
    return Html::attribute(SitePaths::href(writtenPath(page), languagePrefix(language) + to));
}

QString PageLayout::fileHref(const Page &page, const QString &file)
{
    if (!page.root.isEmpty())
        return Html::attribute(page.root + SitePaths::href(QStringLiteral("x"), file));
    return Html::attribute(SitePaths::href(writtenPath(page), file));
}

QByteArray PageLayout::page(const SiteContext &site, const Page &page, const QString &body)
{
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"") + languageTag(page.language)
        + QStringLiteral("\">\n");
    out += head(site, page);
    const QString root = page.root.isEmpty() ? SitePaths::href(writtenPath(page), QStringLiteral("x")).chopped(1)
                                             : page.root;
    out += QStringLiteral("<body data-root=\"") + Html::attribute(root) + QStringLiteral("\" data-lang=\"")
        + languageTag(page.language) + QStringLiteral("\">\n<a class=\"skip\" href=\"#main\">")
        + pick(page.language, QStringLiteral("Skip to content"), QStringLiteral("跳到正文")) + QStringLiteral("</a>\n");
    out += navigation(site, page);
    out += QStringLiteral("<main id=\"main\">\n") + body + QStringLiteral("</main>\n");
    out += footer(site, page);
    for (const QString &script : page.scripts)
        out += QStringLiteral("<script src=\"") + fileHref(page, script) + QStringLiteral("\"></script>\n");
    out += QStringLiteral("</body>\n</html>\n");
    return out.toUtf8();
}

} // namespace Errata
