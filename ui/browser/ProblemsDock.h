#pragma once

#include <QDockWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace Errata {

class KnowledgeBase;
class ProblemListModel;

// The Problems dock: every finding of the KB, filterable by severity.
// Activating a row (double-click or Enter) asks to open that record at the
// field in question.
class ProblemsDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ProblemsDock(QWidget *parent = nullptr);

    void setKnowledgeBase(const KnowledgeBase *kb);
    QTableView *view() const { return m_view; }
    QComboBox *severityFilter() const { return m_severity; }

signals:
    void problemActivated(const QString &recordId, const QString &pointer);

private:
    void applyFilter();
    void updateCount();

    ProblemListModel *m_model;
    QSortFilterProxyModel *m_filter;
    QComboBox *m_severity;
    QLabel *m_count;
    QTableView *m_view;
};

} // namespace Errata
