#include "models/publish/RecordPage.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/GraphSvg.h"
#include "models/publish/Html.h"
#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"
#include "models/record/TranslationStatus.h"

#include <algorithm>

namespace Errata {

namespace {

struct Writer
{
    const SiteContext &site;
    const Record &record; // the parsed copy
    const Record &original;
    PageLayout::Page page;
    QString out;

    SiteLanguage lang() const { return page.language; }
    QString t(const char *en, const char *zh) const
    {
        return pick(lang(), QString::fromUtf8(en), QString::fromUtf8(zh));
    }
    QString jsonHref() const { return PageLayout::fileHref(page, site.paths.recordJson(original)); }

    QString field(const QString &value) const
    {
        if (value.size() <= RecordPage::MaxFieldChars)
            return Html::text(value);
        const int more = int(value.size()) - RecordPage::MaxFieldChars;
        return Html::text(QStringView(value).left(RecordPage::MaxFieldChars)) + QStringLiteral(" <a href=\"")
            + jsonHref() + QStringLiteral("\">… ") + QString::number(more)
            + t(" more characters</a>", " 个字符未显示</a>");
    }
    void row(const QString &label, const QString &valueHtml)
    {
        if (!valueHtml.isEmpty())
            out += QStringLiteral("<tr><th scope=\"row\">") + label + QStringLiteral("</th><td>") + valueHtml
                + QStringLiteral("</td></tr>\n");
    }
    static QString percent(std::optional<double> rate)
    {
        if (!rate)
            return QString();
        return QString::number(qRound(*rate * 100)) + QLatin1Char('%');
    }
    QString sources(const QStringList &list) const
    {
        QString html;
        for (const QString &source : list)
            html += QStringLiteral("<li>") + Html::link(source, field(source)) + QStringLiteral("</li>");
        return html.isEmpty() ? html : QStringLiteral("<ul class=\"sources\">") + html + QStringLiteral("</ul>");
    }

