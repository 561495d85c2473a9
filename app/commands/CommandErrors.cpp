#include "app/commands/CommandErrors.h"
#include "app/commands/TerminalText.h"

#include <QFileInfo>
#include <QTextStream>

namespace Errata {

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
