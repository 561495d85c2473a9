#pragma once

class QApplication;
class QCommandLineParser;

namespace Errata {

// Starts the desktop program: picks the KB (the folder given, else the last
// one opened, else a writable copy of the bundled sample KB), opens the main
// window, and with --screenshot renders it to a PNG and exits.
class GuiLauncher
{
public:
    static void describeOptions(QCommandLineParser &parser);
    static int run(QApplication &app);
};

} // namespace Errata
