#include "models/util/TextDiff.h"

#include <algorithm>
#include <vector>

namespace Errata {

namespace {

constexpr qsizetype MaxCells = 16 * 1000 * 1000; // beyond this, show a whole replacement

// Within each run of changed lines, the removed ones first, each side in
// its order: "-old", "-old", "+new", "+new", never "+new", "-old".
void removedFirst(QList<TextDiff::Line> &lines)
{
    using Line = TextDiff::Line;
    for (qsizetype start = 0; start < lines.size();) {
        qsizetype end = start;
        while (end < lines.size() && lines.at(end).kind != Line::Same)
            ++end;
        std::stable_partition(lines.begin() + start, lines.begin() + end,
                              [](const Line &line) { return line.kind == Line::Removed; });
        start = end + 1;
    }
}

} // namespace

QList<TextDiff::Line> TextDiff::diff(const QString &before, const QString &after)
{
    const QStringList a = before.split(QLatin1Char('\n'));
    const QStringList b = after.split(QLatin1Char('\n'));
    QList<Line> lines;
    // Skip the common head and tail, then diff the middle.
    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head) == b.at(head))
        lines << Line{Line::Same, a.at(head++)};
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a.at(a.size() - 1 - tail) == b.at(b.size() - 1 - tail))
        ++tail;
    const qsizetype n = a.size() - head - tail;
    const qsizetype m = b.size() - head - tail;
    if (n * m > MaxCells) {
        for (qsizetype i = 0; i < n; ++i)
            lines << Line{Line::Removed, a.at(head + i)};
        for (qsizetype j = 0; j < m; ++j)
            lines << Line{Line::Added, b.at(head + j)};
    } else {
        // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
        std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
        for (qsizetype i = n - 1; i >= 0; --i)
            for (qsizetype j = m - 1; j >= 0; --j)
                lcs[size_t(i)][size_t(j)] = a.at(head + i) == b.at(head + j)
                    ? lcs[size_t(i + 1)][size_t(j + 1)] + 1
                    : std::max(lcs[size_t(i + 1)][size_t(j)], lcs[size_t(i)][size_t(j + 1)]);
        qsizetype i = 0, j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.at(head + i) == b.at(head + j)) {
                lines << Line{Line::Same, a.at(head + i)};
                ++i, ++j;
            } else if (i < n && (j == m || lcs[size_t(i + 1)][size_t(j)] >= lcs[size_t(i)][size_t(j + 1)])) {
                lines << Line{Line::Removed, a.at(head + i++)}; // on a tie, what goes before what comes
            } else {
                lines << Line{Line::Added, b.at(head + j++)};
            }
        }
    }
    for (qsizetype k = a.size() - tail; k < a.size(); ++k)
        lines << Line{Line::Same, a.at(k)};
    removedFirst(lines);
    return lines;
}

QStringList TextDiff::unified(const QList<Line> &lines, int context)
{
    QList<bool> shown(lines.size(), false);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).kind == Line::Same)
            continue;
        for (qsizetype k = qMax<qsizetype>(0, i - context); k <= qMin(lines.size() - 1, i + context); ++k)
            shown[k] = true;
    }
    QStringList out;
    bool gap = false;
    qsizetype beforeLine = 0; // lines of `before` passed so far
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qsizetype line = beforeLine + 1;
        if (lines.at(i).kind != Line::Added)
            ++beforeLine;
        if (!shown.at(i)) {
            gap = true;
            continue;
        }
        if (gap || (out.isEmpty() && i > 0))
            out << QStringLiteral("@@ line %1 @@").arg(line);
        gap = false;
        const QChar mark = lines.at(i).kind == Line::Added ? QLatin1Char('+')
            : lines.at(i).kind == Line::Removed            ? QLatin1Char('-')
                                                           : QLatin1Char(' ');
        out << mark + lines.at(i).text;
    }
    return out;
}

} // namespace Errata
