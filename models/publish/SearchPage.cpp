#include "models/publish/SearchPage.h"

#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"

namespace Errata {

QByteArray SearchPage::render(const SiteContext &site, SiteLanguage language)
{
    const auto t = [language](const char *en, const char *zh) {
        return pick(language, QString::fromUtf8(en), QString::fromUtf8(zh));
    };
    PageLayout::Page page;
    page.language = language;
    page.path = QStringLiteral("search.html");
    page.title = t("Search", "搜索");
    page.scripts = {QStringLiteral("data/records.js"), QStringLiteral("data/search.js"),
                    QStringLiteral("assets/search.js"), QStringLiteral("assets/search-ui.js")};
    QString body = QStringLiteral("<h1>") + t("Search", "搜索") + QStringLiteral("</h1>\n");
    body += QStringLiteral("<form id=\"search-form\" action=\"search.html\" method=\"get\" role=\"search\">\n<label "
                           "for=\"search-query\">")
        + t("Signature, tags or text", "签名、标签或文本")
        + QStringLiteral("</label> <input id=\"search-query\" name=\"q\" type=\"search\" autocomplete=\"off\" "
                         "spellcheck=\"false\">\n</form>\n");
    body += QStringLiteral("<p id=\"search-status\" role=\"status\" aria-live=\"polite\"></p>\n<ol "
                           "id=\"search-results\" class=\"results\"></ol>\n");
    body += QStringLiteral("<noscript><p>")
        + t("Search needs JavaScript. Without it, browse the domains from the home page, or search the KB in "
            "Errata's window (Ctrl+K).",
            "搜索需要 JavaScript。没有它时，请从首页浏览各领域，或在 Errata 窗口中搜索（Ctrl+K）。")
        + QStringLiteral("</p></noscript>\n");
    return PageLayout::page(site, page, body);
}

} // namespace Errata
