#pragma once

#include "models/settings/Settings.h"

#include <QPalette>

class QApplication;

namespace Errata {

// The colour schemes of Settings ▸ Colours, applied once at start:
// System keeps the desktop's style and palette; Light and Dark use the
// Fusion style with a palette of Errata's own, so that they look the same
// on every desktop (Qt 6.4 follows a desktop's dark mode only with some
// platform themes).
class Palettes
{
public:
    static void apply(QApplication &app, Settings::ColorScheme scheme);

    static QPalette light();
    static QPalette dark();

    // Whether text on this palette's base is light: a dark scheme.
    static bool isDark(const QPalette &palette);
};

} // namespace Errata
