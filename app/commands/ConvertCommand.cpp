#include "commands/ConvertCommand.h"
#include "commands/CommandParser.h"
#include "commands/TerminalText.h"

#include "convert/FolderConverter.h"

#include <QFileInfo>
#include <QTextStream>

namespace Errata {

int ConvertCommand::run(const QStringList &arguments)
{
    const QString command = arguments.value(1);
    const bool importing = command == QLatin1String("import-deadends");
    CommandParser parser(
        command,
        importing ? QStringLiteral("Import deadends.dev canons (nested format) from SRC as Errata records in DST.")
                  : QStringLiteral("Export the Errata records in SRC as deadends.dev canons in DST."));
    parser.addArgument(QStringLiteral("SRC"), QStringLiteral("The folder to read."));
    parser.addArgument(QStringLiteral("DST"), QStringLiteral("The folder to write (<id>.json per record)."));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite files that exist in DST."));
    parser.addOptions({force});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return CommandParser::exitCode(parser.usageError(QStringLiteral("expected SRC and DST")));
    QTextStream err(stderr);
    const QString source = positional.at(0);
    if (!QFileInfo(source).isDir() || !QFileInfo(source).isReadable()) {
        err << "errata " << command << ": " << TerminalText::escaped(source) << ": not a readable folder\n";
        return 2;
    }
    const auto direction = importing ? FolderConverter::ImportCanons : FolderConverter::ExportCanons;
    const FolderConverter::Report report = FolderConverter::convert(direction, source, positional.at(1),
                                                                    parser.isSet(force));
    if (!report.refused.isEmpty()) { // overlapping folders: nothing was read or written
        err << "errata " << command << ": " << TerminalText::escaped(report.refused) << '\n';
        return 2;
    }
    for (const Problem &problem : report.problems)
        err << TerminalText::escaped(problem.toText()) << '\n';
    QTextStream(stdout)
        << QStringLiteral("%1 converted, %2 failed\n").arg(report.converted).arg(report.problems.size());
    return report.problems.isEmpty() ? 0 : 1;
}

} // namespace Errata
