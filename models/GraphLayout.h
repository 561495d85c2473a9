#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace Errata {

// Positions for the nodes of a record's neighbourhood: the centre in the
// middle, the nodes at depth d on ring d around it. Each node is a box of
// the size its text needs (measured by the caller). Boxes never overlap, by
// construction: a ring is far enough out that no box on it can reach a box
// of an inner ring (their bounding circles are apart), and along a ring each
// box is placed only where it keeps a gap from every box already placed;
// when a ring is too crowded it moves outwards. Every arrangement is checked
// before it is returned.
//
// Ring 1 keeps the order the caller gives (`order`, then index), starting at
// the top and going clockwise; outer rings follow the angle of the node each
// was reached from, so that branches point away from the centre.
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

    static constexpr double Gap = 18.0; // least space between two boxes

    // One rectangle per item, in scene coordinates around (0, 0).
    static QList<QRectF> arrange(const QList<Item> &items);
    // Whether any two rectangles overlap or come closer than `gap`.
    static bool anyOverlap(const QList<QRectF> &rects, double gap = 0.0);

private:
    struct Ring;

    static QList<QList<int>> rings(const QList<Item> &items);
    static QList<int> ringOrder(const QList<Item> &items, const QList<int> &ring, const QList<double> &angles);
    static bool placeRing(const QList<Item> &items, const QList<int> &order, double radius, double start,
                          QList<QRectF> &rects, QList<double> &angles);
    static bool tryAngles(const QList<Item> &items, const QList<int> &order, double radius,
                          const QList<double> &candidate, QList<QRectF> &rects, QList<double> &angles);
    static QRectF boxAt(const QSizeF &size, double radius, double angle);
    static bool clear(const QRectF &box, const QList<QRectF> &rects, const QList<int> &placed);
    static double halfDiagonal(const QSizeF &size);
};

} // namespace Errata
