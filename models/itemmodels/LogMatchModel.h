#pragma once

#include "models/matching/LogMatchResult.h"

#include <QAbstractItemModel>

namespace Errata {

class KnowledgeBase;

// The records a log matcher found, ranked, as a tree: one row per record
// (rank, id, signature, lines), its matching lines as children (line number
// and text). Record rows hold the id in IdRole; line rows the line number
// in LineRole. Ids and signatures are copied, so rows outlive the records.
class LogMatchModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { RankColumn, IdColumn, SignatureColumn, LinesColumn, ColumnCount };
    enum Role { IdRole = Qt::UserRole + 1, LineRole };

    explicit LogMatchModel(QObject *parent = nullptr);

    // `kb` (may be null) gives the signatures of the records, as they are now.
    void setResult(const LogMatchResult &result, const KnowledgeBase *kb);
    void clear();
    const LogMatchResult &result() const { return m_result; }
    QString idAt(const QModelIndex &index) const; // of the record the row is or belongs to

    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant recordData(int row, int column, int role) const;
    QVariant lineData(int recordRow, int row, int column, int role) const;

    LogMatchResult m_result;
    QStringList m_signatures; // per match
};

} // namespace Errata
