#include "RecordFilterModel.h"

#include "Record.h"
#include "RecordTreeModel.h"

namespace Errata {

namespace {

const Record *recordOf(const QModelIndex &index)
{
    return reinterpret_cast<const Record *>(index.data(RecordTreeModel::RecordRole).value<quintptr>());
}

// "pytorch" for a domain row, "pytorch/oom" for a category row.
QString groupKey(const QModelIndex &index)
{
    const QString name = index.data(RecordTreeModel::IdRole).toString();
    if (index.data(RecordTreeModel::KindRole).toInt() == RecordTreeModel::CategoryNode)
        return index.parent().data(RecordTreeModel::IdRole).toString() + QLatin1Char('/') + name;
    return name;
}

} // namespace

RecordFilterModel::RecordFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setDynamicSortFilter(false);
    sort(0);
}

void RecordFilterModel::setIndex(const SearchIndex *index)
{
    m_index = index;
    setSearchText(m_text);
}

void RecordFilterModel::setSearchText(const QString &text)
{
    m_text = text;
    m_query = SearchQuery::parse(text);
    m_hits = m_index && !m_query.isEmpty() ? m_index->search(m_query) : QList<SearchIndex::Hit>();
    computeRanks();
    invalidate();
    sort(0);
}

void RecordFilterModel::computeRanks()
{
    m_recordRank.clear();
    m_groupRank.clear();
    m_groupHits.clear();
    for (int rank = 0; rank < m_hits.size(); ++rank) {
        const SearchIndex::Entry &entry = m_index->entry(m_hits.at(rank).entry);
        m_recordRank.insert(entry.record, rank);
        const QString domain = entry.record->domain().isEmpty() ? QStringLiteral("(none)") : entry.record->domain();
        const QString category = entry.record->category().isEmpty() ? QStringLiteral("(none)") : entry.record->category();
        const QString key = domain + QLatin1Char('/') + category;
        for (const QString &group : {domain, key}) {
            m_groupRank.insert(group, qMin(m_groupRank.value(group, rank), rank));
            ++m_groupHits[group];
        }
    }
}

QModelIndex RecordFilterModel::firstResult() const
{
    QModelIndex index = this->index(0, 0);
    while (index.isValid() && !recordOf(index))
        index = this->index(0, 0, index);
    return index;
}

QVariant RecordFilterModel::data(const QModelIndex &index, int role) const
{
    if (role != Qt::DisplayRole || !isSearching() || index.data(RecordTreeModel::KindRole) == RecordTreeModel::RecordNode)
        return QSortFilterProxyModel::data(index, role);
    const QModelIndex source = mapToSource(index);
    return tr("%1 (%2 of %3)")
        .arg(source.data(RecordTreeModel::IdRole).toString())
        .arg(m_groupHits.value(groupKey(source)))
        .arg(source.data(RecordTreeModel::CountRole).toInt());
}

int RecordFilterModel::rankOf(const QModelIndex &sourceIndex) const
{
    if (const Record *record = recordOf(sourceIndex))
        return m_recordRank.value(record, INT_MAX);
    return m_groupRank.value(groupKey(sourceIndex), INT_MAX);
}

bool RecordFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isSearching())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const Record *record = recordOf(index);
    return record && m_recordRank.contains(record);
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
