#pragma once

namespace Errata {

// Entry point: "errata COMMAND ..." runs a command without a display;
// anything else starts the desktop program, once WindowArguments found
// nothing wrong with it (else exit code 2, before a display is opened).
class CommandLine
{
public:
    static int run(int argc, char *argv[]);
    // Flushes standard output and error and ends the process with `code`
    // without running destructors: what a command does once it has printed
    // everything, so that a large KB is not freed node by node just before
    // the system takes back the memory anyway.
    [[noreturn]] static void exitWithoutCleanup(int code);

private:
    static int runCommand(int argc, char *argv[]);
    static int runGui(int argc, char *argv[]);
    static void setApplicationInfo();
};

} // namespace Errata
