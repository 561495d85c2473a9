#pragma once

#include <QDockWidget>

class QLabel;
class QLineEdit;
class QTreeView;

namespace Errata {

class KnowledgeBase;
class Record;
class RecordFilterModel;
class RecordTreeDelegate;
class RecordTreeModel;
class SearchIndex;

// The left dock: a search field over the record tree. Typing filters and
// ranks the tree at once; Up/Down move through the results without leaving
// the field; Enter opens the current (or else the best) result.
class BrowserDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit BrowserDock(QWidget *parent = nullptr);

    void setKnowledgeBase(const KnowledgeBase *kb, const SearchIndex *index);
    void setSearchText(const QString &text);
    // Runs the current search again (after the index changed), keeping the current record.
    void refreshSearch();
    QString searchText() const;
    void focusSearch();
    void selectRecord(const Record *record);
    const Record *currentRecord() const;
    int resultCount() const;
    QTreeView *treeView() const { return m_tree; }
    QLineEdit *searchField() const { return m_search; }

signals:
    void recordActivated(const Errata::Record *record);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applySearch();
    void expandResults();
    void activate(const QModelIndex &index);
    void moveCurrent(int step);
    void updateCount();

    QLineEdit *m_search;
    QLabel *m_count;
    QTreeView *m_tree;
    RecordTreeModel *m_model;
    RecordFilterModel *m_filter;
    RecordTreeDelegate *m_delegate;
};

} // namespace Errata
