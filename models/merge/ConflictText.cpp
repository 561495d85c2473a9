#include "models/merge/ConflictText.h"

#include "models/util/TextDiff.h"

#include <QString>
#include <QStringList>

namespace Errata {

namespace {

// Put before the lines that spans hold, so that the diff pairs them only
// with each other: never a line of a conflicting member with a line alike
// outside it (`"condition": ""` of a removed item with that of the next).
// A control character, which JSON text never holds as itself.
const QChar Marked(0x01);

// `text` with Marked before each line that a span holds.
QString withMarkedLines(const QByteArray &text, const QList<ConflictText::Span> &spans)
{
    QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    QList<bool> marked(lines.size(), false);
    for (const ConflictText::Span &span : spans)
        for (int line = qMax(0, span.first); line <= span.last && line < marked.size(); ++line)
            marked[line] = true;
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (marked.at(i))
            lines[i].prepend(Marked);
    return lines.join(QLatin1Char('\n'));
}

// The lines of a conflict being gathered, and where they go once it ends.
class Output
{
public:
    explicit Output(const QString &lineEnd)
        : m_lineEnd(lineEnd)
    {
    }

    void agreed(const QString &line)
    {
        close();
        m_lines << line;
    }
    void ours(const QString &line)
    {
        m_open = true;
        m_ours << line;
    }
    void theirs(const QString &line)
    {
        m_open = true;
        m_theirs << line;
    }
    QByteArray text()
    {
        close();
        return m_lines.join(QLatin1Char('\n')).toUtf8();
    }

private:
    void close()
    {
        if (!m_open)
            return;
        m_lines << QString::fromLatin1(ConflictText::oursMarker()) + m_lineEnd << m_ours
                << QString::fromLatin1(ConflictText::separator()) + m_lineEnd << m_theirs
                << QString::fromLatin1(ConflictText::theirsMarker()) + m_lineEnd;
        m_ours.clear();
        m_theirs.clear();
        m_open = false;
    }

    QString m_lineEnd; // what ends a line besides its "\n": "\r" or nothing
    QStringList m_lines;
    QStringList m_ours;
    QStringList m_theirs;
    bool m_open = false;
};

} // namespace

QByteArray ConflictText::oursMarker()
{
    return QByteArray(MarkerSize, '<') + " ours";
}

QByteArray ConflictText::separator()
{
    return QByteArray(MarkerSize, '=');
}

QByteArray ConflictText::theirsMarker()
{
    return QByteArray(MarkerSize, '>') + " theirs";
}

QByteArray ConflictText::join(const QByteArray &ours, const QList<Span> &oursSpans, const QByteArray &theirs,
                              const QList<Span> &theirsSpans)
{
    Output output(ours.contains("\r\n") ? QStringLiteral("\r") : QString());
    for (const TextDiff::Line &line :
         TextDiff::diff(withMarkedLines(ours, oursSpans), withMarkedLines(theirs, theirsSpans))) {
        const bool marked = line.text.startsWith(Marked);
        const QString text = marked ? line.text.mid(1) : line.text;
        switch (line.kind) {
        case TextDiff::Line::Same:
            if (marked) {
                output.ours(text);
                output.theirs(text);
            } else {
                output.agreed(text);
            }
            break;
        case TextDiff::Line::Removed: output.ours(text); break;
        case TextDiff::Line::Added: output.theirs(text); break;
        }
    }
    return output.text();
}

} // namespace Errata
