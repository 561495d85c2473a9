#pragma once

#include <QUndoCommand>

namespace Errata {

class KnowledgeBase;
class Record;

// A rename already done (RecordOperations::renameRecord: the file moved and
// every link to the record rewritten, on disk at once), made undoable: undo
// renames it back the same way, redo renames it again. If a later undo or
// redo cannot be done (a file changed meanwhile), the command drops out of
// the history and the reason is logged. Since the file follows each step,
// a rename leaves a record without other unsaved edits clean (EditSession).
class RenameRecordCommand : public QUndoCommand
{
public:
    RenameRecordCommand(KnowledgeBase *kb, Record *record, const QString &oldId, const QString &newId);

    static constexpr int Id = 0x52454e; // id(): never merged, tells the command apart
    int id() const override { return Id; }
    void redo() override;
    void undo() override;

private:
    void rename(const QString &id);

    KnowledgeBase *m_kb;
    Record *m_record;
    QString m_oldId;
    QString m_newId;
    bool m_done = true; // the first redo() finds the rename done
};

} // namespace Errata
