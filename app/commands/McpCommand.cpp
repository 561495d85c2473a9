#include "app/commands/McpCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"

#include "app/CommandLine.h"

#include "models/kb/KnowledgeBase.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpCallPool.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpLineBuffer.h"
#include "models/mcp/McpServer.h"
#include "models/mcp/McpStdinReader.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cerrno>
#include <csignal>
#include <functional>

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

// Answers what the buffer completed: at once, or through `calls`.
void receive(McpServer &server, McpCallPool &calls, McpLineBuffer &lines,
             const std::function<void(const QByteArray &)> &send)
{
    for (const McpLineBuffer::Message &message : lines.take()) {
        if (message.oversized) {
            send(server.oversized());
            continue;
        }
        McpServer::Reply reply = server.receive(message.text);
        if (!reply.line.isEmpty())
            send(reply.line);
        if (reply.call.run)
            calls.submit(std::move(reply.call));
        if (!reply.cancel.isUndefined())
            calls.cancel(reply.cancel);
    }
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
    McpCallPool calls(&kb);
    McpLineBuffer lines;
    McpStdinReader reader(STDIN_FILENO);
    bool outputFailed = false;
    const auto send = [&](const QByteArray &line) {
        if (!outputFailed && !writeOut(line)) {
            outputFailed = true;
            QCoreApplication::exit(ExitCode::Ok);
        }
    };
    // While MaxWaiting calls wait, the chunks read are not given back: the
    // reader stops, and the client's writes wait in the pipe.
    int held = 0;
    QObject::connect(&calls, &McpCallPool::answered, qApp, send);
    QObject::connect(&calls, &McpCallPool::roomForMore, qApp, [&] {
        for (; held > 0 && !calls.isFull(); --held)
            reader.release();
    });
    QObject::connect(&reader, &McpStdinReader::chunkRead, qApp, [&](const QByteArray &chunk) {
        lines.feed(chunk);
        receive(server, calls, lines, send);
        if (calls.isFull())
            ++held;
        else
            reader.release();
    });
    QObject::connect(&reader, &McpStdinReader::endOfInput, qApp, [&](const QString &readError) {
        if (!readError.isEmpty())
            CommandErrors::print(Name, QStringLiteral("cannot read standard input (") + readError + QLatin1Char(')'));
        lines.finish();
        receive(server, calls, lines, send);
        calls.finish();
    });
    QObject::connect(&calls, &McpCallPool::finished, qApp, [&](int unanswered) {
        if (unanswered > 0)
            CommandErrors::print(Name,
                                 QStringLiteral("%1 tool calls not answered: none ended in the %2 s after the "
                                                "end of standard input")
                                     .arg(unanswered)
                                     .arg(McpCallPool::EndStallMs / 1000));
        QCoreApplication::exit(ExitCode::Ok);
    });
    reader.start();
    QCoreApplication::exec();
    // Standard output closed while the reader waits on the client, or calls
    // given up still run: nothing more to wait for.
    if (reader.isRunning() || calls.runningCount() > 0)
        CommandLine::exitWithoutCleanup(ExitCode::Ok);
    reader.wait();
    return ExitCode::Ok;
}

} // namespace Errata
