#include "app/commands/MergeDriverCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/kb/RecordWriter.h"
#include "models/merge/RecordFileMerge.h"
#include "models/merge/RecordMerge.h"
#include "models/record/Record.h"

#include <QTextStream>

#include <algorithm>

namespace Errata {

namespace {

const QString Name = QStringLiteral("merge-driver");

struct Options
{
    QString base;
    QString ours;
    QString theirs;
    QString output; // empty: OURS
    QString name;   // the file in messages; empty: OURS's path
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Merge two versions of one record field by field, as git's merge driver for "
                                        "record files (git config merge.errata.driver \"errata merge-driver %O %A "
                                        "%B\"). The result replaces OURS, in OURS's layout. Exit code 0 when the "
                                        "merge is clean; 1 when the result holds git's conflict markers around each "
                                        "conflicting member (each conflict is named on standard error); 2 when a "
                                        "version cannot be read or is not a record, and nothing is written."));
    parser.addArgument(QStringLiteral("BASE"),
                       QStringLiteral("The common ancestor (git's %O); an empty file when there is none."));
    parser.addArgument(QStringLiteral("OURS"), QStringLiteral("Our version (git's %A), replaced by the result."));
    parser.addArgument(QStringLiteral("THEIRS"), QStringLiteral("Their version (git's %B)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the result to OUT and leave OURS as it is."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption name(QStringLiteral("name"),
                                  QStringLiteral("The record file's name in messages (git's %P; default: OURS)."),
                                  QStringLiteral("NAME"));
    parser.addOptions({output, name});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3)
        return parser.usageError(QStringLiteral("expected BASE, OURS and THEIRS"));
    options.base = positional.at(0);
    options.ours = positional.at(1);
    options.theirs = positional.at(2);
    options.output = parser.value(output);
    if (parser.isSet(output) && options.output.isEmpty())
        return parser.usageError(QStringLiteral("--output needs a file name"));
    options.name = parser.value(name);
    return CommandParser::Parsed;
}

// One version of the record: which it is, where it is read, how it is named.
struct Version
{
    QString side; // "BASE", "OURS", "THEIRS"
    QString path;
    QString label; // the file as messages name it
};

// "kb/x.json:3:5: THEIRS: invalid JSON: …": the message of a version
// that cannot be merged.
QString problemOf(const Version &version, const QString &message, int line = 0, int column = 0)
{
    const QString at = line > 0 ? QStringLiteral(":%1:%2").arg(line).arg(column) : QString();
    return version.label + at + QStringLiteral(": ") + version.side + QStringLiteral(": ") + message;
}

bool isBlank(const QByteArray &text)
{
    const QByteArray body = text.startsWith("\xEF\xBB\xBF") ? text.mid(3) : text;
    return std::all_of(body.cbegin(), body.cend(),
                       [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; });
}

// Reads and parses `version` into `record`; false with `problem` set. A
// blank BASE is no base (`*present` false): git gives an empty file when
// both sides added the record.
bool load(const Version &version, Record *record, bool *present, QString *problem)
{
    QByteArray text;
    QString failure;
    if (!Record::readFile(version.path, &text, &failure)) {
        *problem = problemOf(version, failure);
        return false;
    }
    *present = !(version.side == QLatin1String("BASE") && isBlank(text));
    if (!*present)
        return true;
    record->setFilePath(version.path);
    Record::LoadError error;
    if (!record->parse(text, &error)) {
        *problem = problemOf(version, error.message, error.line, error.column);
        return false;
    }
    return true;
}

// What happened to the member on each side, in a few words.
QString describe(const RecordMerge::Conflict &conflict)
{
    if (conflict.oursMissing)
        return QStringLiteral("deleted in ours, changed in theirs");
    if (conflict.theirsMissing)
        return QStringLiteral("changed in ours, deleted in theirs");
    if (conflict.baseMissing)
        return QStringLiteral("added differently on both sides");
    return QStringLiteral("changed differently on both sides");
}

// Merges and writes; the exit code.
int merge(const Options &options, QTextStream &err)
{
    const QString oursLabel = options.name.isEmpty() ? options.ours : options.name;
    const QList<Version> versions = {
        {QStringLiteral("BASE"), options.base, options.name.isEmpty() ? options.base : options.name},
        {QStringLiteral("OURS"), options.ours, oursLabel},
        {QStringLiteral("THEIRS"), options.theirs, options.name.isEmpty() ? options.theirs : options.name}};
    Record records[3];
    bool present[3] = {true, true, true};
    for (int i = 0; i < 3; ++i) {
        QString problem;
        if (!load(versions.at(i), &records[i], &present[i], &problem)) {
            CommandErrors::print(Name, problem + QStringLiteral("; nothing was written"));
            return ExitCode::CannotRun;
        }
    }
    RecordFileMerge::Result result;
    QString error;
    if (!RecordFileMerge::merge(present[0] ? &records[0] : nullptr, records[1], records[2], &result, &error)) {
        CommandErrors::print(Name, error + QStringLiteral("; nothing was written"));
        return ExitCode::CannotRun;
    }
    const QString target = options.output.isEmpty() ? options.ours : options.output;
    if ((result.changed || !options.output.isEmpty()) && !RecordWriter::writeText(target, result.text, &error)) {
        CommandErrors::print(Name, error);
        return ExitCode::CannotRun;
    }
    for (const RecordMerge::Conflict &conflict : std::as_const(result.conflicts))
        err << TerminalText::escaped(oursLabel) << ": merge conflict at " << TerminalText::escaped(conflict.pointer)
            << ": " << describe(conflict) << '\n';
    return result.conflicts.isEmpty() ? ExitCode::Ok : ExitCode::Conflicts;
}

} // namespace

int MergeDriverCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    QTextStream err(stderr);
    return merge(options, err);
}

} // namespace Errata
