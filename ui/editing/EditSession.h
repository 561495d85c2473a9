#pragma once

#include "models/kb/Problem.h"
#include "ui/editing/ChangeValuesCommand.h"

#include <QObject>
#include <QTimer>

class QUndoStack;

namespace Errata {

class KnowledgeBase;
class Record;
class RecordValidator;

// Editing one record: its undo stack (the document owns the history, the
// widgets only push commands), validation as you type (debounced), and
// saving through the validation gate. Lives as long as the record's tab.
class EditSession : public QObject
{
    Q_OBJECT

public:
    enum SaveResult { Saved, NothingToSave, RefusedErrors, ConflictOnDisk, WriteFailed };

    EditSession(KnowledgeBase *kb, Record *record, const RecordValidator *validator, QObject *parent = nullptr);

    Record *record() const { return m_record; }
    KnowledgeBase *knowledgeBase() const { return m_kb; }
    QUndoStack *undoStack() const { return m_stack; }
    bool isDirty() const;

    void change(const QList<ChangeValuesCommand::Change> &changes, const QString &text, bool typing = false);
    void setValue(const QString &pointer, const OrderedJson &value, const QString &text, bool typing = false);

    // Validates now (instead of after the debounce) and returns the findings.
    QList<Problem> validateNow();
    QList<Problem> problems() const { return m_problems; }
    bool hasErrors() const;

    // Saves unless the record has errors; `overwrite` answers a conflict.
    SaveResult save(bool overwrite, QString *message);
    // Throws away the unsaved edits: back to the file on disk.
    bool revert(QString *message);

signals:
    void dirtyChanged(bool dirty);
    void validated(const QList<Errata::Problem> &problems);

private:
    void scheduleValidation();
    void cleanChanged(bool clean);
    void followDisk(int index);

    KnowledgeBase *m_kb;
    Record *m_record;
    const RecordValidator *m_validator;
    QUndoStack *m_stack;
    int m_index = 0; // the stack's index, to tell a redo from an undo
    QTimer m_validationTimer;
    QList<Problem> m_problems;
    bool m_validating = false;
};

} // namespace Errata
