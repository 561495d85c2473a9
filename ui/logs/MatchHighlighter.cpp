#include "ui/logs/MatchHighlighter.h"

#include <QPalette>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>

#include <algorithm>

namespace Errata {

namespace {

constexpr int MaxDrawn = 5000; // ranges drawn at once (a screen rarely shows more)

QTextCharFormat matchFormat(bool current)
{
    QTextCharFormat format;
    format.setBackground(current ? QColor(255, 150, 50) : QColor(255, 230, 120));
    format.setForeground(QColor(Qt::black));
    return format;
}

} // namespace

MatchHighlighter::MatchHighlighter(QPlainTextEdit *edit)
    : QObject(edit)
    , m_edit(edit)
{
    connect(edit->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { update(false); });
    // Any repaint (a resize, an edit): redraw only if the visible text moved.
    connect(edit, &QPlainTextEdit::updateRequest, this, [this] { update(false); });
}

void MatchHighlighter::setRanges(const QList<Range> &ranges)
{
    m_ranges = ranges;
    m_current = -1;
    update(true);
}

void MatchHighlighter::setCurrent(int index)
{
    m_current = index >= 0 && index < m_ranges.size() ? index : -1;
    update(true);
}

void MatchHighlighter::reveal(int index)
{
    if (index < 0 || index >= m_ranges.size())
        return;
    setCurrent(index);
    QTextCursor cursor(m_edit->document());
    cursor.setPosition(m_ranges.at(index).end);
    cursor.setPosition(m_ranges.at(index).start, QTextCursor::KeepAnchor);
    m_edit->setTextCursor(cursor);
    m_edit->centerCursor();
}

void MatchHighlighter::update(bool force)
{
    const QTextBlock first = m_edit->cursorForPosition(QPoint(0, 0)).block();
    const QTextCursor last = m_edit->cursorForPosition(
        QPoint(m_edit->viewport()->width(), m_edit->viewport()->height()));
    const int from = first.isValid() ? first.position() : 0;
    const int to = last.block().position() + last.block().length();
    if (!force && from == m_drawnFrom && to == m_drawnTo)
        return;
    m_drawnFrom = from;
    m_drawnTo = to;
    QList<QTextEdit::ExtraSelection> selections;
    if (first.isValid() && !m_ranges.isEmpty()) {
        // The first range that ends after `from`; ranges are sorted and do not overlap.
        auto it = std::lower_bound(m_ranges.cbegin(), m_ranges.cend(), from,
                                   [](const Range &range, int position) { return range.end <= position; });
        for (; it != m_ranges.cend() && it->start < to && selections.size() < MaxDrawn; ++it) {
            QTextEdit::ExtraSelection selection;
            selection.cursor = QTextCursor(m_edit->document());
            selection.cursor.setPosition(it->start);
            selection.cursor.setPosition(qMax(it->end, it->start + 1), QTextCursor::KeepAnchor);
            selection.format = matchFormat(int(it - m_ranges.cbegin()) == m_current);
            selections << selection;
        }
    }
    m_visible = int(selections.size());
    m_edit->setExtraSelections(selections);
}

} // namespace Errata
