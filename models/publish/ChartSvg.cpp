#include "models/publish/ChartSvg.h"

#include "models/publish/Html.h"

#include <algorithm>

namespace Errata {

namespace {
constexpr int labelWidth = 160;
constexpr int barWidth = 300;
constexpr int rowHeight = 20;
constexpr int valueWidth = 60;
} // namespace

QString ChartSvg::bars(const QString &title, const QStringList &labels, const QList<int> &values, bool warn)
{
    const int rows = int(std::min(labels.size(), values.size()));
    const int width = labelWidth + barWidth + valueWidth;
    const int height = rows * rowHeight + 4;
    const int most = std::max(1, values.isEmpty() ? 1 : *std::max_element(values.begin(), values.end()));
    QString out = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" viewBox=\"0 0 "
                                 "%1 %2\" width=\"%1\" height=\"%2\" aria-label=\"%3\">")
                      .arg(width)
                      .arg(height)
                      .arg(Html::attribute(title));
    out += QStringLiteral("<title>%1</title>").arg(Html::text(title));
    for (int i = 0; i < rows; ++i) {
        const int y = i * rowHeight + 2;
        const int length = int(qint64(values.at(i)) * barWidth / most);
        const QString cls = warn && values.at(i) > 0 ? QStringLiteral("chart-bar chart-bar-warn")
                                                     : QStringLiteral("chart-bar");
        QString label = labels.at(i);
        if (label.size() > 24)
            label = label.left(23) + QChar(0x2026);
        out += QStringLiteral("<text class=\"chart-label\" x=\"%1\" y=\"%2\" text-anchor=\"end\">%3</text>")
                   .arg(labelWidth - 6)
                   .arg(y + 14)
                   .arg(Html::text(label));
        out += QStringLiteral("<rect class=\"%1\" x=\"%2\" y=\"%3\" width=\"%4\" height=\"%5\"/>")
                   .arg(cls)
                   .arg(labelWidth)
                   .arg(y + 2)
                   .arg(length)
                   .arg(rowHeight - 4);
        out += QStringLiteral("<text class=\"chart-label\" x=\"%1\" y=\"%2\">%3</text>")
                   .arg(labelWidth + length + 4)
                   .arg(y + 14)
                   .arg(values.at(i));
    }
    out += QStringLiteral("<line class=\"chart-axis\" x1=\"%1\" y1=\"0\" x2=\"%1\" y2=\"%2\"/></svg>")
               .arg(labelWidth)
               .arg(height);
    return out;
}

} // namespace Errata
