#pragma once

#include "models/settings/Settings.h"

#include <QString>

class QWidget;

namespace Errata {

// Asks for a log file to open, starting in the folder remembered for
// `tool` (Settings) and remembering the chosen one there. Returns the
// path, or an empty string when the user cancels or chose what is not a
// regular file (after saying so).
class LogFileDialog
{
public:
    static QString choose(QWidget *parent, Settings::Tool tool);
    // Why `path` is not opened as a log, or an empty string. The docks read
    // a log file on the window's thread: a FIFO would block it until
    // something writes to it, and a device such as /dev/zero never ends.
    static QString refusal(const QString &path);
};

} // namespace Errata
