#pragma once

#include "models/kb/Problem.h"

#include <QAbstractTableModel>
#include <QList>
#include <QTimer>

#include <vector>

namespace Errata {

class KnowledgeBase;

// Every finding of a KB as a table: severity, file, field, line, message.
// Files that failed to load come first, then each record's findings in file
// order. Follows the KB (reset, re-validation of a record). The view picks
// icons from SeverityRole; the model holds no widgets.
class ProblemListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, FileColumn, FieldColumn, LineColumn, MessageColumn, ColumnCount };
    enum Role { SeverityRole = Qt::UserRole + 1, RecordIdRole, PointerRole, FileRole /* absolute path */ };

    explicit ProblemListModel(QObject *parent = nullptr);

    void setKnowledgeBase(const KnowledgeBase *kb);
    const Problem &problemAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // "error", "warning", "info" in the language of the user interface.
    static QString severityText(Problem::Severity severity);

private:
    // A row is a finding of one of the lists, which share their findings
    // with the KB's: a refresh copies a list per record, not each finding.
    struct Row
    {
        qsizetype list = 0;
        qsizetype index = 0;
    };

    void refresh();
    void scheduleRefresh();
    void addList(const QList<Problem> &problems, const QString &recordId);

    const KnowledgeBase *m_kb = nullptr;
    std::vector<QList<Problem>> m_lists; // the files that did not load, then each record's findings
    QStringList m_listIds;               // per list: the id of the record, empty for files that did not load
    std::vector<Row> m_rows;
    QTimer m_refreshTimer; // a timer, not a posted event: the window's input comes first
};

} // namespace Errata
