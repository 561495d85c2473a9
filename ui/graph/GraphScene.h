#pragma once

#include "models/links/LinkGraph.h"

#include <QGraphicsScene>
#include <QHash>
#include <QStringList>

class QGraphicsPolygonItem;
class QGraphicsRectItem;

namespace Errata {

// A LinkGraph drawn: one box per record (its id and the start of its
// signature, filled with its domain's colour, the centre outlined, a missing
// record white with a red dashed outline), one line per link (leads_to a
// solid arrow, preceded_by a dashed arrow, frequently_confused_with a dotted
// line without arrow; links to missing records red; links between records
// at the same distance from the centre faint), probabilities as labels, and
// a legend of the domains and line styles above the graph.
// Positions come from GraphLayout.
class GraphScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr int IdKey = 0; // QGraphicsItem::data key holding a node's record id

    explicit GraphScene(QObject *parent = nullptr);

    // `domains`: every domain of the KB, sorted (DomainPalette).
    void setGraph(const LinkGraph &graph, const QStringList &domains);
    const LinkGraph &graph() const { return m_graph; }
    // The box of a record's node, or null.
    QGraphicsRectItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    QList<QGraphicsRectItem *> nodeItems() const { return m_nodes.values(); }
    // The graph and its legend, with a margin.
    QRectF contentRect() const;

private:
    QSizeF nodeSize(const LinkGraph::Node &node) const;
    QStringList nodeLines(const LinkGraph::Node &node) const;
    void addNode(const LinkGraph::Node &node, const QRectF &rect, bool centre, const QColor &fill);
    void addEdge(const LinkGraph::Edge &edge, int offsetIndex, int parallelCount);
    void addSelfLoop(const LinkGraph::Edge &edge);
    QGraphicsPolygonItem *addArrowHead(const QPointF &tip, const QPointF &from, const QColor &color);
    void addLabel(const QString &text, const QPointF &at, const QColor &color);
    void addLegend(const QStringList &domains, const QStringList &allDomains);

    LinkGraph m_graph;
    QHash<QString, QGraphicsRectItem *> m_nodes;
    QFont m_idFont;
    QFont m_signatureFont;
};

} // namespace Errata
