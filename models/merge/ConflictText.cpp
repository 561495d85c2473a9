#include "merge/ConflictText.h"

#include "util/TextDiff.h"

#include <QString>
#include <QStringList>

namespace Errata {

namespace {

// For each line of `text`, whether a span holds it.
QList<bool> markedLines(const QString &text, const QList<ConflictText::Span> &spans)
{
    QList<bool> marked(text.count(QLatin1Char('\n')) + 1, false);
    for (const ConflictText::Span &span : spans)
        for (int line = qMax(0, span.first); line <= span.last && line < marked.size(); ++line)
            marked[line] = true;
    return marked;
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
    const QString oursText = QString::fromUtf8(ours);
    const QString theirsText = QString::fromUtf8(theirs);
    const QList<bool> oursMarked = markedLines(oursText, oursSpans);
    const QList<bool> theirsMarked = markedLines(theirsText, theirsSpans);
    Output output(ours.contains("\r\n") ? QStringLiteral("\r") : QString());
    qsizetype o = 0;
    qsizetype t = 0;
    for (const TextDiff::Line &line : TextDiff::diff(oursText, theirsText)) {
        switch (line.kind) {
        case TextDiff::Line::Same:
            if (oursMarked.value(o) || theirsMarked.value(t)) {
                output.ours(line.text);
                output.theirs(line.text);
            } else {
                output.agreed(line.text);
            }
            ++o;
            ++t;
            break;
        case TextDiff::Line::Removed:
            output.ours(line.text);
            ++o;
            break;
        case TextDiff::Line::Added:
            output.theirs(line.text);
            ++t;
            break;
        }
    }
    return output.text();
}

} // namespace Errata
