#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// Finds the lines of a text that state an error, so that lookup compares a whole CI log or stack trace by what went
// wrong, not by its noise. The strengths are Strong (3: an exception line, "error:", an error mark or code, a
// traceback's last line), Weak (2: a word of failure), Unmarked (1: any other line, and a failed job's closing line)
// and None (0: quiet log levels, "0 errors", stack frames, a traceback's other lines); a line that ends with a colon
// and states an error gives the next line its strength. The full list is docs/record-format.md, "Lookup: "what is
// this error?"", rule 1.
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
