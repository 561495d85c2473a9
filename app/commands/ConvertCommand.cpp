#include "app/commands/ConvertCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/convert/FolderConverter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Errata {

namespace {

struct Options
{
    QString command; // import-deadends or export-deadends
    QString source;
    QString destination;
    bool force = false;
    bool json = false;
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    options.command = arguments.value(1);
    const bool importing = options.command == QLatin1String("import-deadends");
    CommandParser parser(
        options.command,
        importing ? QStringLiteral("Import deadends.dev canons (nested format) from SRC as Errata records in DST.")
                  : QStringLiteral("Export the Errata records in SRC as deadends.dev canons in DST."));
    parser.addArgument(QStringLiteral("SRC"), QStringLiteral("The folder to read."));
    parser.addArgument(QStringLiteral("DST"), QStringLiteral("The folder to write (<id>.json per record)."));
    const QCommandLineOption force(QStringLiteral("force"),
                                   QStringLiteral("Overwrite files that exist in DST (a file that holds the "
                                                  "conversion already is skipped without it)."));
    parser.addOptions({force});
    parser.addFormatOption({QStringLiteral("text"), QStringLiteral("json")},
                           QStringLiteral("Output format of the summary"));
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return parser.usageError(QStringLiteral("expected SRC and DST"));
    options.source = positional.at(0);
    options.destination = positional.at(1);
    options.force = parser.isSet(force);
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    return CommandParser::Parsed;
}

void printJson(const FolderConverter::Report &report, const Options &options)
{
    QJsonArray problems;
    for (const Problem &problem : report.problems)
        problems.append(problem.toJson());
    const QJsonObject summary{{QStringLiteral("converted"), report.converted},
                              {QStringLiteral("skipped"), report.skipped},
                              {QStringLiteral("failed"), int(report.problems.size())}};
    const QJsonObject root{{QStringLiteral("source"), options.source},
                           {QStringLiteral("destination"), options.destination},
                           {QStringLiteral("problems"), problems},
                           {QStringLiteral("summary"), summary}};
    QTextStream(stdout) << TerminalText::jsonSafe(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

void printText(const FolderConverter::Report &report)
{
    QTextStream err(stderr);
    for (const Problem &problem : report.problems)
        err << TerminalText::escaped(problem.toText()) << '\n';
    err.flush();
    QTextStream(stdout) << QStringLiteral("%1 converted, %2 skipped (unchanged), %3 failed\n")
                               .arg(report.converted)
                               .arg(report.skipped)
                               .arg(report.problems.size());
}

} // namespace

int ConvertCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(options.command, options.source))
        return ExitCode::UsageError;
    const auto direction = options.command == QLatin1String("import-deadends") ? FolderConverter::ImportCanons
                                                                               : FolderConverter::ExportCanons;
    const FolderConverter::Report report = FolderConverter::convert(direction, options.source, options.destination,
                                                                    options.force);
    if (!report.refused.isEmpty()) { // overlapping folders: nothing was read or written
        CommandErrors::print(options.command, report.refused);
        return ExitCode::UsageError;
    }
    if (options.json)
        printJson(report, options);
    else
        printText(report);
    return report.problems.isEmpty() ? ExitCode::Ok : ExitCode::Findings;
}

} // namespace Errata
