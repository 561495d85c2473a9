#include "models/links/GraphLayout.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

constexpr double TwoPi = 2.0 * M_PI;
constexpr double Top = -M_PI / 2.0; // y grows downwards: -90° is straight up
constexpr int MaxWidening = 200;    // each step moves a crowded ring 8% outwards
constexpr double Widening = 1.08;

} // namespace

QRectF GraphLayout::boxAt(const QSizeF &size, double radius, double angle)
{
    const QPointF centre(radius * std::cos(angle), radius * Flatten * std::sin(angle));
    return QRectF(centre - QPointF(size.width() / 2.0, size.height() / 2.0), size);
}

bool GraphLayout::anyOverlap(const QList<QRectF> &rects, double gap)
{
    for (qsizetype i = 0; i < rects.size(); ++i) {
        const QRectF grown = rects.at(i).adjusted(-gap / 2, -gap / 2, gap / 2, gap / 2);
        for (qsizetype j = i + 1; j < rects.size(); ++j) {
            if (grown.intersects(rects.at(j).adjusted(-gap / 2, -gap / 2, gap / 2, gap / 2)))
                return true;
        }
    }
    return false;
}

// Whether `box` keeps RingGap from the boxes of inner rings and Gap from
// the boxes already on its own ring.
bool GraphLayout::clear(const QRectF &box, const QList<QRectF> &rects, const Placed &placed)
{
    const QRectF farther = box.adjusted(-RingGap, -RingGap, RingGap, RingGap);
    const QRectF near = box.adjusted(-Gap, -Gap, Gap, Gap);
    return std::none_of(placed.inner.cbegin(), placed.inner.cend(),
                        [&](int i) { return farther.intersects(rects.at(i)); })
        && std::none_of(placed.ring.cbegin(), placed.ring.cend(), [&](int i) { return near.intersects(rects.at(i)); });
}

// Item indexes by depth: rings()[d] holds the items at depth d.
QList<QList<int>> GraphLayout::rings(const QList<Item> &items)
{
    QList<QList<int>> result;
    for (int i = 0; i < items.size(); ++i) {
        const int depth = std::max(0, items.at(i).depth);
        while (result.size() <= depth)
            result.append(QList<int>());
        result[depth] << i;
    }
    return result;
}

// Ring 1 (and a crowded ring 0) by the caller's order; outer rings by the
// angle of their parent.
QList<int> GraphLayout::ringOrder(const QList<Item> &items, const QList<int> &ring, const QList<double> &angles)
{
    QList<int> order = ring;
    const auto parentAngle = [&](int item) {
        const int parent = items.at(item).parent;
        return parent >= 0 && items.at(parent).depth > 0 ? std::fmod(angles.at(parent) - Top + 2 * TwoPi, TwoPi) : 0.0;
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const double angleA = parentAngle(a);
        const double angleB = parentAngle(b);
        if (angleA != angleB)
            return angleA < angleB;
        return items.at(a).order < items.at(b).order;
    });
    return order;
}

// Puts each box of the ring at the first angle, from where it wants to be
// (`desired`, increasing) onwards, where it is clear of every box so far;
// false when the ring closes before all are placed.
bool GraphLayout::placeRing(const QList<Item> &items, const QList<int> &order, const QList<double> &desired,
                            double radius, const QList<int> &inner, QList<QRectF> &rects, QList<double> &angles)
{
    QList<QRectF> trial = rects;
    Placed placed{inner, {}};
    const double start = desired.first();
    const double step = 2.0 / radius; // about two pixels along the ring
    const double stagger = staggerOf(items, order);
    double angle = start;
    QList<double> chosen;
    for (int k = 0; k < order.size(); ++k) {
        const QSizeF size = items.at(order.at(k)).size;
        const double r = radius + (k % 2 ? stagger : 0.0);
        angle = std::max(angle, desired.at(k));
        while (!clear(boxAt(size, r, angle), trial, placed) && angle < start + TwoPi)
            angle += step;
        if (angle >= start + TwoPi)
            return false;
        trial[order.at(k)] = boxAt(size, r, angle);
        placed.ring << order.at(k);
        chosen << angle;
    }
    rects = trial;
    for (int k = 0; k < order.size(); ++k)
        angles[order.at(k)] = chosen.at(k);
    return true;
}

// Where the boxes of a ring would like to be: ring 1 evenly spread from the
// top, outer rings at the angle of their parent (unwrapped so that the
// angles increase along `order`).
QList<double> GraphLayout::desiredAngles(const QList<Item> &items, const QList<int> &order, const QList<double> &angles)
{
    QList<double> desired;
    const int first = items.at(order.first()).parent;
    const bool followParents = first >= 0 && items.at(first).depth > 0;
    const double start = followParents ? angles.at(first) : Top;
    for (int k = 0; k < order.size(); ++k) {
        const int parent = items.at(order.at(k)).parent;
        if (followParents && parent >= 0 && items.at(parent).depth > 0)
            desired << start + std::fmod(angles.at(parent) - start + 2 * TwoPi, TwoPi);
        else
            desired << start + TwoPi * k / order.size();
        if (k > 0)
            desired[k] = std::max(desired.at(k), desired.at(k - 1));
    }
    return desired;
}

// How much farther out every other box of a crowded ring goes, so that neighbours on the ring can sit side by side in
// depth instead of in a line: enough for a box to clear the one before it near the top of the ring (1.4 times the
// bare minimum gives the smallest rings).
double GraphLayout::staggerOf(const QList<Item> &items, const QList<int> &ring)
{
    if (ring.size() < StaggerFrom)
        return 0.0;
    double height = 0.0;
    for (int i : ring)
        height = std::max(height, items.at(i).size.height());
    return 1.4 * (height + Gap) / Flatten;
}

// The least radius worth trying: outside the inner ring, and long enough
// around for the boxes stacked by their heights.
double GraphLayout::startRadius(const QList<Item> &items, const QList<int> &ring, double innerRadius)
{
    double heights = 0.0;
    for (int i : ring)
        heights += items.at(i).size.height() + Gap;
    if (ring.size() >= StaggerFrom)
        heights /= 2.0; // every other box is on the outer half
    const double perimeterPerRadius = TwoPi * std::sqrt((1.0 + Flatten * Flatten) / 2.0);
    return std::max(innerRadius + RingGap, heights / perimeterPerRadius);
}

QList<QRectF> GraphLayout::arrange(const QList<Item> &items)
{
    QList<QRectF> rects(items.size());
    QList<double> angles(items.size(), Top);
    QList<int> inner; // items of the rings placed so far
    double innerRadius = 0.0;
    for (const QList<int> &ring : rings(items)) {
        if (ring.isEmpty())
            continue;
        if (inner.isEmpty() && ring.size() == 1) {
            rects[ring.first()] = boxAt(items.at(ring.first()).size, 0.0, 0.0);
            inner << ring.first();
            continue;
        }
        const QList<int> order = ringOrder(items, ring, angles);
        const QList<double> desired = desiredAngles(items, order, angles);
        double radius = startRadius(items, ring, innerRadius);
        int widening = 0;
        while (!placeRing(items, order, desired, radius, inner, rects, angles) && widening++ < MaxWidening)
            radius *= Widening;
        innerRadius = radius + staggerOf(items, ring);
        inner << ring;
    }
    return rects;
}

} // namespace Errata
