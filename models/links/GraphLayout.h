#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace Errata {

// Positions for the nodes of a record's neighbourhood: the centre in the middle, the nodes at depth d on ring d around
// it, on ellipses wider than tall (Flatten) because the boxes are. Each node is a box of the size its text needs
// (measured by the caller). Boxes never overlap, by construction: a box goes on its ring only where it keeps RingGap
// from every box of the inner rings (room for lines and labels) and Gap from its own ring's; a ring without such a
// place for every box moves outwards until it has. A crowded ring is staggered (every other box a little farther out)
// so that two neighbours can share an angle. Ring 1 keeps the caller's order (`order`, then index), clockwise from the
// top; a box of an outer ring goes just after the angle of the node it was reached from, so branches point outwards.
class GraphLayout
{
public:
    struct Item
    {
        QSizeF size;
        int depth = 0;
        int parent = -1; // index of the item it hangs from, -1 for none
        int order = 0;   // sort key within ring 1
    };

    static constexpr double Gap = 18.0;     // least space between two boxes of one ring
    static constexpr double RingGap = 60.0; // least space to a box of an inner ring
    static constexpr double Flatten = 0.6;  // height of a ring over its width
    static constexpr int StaggerFrom = 10;  // a ring of this many boxes or more is staggered

    // One rectangle per item, in scene coordinates around (0, 0).
    static QList<QRectF> arrange(const QList<Item> &items);
    // Whether any two rectangles overlap or come closer than `gap`.
    static bool anyOverlap(const QList<QRectF> &rects, double gap = 0.0);

private:
    struct Placed
    {
        QList<int> inner; // boxes of the inner rings
        QList<int> ring;  // boxes of this ring so far
    };

    static QList<QList<int>> rings(const QList<Item> &items);
    static QList<int> ringOrder(const QList<Item> &items, const QList<int> &ring, const QList<double> &angles);
    static double staggerOf(const QList<Item> &items, const QList<int> &ring);
    static double startRadius(const QList<Item> &items, const QList<int> &ring, double innerRadius);
    static QList<double> desiredAngles(const QList<Item> &items, const QList<int> &order, const QList<double> &angles);
    static bool placeRing(const QList<Item> &items, const QList<int> &order, const QList<double> &desired,
                          double radius, const QList<int> &inner, QList<QRectF> &rects, QList<double> &angles);
    static QRectF boxAt(const QSizeF &size, double radius, double angle);
    static bool clear(const QRectF &box, const QList<QRectF> &rects, const Placed &placed);
};

} // namespace Errata
