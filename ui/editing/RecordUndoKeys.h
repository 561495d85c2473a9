#pragma once

#include <QObject>

class QKeyEvent;
class QUndoStack;
class QWidget;

namespace Errata {

// Ctrl+Z and Ctrl+Shift+Z (the platform's Undo and Redo keys) act on the
// record's history wherever the focus is inside an editor, not on the
// focused field's own. A QLineEdit or QPlainTextEdit claims those keys for
// its own undo: in a field just typed into, Ctrl+Z undid the field's
// letters behind the record's back; in an untouched one it did nothing
// while Edit ▸ Undo named the record's last edit.
//
// The keys are refused to the field (ShortcutOverride), so the window's
// Undo and Redo actions take them; when no action does (nothing to undo, or
// an editor outside a window), the key press itself goes to the record's
// history.
class RecordUndoKeys : public QObject
{
    Q_OBJECT

public:
    // Watches the key events of `scope` and the widgets inside it.
    RecordUndoKeys(QWidget *scope, QUndoStack *stack);

    static bool isUndo(const QKeyEvent *event);
    static bool isRedo(const QKeyEvent *event);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool isInScope(QObject *watched) const;

    QWidget *m_scope;
    QUndoStack *m_stack;
};

} // namespace Errata
