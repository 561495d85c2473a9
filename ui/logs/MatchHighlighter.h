#pragma once

#include <QList>
#include <QObject>

class QPlainTextEdit;

namespace Errata {

// Highlights ranges of a QPlainTextEdit's text (the matches of a regex),
// however many: only the ranges on screen become extra selections, again
// whenever the view scrolls or its text changes size. One range can be the
// current one, drawn stronger.
class MatchHighlighter : public QObject
{
    Q_OBJECT

public:
    struct Range
    {
        int start = 0; // positions in the document (UTF-16 units)
        int end = 0;
    };

    explicit MatchHighlighter(QPlainTextEdit *edit);

    void setRanges(const QList<Range> &ranges); // sorted by start
    void setCurrent(int index);                 // -1: none
    int current() const { return m_current; }
    // Selects range `index` in the editor and scrolls to it.
    void reveal(int index);
    int visibleCount() const { return m_visible; } // ranges drawn now

private:
    void update(bool force);

    QPlainTextEdit *m_edit;
    QList<Range> m_ranges;
    int m_current = -1;
    int m_visible = 0;
    int m_drawnFrom = -1; // the document range the selections were made for
    int m_drawnTo = -1;
};

} // namespace Errata
