#include "ReviewFilterModel.h"

#include "ReviewModel.h"

namespace Errata {

ReviewFilterModel::ReviewFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

void ReviewFilterModel::setDomain(const QString &domain)
{
    m_domain = domain;
    invalidateFilter();
}

void ReviewFilterModel::setTier(const QString &tier)
{
    m_tier = tier;
    invalidateFilter();
}

void ReviewFilterModel::setStatus(int status)
{
    m_status = status;
    invalidateFilter();
}

void ReviewFilterModel::setPinned(const Record *record)
{
    if (record == m_pinned)
        return;
    m_pinned = record;
    invalidateFilter();
}

bool ReviewFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const QModelIndex first = source->index(sourceRow, 0, sourceParent);
    if (m_pinned && first.data(ReviewModel::RecordRole).value<const void *>() == m_pinned)
        return true;
    const auto text = [&](int column) { return source->index(sourceRow, column, sourceParent).data().toString(); };
    if (!m_domain.isEmpty() && text(ReviewModel::DomainColumn) != m_domain)
        return false;
    if (!m_tier.isEmpty() && text(ReviewModel::TierColumn) != m_tier)
        return false;
    return statusAccepts(sourceRow);
}

bool ReviewFilterModel::statusAccepts(int sourceRow) const
{
    if (m_status == AnyStatus)
        return true;
    for (TranslationStatus::Field field : TranslationStatus::fields()) {
        const QModelIndex index = sourceModel()->index(sourceRow, ReviewModel::columnOf(field));
        const auto status = TranslationStatus::Status(index.data(ReviewModel::StatusRole).toInt());
        if (m_status == Unfinished ? TranslationStatus::isUnfinished(status) : int(status) == m_status)
            return true;
    }
    return false;
}

} // namespace Errata
