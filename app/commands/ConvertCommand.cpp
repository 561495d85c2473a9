#include "commands/ConvertCommand.h"
#include "commands/TerminalText.h"

#include "convert/FolderConverter.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

namespace Errata {

int ConvertCommand::run(const QStringList &arguments)
{
    const bool importing = arguments.value(1) == QLatin1String("import-deadends");
    QCommandLineParser parser;
    parser.setApplicationDescription(
        importing ? QStringLiteral("Import deadends.dev canons (nested format) from SRC as Errata records in DST.")
                  : QStringLiteral("Export the Errata records in SRC as deadends.dev canons in DST."));
    const QCommandLineOption help = parser.addHelpOption();
    parser.addPositionalArgument(arguments.value(1), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("SRC"), QStringLiteral("The folder to read."));
    parser.addPositionalArgument(QStringLiteral("DST"), QStringLiteral("The folder to write (<id>.json per record)."));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite files that exist in DST."));
    parser.addOption(force);
    QTextStream err(stderr);
    // Not process(): it exits with 1 on an unknown option, and bad usage is 2.
    if (!parser.parse(arguments)) {
        err << "errata " << arguments.value(1) << ": " << TerminalText::escaped(parser.errorText()) << '\n';
        return 2;
    }
    if (parser.isSet(help) || parser.isSet(QStringLiteral("help-all")))
        parser.showHelp(0); // exits
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3) {
        err << "errata " << arguments.value(1) << ": expected SRC and DST\n" << parser.helpText();
        return 2;
    }
    const QString source = positional.at(1);
    if (!QFileInfo(source).isDir() || !QFileInfo(source).isReadable()) {
        err << "errata " << arguments.value(1) << ": " << TerminalText::escaped(source) << ": not a readable folder\n";
        return 2;
    }
    const auto direction = importing ? FolderConverter::ImportCanons : FolderConverter::ExportCanons;
    const FolderConverter::Report report = FolderConverter::convert(direction, source, positional.at(2),
                                                                    parser.isSet(force));
    if (!report.refused.isEmpty()) { // overlapping folders: nothing was read or written
        err << "errata " << arguments.value(1) << ": " << TerminalText::escaped(report.refused) << '\n';
        return 2;
    }
    for (const Problem &problem : report.problems)
        err << TerminalText::escaped(problem.toText()) << '\n';
    QTextStream(stdout)
        << QStringLiteral("%1 converted, %2 failed\n").arg(report.converted).arg(report.problems.size());
    return report.problems.isEmpty() ? 0 : 1;
}

} // namespace Errata
