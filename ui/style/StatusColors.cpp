#include "ui/style/StatusColors.h"

#include "ui/style/Palettes.h"

#include <cmath>

namespace Errata {

namespace {

QColor pick(const QPalette &palette, QRgb light, QRgb dark)
{
    return QColor::fromRgb(Palettes::isDark(palette) ? dark : light);
}

double luminance(const QColor &color)
{
    const auto channel = [](double value) {
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
}

} // namespace

QColor StatusColors::error(const QPalette &palette)
{
    return pick(palette, 0xb00020, 0xff8a80);
}

QColor StatusColors::warning(const QPalette &palette)
{
    return pick(palette, 0x8a5a00, 0xffcc66);
}

QColor StatusColors::success(const QPalette &palette)
{
    return pick(palette, 0x1b7f3b, 0x81d99b);
}

QColor StatusColors::bannerBackground(const QPalette &palette)
{
    return pick(palette, 0xfff4ce, 0x4a3c10);
}

QColor StatusColors::bannerText(const QPalette &palette)
{
    return pick(palette, 0x1f1f1f, 0xfff4ce);
}

double StatusColors::contrast(const QColor &a, const QColor &b)
{
    const double x = luminance(a);
    const double y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

} // namespace Errata
