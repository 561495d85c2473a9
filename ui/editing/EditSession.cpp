#include "ui/editing/EditSession.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "ui/editing/RenameRecordCommand.h"

#include <QUndoStack>

#include <algorithm>

namespace Errata {

namespace {

constexpr int ValidationDelayMs = 300;

} // namespace

EditSession::EditSession(KnowledgeBase *kb, Record *record, const RecordValidator *validator, QObject *parent)
    : QObject(parent)
    , m_kb(kb)
    , m_record(record)
    , m_validator(validator)
    , m_stack(new QUndoStack(this))
{
    m_validationTimer.setSingleShot(true);
    m_validationTimer.setInterval(ValidationDelayMs);
    connect(&m_validationTimer, &QTimer::timeout, this, &EditSession::validateNow);
    connect(m_stack, &QUndoStack::cleanChanged, this, &EditSession::cleanChanged);
    connect(m_stack, &QUndoStack::indexChanged, this, &EditSession::scheduleValidation);
    connect(m_stack, &QUndoStack::indexChanged, this, &EditSession::followDisk);
    m_problems = m_kb->problems(m_record);
    // Findings set from elsewhere (a linked record changed): shown here too.
    const auto followKb = [this] {
        if (m_validating)
            return;
        m_problems = m_kb->problems(m_record);
        emit validated(m_problems);
    };
    connect(m_kb, &KnowledgeBase::problemsChanged, this, [this, followKb](const Record *record) {
        if (record == m_record)
            followKb();
    });
    connect(m_kb, &KnowledgeBase::manyProblemsChanged, this, followKb);
}

bool EditSession::isDirty() const
{
    return !m_stack->isClean() || m_record->isModified();
}

void EditSession::change(const QList<ChangeValuesCommand::Change> &changes, const QString &text, bool typing)
{
    m_stack->push(new ChangeValuesCommand(m_kb, m_record, changes, text, typing));
}

void EditSession::setValue(const QString &pointer, const OrderedJson &value, const QString &text, bool typing)
{
    if (m_record->value(pointer) == value
        && m_record->json().contains(OrderedJson::json_pointer(pointer.toStdString())))
        return;
    change({{pointer, value}}, text, typing);
}

void EditSession::scheduleValidation()
{
    m_validationTimer.start();
}

// A rename writes the file as it is done, undone or redone: after it, a record with no other unsaved edit is as on
// disk, and that becomes the clean state (not marked ● with nothing to save).
void EditSession::followDisk(int index)
{
    const int changed = index > m_index ? index - 1 : index; // the command just redone or undone
    m_index = index;
    const QUndoCommand *command = m_stack->command(changed);
    if (command && command->id() == RenameRecordCommand::Id && !m_record->isModified() && !m_stack->isClean())
        m_stack->setClean();
}

// Back at the saved state: the record is as on disk again.
void EditSession::cleanChanged(bool clean)
{
    if (clean && m_record->isModified() && m_record->serialize() == m_record->originalText()) {
        m_record->markSaved(m_record->originalText());
        emit m_kb->recordSaved(m_record); // the file holds this text again
    }
    emit dirtyChanged(isDirty());
}

QList<Problem> EditSession::validateNow()
{
    m_validationTimer.stop();
    m_problems = m_validator->validate(*m_record, m_kb);
    m_validating = true;
    m_kb->setProblems(m_record, m_problems);
    m_validating = false;
    emit validated(m_problems);
    return m_problems;
}

bool EditSession::hasErrors() const
{
    return std::any_of(m_problems.cbegin(), m_problems.cend(),
                       [](const Problem &problem) { return problem.severity == Problem::Error; });
}

EditSession::SaveResult EditSession::save(bool overwrite, QString *message)
{
    validateNow();
    if (hasErrors()) {
        const auto first = std::find_if(m_problems.cbegin(), m_problems.cend(),
                                        [](const Problem &problem) { return problem.severity == Problem::Error; });
        *message = tr("Not saved: the record has errors. First: %1 (%2)").arg(first->message, first->pointer);
        return RefusedErrors;
    }
    const auto outcome = m_kb->save(m_record, overwrite ? RecordWriter::OverwriteTheirs : RecordWriter::KeepTheirs,
                                    message);
    switch (outcome) {
    case RecordWriter::Conflict: return ConflictOnDisk;
    case RecordWriter::Failed: return WriteFailed;
    case RecordWriter::Unchanged:
    case RecordWriter::Written:
        m_stack->setClean();
        emit dirtyChanged(false);
        return outcome == RecordWriter::Written ? Saved : NothingToSave;
    }
    return WriteFailed;
}

bool EditSession::revert(QString *message)
{
    if (m_record->originalText().isEmpty()) {
        *message = tr("This record has never been saved; there is no file to go back to.");
        return false;
    }
    if (!m_kb->reload(m_record, message))
        return false;
    m_stack->clear();
    validateNow();
    emit dirtyChanged(false);
    return true;
}

} // namespace Errata
