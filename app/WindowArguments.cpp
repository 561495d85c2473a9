#include "app/WindowArguments.h"

#include "app/GuiLauncher.h"
#include "app/commands/CommandParser.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

namespace Errata {

namespace {

// Qt's options that take the next argument as their value: those of
// QGuiApplication and QApplication, and the X11 ones of the xcb platform.
const char *const QtOptionsWithValue[] = {"platform",
                                          "platformpluginpath",
                                          "platformtheme",
                                          "plugin",
                                          "qwindowgeometry",
                                          "qwindowicon",
                                          "qwindowtitle",
                                          "session",
                                          "style",
                                          "stylesheet",
                                          "geometry",
                                          "title",
                                          "icon",
                                          "display",
                                          "name"};
// Qt's options without a value; and "-qmljsdebugger=...", always written
// with its value.
const char *const QtFlags[] = {"reverse", "widgetcount", "nograb", "dograb", "sync", "testability"};

template<size_t N>
bool isOneOf(const QString &name, const char *const (&list)[N])
{
    for (const char *option : list) {
        if (name == QLatin1String(option))
            return true;
    }
    return false;
}

// The name of `argument` as Qt reads it ("-style", "--style" and
// "-style=fusion" are all "style"), or "" when it is no option.
QString optionName(const QString &argument)
{
    if (!argument.startsWith(QLatin1Char('-')) || argument == QLatin1String("-") || argument == QLatin1String("--"))
        return QString();
    const QString name = argument.mid(argument.startsWith(QLatin1String("--")) ? 2 : 1);
    return name.section(QLatin1Char('='), 0, 0);
}

// A word as a command is written (no path): "frobnicate", "valdate".
bool looksLikeCommand(const QString &argument)
{
    static const QRegularExpression word(QStringLiteral("^[A-Za-z][A-Za-z0-9_-]*$"));
    return word.match(argument).hasMatch();
}

QString quoted(const QString &text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

// Why `path`, the first argument that is no option, is no KB folder; "" when it is one.
QString folderProblem(const QString &path)
{
    if (QFileInfo(path).isDir())
        return QString();
    if (QFileInfo::exists(path))
        return path + QStringLiteral(": not a folder");
    if (looksLikeCommand(path))
        return QStringLiteral("unknown command %1, and no folder of that name").arg(quoted(path));
    return path + QStringLiteral(": no such folder");
}

} // namespace

QStringList WindowArguments::withoutQtOptions(const QStringList &arguments)
{
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (i == 0) {
            kept << argument;
            continue;
        }
        const QString name = optionName(argument);
        const bool withValue = isOneOf(name, QtOptionsWithValue);
        if (withValue && !argument.contains(QLatin1Char('=')))
            ++i; // its value too
        else if (!withValue && !isOneOf(name, QtFlags) && name != QLatin1String("qmljsdebugger"))
            kept << argument;
    }
    return kept;
}

QString WindowArguments::problem(const QStringList &arguments)
{
    QCommandLineParser parser;
    GuiLauncher::describeOptions(parser);
    const bool parsed = parser.parse(withoutQtOptions(arguments));
    const QStringList positional = parser.positionalArguments();
    // First the word: "errata frobnicate --kb x" is a command mistyped,
    // more than an option unknown to the window.
    const QString folder = positional.isEmpty() ? QString() : folderProblem(positional.first());
    if (!folder.isEmpty())
        return folder;
    if (!parsed)
        return CommandParser::parseError(parser, arguments);
    if (positional.size() > 1)
        return QStringLiteral("unexpected argument %1 (the window opens one KB folder)").arg(quoted(positional.at(1)));
    return QString();
}

} // namespace Errata
