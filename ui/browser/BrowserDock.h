#pragma once

#include "ui/logs/LogExcerpt.h"

#include <QDockWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QStackedWidget;
class QTreeView;

namespace Errata {

class GitDeletedRecords;
class GitStatus;
class KnowledgeBase;
class LookupEngine;
struct LookupResult;
class LookupPanel;
class Record;
class RecordFilterModel;
class RecordTreeDelegate;
class RecordTreeModel;
class SearchField;
class SearchIndex;

// The left dock: a search field over the record tree. Typing filters and
// ranks the tree at once; Up/Down move through the results without leaving
// the field; Enter opens the current (or else the best) result.
//
// Pasting an error text switches to lookup: a paste of several lines (a
// stack trace, a piece of a log), or a typed or pasted line that reads like
// an error ("KeyError: 'x'", "fatal: refusing to merge…"), lists the records
// most like it (LookupEngine) in place of the tree, best first. The field
// shows the pasted text's main error line; "Search words instead" goes back
// to word search over what the field shows, Esc clears the field.
class BrowserDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit BrowserDock(QWidget *parent = nullptr);
    ~BrowserDock() override;

    // `lookup` answers lookups over `index`; all three may be null. A KB
    // without a lookup engine yet has its lookup index being built: a
    // lookup says so, and is done again when setLookupEngine() brings it.
    void setKnowledgeBase(const KnowledgeBase *kb, const SearchIndex *index,
                          std::shared_ptr<const LookupEngine> lookup = {});
    void setLookupEngine(std::shared_ptr<const LookupEngine> lookup);
    // As if typed; text of several lines as if pasted (looked up).
    void setSearchText(const QString &text);
    // Looks up an error text of any length, as a paste of it does.
    void lookUp(const QString &text);
    // Back from lookup to word search over the text in the field.
    void searchWords();
    bool isLookupMode() const;
    // Runs the current search again (after the index changed), keeping the current record.
    void refreshSearch();
    // The git states of the KB's files, shown in the tree and searched with
    // git:… and changed, and the deleted files listed in the tree.
    void setGitStatus(std::shared_ptr<const GitStatus> status, std::shared_ptr<const GitDeletedRecords> deleted = {});
    // The path (below the KB's root) of the deleted file in the current
    // row, or empty.
    QString currentDeletedPath() const;
    QString searchText() const;
    void focusSearch();
    void selectRecord(const Record *record);
    const Record *currentRecord() const;
    int resultCount() const;
    QTreeView *treeView() const { return m_tree; }
    QLineEdit *searchField() const;
    LookupPanel *lookupPanel() const { return m_lookup; }

signals:
    void recordActivated(const Errata::Record *record);
    // Enter or a double click on a deleted file's row.
    void deletedRecordActivated(const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fieldChanged(const QString &text);
    void applySearch();
    void showLookup();
    LookupResult lookupResult() const; // of the pasted text or the field, by the engine
    void setFieldText(const QString &text);
    void givePasteUp();
    void expandResults();
    void activate(const QModelIndex &index);
    void activateId(const QString &id);
    void moveCurrent(int step);
    void updateCount();
    bool keyPressed(int key);

    SearchField *m_search;
    QLabel *m_count;
    QTreeView *m_tree;
    LookupPanel *m_lookup;
    QStackedWidget *m_pages; // the tree, or the lookup's hits
    RecordTreeModel *m_model;
    RecordFilterModel *m_filter;
    RecordTreeDelegate *m_delegate;
    std::shared_ptr<const LookupEngine> m_engine;
    bool m_pasted = false; // a pasted text is being looked up
    int m_pastedLines = 0;
    LogExcerpt m_excerpt;     // what lookup reads of it (the whole of a short one)
    QString m_shown;          // what the field shows for it
    bool m_wordsOnly = false; // the user went back to word search for this text
    bool m_settingText = false;
};

} // namespace Errata
