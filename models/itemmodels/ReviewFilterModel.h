#pragma once

#include <QSortFilterProxyModel>

namespace Errata {

class Record;
class ReviewModel;

// Narrows a ReviewModel to one domain, one verification tier and rows with a
// field in a given state. Empty domain or tier, and AnyStatus, filter nothing.
// The pinned record (the one being reviewed) always stays, so that it does
// not vanish from under the reviewer when its status changes. A status
// column sorts by how far the field has come (TranslationStatus order), not
// by the name of its status. The source must be a ReviewModel: its rows are
// read directly, which matters at tens of thousands of records.
class ReviewFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    // A TranslationStatus::Status, or one of these.
    enum StatusFilter { AnyStatus = -1, Unfinished = -2 };

    explicit ReviewFilterModel(QObject *parent = nullptr);

    void setDomain(const QString &domain);
    void setTier(const QString &tier);
    void setStatus(int status);
    void setPinned(const Record *record);
    QString domain() const { return m_domain; }
    QString tier() const { return m_tier; }
    int status() const { return m_status; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const ReviewModel *reviewModel() const;
    bool statusAccepts(int sourceRow) const;

    QString m_domain;
    QString m_tier;
    int m_status = AnyStatus;
    const Record *m_pinned = nullptr;
};

} // namespace Errata
