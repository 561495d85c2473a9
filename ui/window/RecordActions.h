#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QList>
#include <QObject>

namespace Errata {

class KnowledgeBase;
class MainWindow;
class RecordTab;
class RecordTabs;

// What the main window's Edit, Record and Tools menus do to records: new,
// duplicate, rename and delete; save, save all and revert, and what to do
// with unsaved edits; the reciprocal links. Each asks and reports in the
// window's dialogs and status bar. In review mode they act on the record
// under review, whose tab is then opened behind the review.
class RecordActions : public QObject
{
    Q_OBJECT

public:
    RecordActions(MainWindow *window, RecordTabs *tabs);

    void setKnowledgeBase(KnowledgeBase *kb) { m_kb = kb; }

    void newRecord();
    void duplicateRecord();
    void renameRecord();
    void deleteRecord();
    bool save(RecordTab *tab);
    bool saveCurrent();
    bool saveAll();
    void revertCurrent();
    // Asks what to do with the unsaved edits of `tabs`; false when the user
    // cancels.
    bool settleUnsaved(const QList<RecordTab *> &tabs);
    // Adds the missing link back (to missing.targetId) as an undoable edit
    // of that record, opened in its editor; false when it cannot be added.
    bool addReciprocal(const ReciprocalLinks::Missing &missing);
    // Lists every missing reciprocal of the KB and adds the chosen ones.
    void fixAllReciprocals();

signals:
    // Records were added, removed or saved: the counts may have changed.
    void recordsChanged();

private:
    // The tab the Record menu acts on: the current one, or in review mode
    // that of the record under review (opened behind the review if needed).
    RecordTab *actionTab();
    RecordTab *reviewedTab() const;
    void showMessage(const QString &text, int timeout);

    MainWindow *m_window;
    RecordTabs *m_tabs;
    KnowledgeBase *m_kb = nullptr;
};

} // namespace Errata
