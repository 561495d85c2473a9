#pragma once

#include "validation/Problem.h"

#include <QAbstractTableModel>
#include <QList>

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
    const Problem &problemAt(int row) const { return m_problems.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // "error", "warning", "info" in the language of the user interface.
    static QString severityText(Problem::Severity severity);

private:
    void refresh();
    void scheduleRefresh();

    const KnowledgeBase *m_kb = nullptr;
    QList<Problem> m_problems;
    QStringList m_recordIds; // per row: the id of the record, empty for files that did not load
    bool m_refreshPending = false;
};

} // namespace Errata
