#include "ui/window/RecordActions.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/ReciprocalLinksDialog.h"
#include "ui/editing/RecordEditor.h"
#include "ui/editing/RecordIdDialog.h"
#include "ui/editing/RenameRecordCommand.h"
#include "ui/review/ReviewView.h"
#include "ui/window/MainWindow.h"
#include "ui/window/RecordTabs.h"

#include <QDate>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

namespace Errata {

RecordActions::RecordActions(MainWindow *window, RecordTabs *tabs)
    : QObject(window)
    , m_window(window)
    , m_tabs(tabs)
{
}

void RecordActions::showMessage(const QString &text, int timeout)
{
    m_window->statusBar()->showMessage(text, timeout);
}

RecordTab *RecordActions::actionTab()
{
    if (!m_window->isReviewMode())
        return m_tabs->current();
    const Record *record = m_window->review()->currentRecord();
    return record ? m_tabs->open(record) : nullptr;
}

RecordTab *RecordActions::reviewedTab() const
{
    return m_window->isReviewMode() ? m_tabs->tabFor(m_window->review()->currentRecord()) : m_tabs->current();
}

void RecordActions::newRecord()
{
    const Record *current = m_window->isReviewMode() ? m_window->review()->currentRecord()
                                                     : (m_tabs->current() ? m_tabs->current()->record() : nullptr);
    const QString domain = current ? current->domain() + QLatin1Char('/') : QString();
    RecordIdDialog dialog(*m_kb, tr("New Record"), tr("Id of the new record (its file path in the KB):"), domain,
                          nullptr, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    Record *record = RecordOperations::createRecord(*m_kb, dialog.id().section(QLatin1Char('/'), 0, 0),
                                                    dialog.id().section(QLatin1Char('/'), 1), QDate::currentDate(),
                                                    &error);
    if (!record) {
        QMessageBox::warning(m_window, tr("New Record"), error);
        return;
    }
    m_window->editRecord(record->id());
}

void RecordActions::duplicateRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    RecordIdDialog dialog(*m_kb, tr("Duplicate Record"), tr("Id of the copy:"),
                          tab->record()->id() + QStringLiteral("-copy"), nullptr, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    Record *copy = RecordOperations::duplicateRecord(*m_kb, *tab->record(), dialog.id(), &error);
    if (!copy) {
        QMessageBox::warning(m_window, tr("Duplicate Record"), error);
        return;
    }
    m_window->editRecord(copy->id());
}

void RecordActions::renameRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    Record *record = tab->record();
    const QList<RecordOperations::Linker> linkers = RecordOperations::linkersOf(*m_kb, record->id());
    RecordIdDialog dialog(
        *m_kb, tr("Rename Record"),
        tr("New id; the file moves and %Ln link(s) to it are rewritten:", nullptr, int(linkers.size())), record->id(),
        record, m_window);
    if (dialog.exec() != QDialog::Accepted || dialog.id() == record->id())
        return;
    const QString oldId = record->id();
    QString error;
    if (!RecordOperations::renameRecord(*m_kb, record, dialog.id(), &error)) {
        QMessageBox::warning(m_window, tr("Rename Record"), error);
        return;
    }
    tab->setEditing(true);
    tab->session()->undoStack()->push(new RenameRecordCommand(m_kb, record, oldId, dialog.id()));
    m_tabs->updateTitle(tab);
    showMessage(tr("Renamed %1 to %2").arg(DisplayName::of(oldId), DisplayName::of(dialog.id())), 5000);
}

void RecordActions::deleteRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    Record *record = tab->record();
    QStringList linking;
    for (const RecordOperations::Linker &linker : RecordOperations::linkersOf(*m_kb, record->id()))
        linking << QStringLiteral("%1 (%2)").arg(DisplayName::of(linker.record->id()),
                                                 QString::fromLatin1(Link::key(linker.kind)));
    QString question = tr("Delete %1 and its file?").arg(DisplayName::of(record->id()));
    if (!linking.isEmpty())
        question += QStringLiteral("\n\n")
            + tr("These records link to it; their links will dangle:\n%1").arg(linking.join(QLatin1Char('\n')));
    if (QMessageBox::warning(m_window, tr("Delete Record"), question, QMessageBox::Yes | QMessageBox::Cancel,
                             QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    m_tabs->remove(tab);
    QString error;
    if (!RecordOperations::deleteRecord(*m_kb, record, &error)) {
        QMessageBox::warning(m_window, tr("Delete Record"), error);
        m_tabs->open(record);
        return;
    }
    emit recordsChanged();
    showMessage(tr("Deleted the record and its file."), 5000);
}

bool RecordActions::save(RecordTab *tab)
{
    if (!tab || !tab->session())
        return true;
    QString message;
    EditSession::SaveResult result = tab->session()->save(false, &message);
    if (result == EditSession::ConflictOnDisk) {
        const auto answer = QMessageBox::warning(
            m_window, tr("File changed on disk"),
            tr("%1 was changed on disk by someone else since it was opened.\n\nOverwrite it with your version?")
                .arg(DisplayName::of(tab->record()->filePath())),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Save)
            return false;
        result = tab->session()->save(true, &message);
    }
    if (result == EditSession::RefusedErrors || result == EditSession::WriteFailed) {
        QMessageBox::warning(m_window, tr("Not saved"), message);
        if (result == EditSession::RefusedErrors)
            tab->setEditing(true);
        return false;
    }
    showMessage(result == EditSession::Saved
                    ? tr("Saved %1").arg(DisplayName::of(tab->record()->id()))
                    : tr("%1 has no changes to save").arg(DisplayName::of(tab->record()->id())),
                4000);
    m_tabs->updateTitle(tab);
    emit recordsChanged();
    return true;
}

bool RecordActions::saveCurrent()
{
    return save(reviewedTab());
}

bool RecordActions::saveAll()
{
    for (RecordTab *tab : m_tabs->all()) {
        if (tab->isDirty() && !save(tab))
            return false;
    }
    return true;
}

void RecordActions::revertCurrent()
{
    RecordTab *tab = reviewedTab();
    if (!tab || !tab->isDirty())
        return;
    const auto answer = QMessageBox::question(
        m_window, tr("Revert"), tr("Throw away the unsaved changes to %1?").arg(DisplayName::of(tab->record()->id())));
    if (answer != QMessageBox::Yes)
        return;
    QString message;
    if (!tab->session()->revert(&message))
        QMessageBox::warning(m_window, tr("Revert"), message);
}

bool RecordActions::settleUnsaved(const QList<RecordTab *> &tabs)
{
    QStringList dirty;
    for (RecordTab *tab : tabs)
        if (tab->isDirty())
            dirty << DisplayName::of(tab->record()->id());
    if (dirty.isEmpty())
        return true;
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"),
        tr("These records have unsaved changes:\n%1").arg(dirty.join(QLatin1Char('\n'))),
        QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::SaveAll);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard) {
        for (RecordTab *tab : tabs) {
            QString message;
            if (tab->isDirty() && !tab->session()->revert(&message) && tab->record()->originalText().isEmpty())
                continue; // never saved: dropped with its tab
        }
        return true;
    }
    for (RecordTab *tab : tabs) {
        if (tab->isDirty() && !save(tab))
            return false;
    }
    return true;
}

