#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QList>
#include <QStringList>
#include <QTabWidget>

class QUndoGroup;

namespace Errata {

class KnowledgeBase;
class Record;
class RecordTab;
class RecordValidator;

// The record tabs in the middle of the main window: one RecordTab per
// opened record, showing its card or its editor. Each tab's undo stack
// joins the window's undo group, whose active stack follows the current
// tab. Titles follow renames and unsaved edits.
class RecordTabs : public QTabWidget
{
    Q_OBJECT

public:
    explicit RecordTabs(QUndoGroup *undoGroup, QWidget *parent = nullptr);

    // Tabs are for the records of `kb`; set it once its old tabs are gone.
    void setKnowledgeBase(KnowledgeBase *kb, const RecordValidator *validator);

    // The record's tab, opened if it was not, made current.
    RecordTab *open(const Record *record);
    RecordTab *current() const;
    RecordTab *tabFor(const Record *record) const;
    QList<RecordTab *> all() const;
    QStringList openIds() const;
    // Opens the records of `ids` that the KB has.
    void restore(const QStringList &ids);
    // Closes `tab` without asking; its unsaved edits are lost.
    void remove(RecordTab *tab);
    void removeAll();
    // The titles of every tab: `tab` changed (renamed, saved, edited), and
    // another may now need a longer or a shorter name.
    void updateTitle(RecordTab *tab);
    // Undo and redo act on `tab`'s edits (none without an edit session).
    void activateUndo(RecordTab *tab);

signals:
    // A tab was opened for `record`.
    void opened(const Record *record);
    // Tabs were opened or closed.
    void countChanged();
    // The current tab switched between its card and its editor.
    void currentEditingChanged();
    void recordLinkActivated(const QString &id);
    void reciprocalRequested(const Errata::ReciprocalLinks::Missing &missing);

private:
    QUndoGroup *m_undoGroup;
    KnowledgeBase *m_kb = nullptr;
    const RecordValidator *m_validator = nullptr;
};

} // namespace Errata
