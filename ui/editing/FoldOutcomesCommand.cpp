#include "ui/editing/FoldOutcomesCommand.h"

namespace Errata {

FoldOutcomesCommand::FoldOutcomesCommand(KnowledgeBase *kb, Record *record, const QList<Change> &changes,
                                         const QString &text, const OutcomeLog::Fold &fold)
    : ChangeValuesCommand(kb, record, changes, text)
    , m_state(std::make_shared<State>())
{
    m_state->fold = fold;
}

FoldOutcomesCommand::~FoldOutcomesCommand()
{
    m_state->applied = m_state->written;
}

void FoldOutcomesCommand::redo()
{
    ChangeValuesCommand::redo();
    m_state->applied = true;
}

void FoldOutcomesCommand::undo()
{
    ChangeValuesCommand::undo();
    m_state->applied = false;
}

bool FoldOutcomesCommand::noteSaved(State &state, const QString &root, const QString &by, QString *error)
{
    if (state.applied == state.written)
        return true;
    const bool noted = state.applied ? OutcomeLog::appendFold(root, state.fold, by, error)
                                     : OutcomeLog::appendUnfold(root, state.fold, error);
    if (noted)
        state.written = state.applied;
    return noted;
}

} // namespace Errata
