#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

// The arguments of the desktop program ("errata [DIR] [--select ID] ..."),
// checked before a display is opened: a mistyped command or an unknown
// option is said on the terminal with exit code 2, rather than opening a
// window (or, without a display, ending in Qt's abort). Qt's own options
// (-platform NAME, -style NAME, ...; QGuiApplication and QApplication
// document them) are left to Qt.
//
// Example: {"errata", "frobnicate", "--kb", "x"} gives `unknown command
// "frobnicate"`; {"errata", "kb"} with kb a folder gives "".
class WindowArguments
{
public:
    // Why `arguments` (the program's, its path first) cannot start the
    // window, in a sentence of its own; empty when they can. Names the
    // first thing wrong: a word that is neither a command nor a folder, an
    // unknown option, a missing value, a path that is no folder, a second
    // folder.
    static QString problem(const QStringList &arguments);
    // `arguments` without Qt's own options and their values.
    static QStringList withoutQtOptions(const QStringList &arguments);
};

} // namespace Errata
