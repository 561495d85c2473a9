#include "app/commands/CommandErrors.h"
#include "app/commands/TerminalText.h"

#include <QFileInfo>
#include <QTextStream>
#include <QtGlobal>

namespace Errata {

namespace {

QtMessageHandler unescapedHandler = nullptr;

void escapingHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    unescapedHandler(type, context, TerminalText::escaped(message));
}

} // namespace

void CommandErrors::escapeMessages()
{
    if (!unescapedHandler)
        unescapedHandler = qInstallMessageHandler(escapingHandler);
}

void CommandErrors::print(const QString &command, const QString &message)
{
    QTextStream(stderr) << line(command, message) << '\n';
}

QString CommandErrors::line(const QString &command, const QString &message)
{
    return QStringLiteral("errata ") + command + QStringLiteral(": ") + TerminalText::escaped(message);
}

bool CommandErrors::checkReadableFolder(const QString &command, const QString &folder)
{
    const QFileInfo info(folder);
    if (info.isDir() && info.isReadable())
        return true;
    print(command, folder + QStringLiteral(": not a readable folder"));
    return false;
}

} // namespace Errata