bool RecordActions::addReciprocal(const ReciprocalLinks::Missing &missing)
{
    Record *target = m_kb->find(missing.targetId);
    ReciprocalLinks::Change change;
    QString error = tr("No record \"%1\" in this KB.").arg(DisplayName::of(missing.targetId));
    if (!target || !ReciprocalLinks::change(*target, missing, &change, &error)) {
        QMessageBox::warning(m_window, tr("Add Reciprocal Link"), error);
        return false;
    }
    // The record that changes opens in its editor: the edit can be seen,
    // undone (Ctrl+Z) and saved there.
    m_window->editRecord(target->id());
    RecordTab *tab = m_tabs->tabFor(target);
    tab->session()->change(
        {{change.pointer, change.value}},
        tr("Add %1 link to %2")
            .arg(QLatin1String(Link::key(missing.missingKind())), DisplayName::of(missing.sourceId)));
    tab->editor()->focusField(change.pointer + QLatin1Char('/') + QString::number(change.value.size() - 1));
    showMessage(tr("Added %1 %2 to %3 (not saved yet; Ctrl+Z undoes it)")
                    .arg(QLatin1String(Link::key(missing.missingKind())), DisplayName::of(missing.sourceId),
                         DisplayName::of(target->id())),
                8000);
    return true;
}

void RecordActions::fixAllReciprocals()
{
    const QList<ReciprocalLinks::Missing> missing = ReciprocalLinks::all(*m_kb);
    if (missing.isEmpty()) {
        QMessageBox::information(m_window, tr("Missing Reciprocal Links"),
                                 tr("Every leads_to and preceded_by link of this KB has its link back."));
        return;
    }
    ReciprocalLinksDialog dialog(missing, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<ReciprocalLinks::Missing> chosen = dialog.chosen();
    QString error;
    if (!ReciprocalLinks::fixAll(*m_kb, chosen, &error)) {
        QMessageBox::warning(m_window, tr("Missing Reciprocal Links"), tr("Nothing was changed: %1").arg(error));
        return;
    }
    showMessage(tr("Added %Ln reciprocal link(s) and saved the records.", nullptr, int(chosen.size())), 8000);
}

} // namespace Errata
