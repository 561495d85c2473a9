#include "ui/graph/GraphScene.h"

#include "models/links/DomainPalette.h"
#include "models/links/GraphLayout.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLineF>
#include <QPainterPath>
#include <QPen>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

constexpr double Padding = 8.0;
constexpr double LineGap = 2.0;
constexpr int SignatureChars = 36;
constexpr double ParallelSpacing = 26.0;
const QColor MissingColor(0xc6, 0x28, 0x28);

struct EdgeStyle
{
    QColor color;
    Qt::PenStyle line;
    double width;
};

EdgeStyle styleOf(Link::Kind kind)
{
    switch (kind) {
    case Link::LeadsTo: return {QColor(0x37, 0x47, 0x4f), Qt::SolidLine, 1.6};
    case Link::PrecededBy: return {QColor(0x15, 0x65, 0xc0), Qt::DashLine, 1.6};
    case Link::ConfusedWith: return {QColor(0x8d, 0x6e, 0x63), Qt::DotLine, 2.2};
    }
    return {Qt::black, Qt::SolidLine, 1.0};
}

// Where the ray from the rectangle's centre towards `towards` leaves it.
QPointF borderPoint(const QRectF &rect, const QPointF &towards)
{
    const QPointF centre = rect.center();
    const QPointF d = towards - centre;
    if (qFuzzyIsNull(d.x()) && qFuzzyIsNull(d.y()))
        return centre;
    const double tx = qFuzzyIsNull(d.x()) ? 1e9 : rect.width() / 2.0 / std::abs(d.x());
    const double ty = qFuzzyIsNull(d.y()) ? 1e9 : rect.height() / 2.0 / std::abs(d.y());
    return centre + d * std::min({tx, ty, 1.0});
}

QString elided(const QString &text, int chars)
{
    const QString simple = text.simplified();
    return simple.size() > chars ? simple.left(chars - 1) + QChar(0x2026) : simple;
}

} // namespace

GraphScene::GraphScene(QObject *parent)
    : QGraphicsScene(parent)
{
    m_idFont.setBold(true);
    m_signatureFont.setPointSizeF(m_signatureFont.pointSizeF() * 0.9);
}

QStringList GraphScene::nodeLines(const LinkGraph::Node &node) const
{
    if (node.missing)
        return {node.id, tr("not in this KB")};
    if (node.signature.trimmed().isEmpty())
        return {node.id};
    return {node.id, elided(node.signature, SignatureChars)};
}

QSizeF GraphScene::nodeSize(const LinkGraph::Node &node) const
{
    const QStringList lines = nodeLines(node);
    const QFontMetricsF idMetrics(m_idFont);
    const QFontMetricsF signatureMetrics(m_signatureFont);
    double width = idMetrics.horizontalAdvance(lines.first());
    double height = idMetrics.height();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        width = std::max(width, signatureMetrics.horizontalAdvance(lines.at(i)));
        height += LineGap + signatureMetrics.height();
    }
    return QSizeF(std::ceil(width + 2 * Padding), std::ceil(height + 2 * Padding));
}

void GraphScene::setGraph(const LinkGraph &graph, const QStringList &domains)
{
    clear();
    m_nodes.clear();
    m_graph = graph;
    QList<GraphLayout::Item> items;
    for (const LinkGraph::Node &node : graph.nodes()) {
        // Around the centre: what follows it, then what precedes it, then
        // what is confused with it.
        int order = 3;
        for (const LinkGraph::Edge &edge : graph.edges()) {
            const bool out = edge.source == 0 && graph.nodes().at(edge.target).id == node.id;
            const bool in = edge.target == 0 && graph.nodes().at(edge.source).id == node.id;
            if (out)
                order = std::min(order, int(edge.kind));
            else if (in)
                order = std::min(order, int(Link::reverse(edge.kind)));
        }
        items << GraphLayout::Item{nodeSize(node), node.depth, node.parent, order};
    }
    const QList<QRectF> rects = GraphLayout::arrange(items);
    QStringList shown;
    for (int i = 0; i < graph.nodes().size(); ++i) {
        const LinkGraph::Node &node = graph.nodes().at(i);
        addNode(node, rects.at(i), i == 0 && node.depth == 0 && graph.nodes().size() > 1,
                node.missing ? QColor(Qt::white) : QColor(DomainPalette::colorOf(node.domain, domains)));
        if (!node.missing && !shown.contains(node.domain))
            shown << node.domain;
    }
    QHash<QPair<int, int>, int> parallel;
    for (const LinkGraph::Edge &edge : graph.edges())
        ++parallel[qMakePair(std::min(edge.source, edge.target), std::max(edge.source, edge.target))];
    QHash<QPair<int, int>, int> drawn;
    for (const LinkGraph::Edge &edge : graph.edges()) {
        const auto pair = qMakePair(std::min(edge.source, edge.target), std::max(edge.source, edge.target));
        if (edge.source == edge.target)
            addSelfLoop(edge);
        else
            addEdge(edge, drawn[pair]++, parallel.value(pair));
    }
    std::sort(shown.begin(), shown.end());
    addLegend(shown, domains);
    setSceneRect(contentRect());
}

