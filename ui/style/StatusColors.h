#pragma once

#include <QColor>
#include <QPalette>

namespace Errata {

// Colours that carry a meaning, chosen for the palette they are shown on:
// the text colours read on its base (a contrast of at least 4.5:1, as WCAG
// asks of text), a banner's text on the banner. Nothing in ui/ writes such
// a colour by hand.
class StatusColors
{
public:
    static QColor error(const QPalette &palette);
    static QColor warning(const QPalette &palette);
    static QColor success(const QPalette &palette);
    // A bar across a view that asks for attention (a conflict, an error).
    static QColor bannerBackground(const QPalette &palette);
    static QColor bannerText(const QPalette &palette);

    // WCAG's contrast ratio of two colours, 1 to 21.
    static double contrast(const QColor &a, const QColor &b);
};

} // namespace Errata
