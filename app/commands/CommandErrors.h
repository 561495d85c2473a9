#pragma once

#include <QString>

namespace Errata {

// What a command says on standard error, one line each:
//
//   errata lookup: kb/: not a readable folder
//
// Every command's errors, warnings and notes come through here, so that
// they all read alike and a control character of a path or message (they
// come from the command line and from files anyone may have written) is
// escaped as TerminalText escapes it, never printed raw.
class CommandErrors
{
public:
    // "errata COMMAND: `message`", the message escaped, and a line feed.
    // Written at once: an error must not wait behind a buffer for an exit
    // that skips destructors.
    static void print(const QString &command, const QString &message);
    // The line print() writes, without its line feed.
    static QString line(const QString &command, const QString &message);
    // Whether `folder` is a folder the command can read (a --kb DIR, a
    // DIR or SRC argument); when not, prints "FOLDER: not a readable
    // folder", for the command to end with ExitCode::UsageError.
    static bool checkReadableFolder(const QString &command, const QString &folder);
    // From now on, every qWarning() (and qDebug(), qInfo()…) of the program
    // is escaped as print() escapes: the models' warnings name files
    // (`errata mcp: kb/x.json: …`). For every command.
    static void escapeMessages();
};

} // namespace Errata