void GraphScene::addNode(const LinkGraph::Node &node, const QRectF &rect, bool centre, const QColor &fill)
{
    auto *box = addRect(rect);
    QPen pen(node.missing ? MissingColor : fill.darker(centre ? 260 : 160), centre ? 3.0 : 1.2);
    if (node.missing)
        pen.setStyle(Qt::DashLine);
    box->setPen(pen);
    box->setBrush(fill);
    box->setZValue(2);
    box->setFlag(QGraphicsItem::ItemIsSelectable);
    box->setData(IdKey, node.id);
    box->setToolTip(node.missing ? tr("%1\nNot in this KB: links to it dangle.").arg(node.id)
                                 : tr("%1\n%2\nDouble-click to open.").arg(node.id, node.signature));
    box->setCursor(Qt::PointingHandCursor);
    const QStringList lines = nodeLines(node);
    double y = rect.top() + Padding;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        auto *text = new QGraphicsSimpleTextItem(lines.at(i), box);
        text->setFont(i == 0 ? m_idFont : m_signatureFont);
        text->setBrush(node.missing ? MissingColor : (i == 0 ? QColor(0x21, 0x21, 0x21) : QColor(0x42, 0x42, 0x42)));
        text->setPos(rect.left() + Padding, y);
        y += QFontMetricsF(text->font()).height() + LineGap;
    }
    m_nodes.insert(node.id, box);
}

// A straight line for a single link between two records; parallel links
// (both directions, several kinds) bow out to either side.
void GraphScene::addEdge(const LinkGraph::Edge &edge, int offsetIndex, int parallelCount)
{
    const QRectF from = m_nodes.value(m_graph.nodes().at(edge.source).id)->rect();
    const QRectF to = m_nodes.value(m_graph.nodes().at(edge.target).id)->rect();
    const bool forward = edge.source < edge.target;
    const QLineF axis(forward ? from.center() : to.center(), forward ? to.center() : from.center());
    const QPointF normal = axis.length() > 0 ? QPointF(-axis.dy(), axis.dx()) / axis.length() : QPointF();
    const double offset = (offsetIndex - (parallelCount - 1) / 2.0) * ParallelSpacing;
    const QPointF control = (from.center() + to.center()) / 2.0 + normal * offset * 2.0;
    const QPointF start = borderPoint(from, control);
    const QPointF end = borderPoint(to, control);
    QPainterPath path(start);
    path.quadTo(control, end);
    const EdgeStyle style = styleOf(edge.kind);
    const QColor color = edge.dangling ? MissingColor : style.color;
    QPen pen(color, style.width, style.line, Qt::RoundCap);
    auto *line = addPath(path, pen);
    line->setZValue(0);
    // Links between records at the same distance from the centre are drawn
    // faint and unlabelled: the ones leading outwards stay readable.
    const bool sideways = m_graph.nodes().at(edge.source).depth == m_graph.nodes().at(edge.target).depth
        && m_graph.nodes().at(edge.source).depth > 0;
    if (sideways)
        line->setOpacity(0.3);
    line->setToolTip(tr("%1 %2 %3")
                         .arg(m_graph.nodes().at(edge.source).id, QLatin1String(Link::key(edge.kind)),
                              m_graph.nodes().at(edge.target).id));
    if (edge.kind != Link::ConfusedWith)
        addArrowHead(end, path.pointAtPercent(0.92), color)->setOpacity(line->opacity());
    if (edge.probability && !sideways)
        addLabel(QString::number(*edge.probability, 'f', 2), path.pointAtPercent(0.5), color);
}

