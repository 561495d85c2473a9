// Node positions: rings by depth, boxes that never overlap, even for a
// record with 30 neighbours of different sizes, and a compact result.

#include "models/links/GraphLayout.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/links/LinkGraph.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Errata;

namespace {

QPointF centreOf(const QRectF &rect)
{
    return rect.center();
}

// The radius of the (flattened) ring a point is on.
double distance(const QPointF &point)
{
    return std::hypot(point.x(), point.y() / GraphLayout::Flatten);
}

// 30 neighbours with widths from 60 to 320 and two text lines, and 60 at
// depth 2 hanging from them.
QList<GraphLayout::Item> crowd()
{
    QList<GraphLayout::Item> items{{QSizeF(220, 44), 0, -1, 0}};
    for (int i = 0; i < 30; ++i)
        items << GraphLayout::Item{QSizeF(60 + (i * 37) % 260, 44), 1, 0, i % 3};
    for (int i = 0; i < 60; ++i)
        items << GraphLayout::Item{QSizeF(90 + (i * 53) % 200, 44), 2, 1 + i % 30, 0};
    return items;
}

} // namespace

class GraphLayoutTest : public QObject
{
    Q_OBJECT

private slots:
    void centreAloneIsAtTheOrigin();
    void thirtyNeighboursDoNotOverlap();
    void ringsGrowWithDepth();
    void fewNeighboursSpreadAround();
    void wideBoxesStillFit();
    void realNeighbourhoodOfThirty();
    void overlapCheckFindsOverlaps();
};

void GraphLayoutTest::centreAloneIsAtTheOrigin()
{
    const QList<QRectF> rects = GraphLayout::arrange({{QSizeF(100, 40), 0, -1, 0}});
    QCOMPARE(rects.size(), 1);
    QCOMPARE(rects.first().center(), QPointF(0, 0));
    QCOMPARE(rects.first().size(), QSizeF(100, 40));
}

void GraphLayoutTest::thirtyNeighboursDoNotOverlap()
{
    const QList<GraphLayout::Item> items = crowd();
    const QList<QRectF> rects = GraphLayout::arrange(items);
    QCOMPARE(rects.size(), items.size());
    for (int i = 0; i < rects.size(); ++i)
        QCOMPARE(rects.at(i).size(), items.at(i).size);
    QVERIFY(!GraphLayout::anyOverlap(rects, GraphLayout::Gap - 0.01));
    // Room for lines between the centre and the first ring.
    for (int i = 1; i <= 30; ++i)
        QVERIFY(!GraphLayout::anyOverlap({rects.at(0), rects.at(i)}, GraphLayout::RingGap - 0.01));
    // Readable at a glance: the first ring is not pushed far out.
    double ringOne = 0;
    for (int i = 1; i <= 30; ++i)
        ringOne = std::max(ringOne, distance(centreOf(rects.at(i))));
    QVERIFY2(ringOne < 1000, qPrintable(QStringLiteral("ring 1 at radius %1").arg(ringOne)));
}

void GraphLayoutTest::ringsGrowWithDepth()
{
    const QList<GraphLayout::Item> items = crowd();
    const QList<QRectF> rects = GraphLayout::arrange(items);
    double outerOfOne = 0;
    double innerOfTwo = 1e9;
    for (int i = 1; i < items.size(); ++i) {
        const double r = distance(centreOf(rects.at(i)));
        if (items.at(i).depth == 1)
            outerOfOne = std::max(outerOfOne, r);
        else
            innerOfTwo = std::min(innerOfTwo, r);
    }
    QVERIFY(innerOfTwo > outerOfOne);
}

void GraphLayoutTest::fewNeighboursSpreadAround()
{
    QList<GraphLayout::Item> items{{QSizeF(120, 40), 0, -1, 0}};
    for (int i = 0; i < 4; ++i)
        items << GraphLayout::Item{QSizeF(120, 40), 1, 0, i};
    const QList<QRectF> rects = GraphLayout::arrange(items);
    QVERIFY(!GraphLayout::anyOverlap(rects, GraphLayout::Gap - 0.01));
    // Four neighbours take the four sides: top, right, bottom, left.
    QVERIFY(rects.at(1).center().y() < -50);
    QVERIFY(rects.at(2).center().x() > 50);
    QVERIFY(rects.at(3).center().y() > 50);
    QVERIFY(rects.at(4).center().x() < -50);
}

void GraphLayoutTest::wideBoxesStillFit()
{
    QList<GraphLayout::Item> items{{QSizeF(600, 60), 0, -1, 0}};
    for (int i = 0; i < 12; ++i)
        items << GraphLayout::Item{QSizeF(i % 2 ? 600 : 30, i % 3 ? 20 : 90), 1, 0, 0};
    QVERIFY(!GraphLayout::anyOverlap(GraphLayout::arrange(items), GraphLayout::Gap - 0.01));
}

// A record with 30 neighbours through LinkGraph, sized like the view does.
void GraphLayoutTest::realNeighbourhoodOfThirty()
{
    QTemporaryDir dir;
    OrderedJson leads = OrderedJson::array();
    for (int i = 0; i < 30; ++i) {
        const std::string id = "d" + std::to_string(i % 4) + "/neighbour-with-a-longer-name-" + std::to_string(i);
        leads.push_back(id);
        const OrderedJson json = {
            {"id", id}, {"signature", "x"}, {"regex", "x"}, {"domain", id.substr(0, 2)}, {"category", "c"}};
        const QString path = dir.filePath(QString::fromStdString(id) + QStringLiteral(".json"));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(json.dump()));
    }
    const OrderedJson centre = {{"id", "d0/centre"}, {"signature", "x"}, {"regex", "x"},
                                {"domain", "d0"},    {"category", "c"},  {"transition_graph", {{"leads_to", leads}}}};
    QFile file(dir.filePath(QStringLiteral("d0/centre.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(centre.dump()));
    file.close();
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    const LinkGraph graph = LinkGraph::neighbourhood(kb, QStringLiteral("d0/centre"), 2);
    QCOMPARE(graph.nodes().size(), 31);
    QList<GraphLayout::Item> items;
    for (const LinkGraph::Node &node : graph.nodes())
        items << GraphLayout::Item{QSizeF(8.0 * node.id.size(), 40), node.depth, node.parent, 0};
    QVERIFY(!GraphLayout::anyOverlap(GraphLayout::arrange(items), GraphLayout::Gap - 0.01));
}

void GraphLayoutTest::overlapCheckFindsOverlaps()
{
    QVERIFY(GraphLayout::anyOverlap({QRectF(0, 0, 10, 10), QRectF(5, 5, 10, 10)}));
    QVERIFY(!GraphLayout::anyOverlap({QRectF(0, 0, 10, 10), QRectF(20, 0, 10, 10)}));
    QVERIFY(GraphLayout::anyOverlap({QRectF(0, 0, 10, 10), QRectF(20, 0, 10, 10)}, 12));
}

QTEST_GUILESS_MAIN(GraphLayoutTest)
#include "GraphLayoutTest.moc"
