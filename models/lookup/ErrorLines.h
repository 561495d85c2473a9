#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// Finds the lines of a text that state an error, so that lookup compares a
// whole CI log or stack trace by what went wrong, not by its noise.
//
//   Strong (3): an exception line ("KeyError: 'x'", "java.io.IOException:
//   ..."), a line that starts with error:/fatal:/panic: or an error mark
//   ("npm ERR!", "##[error]", "E  ", "ERROR"), "Caused by:", an error code
//   (E0502, TS2322, ORA-00942, errno names such as ENOENT), and the line
//   that ends a Python traceback.
//   Weak (2): a line with a word of failure (failed, cannot, denied,
//   refused, not found, timed out, killed, invalid, unexpected ...).
//   Unmarked (1): any other line, and the closing line of a failed job
//   ("Process completed with exit code 1"), which says that something
//   failed but not what.
//   None (0): a line logged at a quiet level (INFO, DEBUG, TRACE), one
//   that counts no errors ("0 errors"), stack frames ("  at ...",
//   "  File ...") and a traceback's own lines but its last.
// A line that ends with a colon and states an error gives the line after
// it its strength: "ERROR [x] operation failed:" then the message.
//
// Example: in a Python traceback, the frames are none and the last line,
// "ModuleNotFoundError: No module named 'torch'", is strong.
class ErrorLines
{
public:
    struct Line
    {
        int number = 0; // 1-based
        QString text;
        int strength = 0;
    };

    // At most this many lines are looked at when a text is long.
    static constexpr int MaxLines = 40;
    // A text of at most this many non-empty lines is taken whole.
    static constexpr int ShortText = 3;

    // How strongly `line` states an error; `afterTraceback` when it follows
    // the frames of a Python traceback.
    static int strengthOf(const QString &line, bool afterTraceback = false);
    // True when a line reads like an error (strength 2 or more): the
    // window's search field switches to lookup for such a line.
    static bool looksLikeError(const QString &line);

    // The lines lookup compares, in text order: a short text whole; else
    // the strong lines, then as many weak, then unmarked ones as fit
    // MaxLines, the last of each kind first; else (only quiet lines) the
    // last MaxLines non-empty lines.
    static QList<Line> find(const QString &text);
};

} // namespace Errata