void GraphScene::addSelfLoop(const LinkGraph::Edge &edge)
{
    const QRectF box = m_nodes.value(m_graph.nodes().at(edge.source).id)->rect();
    const QPointF start(box.right() - 14, box.top());
    const QPointF end(box.right(), box.top() + 12);
    QPainterPath path(start);
    path.cubicTo(start + QPointF(0, -28), end + QPointF(28, 0), end);
    const EdgeStyle style = styleOf(edge.kind);
    auto *line = addPath(path, QPen(style.color, style.width, style.line));
    line->setToolTip(tr("%1 links to itself").arg(m_graph.nodes().at(edge.source).id));
    if (edge.kind != Link::ConfusedWith)
        addArrowHead(end, path.pointAtPercent(0.9), style.color);
}

QGraphicsPolygonItem *GraphScene::addArrowHead(const QPointF &tip, const QPointF &from, const QColor &color)
{
    const QLineF back(tip, from);
    const QPointF unit = back.length() > 0 ? (from - tip) / back.length() : QPointF(1, 0);
    const QPointF side(-unit.y(), unit.x());
    const QPolygonF head({tip, tip + unit * 11 + side * 4.5, tip + unit * 11 - side * 4.5});
    auto *item = addPolygon(head, QPen(color, 1), QBrush(color));
    item->setZValue(1);
    return item;
}

void GraphScene::addLabel(const QString &text, const QPointF &at, const QColor &color)
{
    auto *label = new QGraphicsSimpleTextItem(text);
    label->setFont(m_signatureFont);
    label->setBrush(color);
    const QRectF bounds = label->boundingRect();
    auto *back = addRect(QRectF(QPointF(), bounds.size()).adjusted(-2, -1, 2, 1), Qt::NoPen,
                         QColor(255, 255, 255, 225));
    back->setPos(at - QPointF(bounds.width() / 2, bounds.height() / 2));
    back->setZValue(1.5);
    label->setParentItem(back);
}

// Domains present in the graph, then the three kinds of line.
void GraphScene::addLegend(const QStringList &domains, const QStringList &allDomains)
{
    const QRectF graphBounds = itemsBoundingRect();
    const QFontMetricsF metrics(m_signatureFont);
    const double rowHeight = metrics.height() + 8;
    double x = graphBounds.left();
    const double firstRow = graphBounds.top() - 2 * rowHeight - 24;
    const auto text = [&](const QString &words, double left, double top) {
        auto *item = addSimpleText(words, m_signatureFont);
        item->setPos(left, top);
        item->setBrush(QColor(0x42, 0x42, 0x42));
        return metrics.horizontalAdvance(words);
    };
    x += text(tr("Domains:"), x, firstRow) + 10;
    for (const QString &domain : domains) {
        const QColor fill(DomainPalette::colorOf(domain, allDomains));
        addRect(QRectF(x, firstRow + 2, 16, metrics.height() - 4), QPen(fill.darker(160)), fill);
        x += 22;
        x += text(domain, x, firstRow) + 16;
    }
    x = graphBounds.left();
    const double secondRow = firstRow + rowHeight;
    x += text(tr("Links:"), x, secondRow) + 10;
    const struct
    {
        Link::Kind kind;
        const char *name;
    } kinds[] = {{Link::LeadsTo, QT_TR_NOOP("leads to")},
                 {Link::PrecededBy, QT_TR_NOOP("preceded by")},
                 {Link::ConfusedWith, QT_TR_NOOP("often confused with")}};
    const double middle = secondRow + metrics.height() / 2;
    for (const auto &kind : kinds) {
        const EdgeStyle style = styleOf(kind.kind);
        addLine(QLineF(x, middle, x + 34, middle), QPen(style.color, style.width, style.line));
        if (kind.kind != Link::ConfusedWith)
            addArrowHead(QPointF(x + 36, middle), QPointF(x, middle), style.color);
        x += 44;
        x += text(tr(kind.name), x, secondRow) + 18;
    }
    addLine(QLineF(x, middle, x + 34, middle), QPen(MissingColor, 1.6));
    x += 42;
    text(tr("to a missing record"), x, secondRow);
}

QRectF GraphScene::contentRect() const
{
    return itemsBoundingRect().adjusted(-24, -24, 24, 24);
}

} // namespace Errata
