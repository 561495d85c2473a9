#include "models/publish/DomainPage.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/Html.h"
#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include <algorithm>
#include <map>
#include <set>

namespace Errata {

namespace {

using Categories = std::map<QString, std::vector<const Record *>>;

QString t(SiteLanguage language, const char *en, const char *zh)
{
    return pick(language, QString::fromUtf8(en), QString::fromUtf8(zh));
}

// From the search index, which has it at hand; else from the record's text
// (a record's own document is not shared across threads).
std::optional<double> fixRate(const SiteContext &site, const Record &record)
{
    if (const SearchIndex::Entry *entry = site.index.entryOf(&record))
        return entry->fixRate < 0 ? std::nullopt : std::optional<double>(entry->fixRate);
    Record copy;
    Record::LoadError error;
    return copy.parse(record.originalText(), &error) ? copy.fixSuccessRate() : std::nullopt;
}

QString badges(const SiteContext &site, const Record &record, SiteLanguage language)
{
    QString html;
    if (const std::optional<double> rate = fixRate(site, record))
        html += QStringLiteral(" <span class=\"badge success\">") + t(language, "fix ", "修复 ")
            + QString::number(qRound(*rate * 100)) + QStringLiteral("%</span>");
    const QList<Problem> problems = site.kb.problems(&record);
    if (std::any_of(problems.begin(), problems.end(), [](const Problem &p) { return p.severity == Problem::Error; }))
        html += QStringLiteral(" <span class=\"badge error\">") + t(language, "errors", "有错误")
            + QStringLiteral("</span>");
    const QDate last = record.lastConfirmed();
    if (last.isValid() && site.options.today.isValid() && last.daysTo(site.options.today) > 365)
        html += QStringLiteral(" <span class=\"badge stale\">") + t(language, "stale", "已过时")
            + QStringLiteral("</span>");
    return html;
}

QString list(const SiteContext &site, const PageLayout::Page &page, const Categories &categories)
{
    QString html;
    int shown = 0;
    for (const auto &[category, records] : categories) {
        if (shown >= DomainPage::MaxRecords)
            break;
        html += QStringLiteral("<section><h2>") + Html::text(category) + QStringLiteral(" <span class=\"count\">")
            + QString::number(records.size()) + QStringLiteral("</span></h2>\n<ul class=\"records\">\n");
        for (const Record *record : records) {
            if (shown++ >= DomainPage::MaxRecords)
                break;
            html += QStringLiteral("<li><a href=\"") + PageLayout::href(page, site.paths.recordPage(*record))
                + QStringLiteral("\"><code>") + Html::text(record->signature().left(300))
                + QStringLiteral("</code></a>") + badges(site, *record, page.language) + QStringLiteral("</li>\n");
        }
        html += QStringLiteral("</ul></section>\n");
    }
    return html;
}

} // namespace

QStringList DomainPage::domains(const SiteContext &site)
{
    std::set<QString> names;
    for (const Record *record : site.published)
        names.insert(record->domain());
    return QStringList(names.begin(), names.end());
}

QByteArray DomainPage::render(const SiteContext &site, const QString &domain, SiteLanguage language)
{
    Categories categories;
    int total = 0;
    for (const Record *record : site.published) {
        if (record->domain() == domain) {
            categories[record->category()].push_back(record);
            ++total;
        }
    }
    PageLayout::Page page;
    page.language = language;
    page.path = SitePaths::domainPage(domain);
    const QString name = domain.isEmpty() ? t(language, "(no domain)", "（无领域）") : domain;
    page.title = name;
    QString body = QStringLiteral("<nav class=\"breadcrumb\" aria-label=\"") + t(language, "Breadcrumb", "导航路径")
        + QStringLiteral("\"><a href=\"") + PageLayout::href(page, QStringLiteral("index.html")) + QStringLiteral("\">")
        + t(language, "Home", "首页") + QStringLiteral("</a> › <span aria-current=\"page\">") + Html::text(name)
        + QStringLiteral("</span></nav>\n<h1>") + Html::text(name) + QStringLiteral("</h1>\n<p class=\"counts\">")
        + QString::number(total) + t(language, " records", " 条记录") + QStringLiteral("</p>\n");
    body += list(site, page, categories);
    if (total > MaxRecords)
        body += QStringLiteral("<p class=\"more\">") + QString::number(total - MaxRecords)
            + t(language, " more records are not listed here: use ", " 条记录未在此列出：请使用")
            + QStringLiteral("<a href=\"") + PageLayout::href(page, QStringLiteral("search.html"))
            + QStringLiteral("\">") + t(language, "search", "搜索") + QStringLiteral("</a>.</p>\n");
    return PageLayout::page(site, page, body);
}

} // namespace Errata
