#pragma once

#include <QString>

class QWidget;

namespace Errata {

// Asks for a log file to open, starting in the folder remembered under
// `folderKey` (QSettings) and remembering the chosen one there. Returns the
// path, or an empty string when the user cancels.
class LogFileDialog
{
public:
    static QString choose(QWidget *parent, const QString &folderKey);
};

} // namespace Errata
