#include "app/commands/CommandParser.h"
#include "app/commands/CommandErrors.h"

#include <QTextStream>

#include <algorithm>

namespace Errata {

namespace {

constexpr int Indent = 2;
constexpr int Gap = 2;
constexpr int WidestNames = 26; // a longer name puts its description on the next line

const QString KbName = QStringLiteral("kb");
const QString FormatName = QStringLiteral("format");

// "-h", "--help": how an option is typed.
QString typed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

} // namespace

CommandParser::CommandParser(const QString &command, const QString &description)
    : m_command(command)
    , m_description(description)
    , m_help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help and exit."))
    , m_helpAll(QStringLiteral("help-all"), QStringLiteral("Show this help and exit."))
{
    m_helpAll.setFlags(QCommandLineOption::HiddenFromHelp); // as for the window: the same help
    m_parser.addOptions({m_help, m_helpAll});
    m_options << m_help << m_helpAll;
}

void CommandParser::addArgument(const QString &name, const QString &description, const QString &syntax)
{
    m_arguments.append({name, description, syntax.isEmpty() ? name : syntax});
}

void CommandParser::addOptions(const QList<QCommandLineOption> &options)
{
    m_parser.addOptions(options);
    m_options += options;
}

void CommandParser::addKbOption(const QString &description)
{
    addOptions({QCommandLineOption(KbName, description, QStringLiteral("DIR"))});
}

void CommandParser::addFormatOption(const QStringList &formats, const QString &what)
{
    m_formats = formats;
    const QString first = formats.constFirst();
    addOptions({QCommandLineOption(FormatName, what + QStringLiteral(" (default: ") + first + QStringLiteral(")."),
                                   formats.join(QLatin1Char('|')), first)});
}

QString CommandParser::kb() const
{
    return m_parser.isSet(KbName) ? m_parser.value(KbName) : QStringLiteral(".");
}

QString CommandParser::format() const
{
    return m_parser.value(FormatName);
}

bool CommandParser::checkFormat() const
{
    if (m_formats.contains(format()))
        return true;
    const QString choices = m_formats.mid(0, m_formats.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ")
        + m_formats.constLast();
    usageError(QStringLiteral("--format must be %1, not \"%2\"").arg(choices, format()));
    return false;
}

CommandParser::Result CommandParser::parse(const QStringList &arguments)
{
    if (!m_parser.parse(arguments))
        return usageError(parseError(m_parser, arguments));
    if (m_parser.isSet(m_help) || m_parser.isSet(m_helpAll)) {
        QTextStream(stdout) << helpText();
        return ShowedHelp;
    }
    return Parsed;
}

QString CommandParser::parseError(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.unknownOptionNames().isEmpty())
        return unknownOptions(parser.unknownOptionNames(), arguments);
    QString why = parser.errorText(); // "Missing value after '--kb'."
    if (why.endsWith(QLatin1Char('.')))
        why.chop(1);
    return why.left(1).toLower() + why.mid(1);
}

QString CommandParser::unknownOptions(const QStringList &names, const QStringList &arguments)
{
    QStringList quoted;
    for (const QString &name : names) {
        const QString dashes = QStringLiteral("--") + name; // "-x" may be typed "--x" too
        const bool withTwo = name.size() > 1
            || std::any_of(arguments.cbegin(), arguments.cend(),
                           [&](const QString &a) { return a == dashes || a.startsWith(dashes + QLatin1Char('=')); });
        quoted << QLatin1Char('"') + (withTwo ? dashes : QStringLiteral("-") + name) + QLatin1Char('"');
    }
    return (names.size() == 1 ? QStringLiteral("unknown option ") : QStringLiteral("unknown options "))
        + quoted.join(QStringLiteral(", "));
}

CommandParser::Result CommandParser::usageError(const QString &message) const
{
    CommandErrors::print(m_command, message + QStringLiteral(" (see errata ") + m_command + QStringLiteral(" --help)"));
    return BadUsage;
}

QString CommandParser::helpText() const
{
    QString usage = QStringLiteral("Usage: errata ") + m_command + QStringLiteral(" [options]");
    for (const Argument &argument : m_arguments)
        usage += QLatin1Char(' ') + argument.syntax;
    QString text = usage + QStringLiteral("\n\n") + wrapped(m_description, Columns).join(QLatin1Char('\n'))
        + QStringLiteral("\n\n");
    QList<Row> arguments;
    for (const Argument &argument : m_arguments)
        arguments.append({argument.name, argument.description});
    const QList<Row> options = optionRows();
    int widest = 0; // the descriptions of both lists start at one column
    for (const Row &row : arguments + options) {
        if (row.names.size() <= WidestNames)
            widest = std::max(widest, int(row.names.size()));
    }
    const int column = Indent + widest + Gap;
    if (!arguments.isEmpty())
        text += QStringLiteral("Arguments:\n") + rows(arguments, column) + QLatin1Char('\n');
    return text + QStringLiteral("Options:\n") + rows(options, column);
}

// "-h, --help", "--kb DIR": each option as it is typed, but --help-all.
QList<CommandParser::Row> CommandParser::optionRows() const
{
    QList<Row> rows;
    for (const QCommandLineOption &option : m_options) {
        if (option.flags().testFlag(QCommandLineOption::HiddenFromHelp))
            continue;
        QStringList names;
        for (const QString &name : option.names())
            names << typed(name);
        QString shown = names.join(QStringLiteral(", "));
        if (!option.valueName().isEmpty())
            shown += QLatin1Char(' ') + option.valueName();
        rows.append({shown, option.description()});
    }
    return rows;
}

QString CommandParser::rows(const QList<Row> &list, int column)
{
    QString text;
    for (const Row &row : list) {
        const QString names = QString(Indent, QLatin1Char(' ')) + row.names;
        QStringList description = row.description.isEmpty() ? QStringList()
                                                            : wrapped(row.description, Columns - column, column);
        if (names.size() + Gap > column || description.isEmpty()) // too wide: the description starts below
            text += names + QLatin1Char('\n');
        else
            description.first() = names.leftJustified(column) + description.first().mid(column);
        for (const QString &line : std::as_const(description))
            text += line + QLatin1Char('\n');
    }
    return text;
}

QStringList CommandParser::wrapped(const QString &text, int width, int indent)
{
    const QString margin(indent, QLatin1Char(' '));
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
                lines << margin + line;
                line.clear();
            }
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        lines << (line.isEmpty() ? QString() : margin + line); // a blank line stays blank
    }
    return lines;
}

qint64 CommandParser::budgetMs(const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 fromEnvironment = qEnvironmentVariable(name).toLongLong(&ok);
    return ok && fromEnvironment > 0 ? fromEnvironment : fallback;
}

} // namespace Errata
