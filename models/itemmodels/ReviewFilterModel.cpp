#include "models/itemmodels/ReviewFilterModel.h"

#include "models/itemmodels/ReviewModel.h"
#include "models/record/Record.h"

namespace Errata {

ReviewFilterModel::ReviewFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

// Each setter filters again only when the filter changes: the view sets
// all three after every review.
void ReviewFilterModel::setDomain(const QString &domain)
{
    if (domain == m_domain)
        return;
    m_domain = domain;
    invalidateFilter();
}

void ReviewFilterModel::setTier(const QString &tier)
{
    if (tier == m_tier)
        return;
    m_tier = tier;
    invalidateFilter();
}

void ReviewFilterModel::setStatus(int status)
{
    if (status == m_status)
        return;
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

const ReviewModel *ReviewFilterModel::reviewModel() const
{
    Q_ASSERT(qobject_cast<const ReviewModel *>(sourceModel()));
    return static_cast<const ReviewModel *>(sourceModel());
}

bool ReviewFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const ReviewModel *model = reviewModel();
    const Record *record = model->recordAt(sourceRow);
    if (m_pinned && record == m_pinned)
        return true;
    if (!m_domain.isEmpty() && record->domain() != m_domain)
        return false;
    if (!m_tier.isEmpty() && model->summaryAt(sourceRow).tier != m_tier)
        return false;
    return statusAccepts(sourceRow);
}

bool ReviewFilterModel::statusAccepts(int sourceRow) const
{
    if (m_status == AnyStatus)
        return true;
    for (TranslationStatus::Field field : TranslationStatus::fields()) {
        const TranslationStatus::Status status = reviewModel()->status(sourceRow, field);
        if (m_status == Unfinished ? TranslationStatus::isUnfinished(status) : int(status) == m_status)
            return true;
    }
    return false;
}

// Ties keep the ids' order.
bool ReviewFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    TranslationStatus::Field field;
    if (!ReviewModel::fieldOf(left.column(), &field))
        return QSortFilterProxyModel::lessThan(left, right);
    const ReviewModel *model = reviewModel();
    const TranslationStatus::Status a = model->status(left.row(), field);
    const TranslationStatus::Status b = model->status(right.row(), field);
    if (a != b)
        return a < b;
    return model->recordAt(left.row())->id() < model->recordAt(right.row())->id();
}

} // namespace Errata
