#include "GraphLayout.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

constexpr double TwoPi = 2.0 * M_PI;
constexpr double Top = -M_PI / 2.0; // y grows downwards: -90° is straight up
constexpr int MaxWidening = 80;     // each step moves a crowded ring 15% outwards

} // namespace

double GraphLayout::halfDiagonal(const QSizeF &size)
{
    return std::hypot(size.width(), size.height()) / 2.0;
}

QRectF GraphLayout::boxAt(const QSizeF &size, double radius, double angle)
{
    const QPointF centre(radius * std::cos(angle), radius * std::sin(angle));
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

// Whether `box` keeps the gap from every rectangle already placed.
bool GraphLayout::clear(const QRectF &box, const QList<QRectF> &rects, const QList<int> &placed)
{
    const QRectF grown = box.adjusted(-Gap, -Gap, Gap, Gap);
    return std::none_of(placed.cbegin(), placed.cend(), [&](int i) { return grown.intersects(rects.at(i)); });
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
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const int pa = items.at(a).parent;
        const int pb = items.at(b).parent;
        const double angleA = pa >= 0 && items.at(pa).depth > 0 ? std::fmod(angles.at(pa) - Top + TwoPi, TwoPi) : 0.0;
        const double angleB = pb >= 0 && items.at(pb).depth > 0 ? std::fmod(angles.at(pb) - Top + TwoPi, TwoPi) : 0.0;
        if (angleA != angleB)
            return angleA < angleB;
        return items.at(a).order < items.at(b).order;
    });
    return order;
}

// Places the ring at the given angles if every box is clear of the others.
bool GraphLayout::tryAngles(const QList<Item> &items, const QList<int> &order, double radius,
                            const QList<double> &candidate, QList<QRectF> &rects, QList<double> &angles)
{
    QList<int> placed;
    for (int i = 0; i < rects.size(); ++i) {
        if (!rects.at(i).isNull())
            placed << i;
    }
    const QList<QRectF> before = rects;
    for (int k = 0; k < order.size(); ++k) {
        const QRectF box = boxAt(items.at(order.at(k)).size, radius, candidate.at(k));
        if (!clear(box, rects, placed)) {
            rects = before;
            return false;
        }
        rects[order.at(k)] = box;
        angles[order.at(k)] = candidate.at(k);
        placed << order.at(k);
    }
    return true;
}

// Tries the ring evenly spread, then packed (each box at the first angle
// clear of all boxes so far) with the slack shared out, then packed as is.
bool GraphLayout::placeRing(const QList<Item> &items, const QList<int> &order, double radius, double start,
                            QList<QRectF> &rects, QList<double> &angles)
{
    const int n = int(order.size());
    QList<double> even;
    for (int k = 0; k < n; ++k)
        even << start + TwoPi * k / n;
    if (tryAngles(items, order, radius, even, rects, angles))
        return true;

    QList<QRectF> trial = rects;
    QList<int> placed;
    for (int i = 0; i < trial.size(); ++i) {
        if (!trial.at(i).isNull())
            placed << i;
    }
    const double step = 2.0 / radius; // about two pixels along the ring
    QList<double> packed;
    double angle = start;
    for (int k = 0; k < n; ++k) {
        const QSizeF size = items.at(order.at(k)).size;
        while (!clear(boxAt(size, radius, angle), trial, placed) && angle < start + TwoPi)
            angle += step;
        if (angle >= start + TwoPi)
            return false;
        packed << angle;
        trial[order.at(k)] = boxAt(size, radius, angle);
        placed << order.at(k);
    }
    const double slack = (start + TwoPi - packed.last()) - (packed.size() > 1 ? packed.at(1) - packed.at(0) : 0.0);
    QList<double> shared = packed;
    for (int k = 0; k < n && slack > 0; ++k)
        shared[k] += slack * k / n;
    return tryAngles(items, order, radius, shared, rects, angles)
        || tryAngles(items, order, radius, packed, rects, angles);
}

QList<QRectF> GraphLayout::arrange(const QList<Item> &items)
{
    QList<QRectF> rects(items.size());
    QList<double> angles(items.size(), Top);
    const QList<QList<int>> byDepth = rings(items);
    double innerRadius = 0.0;
    double innerReach = 0.0; // largest half-diagonal of the ring inside
    for (int depth = 0; depth < byDepth.size(); ++depth) {
        const QList<int> &ring = byDepth.at(depth);
        if (ring.isEmpty())
            continue;
        double reach = 0.0;
        for (int i : ring)
            reach = std::max(reach, halfDiagonal(items.at(i).size));
        if (depth == 0 && ring.size() == 1) {
            rects[ring.first()] = boxAt(items.at(ring.first()).size, 0.0, 0.0);
            innerReach = reach;
            continue;
        }
        const QList<int> order = ringOrder(items, ring, angles);
        const int first = items.at(order.first()).parent;
        const double start = first >= 0 && items.at(first).depth > 0 ? angles.at(first) : Top;
        double radius = innerRadius + innerReach + reach + Gap;
        int widening = 0;
        while (!placeRing(items, order, radius, start, rects, angles) && widening++ < MaxWidening)
            radius *= 1.15;
        innerRadius = radius;
        innerReach = reach;
    }
    return rects;
}

} // namespace Errata
