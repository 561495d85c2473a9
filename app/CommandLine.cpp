#include "app/CommandLine.h"

#include "app/GuiLauncher.h"
#include "app/WindowArguments.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/ConvertCommand.h"
#include "app/commands/ExitCode.h"
#include "app/commands/GraphCommand.h"
#include "app/commands/LookupCommand.h"
#include "app/commands/MatchCommand.h"
#include "app/commands/McpCommand.h"
#include "app/commands/MergeDriverCommand.h"
#include "app/commands/PublishCommand.h"
#include "app/commands/ReviewCommand.h"
#include "app/commands/ServeCommand.h"
#include "app/commands/StatusCommand.h"
#include "app/commands/TerminalText.h"
#include "app/commands/ValidateCommand.h"
#include "models/util/Version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace Errata {

namespace {

struct Command
{
    const char *name;
    int (*run)(const QStringList &arguments);
};

const Command Commands[] = {
    {"validate", &ValidateCommand::run},
    {"import-deadends", &ConvertCommand::run},
    {"export-deadends", &ConvertCommand::run},
    {"match", &MatchCommand::run},
    {"lookup", &LookupCommand::run},
    {"graph", &GraphCommand::run},
    {"mcp", &McpCommand::run},
    {"publish", &PublishCommand::run},
    {"serve", &ServeCommand::run},
    {"review", &ReviewCommand::run},
    {"status", &StatusCommand::run},
    {"merge-driver", &MergeDriverCommand::run},
};

const Command *findCommand(int argc, char *argv[])
{
    if (argc < 2)
        return nullptr;
    for (const Command &command : Commands) {
        if (std::strcmp(argv[1], command.name) == 0)
            return &command;
    }
    return nullptr;
}

bool asksForHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"-h", "--help", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    }
    return false;
}

} // namespace

void CommandLine::setApplicationInfo()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Errata"));
    QCoreApplication::setApplicationName(QStringLiteral("Errata"));
    QCoreApplication::setApplicationVersion(QLatin1String(Version::text));
}

int CommandLine::run(int argc, char *argv[])
{
    if (findCommand(argc, argv) || asksForHelpOrVersion(argc, argv))
        return runCommand(argc, argv);
    // Checked before Qt opens a display: without one, Qt would abort.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const QString problem = WindowArguments::problem(arguments);
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "errata: %s (see errata --help)\n",
                     TerminalText::escaped(problem).toLocal8Bit().constData());
        return ExitCode::UsageError;
    }
    return runGui(argc, argv);
}

void CommandLine::exitWithoutCleanup(int code)
{
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(code);
}

int CommandLine::runCommand(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    setApplicationInfo();
    CommandErrors::escapeMessages();
    const Command *command = findCommand(argc, argv);
    if (command)
        return command->run(app.arguments());
    QCommandLineParser parser; // only --help and --version reach here
    GuiLauncher::describeOptions(parser);
    parser.process(app);
    return ExitCode::Ok;
}

int CommandLine::runGui(int argc, char *argv[])
{
    QApplication app(argc, argv);
    setApplicationInfo();
    QApplication::setDesktopFileName(QLatin1String(Version::appId));
    return GuiLauncher::run(app);
}

} // namespace Errata