    void breadcrumb()
    {
        const QString domainHref = PageLayout::href(page, SitePaths::domainPage(record.domain()));
        out += QStringLiteral("<nav class=\"breadcrumb\" aria-label=\"") + t("Breadcrumb", "导航路径")
            + QStringLiteral("\"><a href=\"") + PageLayout::href(page, QStringLiteral("index.html"))
            + QStringLiteral("\">") + t("Home", "首页") + QStringLiteral("</a> › <a href=\"") + domainHref
            + QStringLiteral("\">") + Html::text(record.domain()) + QStringLiteral("</a> › <span>")
            + Html::text(record.category()) + QStringLiteral("</span></nav>\n");
    }
    void heading()
    {
        out += QStringLiteral("<h1><code>") + field(record.signature()) + QStringLiteral("</code></h1>\n");
        if (translated(TranslationStatus::Signature))
            out += QStringLiteral("<p class=\"zh-signature\">") + field(record.signatureZh())
                + QStringLiteral("</p>\n");
    }
    void warnings()
    {
        QString items;
        for (const Problem &problem : site.kb.problems(&original)) {
            if (problem.severity != Problem::Error)
                continue;
            items += QStringLiteral("<li><span class=\"badge error\">")
                + Html::text(Problem::severityName(problem.severity)) + QStringLiteral("</span> <code>")
                + Html::text(problem.rule) + QStringLiteral("</code> ")
                + (problem.pointer.isEmpty()
                       ? QString()
                       : QStringLiteral("<code>") + Html::text(problem.pointer) + QStringLiteral("</code> "))
                + QStringLiteral("<span lang=\"en\">") + field(problem.message) + QStringLiteral("</span></li>\n");
        }
        if (!items.isEmpty())
            out += QStringLiteral("<section class=\"warning\" role=\"note\"><h2>")
                + t("This record has errors", "此记录有错误") + QStringLiteral("</h2><ul>\n") + items
                + QStringLiteral("</ul></section>\n");
    }
    QString list(const QStringList &items) const
    {
        QString html;
        for (const QString &item : items)
            html += QStringLiteral("<li><code>") + field(item) + QStringLiteral("</code></li>");
        return html.isEmpty() ? html : QStringLiteral("<ul class=\"inline\">") + html + QStringLiteral("</ul>");
    }
    QString stale() const
    {
        const QDate last = record.lastConfirmed();
        if (!last.isValid() || !site.options.today.isValid())
            return QString();
        const qint64 days = last.daysTo(site.options.today);
        if (days > 365)
            return QStringLiteral(" <span class=\"badge stale\">") + t("stale", "已过时") + QStringLiteral("</span>");
        if (days > 180)
            return QStringLiteral(" <span class=\"badge aging\">") + t("aging", "较旧") + QStringLiteral("</span>");
        return QString();
    }
    void facts()
    {
        out += QStringLiteral("<div class=\"table\"><table class=\"facts\">\n");
        row(t("Regex", "正则"),
            record.regex().isEmpty() ? QString()
                                     : QStringLiteral("<code>") + field(record.regex()) + QStringLiteral("</code>"));
        row(t("Error code", "错误码"), field(record.errorCode()));
        row(t("Aliases", "别名"), list(record.aliases()));
        row(t("Tags", "标签"), list(record.tags()));
        row(t("Resolvable", "可解决"), field(record.resolvable()));
        row(t("Fix success rate", "修复成功率"), percent(record.fixSuccessRate()));
        row(t("Confidence", "置信度"), percent(record.confidence()));
        row(t("Verification tier", "验证级别"), field(record.verificationTier()));
        const auto evidence = record.evidenceCount();
        row(t("Evidence", "证据数"), evidence ? QString::number(*evidence) : QString());
        row(t("First seen", "首次发现"),
            record.firstSeen().isValid() ? record.firstSeen().toString(Qt::ISODate) : QString());
        row(t("Last confirmed", "最近确认"),
            record.lastConfirmed().isValid() ? record.lastConfirmed().toString(Qt::ISODate) + stale() : QString());
        row(t("Official documentation", "官方文档"),
            record.officialDocUrl().isEmpty() ? QString()
                                              : Html::link(record.officialDocUrl(), field(record.officialDocUrl())));
        out += QStringLiteral("</table></div>\n");
    }
    void section(const char *en, const char *zh, const QString &html)
    {
        if (!html.isEmpty())
            out += QStringLiteral("<section><h2>") + t(en, zh) + QStringLiteral("</h2>\n") + html
                + QStringLiteral("</section>\n");
    }
    bool translated(TranslationStatus::Field which) const
    {
        return lang() == SiteLanguage::Chinese
            && TranslationStatus::detect(record, which) >= TranslationStatus::Translated;
    }
    QString rootCause() const
    {
        const QString english = record.rootCause();
        if (translated(TranslationStatus::RootCause))
            return QStringLiteral("<p>") + field(record.rootCauseZh()) + QStringLiteral("</p>");
        if (english.isEmpty())
            return QString();
        if (lang() == SiteLanguage::Chinese)
            return QStringLiteral(
                       "<p><span class=\"untranslated-mark\">未翻译</span> <span lang=\"en\" class=\"untranslated\">")
                + field(english) + QStringLiteral("</span></p>");
        return QStringLiteral("<p>") + field(english) + QStringLiteral("</p>");
    }
    QString englishBlock(const QString &html) const
    {
        if (lang() != SiteLanguage::Chinese || html.isEmpty())
            return html;
        return QStringLiteral("<div lang=\"en\" class=\"untranslated\"><span class=\"untranslated-mark\" "
                              "lang=\"zh-CN\">未翻译</span>")
            + html + QStringLiteral("</div>");
    }
    QString deadEnds() const
    {
        QString html;
        for (const DeadEnd &d : record.deadEnds()) {
            html += QStringLiteral("<li><p><strong>") + field(d.action) + QStringLiteral("</strong>");
            if (d.failRate)
                html += QStringLiteral(" <span class=\"badge fail\">") + t("fails ", "失败率 ") + percent(d.failRate)
                    + QStringLiteral("</span>");
            html += QStringLiteral("</p>");
            if (!d.whyFails.isEmpty())
                html += QStringLiteral("<p>") + field(d.whyFails) + QStringLiteral("</p>");
            if (!d.condition.isEmpty())
                html += QStringLiteral("<p class=\"condition\">") + field(d.condition) + QStringLiteral("</p>");
            html += sources(d.sources) + QStringLiteral("</li>\n");
        }
        return html.isEmpty()
            ? html
            : englishBlock(QStringLiteral("<ul class=\"dead-ends\">\n") + html + QStringLiteral("</ul>"));
    }
    QString workarounds() const
    {
        QList<Workaround> list = record.workarounds();
        const bool zh = translated(TranslationStatus::Workarounds);
        if (zh) {
            const QStringList actions = record.workaroundsZh();
            for (int i = 0; i < list.size() && i < actions.size(); ++i)
                list[i].action = actions.at(i);
        }
        std::stable_sort(list.begin(), list.end(), [](const Workaround &a, const Workaround &b) {
            return a.successRate.value_or(-1) > b.successRate.value_or(-1);
        });
        QString html;
        for (const Workaround &w : list) {
            html += QStringLiteral("<li><p><strong>") + field(w.action) + QStringLiteral("</strong>");
            if (w.successRate)
                html += QStringLiteral(" <span class=\"badge success\">") + t("works ", "成功率 ")
                    + percent(w.successRate) + QStringLiteral("</span>");
            html += QStringLiteral("</p>");
            if (!w.how.isEmpty())
                html += QStringLiteral("<pre><code>") + field(w.how) + QStringLiteral("</code></pre>");
            if (!w.condition.isEmpty())
                html += QStringLiteral("<p class=\"condition\">") + field(w.condition) + QStringLiteral("</p>");
            if (!w.tradeoff.isEmpty())
                html += QStringLiteral("<p class=\"tradeoff\">") + field(w.tradeoff) + QStringLiteral("</p>");
            html += sources(w.sources) + QStringLiteral("</li>\n");
        }
        if (html.isEmpty())
            return html;
        html = QStringLiteral("<ol class=\"workarounds\">\n") + html + QStringLiteral("</ol>");
        return zh ? html : englishBlock(html);
    }
    QString versions() const
    {
        QString html;
        for (const VersionEntry &v : record.versions())
            html += QStringLiteral("<tr><td>") + field(v.version) + QStringLiteral("</td><td>") + field(v.status)
                + QStringLiteral("</td><td>") + field(v.behaviorChange) + QStringLiteral("</td></tr>\n");
        if (html.isEmpty())
            return html;
        return QStringLiteral("<div class=\"table\"><table><tr><th scope=\"col\">") + t("Version", "版本")
            + QStringLiteral("</th><th scope=\"col\">") + t("Status", "状态")
            + QStringLiteral("</th><th scope=\"col\">") + t("Change", "变化") + QStringLiteral("</th></tr>\n") + html
            + QStringLiteral("</table></div>");
    }
    QString environment() const
    {
        QString html;
        for (const auto &note : record.osNotes())
            html += QStringLiteral("<dt>") + field(note.first) + QStringLiteral("</dt><dd>") + field(note.second)
                + QStringLiteral("</dd>");
        return html.isEmpty() ? html : QStringLiteral("<dl>") + html + QStringLiteral("</dl>");
    }
    QString recordLink(const QString &id) const
    {
        const Record *target = site.paths.recordById(id);
        if (!target)
            return QStringLiteral("<code>") + field(id) + QStringLiteral("</code> <span class=\"badge dangling\">")
                + t("missing", "不存在") + QStringLiteral("</span>");
        return QStringLiteral("<a href=\"") + PageLayout::href(page, site.paths.recordPage(*target))
            + QStringLiteral("\"><code>") + field(target->signature()) + QStringLiteral("</code></a>");
    }
    static const char *kindName(Link::Kind kind, bool zh)
    {
        switch (kind) {
        case Link::LeadsTo: return zh ? "导致" : "Leads to";
        case Link::PrecededBy: return zh ? "之前" : "Preceded by";
        case Link::ConfusedWith: return zh ? "易混淆" : "Confused with";
        }
        return "";
    }
    QString links() const
    {
        QString html;
        const bool zh = lang() == SiteLanguage::Chinese;
        for (const Link &link : record.allLinks())
            html += QStringLiteral("<li>") + QString::fromUtf8(kindName(link.kind, zh)) + QStringLiteral(": ")
                + recordLink(link.targetId) + QStringLiteral("</li>\n");
        for (const LinkIndex::Backlink &back : site.kb.links().backlinks(record.id()))
            html += QStringLiteral("<li class=\"backlink\">") + t("Linked from", "被链接自") + QStringLiteral(" (")
                + QString::fromUtf8(kindName(back.kind, zh)) + QStringLiteral("): ") + recordLink(back.sourceId)
                + QStringLiteral("</li>\n");
        return html.isEmpty() ? html
                              : QStringLiteral("<ul class=\"links\">\n") + html + QStringLiteral("</ul>\n")
                + GraphSvg::render(site, page, original);
    }
    void body()
    {
        breadcrumb();
        heading();
        warnings();
        facts();
        section("Root cause", "根本原因", rootCause());
        section("Dead ends", "无效做法", deadEnds());
        section("Workarounds", "解决办法", workarounds());
        section("Affected versions", "受影响版本", versions());
        section("Environment", "环境", environment());
        section("Links", "关联", links());
        out += QStringLiteral("<p class=\"json\"><a href=\"") + jsonHref() + QStringLiteral("\">")
            + t("This record as JSON", "此记录的 JSON") + QStringLiteral("</a></p>\n");
    }
};

} // namespace

QByteArray RecordPage::render(const SiteContext &site, const Record &record, SiteLanguage language)
{
    return render(site, record, document(record), language);
}

Record RecordPage::document(const Record &record)
{
    Record copy;
    Record::LoadError error;
    copy.parse(record.originalText(), &error);
    return copy;
}

QByteArray RecordPage::render(const SiteContext &site, const Record &record, const Record &copy, SiteLanguage language)
{
    Writer writer{site, copy, record, {}, {}};
    writer.page.language = language;
    writer.page.path = site.paths.recordPage(record);
    writer.page.title = copy.signature().left(200);
    writer.page.description = copy.rootCause().left(300);
    writer.body();
    return PageLayout::page(site, writer.page, writer.out);
}

} // namespace Errata
