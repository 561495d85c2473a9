#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// A line diff between two texts (longest common subsequence), for showing
// what saving a record would change in its file. In each run of changed
// lines the removed ones come before the added ones, as in `diff -u`.
//
// Example: diff("a\nb\nc", "a\nB\nc") gives " a", "-b", "+B", " c".
class TextDiff
{
public:
    struct Line
    {
        enum Kind { Same, Removed, Added };
        Kind kind = Same;
        QString text;
    };

    static QList<Line> diff(const QString &before, const QString &after);
    // Only the changed lines with `context` lines around them; each hunk
    // after the text's first line starts with "@@ line N @@", N its first
    // line in `before` (the file on disk).
    static QStringList unified(const QList<Line> &lines, int context = 3);
};

} // namespace Errata
