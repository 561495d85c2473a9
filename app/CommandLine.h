#pragma once

namespace Errata {

// Entry point: "errata COMMAND ..." runs a command without a display;
// anything else starts the desktop program.
class CommandLine
{
public:
    static int run(int argc, char *argv[]);

private:
    static int runCommand(int argc, char *argv[]);
    static int runGui(int argc, char *argv[]);
    static void setApplicationInfo();
};

} // namespace Errata
