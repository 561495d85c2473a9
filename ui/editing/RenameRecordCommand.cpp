#include "ui/editing/RenameRecordCommand.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/record/Record.h"

#include <QCoreApplication>

namespace Errata {

RenameRecordCommand::RenameRecordCommand(KnowledgeBase *kb, Record *record, const QString &oldId, const QString &newId)
    : QUndoCommand(QCoreApplication::translate("RenameRecordCommand", "Rename to %1").arg(newId))
    , m_kb(kb)
    , m_record(record)
    , m_oldId(oldId)
    , m_newId(newId)
{
}

void RenameRecordCommand::rename(const QString &id)
{
    QString error;
    if (!RecordOperations::renameRecord(*m_kb, m_record, id, &error)) {
        qWarning("%s", qPrintable(error));
        setObsolete(true);
    }
}

void RenameRecordCommand::redo()
{
    if (m_done) {
        m_done = false;
        return;
    }
    rename(m_newId);
}

void RenameRecordCommand::undo()
{
    rename(m_oldId);
}

} // namespace Errata
