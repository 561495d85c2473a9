#pragma once

#include "settings/Settings.h"

#include <QString>

class QWidget;

namespace Errata {

// Asks for a log file to open, starting in the folder remembered for
// `tool` (Settings) and remembering the chosen one there. Returns the
// path, or an empty string when the user cancels.
class LogFileDialog
{
public:
    static QString choose(QWidget *parent, Settings::Tool tool);
};

} // namespace Errata
