#pragma once

#include "models/outcomes/OutcomeLog.h"
#include "ui/editing/ChangeValuesCommand.h"

#include <memory>

namespace Errata {

// Outcome reports folded into a record (OutcomeFold's changes) as one
// undoable edit. The fold is noted in the KB's outcome log only when the
// record is saved (noteSaved()): a fold saved is written as a "fold" line,
// a fold undone after it was saved as an "unfold" line, so the log says
// which reports the record on disk holds, whatever was undone, redone or
// thrown away before a save. State outlives the command: the undo stack
// deletes commands when they are dropped or the edits reverted (the record
// is then as on disk, so as last written).
class FoldOutcomesCommand : public ChangeValuesCommand
{
public:
    struct State
    {
        OutcomeLog::Fold fold;
        bool applied = false; // in the record as edited
        bool written = false; // in the record on disk, and noted in the log
    };

    FoldOutcomesCommand(KnowledgeBase *kb, Record *record, const QList<Change> &changes, const QString &text,
                        const OutcomeLog::Fold &fold);
    ~FoldOutcomesCommand() override;

    void undo() override;
    void redo() override;
    std::shared_ptr<State> state() const { return m_state; }

    // The record of `state` was saved: notes the fold or its undoing in the
    // log of the KB at `root` when that changed. False with `error` set
    // when the log cannot be written (the state then stays as it was).
    static bool noteSaved(State &state, const QString &root, const QString &by, QString *error);

private:
    std::shared_ptr<State> m_state;
};

} // namespace Errata
