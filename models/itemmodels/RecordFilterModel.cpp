#include "models/itemmodels/RecordFilterModel.h"

#include "models/git/GitStatus.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/record/Record.h"
#include "models/search/SearchQuery.h"
#include "models/text/SearchTokenizer.h"

#include <algorithm>

namespace Errata {

namespace {

// Whether a deleted file (which the search index does not hold) answers a
// search for deleted ones: by its domain and category, and words found in
// its id or signature. Filters on what only the index knows keep it out.
bool deletedMatches(const SearchQuery &query, const GitDeletedRecords::Item &item)
{
    if (!query.tier.isEmpty() || !query.resolvable.isEmpty() || !query.severity.isEmpty() || query.fixRate
        || query.confidence || query.hasChinese || query.staleOnly)
        return false;
    if ((!query.domain.isEmpty() && SearchTokenizer::fold(item.domain) != query.domain)
        || (!query.category.isEmpty() && SearchTokenizer::fold(item.category) != query.category))
        return false;
    const QString text = SearchTokenizer::fold(item.id + QLatin1Char(' ') + item.signature);
    return std::all_of(query.words.cbegin(), query.words.cend(),
                       [&text](const QString &word) { return text.contains(word); });
}

} // namespace

RecordFilterModel::RecordFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // Groups carry the ranks of the hits below them (computeRanks), so a
    // group without hits is dropped at once; recursive filtering would look
    // at every record of every such group on each keystroke.
    setRecursiveFilteringEnabled(false);
    setDynamicSortFilter(false);
}

void RecordFilterModel::setIndex(const SearchIndex *index)
{
    m_index = index;
    setSearchText(m_text);
}

void RecordFilterModel::setSearchText(const QString &text)
{
    // A reset, not invalidate(): views keep no persistent rows to map from
    // one search to the next, and they see the old counts until the old
    // rows are gone (QSortFilterProxyModel drops its mapping on its own
    // modelReset).
    beginResetModel();
    m_text = text;
    m_query = SearchQuery::parse(text);
    m_hits = m_index && !m_query.isEmpty() ? m_index->search(m_query) : QList<SearchIndex::Hit>();
    keepGitStates();
    computeRanks();
    endResetModel();
    // The tree keeps each level in name order, which is what the list shows without a search; sorting every row
    // again by its id would cost a keystroke's time in a large KB.
    sort(isSearching() ? 0 : -1);
}

// git:… and changed: the index knows nothing of git; the tree has the
// states of the files.
void RecordFilterModel::keepGitStates()
{
    if (m_query.gitStates.isEmpty() || !m_tree)
        return;
    m_hits.removeIf([this](const SearchIndex::Hit &hit) {
        const int state = m_tree->gitStateOf(m_index->entry(hit.entry).record);
        return state < 0 || !m_query.gitStates.contains(GitStatus::State(state));
    });
}

// Ranks are kept per row of the source tree, in arrays indexed by the
// tree's row serials: each hit's record row, and each group above it with
// the best rank below it and the number of hits below it. Filtering and
// sorting 50,000 rows then read an array instead of roles and group names.
void RecordFilterModel::computeRanks()
{
    const RecordTreeModel *tree = m_tree;
    const size_t rows = tree ? size_t(tree->serialCount()) : 0;
    m_rank.assign(rows, INT_MAX);
    m_hitsBelow.assign(rows, 0);
    m_deletedHits = 0;
    if (!tree)
        return;
    for (int rank = 0; rank < m_hits.size(); ++rank) {
        const RowPath &path = pathOf(m_hits.at(rank).entry);
        if (path.length == 0)
            continue;
        m_rank[size_t(path.serials[0])] = rank;
        // Hits come best first, so a group's first hit gives its rank.
        for (int up = 1; up < path.length; ++up) {
            const size_t serial = size_t(path.serials[up]);
            if (m_hitsBelow[serial]++ == 0)
                m_rank[serial] = rank;
        }
    }
    rankDeleted();
}

// Deleted files come after the records found, in the tree's order.
void RecordFilterModel::rankDeleted()
{
    if (!m_query.gitStates.contains(GitStatus::State::Deleted))
        return;
    for (const QModelIndex &row : m_tree->deletedRows()) {
        if (deletedMatches(m_query, *m_tree->deletedAt(row)))
            rankRow(row, int(m_hits.size()) + m_deletedHits++);
    }
}

void RecordFilterModel::rankRow(const QModelIndex &sourceLeaf, int rank)
{
    m_rank[size_t(m_tree->serialOf(sourceLeaf))] = rank;
    for (QModelIndex group = sourceLeaf.parent(); group.isValid(); group = group.parent()) {
        const size_t serial = size_t(m_tree->serialOf(group));
        if (m_hitsBelow[serial]++ == 0)
            m_rank[serial] = rank;
    }
}

