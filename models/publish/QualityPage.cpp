#include "models/publish/QualityPage.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/ChartSvg.h"
#include "models/publish/Html.h"
#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/quality/QualityReport.h"
#include "models/record/Record.h"

#include <QSet>

namespace Errata {

namespace {

using Q = QualityReport;

QString metricName(Q::Metric metric, SiteLanguage l)
{
    switch (metric) {
    case Q::Records: return pick(l, QStringLiteral("Records"), QStringLiteral("记录"));
    case Q::Invalid: return pick(l, QStringLiteral("Invalid"), QStringLiteral("无效"));
    case Q::Untranslated: return pick(l, QStringLiteral("Untranslated fields"), QStringLiteral("未翻译字段"));
    case Q::Stale: return pick(l, QStringLiteral("Stale"), QStringLiteral("过期"));
    case Q::Aging: return pick(l, QStringLiteral("Aging"), QStringLiteral("老化"));
    case Q::Dangling: return pick(l, QStringLiteral("Dangling links"), QStringLiteral("悬空链接"));
    case Q::Orphans: return pick(l, QStringLiteral("Orphans"), QStringLiteral("孤立记录"));
    case Q::RegexSignature:
        return pick(l, QStringLiteral("Regex not matching signature"), QStringLiteral("正则不匹配签名"));
    case Q::RegexErrors: return pick(l, QStringLiteral("Regex errors"), QStringLiteral("正则错误"));
    case Q::MetricCount: break;
    }
    return QString();
}

QString domainLabel(const QString &domain, SiteLanguage l)
{
    return domain.isEmpty() ? pick(l, QStringLiteral("(no domain)"), QStringLiteral("（无领域）")) : domain;
}

QString anchor(Q::Metric metric)
{
    return QStringLiteral("list-") + Q::key(metric).replace(QLatin1Char('_'), QLatin1Char('-'));
}

QString cell(const Q::Row &row, Q::Metric metric, bool isTotal)
{
    const int n = row.count(metric);
    if (isTotal && n > 0 && metric != Q::Records)
        return QStringLiteral("<td><a href=\"#%1\">%2</a></td>").arg(anchor(metric)).arg(n);
    return QStringLiteral("<td>%1</td>").arg(n);
}

QString table(const Q &report, const PageLayout::Page &page, SiteLanguage l)
{
    QString out = QStringLiteral(
                      "<div class=\"table-wrap\"><table class=\"quality\"><thead><tr><th scope=\"col\">%1</th>")
                      .arg(pick(l, QStringLiteral("Domain"), QStringLiteral("领域")));
    for (Q::Metric metric : Q::metrics())
        out += QStringLiteral("<th scope=\"col\">%1</th>").arg(Html::text(metricName(metric, l)));
    out += QStringLiteral("</tr></thead><tbody>");
    for (const Q::Row &row : report.byDomain) {
        out += QStringLiteral("<tr><th scope=\"row\"><a href=\"%1\">%2</a></th>")
                   .arg(Html::attribute(PageLayout::href(page, SitePaths::domainPage(row.domain))),
                        Html::text(domainLabel(row.domain, l)));
        for (Q::Metric metric : Q::metrics())
            out += cell(row, metric, false);
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</tbody><tfoot><tr><th scope=\"row\">%1</th>")
               .arg(pick(l, QStringLiteral("Total"), QStringLiteral("合计")));
    for (Q::Metric metric : Q::metrics())
        out += cell(report.total, metric, true);
    return out + QStringLiteral("</tr></tfoot></table></div>");
}

QString charts(const Q &report, SiteLanguage l)
{
    QStringList labels;
    for (const Q::Row &row : report.byDomain)
        labels << domainLabel(row.domain, l);
    QString out;
    for (Q::Metric metric :
         {Q::Records, Q::Invalid, Q::Untranslated, Q::Stale, Q::Dangling, Q::Orphans, Q::RegexSignature}) {
        QList<int> values;
        for (const Q::Row &row : report.byDomain)
            values << row.count(metric);
        out += QStringLiteral("<figure class=\"chart\"><figcaption>%1</figcaption>%2</figure>")
                   .arg(Html::text(metricName(metric, l)),
                        ChartSvg::bars(metricName(metric, l), labels, values, metric != Q::Records));
    }
    return out;
}

QString lists(const SiteContext &ctx, const PageLayout::Page &page, SiteLanguage l)
{
    QSet<const Record *> published(ctx.published.begin(), ctx.published.end());
    QString out;
    for (Q::Metric metric : Q::metrics()) {
        if (metric == Q::Records || ctx.quality->total.count(metric) == 0)
            continue;
        out +=
            QStringLiteral("<section id=\"%1\"><h2>%2</h2><ul>").arg(anchor(metric), Html::text(metricName(metric, l)));
        QString previous;
        for (const QString &id : ctx.quality->total.ids.at(metric)) {
            if (id == previous)
                continue;
            previous = id;
            const Record *record = ctx.kb.find(id);
            if (record && published.contains(record))
                out += QStringLiteral("<li><a href=\"%1\">%2</a></li>")
                           .arg(Html::attribute(PageLayout::href(page, ctx.paths.recordPage(*record))), Html::text(id));
            else
                out += QStringLiteral("<li>%1</li>").arg(Html::text(id));
        }
        out += QStringLiteral("</ul></section>");
    }
    return out;
}

} // namespace

QByteArray QualityPage::render(const SiteContext &ctx, SiteLanguage l)
{
    PageLayout::Page page;
    page.language = l;
    page.path = QStringLiteral("quality.html");
    page.title = pick(l, QStringLiteral("Data quality"), QStringLiteral("数据质量"));
    page.description = pick(l, QStringLiteral("Data quality of the knowledge base, per domain"),
                            QStringLiteral("知识库各领域的数据质量"));
    const QString date = ctx.options.today.toString(Qt::ISODate);
    QString body = QStringLiteral("<h1>%1</h1><p>%2 <time datetime=\"%3\">%3</time></p>")
                       .arg(Html::text(page.title),
                            pick(l, QStringLiteral("Reference date:"), QStringLiteral("参考日期：")), date);
    if (ctx.quality) {
        body += table(*ctx.quality, page, l) + charts(*ctx.quality, l) + lists(ctx, page, l);
    }
    return PageLayout::page(ctx, page, body);
}

} // namespace Errata
