#include "ui/browser/SearchField.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QKeyEvent>

namespace Errata {

SearchField::SearchField(QWidget *parent)
    : QLineEdit(parent)
{
    // QLineEdit keeps the line breaks of what it inserts (it only shows
    // them as spaces), so any way of pasting that slipped past
    // keyPressEvent() shows here. Only the user's edits: the dock's own
    // setText() never brings a line break.
    connect(this, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (isMultiLine(text))
            emit multiLinePasted(text);
    });
}

// A line copied from a terminal often ends with its line break: that is
// still one line.
bool SearchField::isMultiLine(const QString &text)
{
    return text.trimmed().contains(QLatin1Char('\n'));
}

void SearchField::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Paste) && !isReadOnly()) {
        const QString text = QGuiApplication::clipboard()->text();
        if (isMultiLine(text)) {
            event->accept();
            emit multiLinePasted(text);
            return;
        }
    }
    QLineEdit::keyPressEvent(event);
}

} // namespace Errata
