#include "app/commands/McpCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"

#include "app/CommandLine.h"

#include "models/kb/KnowledgeBase.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpLineBuffer.h"
#include "models/mcp/McpServer.h"
#include "models/mcp/McpStdinReader.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cerrno>
#include <csignal>

#include <unistd.h>

namespace Errata {

namespace {

const QString Name = QStringLiteral("mcp");

// Fills `kb` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, QString &kb)
{
    CommandParser parser(Name,
                         QStringLiteral("Serve a KB to coding agents: a Model Context Protocol server on standard "
                                        "input and output (JSON-RPC, one message per line)."));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    if (!parser.positionalArguments().isEmpty())
        return parser.usageError(
            QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    kb = parser.kb();
    return CommandParser::Parsed;
}

// Every byte to standard output, or false when the client has gone.
bool writeOut(const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t count = ::write(STDOUT_FILENO, bytes.constData() + done, size_t(bytes.size() - done));
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0)
            return false;
        done += count;
    }
    return true;
}

// Answers every message the buffer completed; false when output failed.
bool answer(McpServer &server, McpLineBuffer &lines)
{
    for (const McpLineBuffer::Message &message : lines.take()) {
        const QByteArray reply = message.oversized ? server.oversized() : server.handle(message.text);
        if (!reply.isEmpty() && !writeOut(reply))
            return false;
    }
    return true;
}

} // namespace

int McpCommand::run(const QStringList &arguments)
{
    QString folder;
    const CommandParser::Result parsed = parseOptions(arguments, folder);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, folder))
        return ExitCode::UsageError;
    std::signal(SIGPIPE, SIG_IGN); // a closed stdout is a failed write, not the end of the process
    McpKnowledgeBase kb;
    kb.setBudgets(CommandParser::budgetMs("ERRATA_REGEX_BUDGET_MS", LogMatcher::DefaultRegexBudgetMs),
                  CommandParser::budgetMs("ERRATA_RUN_BUDGET_MS", LogMatcher::DefaultRunBudgetMs));
    QString error;
    if (!kb.open(folder, &error)) {
        CommandErrors::print(Name, error);
        return ExitCode::CannotRun;
    }
    CommandErrors::print(Name,
                         QStringLiteral("serving %1 records of %2 on standard input and output")
                             .arg(QString::number(kb.kb().count()), kb.root()));
    McpServer server(kb);
    McpLineBuffer lines;
    McpStdinReader reader(STDIN_FILENO);
    QObject::connect(&reader, &McpStdinReader::chunkRead, qApp, [&](const QByteArray &chunk) {
        lines.feed(chunk);
        reader.release();
        if (!answer(server, lines))
            QCoreApplication::exit(ExitCode::Ok);
    });
    QObject::connect(&reader, &McpStdinReader::endOfInput, qApp, [&](const QString &readError) {
        if (!readError.isEmpty())
            CommandErrors::print(Name, QStringLiteral("cannot read standard input (") + readError + QLatin1Char(')'));
        lines.finish();
        answer(server, lines);
        QCoreApplication::exit(ExitCode::Ok);
    });
    reader.start();
    QCoreApplication::exec();
    if (reader.isRunning()) // standard output closed while the reader waits on the client
        CommandLine::exitWithoutCleanup(ExitCode::Ok);
    reader.wait();
    return ExitCode::Ok;
}

} // namespace Errata
