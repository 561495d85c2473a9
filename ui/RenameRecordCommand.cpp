#include "RenameRecordCommand.h"

#include "KnowledgeBase.h"
#include "Record.h"
#include "RecordOperations.h"

#include <QCoreApplication>

namespace Errata {

namespace {

QString &lastMessage()
{
    static QString message;
    return message;
}

} // namespace

RenameRecordCommand::RenameRecordCommand(KnowledgeBase *kb, Record *record, const QString &oldId, const QString &newId)
    : QUndoCommand(QCoreApplication::translate("RenameRecordCommand", "Rename to %1").arg(newId))
    , m_kb(kb)
    , m_record(record)
    , m_oldId(oldId)
    , m_newId(newId)
{
}

QString RenameRecordCommand::lastError()
{
    return lastMessage();
}

void RenameRecordCommand::rename(const QString &id)
{
    lastMessage().clear();
    if (!RecordOperations::renameRecord(*m_kb, m_record, id, &lastMessage()))
        setObsolete(true);
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
