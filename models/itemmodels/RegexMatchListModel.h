#pragma once

#include "models/matching/RegexMatch.h"

#include <QAbstractTableModel>

namespace Errata {

// The matches of a regex in a text, one row each: line, column, the matched
// text and the capture groups by number and name. Used by the regex workbench.
class RegexMatchListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { LineColumn, ColumnColumn, TextColumn, GroupsColumn, ColumnCount };

    explicit RegexMatchListModel(QObject *parent = nullptr);

    void setMatches(const QList<RegexMatch> &matches);
    const QList<RegexMatch> &matches() const { return m_matches; }
    const RegexMatch &matchAt(int row) const { return m_matches.at(row); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "1: x  2 (port): 8080"; a group that took no part shows as "1: –".
    static QString groupsText(const RegexMatch &match);

private:
    QList<RegexMatch> m_matches;
};

} // namespace Errata
