#include "ui/editing/DiffView.h"

#include "models/util/TextDiff.h"
#include "ui/editing/TextWrap.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPalette>
#include <QTextBlock>
#include <QTextCursor>

namespace Errata {

namespace {

// How much of the red or green is laid over the base colour: enough to see
// at a glance, little enough that the palette's text stays readable.
constexpr qreal Tint = 0.28;

QColor mix(const QColor &base, const QColor &over, qreal amount)
{
    const auto channel = [amount](int from, int to) { return qRound(from + (to - from) * amount); };
    return QColor(channel(base.red(), over.red()), channel(base.green(), over.green()),
                  channel(base.blue(), over.blue()));
}

} // namespace

DiffView::DiffView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

QColor DiffView::removedBackground(const QPalette &palette)
{
    return mix(palette.color(QPalette::Base), QColor(0xd7, 0x3a, 0x49), Tint);
}

QColor DiffView::addedBackground(const QPalette &palette)
{
    return mix(palette.color(QPalette::Base), QColor(0x28, 0xa7, 0x45), Tint);
}

QColor DiffView::hunkForeground(const QPalette &palette)
{
    return mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.45);
}

void DiffView::showDiff(const QString &before, const QString &after, const QString &unchanged)
{
    m_lines = TextDiff::unified(TextDiff::diff(before, after));
    m_unchanged = m_lines.isEmpty();
    if (m_unchanged)
        m_lines = QStringList{unchanged};
    render();
}

void DiffView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

// One block per line, coloured by its first character.
void DiffView::render()
{
    const QString text = m_lines.join(QLatin1Char('\n'));
    TextWrap::fit(this, text);
    setPlainText(text);
    if (m_unchanged)
        return;
    const QPalette colours = palette();
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const QString line = block.text();
        QTextBlockFormat format;
        QTextCharFormat characters;
        if (line.startsWith(QLatin1Char('-')))
            format.setBackground(removedBackground(colours));
        else if (line.startsWith(QLatin1Char('+')))
            format.setBackground(addedBackground(colours));
        else if (line.startsWith(QLatin1String("@@")))
            characters.setForeground(hunkForeground(colours));
        else
            continue;
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
        if (characters.hasProperty(QTextFormat::ForegroundBrush)) {
            cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
            cursor.setCharFormat(characters);
        }
    }
    cursor.endEditBlock();
}

} // namespace Errata
