#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// A horizontal bar chart as inline SVG: one bar per label, integer
// coordinates, no style attribute (the site's CSP forbids inline styles):
// the colours come from site.css through the classes chart-bar,
// chart-bar-warn (a bar whose value is above zero, when `warn`),
// chart-axis and chart-label.
class ChartSvg
{
public:
    static QString bars(const QString &title, const QStringList &labels, const QList<int> &values, bool warn);
};

} // namespace Errata
