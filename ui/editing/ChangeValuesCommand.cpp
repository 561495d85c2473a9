#include "ui/editing/ChangeValuesCommand.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

namespace Errata {

ChangeValuesCommand::ChangeValuesCommand(KnowledgeBase *kb, Record *record, const QList<Change> &changes,
                                         const QString &text, bool mergeable)
    : QUndoCommand(text)
    , m_kb(kb)
    , m_record(record)
    , m_after(changes)
    , m_before(record->json())
    , m_mergeable(mergeable)
{
}

void ChangeValuesCommand::apply(KnowledgeBase *kb, Record *record, const QList<Change> &changes)
{
    for (const Change &change : changes) {
        if (change.value)
            kb->setValue(record, change.pointer, *change.value);
        else
            kb->removeValue(record, change.pointer);
    }
}

void ChangeValuesCommand::redo()
{
    apply(m_kb, m_record, m_after);
}

void ChangeValuesCommand::undo()
{
    m_kb->replaceJson(m_record, m_before);
}

bool ChangeValuesCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const ChangeValuesCommand *>(other);
    const bool samePlace = m_mergeable && next->m_mergeable && next->m_record == m_record && m_after.size() == 1
        && next->m_after.size() == 1 && next->m_after.first().pointer == m_after.first().pointer;
    if (!samePlace)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace Errata