const RecordFilterModel::RowPath &RecordFilterModel::pathOf(int entry)
{
    if (m_pathsVersion != m_tree->structureVersion()) {
        m_paths.clear();
        m_pathsVersion = m_tree->structureVersion();
    }
    if (m_paths.size() < size_t(m_index->size()))
        m_paths.resize(size_t(m_index->size()));
    RowPath &path = m_paths[size_t(entry)];
    const Record *record = m_index->entry(entry).record;
    if (path.record == record && record)
        return path;
    path = RowPath{record};
    for (QModelIndex row = m_tree->indexOf(record); row.isValid() && path.length < 3; row = row.parent())
        path.serials[path.length++] = m_tree->serialOf(row);
    return path;
}

void RecordFilterModel::setSourceModel(QAbstractItemModel *model)
{
    m_tree = qobject_cast<const RecordTreeModel *>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

int RecordFilterModel::hitsBelow(const QModelIndex &sourceIndex) const
{
    const size_t serial = size_t(serialOf(sourceIndex)); // a group added since the search counts none
    return serial < m_hitsBelow.size() ? m_hitsBelow[serial] : 0;
}

// Rows only go away between two searches (records added since are not
// hits), so the counts of the last search may say "children" where none are
// left, which views allow (as for rows not fetched yet), never the reverse.
bool RecordFilterModel::hasChildren(const QModelIndex &parent) const
{
    if (!isSearching() || !parent.isValid() || !m_tree)
        return QSortFilterProxyModel::hasChildren(parent);
    return hitsBelow(mapToSource(parent)) > 0;
}

QModelIndexList RecordFilterModel::groupsToExpand(int recordBudget) const
{
    QModelIndexList groups;
    if (!isSearching())
        return groups;
    struct Category
    {
        int rank;
        int hits;
        QModelIndex index;
    };
    std::vector<Category> categories;
    for (int row = 0; row < rowCount(); ++row) {
        const QModelIndex domain = index(row, 0);
        groups << domain;
        for (int child = 0; child < rowCount(domain); ++child) {
            const QModelIndex category = index(child, 0, domain);
            const QModelIndex source = mapToSource(category);
            categories.push_back({rankOf(source), hitsBelow(source), category});
        }
    }
    std::sort(categories.begin(), categories.end(),
              [](const Category &a, const Category &b) { return a.rank < b.rank; });
    int shown = 0;
    for (const Category &category : categories) {
        if (shown > 0 && shown + category.hits > recordBudget)
            continue;
        groups << category.index;
        shown += category.hits;
    }
    return groups;
}

// Asked twice per comparison while sorting: the tree is looked up once, in
// setSourceModel, not cast here.
int RecordFilterModel::serialOf(const QModelIndex &sourceIndex) const
{
    return m_tree ? m_tree->serialOf(sourceIndex) : -1;
}

QModelIndex RecordFilterModel::firstResult() const
{
    const auto isGroup = [](const QModelIndex &index) {
        const int kind = index.data(RecordTreeModel::KindRole).toInt();
        return kind == RecordTreeModel::DomainNode || kind == RecordTreeModel::CategoryNode;
    };
    QModelIndex index = this->index(0, 0);
    while (index.isValid() && isGroup(index))
        index = this->index(0, 0, index);
    return index;
}

QVariant RecordFilterModel::data(const QModelIndex &index, int role) const
{
    const int kind = role == Qt::DisplayRole ? index.data(RecordTreeModel::KindRole).toInt() : -1;
    if (!isSearching() || (kind != RecordTreeModel::DomainNode && kind != RecordTreeModel::CategoryNode))
        return QSortFilterProxyModel::data(index, role);
    const QModelIndex source = mapToSource(index);
    return tr("%1 (%L2 of %L3)")
        .arg(source.data(RecordTreeModel::IdRole).toString())
        .arg(hitsBelow(source))
        .arg(source.data(RecordTreeModel::CountRole).toInt());
}

int RecordFilterModel::rankOf(const QModelIndex &sourceIndex) const
{
    const int serial = serialOf(sourceIndex);
    return serial >= 0 && size_t(serial) < m_rank.size() ? m_rank[size_t(serial)] : INT_MAX;
}

bool RecordFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isSearching())
        return true;
    // A group is ranked only when a hit lies below it.
    return rankOf(sourceModel()->index(sourceRow, 0, sourceParent)) != INT_MAX;
}

bool RecordFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (isSearching()) {
        const int leftRank = rankOf(left);
        const int rightRank = rankOf(right);
        if (leftRank != rightRank)
            return leftRank < rightRank;
    }
    return left.data(RecordTreeModel::IdRole).toString() < right.data(RecordTreeModel::IdRole).toString();
}

} // namespace Errata
