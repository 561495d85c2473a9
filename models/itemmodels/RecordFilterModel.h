#pragma once

#include "models/search/SearchIndex.h"

#include <QHash>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <vector>

namespace Errata {

class Record;
class RecordTreeModel;

// Filters and ranks the record tree (a RecordTreeModel) by a search: only
// matching records and the groups that hold them stay, records ordered by
// rank and groups by the rank of their best record. Without a search the
// tree shows everything in name order.
class RecordFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit RecordFilterModel(QObject *parent = nullptr);

    // Ranks need a RecordTreeModel source; with any other source a search
    // keeps no rows.
    void setSourceModel(QAbstractItemModel *model) override;
    void setIndex(const SearchIndex *index);
    void setSearchText(const QString &text);
    QString searchText() const { return m_text; }
    SearchQuery query() const { return m_query; }

    bool isSearching() const { return !m_query.isEmpty(); }
    // Records found, and deleted files found by git:deleted or changed.
    int resultCount() const { return int(m_hits.size()) + m_deletedHits; }
    // The best-ranked row's index in this model (a record's, or a deleted
    // file's), or an invalid index.
    QModelIndex firstResult() const;

    // The groups a view should expand to show the results: every domain
    // with hits, and its categories best first while the records they hold
    // stay within `recordBudget` (the best category always). A search that
    // matches most of a large KB so shows its best results at once without
    // laying out tens of thousands of rows; the other groups stay listed,
    // with their counts, collapsed. Empty without a search.
    QModelIndexList groupsToExpand(int recordBudget = DefaultRecordBudget) const;
    static constexpr int DefaultRecordBudget = 1000;

    // While searching, a group reads "pytorch (3 of 120)".
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    // While searching, answered from the hit counts: a view asks this of
    // every group it shows, and QSortFilterProxyModel would filter and sort
    // the group's rows to answer.
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    int rankOf(const QModelIndex &sourceIndex) const;
    int serialOf(const QModelIndex &sourceIndex) const;
    void computeRanks();
    void keepGitStates();
    void rankDeleted();
    void rankRow(const QModelIndex &sourceLeaf, int rank);
    // The serials of a hit's row and of the groups above it, leaf first.
    struct RowPath
    {
        const Record *record = nullptr;
        int serials[3] = {-1, -1, -1};
        int length = 0; // 0: the record has no row
    };
    const RowPath &pathOf(int entry);
    int hitsBelow(const QModelIndex &sourceIndex) const;

    const SearchIndex *m_index = nullptr;
    const RecordTreeModel *m_tree = nullptr; // the source model
    QString m_text;
    SearchQuery m_query;
    QList<SearchIndex::Hit> m_hits;
    int m_deletedHits = 0;
    // Indexed by the source tree's row serials (RecordTreeModel::serialOf).
    std::vector<int> m_rank;      // INT_MAX: no hit
    std::vector<int> m_hitsBelow; // groups only
    // Indexed by search index entry; valid while the tree's structure
    // version stays m_pathsVersion and the entry's record is the same.
    // Finding a record's row is a hash lookup per hit, too slow for the
    // 50,000 hits of a one-letter query at every keystroke.
    std::vector<RowPath> m_paths;
    int m_pathsVersion = -1;
};

} // namespace Errata
