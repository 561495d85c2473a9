#pragma once

#include <QDockWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace Errata {

class KnowledgeBase;
class ProblemListModel;

// The Problems dock: every finding of the KB, filterable by severity, under
// a hint about the KB as a whole when there is one (a folder of canons to
// convert). Activating a row (double-click or Enter) asks to open that
// record at the field in question.
class ProblemsDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ProblemsDock(QWidget *parent = nullptr);

    // Shows `kb`'s findings, without a hint.
    void setKnowledgeBase(const KnowledgeBase *kb);
    // Shows `text` above the findings, and the dock, in front of the docks
    // it shares its place with.
    void showHint(const QString &text);
    QLabel *hintLabel() const { return m_hint; }
    QTableView *view() const { return m_view; }
    QComboBox *severityFilter() const { return m_severity; }

signals:
    void problemActivated(const QString &recordId, const QString &pointer);
    // A problem of a file that did not load as a record (absolute path).
    void fileProblemActivated(const QString &file);

private:
    void applyFilter();
    void updateCount();

    ProblemListModel *m_model;
    QSortFilterProxyModel *m_filter;
    QComboBox *m_severity;
    QLabel *m_count;
    QLabel *m_hint;
    QTableView *m_view;
};

} // namespace Errata
