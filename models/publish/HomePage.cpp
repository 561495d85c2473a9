#include "models/publish/HomePage.h"

#include "models/publish/Html.h"
#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"

#include <map>

namespace Errata {

namespace {

using Tree = std::map<QString, std::map<QString, int>>;

Tree treeOf(const SiteContext &site)
{
    Tree tree;
    for (const Record *record : site.published)
        ++tree[record->domain()][record->category()];
    return tree;
}

QString t(SiteLanguage language, const char *en, const char *zh)
{
    return pick(language, QString::fromUtf8(en), QString::fromUtf8(zh));
}

QString forms(const PageLayout::Page &page)
{
    const SiteLanguage l = page.language;
    return QStringLiteral("<form class=\"home-form\" action=\"") + PageLayout::href(page, QStringLiteral("search.html"))
        + QStringLiteral("\" method=\"get\" role=\"search\">\n<label for=\"home-search\">")
        + t(l, "Search the records", "搜索记录")
        + QStringLiteral("</label> <input id=\"home-search\" name=\"q\" type=\"search\" autocomplete=\"off\" "
                         "spellcheck=\"false\">\n<button type=\"submit\">")
        + t(l, "Search", "搜索") + QStringLiteral("</button>\n</form>\n<form class=\"home-form\" action=\"")
        + PageLayout::href(page, QStringLiteral("lookup.html"))
        + QStringLiteral("\" method=\"get\">\n<label for=\"home-lookup\">")
        + t(l, "What is this error? Paste a line, a stack trace or a log", "这是什么错误？粘贴一行、堆栈或日志")
        + QStringLiteral("</label>\n<textarea id=\"home-lookup\" name=\"q\" rows=\"4\" "
                         "spellcheck=\"false\"></textarea>\n<button type=\"submit\">")
        + t(l, "Look up", "查找") + QStringLiteral("</button>\n</form>\n");
}

QString domainTree(const PageLayout::Page &page, const Tree &tree)
{
    QString html = QStringLiteral("<ul class=\"tree\">\n");
    for (const auto &[domain, categories] : tree) {
        int count = 0;
        for (const auto &category : categories)
            count += category.second;
        const QString name = domain.isEmpty() ? t(page.language, "(no domain)", "（无领域）") : Html::text(domain);
        html += QStringLiteral("<li><details><summary><a href=\"")
            + PageLayout::href(page, SitePaths::domainPage(domain)) + QStringLiteral("\">") + name
            + QStringLiteral("</a> <span class=\"count\">") + QString::number(count)
            + QStringLiteral("</span></summary><ul>");
        for (const auto &[category, n] : categories)
            html += QStringLiteral("<li>") + Html::text(category) + QStringLiteral(" <span class=\"count\">")
                + QString::number(n) + QStringLiteral("</span></li>");
        html += QStringLiteral("</ul></details></li>\n");
    }
    return html + QStringLiteral("</ul>\n");
}

} // namespace

QByteArray HomePage::render(const SiteContext &site, SiteLanguage language)
{
    PageLayout::Page page;
    page.language = language;
    page.path = QStringLiteral("index.html");
    page.title = t(language, "Home", "首页");
    page.description = site.title;
    const Tree tree = treeOf(site);
    QString body = QStringLiteral("<h1>") + Html::text(site.title) + QStringLiteral("</h1>\n<p class=\"counts\">")
        + QString::number(site.published.size()) + t(language, " records in ", " 条记录，")
        + QString::number(tree.size()) + t(language, " domains", " 个领域") + QStringLiteral("</p>\n");
    body += forms(page);
    body += QStringLiteral("<section><h2>") + t(language, "Domains", "领域") + QStringLiteral("</h2>\n")
        + domainTree(page, tree) + QStringLiteral("</section>\n");
    return PageLayout::page(site, page, body);
}

} // namespace Errata
