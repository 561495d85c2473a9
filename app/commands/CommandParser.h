#pragma once

#include "app/commands/ExitCode.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// The command line of one command, "errata COMMAND ...": its arguments and
// options, its help, and what it says on bad usage. Every command parses
// with it, so that they all answer alike: bad usage is exit code 2 (not
// QCommandLineParser::process()'s 1), an unknown option is named with the
// command's --help to read, --kb and --format are given and checked alike,
// and the help is laid out for 80 columns with the command's name whole:
//
//   Usage: errata import-deadends [options] SRC DST
//
//   Import deadends.dev canons (nested format) from SRC as Errata records
//   in DST.
//
//   Arguments:
//     SRC         The folder to read.
//   ...
class CommandParser
{
public:
    enum Result { Parsed, ShowedHelp, BadUsage };

    static constexpr int Columns = 80;

    CommandParser(const QString &command, const QString &description);

    // `syntax` is how the argument stands in the usage line ("[ID]");
    // empty: its name.
    void addArgument(const QString &name, const QString &description, const QString &syntax = QString());
    void addOptions(const QList<QCommandLineOption> &options);
    // "--kb DIR", the KB folder, with the command's `description` of it.
    void addKbOption(const QString &description);
    // "--format text|json": one of `formats`, the first the default, with
    // the description "`what` (default: text).".
    void addFormatOption(const QStringList &formats = {QStringLiteral("text"), QStringLiteral("json")},
                         const QString &what = QStringLiteral("Output format"));

    // Parses the program's arguments ("errata", COMMAND, ...). On -h,
    // --help or --help-all, prints the help on standard output
    // (ShowedHelp); on an unknown option or a missing value, says so on
    // standard error (BadUsage).
    Result parse(const QStringList &arguments);

    bool isSet(const QCommandLineOption &option) const { return m_parser.isSet(option); }
    QString value(const QCommandLineOption &option) const { return m_parser.value(option); }
    QStringList values(const QCommandLineOption &option) const { return m_parser.values(option); }
    // The arguments after the command's name.
    QStringList positionalArguments() const { return m_parser.positionalArguments().mid(1); }
    // --kb's folder; the current folder when it is not given.
    QString kb() const;
    QString format() const;
    // Whether --format names one of the formats; when not, says why as
    // usageError() does ("--format must be text or json, not \"xml\""). A
    // command checks it after its arguments, in the order it reports them.
    bool checkFormat() const;

    QString helpText() const;
    // Prints "errata COMMAND: `message`" and where to read the usage on
    // standard error (CommandErrors). BadUsage, for `return
    // parser.usageError(...)`.
    Result usageError(const QString &message) const;
    // The exit code of a command that stops at `result`: Ok after the help,
    // UsageError for bad usage.
    static ExitCode::Code exitCode(Result result) { return result == ShowedHelp ? ExitCode::Ok : ExitCode::UsageError; }

    // Why `parser` could not parse `arguments`, as the commands and the
    // window say it: "unknown option \"--kb\"", "missing value after '--kb'".
    static QString parseError(const QCommandLineParser &parser, const QStringList &arguments);
    // `text` in lines of at most `width` characters, broken between words
    // (a word longer than a line stands alone on one), each line after
    // `indent` spaces; the text's own line breaks are kept.
    static QStringList wrapped(const QString &text, int width, int indent = 0);
    // A time budget in milliseconds from the environment variable `name`
    // when it holds a number above 0 (for tests:
    // ERRATA_REGEX_BUDGET_MS, ERRATA_RUN_BUDGET_MS), else `fallback`.
    static qint64 budgetMs(const char *name, qint64 fallback);

private:
    // "unknown option \"--kb\"": the options `names` (as
    // QCommandLineParser::unknownOptionNames() gives them) as they were
    // typed among `arguments`.
    static QString unknownOptions(const QStringList &names, const QStringList &arguments);

    struct Argument
    {
        QString name;
        QString description;
        QString syntax;
    };
    struct Row
    {
        QString names;
        QString description;
    };

    QList<Row> optionRows() const;
    // The rows, their descriptions at `column`.
    static QString rows(const QList<Row> &list, int column);

    QString m_command;
    QString m_description;
    QList<Argument> m_arguments;
    QList<QCommandLineOption> m_options;
    QStringList m_formats; // of addFormatOption(); empty: no --format
    QCommandLineOption m_help;
    QCommandLineOption m_helpAll;
    QCommandLineParser m_parser;
};

} // namespace Errata
