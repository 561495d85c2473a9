#include "ui/editing/RecordUndoKeys.h"

#include <QApplication>
#include <QKeyEvent>
#include <QUndoStack>
#include <QWidget>

namespace Errata {

RecordUndoKeys::RecordUndoKeys(QWidget *scope, QUndoStack *stack)
    : QObject(scope)
    , m_scope(scope)
    , m_stack(stack)
{
    // On the application: the fields of the table delegates are created
    // while editing, and must be covered too.
    qApp->installEventFilter(this);
}

bool RecordUndoKeys::isUndo(const QKeyEvent *event)
{
    return event->matches(QKeySequence::Undo);
}

bool RecordUndoKeys::isRedo(const QKeyEvent *event)
{
    return event->matches(QKeySequence::Redo);
}

bool RecordUndoKeys::isInScope(QObject *watched) const
{
    auto *widget = qobject_cast<QWidget *>(watched);
    return widget && (widget == m_scope || m_scope->isAncestorOf(widget));
}

bool RecordUndoKeys::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress)
        return false;
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool undo = isUndo(key);
    if ((!undo && !isRedo(key)) || !isInScope(watched))
        return false;
    if (type == QEvent::ShortcutOverride) {
        event->ignore(); // not the field's: the window's Undo or Redo action takes it
        return true;
    }
    if (undo)
        m_stack->undo();
    else
        m_stack->redo();
    return true;
}

} // namespace Errata
