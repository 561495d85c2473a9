#include "models/publish/GraphSvg.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/Html.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"

#include <QSet>

#include <cmath>

namespace Errata {

namespace {

constexpr int Size = 480;
constexpr int Centre = Size / 2;
constexpr int Radius = 180;

QStringList neighbours(const SiteContext &site, const Record &record)
{
    QStringList ids;
    QSet<QString> seen{record.id()};
    for (const Record::LinkTarget &link : record.summary().links)
        if (!seen.contains(link.id)) {
            seen.insert(link.id);
            ids << link.id;
        }
    for (const LinkIndex::Backlink &back : site.kb.links().backlinks(record.id()))
        if (!seen.contains(back.sourceId)) {
            seen.insert(back.sourceId);
            ids << back.sourceId;
        }
    return ids;
}

QString label(const QString &id)
{
    return Html::text(id.size() > 28 ? id.left(27) + QChar(0x2026) : id);
}

QString node(const SiteContext &site, const PageLayout::Page &page, const QString &id, int x, int y)
{
    const QString xy = QStringLiteral(" cx=\"%1\" cy=\"%2\"").arg(x).arg(y);
    const QString text = QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">").arg(x).arg(y + 22)
        + label(id) + QStringLiteral("</text>");
    const Record *target = site.paths.recordById(id);
    if (!target)
        return QStringLiteral("<g class=\"missing\"><circle class=\"node dangling\" r=\"8\"") + xy
            + QStringLiteral("><title>") + Html::text(id) + QStringLiteral(" (missing)</title></circle>") + text
            + QStringLiteral("</g>\n");
    return QStringLiteral("<a href=\"") + PageLayout::href(page, site.paths.recordPage(*target))
        + QStringLiteral("\"><circle class=\"node\" r=\"8\"") + xy + QStringLiteral("><title>") + Html::text(id)
        + QStringLiteral("</title></circle>") + text + QStringLiteral("</a>\n");
}

} // namespace

QString GraphSvg::render(const SiteContext &site, const PageLayout::Page &page, const Record &record)
{
    const QStringList ids = neighbours(site, record);
    if (ids.isEmpty())
        return QString();
    const int shown = std::min<int>(int(ids.size()), MaxNodes);
    QString edges;
    QString nodes;
    for (int i = 0; i < shown; ++i) {
        const double angle = 2 * M_PI * i / shown - M_PI / 2;
        const int x = Centre + int(std::lround(Radius * std::cos(angle)));
        const int y = Centre + int(std::lround(Radius * std::sin(angle)));
        edges += QStringLiteral("<line class=\"edge\" x1=\"%1\" y1=\"%1\" x2=\"%2\" y2=\"%3\"/>\n")
                     .arg(Centre)
                     .arg(x)
                     .arg(y);
        nodes += node(site, page, ids.at(i), x, y);
    }
    QString svg =
        QStringLiteral(
            "<svg class=\"graph\" viewBox=\"0 0 %1 %1\" width=\"%1\" height=\"%1\" role=\"img\" aria-label=\"")
            .arg(Size)
        + pick(page.language, QStringLiteral("Linked records"), QStringLiteral("关联记录"))
        + QStringLiteral("\" xmlns=\"http://www.w3.org/2000/svg\">\n") + edges
        + QStringLiteral("<circle class=\"node current\" r=\"10\" cx=\"%1\" cy=\"%1\"/>\n").arg(Centre) + nodes
        + QStringLiteral("</svg>\n");
    if (ids.size() > shown)
        svg += QStringLiteral("<p class=\"more\">")
            + pick(page.language, QStringLiteral("and %1 more").arg(ids.size() - shown),
                   QStringLiteral("另有 %1 条").arg(ids.size() - shown))
            + QStringLiteral("</p>\n");
    return svg;
}

} // namespace Errata
