#include "models/publish/NotFoundPage.h"

#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"

namespace Errata {

QByteArray NotFoundPage::render(const SiteContext &site, SiteLanguage language)
{
    const auto t = [language](const char *en, const char *zh) {
        return pick(language, QString::fromUtf8(en), QString::fromUtf8(zh));
    };
    PageLayout::Page page;
    page.language = language;
    page.path = QStringLiteral("404.html");
    page.title = t("Page not found", "页面不存在");
    page.root = PageLayout::rootOf(site);
    const auto link = [&page](const char *to, const QString &label) {
        return QStringLiteral("<li><a href=\"") + PageLayout::href(page, QString::fromUtf8(to)) + QStringLiteral("\">")
            + label + QStringLiteral("</a></li>");
    };
    QString body = QStringLiteral("<h1>") + t("Page not found", "页面不存在") + QStringLiteral("</h1>\n<p>")
        + t("There is no page at this address. Try:", "此地址没有页面。可以试试：") + QStringLiteral("</p>\n<ul>");
    body += link("index.html", t("Home", "首页")) + link("search.html", t("Search", "搜索"))
        + link("lookup.html", t("What is this error?", "这是什么错误？"));
    body += QStringLiteral("</ul>\n");
    return PageLayout::page(site, page, body);
}

} // namespace Errata
