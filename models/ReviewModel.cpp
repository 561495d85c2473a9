#include "ReviewModel.h"

#include "KnowledgeBase.h"
#include "Record.h"

#include <QDate>

namespace Errata {

ReviewModel::ReviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

bool ReviewModel::setKnowledgeBase(const KnowledgeBase *kb, QString *error)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    bool loaded = true;
    m_store = ReviewStore();
    if (m_kb && !m_kb->root().isEmpty())
        loaded = m_store.load(m_kb->root(), error);
    if (m_kb) {
        connect(m_kb, &KnowledgeBase::reset, this, &ReviewModel::rebuild);
        connect(m_kb, &KnowledgeBase::recordChanged, this, &ReviewModel::recordChanged);
        connect(m_kb, &KnowledgeBase::recordAdded, this, &ReviewModel::recordAdded);
        connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, &ReviewModel::recordRemoved);
    }
    rebuild();
    emit reviewsChanged();
    return loaded;
}

void ReviewModel::rebuild()
{
    beginResetModel();
    m_records.clear();
    for (int i = 0; m_kb && i < m_kb->count(); ++i)
        m_records << m_kb->recordAt(i);
    endResetModel();
}

void ReviewModel::recordChanged(const Record *record)
{
    const int row = rowOf(record);
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ReviewModel::recordAdded(const Record *record)
{
    const int row = int(m_records.size());
    beginInsertRows(QModelIndex(), row, row);
    m_records << record;
    endInsertRows();
}

void ReviewModel::recordRemoved(const Record *record)
{
    const int row = rowOf(record);
    if (row < 0)
        return;
    beginRemoveRows(QModelIndex(), row, row);
    m_records.removeAt(row);
    endRemoveRows();
}

int ReviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int ReviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool ReviewModel::fieldOf(int column, TranslationStatus::Field *field)
{
    if (column < SignatureColumn || column > WorkaroundsColumn)
        return false;
    *field = TranslationStatus::Field(column - SignatureColumn);
    return true;
}

TranslationStatus::Status ReviewModel::status(int row, TranslationStatus::Field field) const
{
    return m_store.status(*m_records.at(row), field);
}

ReviewStore::Check ReviewModel::reviewCheck(int row, TranslationStatus::Field field) const
{
    const Record &record = *m_records.at(row);
    return m_store.check(record.id(), field, TranslationStatus::englishText(record, field),
                         TranslationStatus::chineseText(record, field));
}

QVariant ReviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Record &record = *m_records.at(index.row());
    if (role == RecordRole)
        return QVariant::fromValue(static_cast<const void *>(&record));
    TranslationStatus::Field field;
    if (!fieldOf(index.column(), &field)) {
        if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
            return {};
        switch (index.column()) {
        case IdColumn:
            return role == Qt::ToolTipRole ? QVariant(record.signature()) : QVariant(record.id());
        case DomainColumn:
            return record.domain();
        default:
            return record.verificationTier();
        }
    }
    switch (role) {
    case StatusRole:
        return int(status(index.row(), field));
    case Qt::DisplayRole:
        return statusText(status(index.row(), field));
    case Qt::ToolTipRole:
        return reviewToolTip(index.row(), field);
    default:
        return {};
    }
}

QString ReviewModel::reviewToolTip(int row, TranslationStatus::Field field) const
{
    switch (reviewCheck(row, field)) {
    case ReviewStore::EnglishChanged:
        return tr("Reviewed earlier, but the English text has changed since: review it again.");
    case ReviewStore::ChineseChanged:
        return tr("Reviewed earlier, but the Chinese text has changed since: review it again.");
    case ReviewStore::Current:
    case ReviewStore::NotReviewed:
        break;
    }
    return statusText(status(row, field));
}

QVariant ReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    TranslationStatus::Field field;
    if (fieldOf(section, &field))
        return fieldName(field);
    switch (section) {
    case IdColumn:
        return tr("Record");
    case DomainColumn:
        return tr("Domain");
    default:
        return tr("Tier");
    }
}

QString ReviewModel::statusText(TranslationStatus::Status status)
{
    switch (status) {
    case TranslationStatus::NotApplicable:
        return QStringLiteral("—");
    case TranslationStatus::Missing:
        return tr("Missing");
    case TranslationStatus::Untranslated:
        return tr("Untranslated");
    case TranslationStatus::CountMismatch:
        return tr("Count mismatch");
    case TranslationStatus::Translated:
        return tr("Translated");
    case TranslationStatus::Reviewed:
        break;
    }
    return tr("Reviewed");
}

QString ReviewModel::fieldName(TranslationStatus::Field field)
{
    switch (field) {
    case TranslationStatus::Signature:
        return tr("Signature");
    case TranslationStatus::RootCause:
        return tr("Root cause");
    case TranslationStatus::Workarounds:
        break;
    }
    return tr("Workarounds");
}

// The file as it is now, so that reviews written meanwhile by someone else
// (a git pull) are kept; a broken file is never overwritten.
bool ReviewModel::reread(ReviewStore *store, QString *error) const
{
    if (m_store.isBroken()) {
        *error = tr("%1 could not be read, so it is not overwritten; fix or remove it first.")
                     .arg(ReviewStore::filePath(m_store.root()));
        return false;
    }
    if (!m_kb || m_kb->root().isEmpty()) {
        *error = tr("No KB is open.");
        return false;
    }
    return store->load(m_kb->root(), error);
}

bool ReviewModel::accept(const Record *record, TranslationStatus::Field field, QString *error)
{
    const TranslationStatus::Status detected = TranslationStatus::detect(*record, field);
    if (detected != TranslationStatus::Translated) {
        *error = tr("%1 of %2 cannot be accepted: %3.")
                     .arg(fieldName(field), record->id(), statusText(detected).toLower());
        return false;
    }
    ReviewStore updated;
    if (!reread(&updated, error))
        return false;
    updated.markReviewed(record->id(), field, TranslationStatus::englishText(*record, field),
                         TranslationStatus::chineseText(*record, field), QDate::currentDate());
    if (!updated.save(error))
        return false;
    m_store = updated;
    recordChanged(record);
    emit reviewsChanged();
    return true;
}

bool ReviewModel::unaccept(const Record *record, TranslationStatus::Field field, QString *error)
{
    if (!m_store.contains(record->id(), field))
        return true;
    ReviewStore updated;
    if (!reread(&updated, error))
        return false;
    updated.forget(record->id(), field);
    if (!updated.save(error))
        return false;
    m_store = updated;
    recordChanged(record);
    emit reviewsChanged();
    return true;
}

} // namespace Errata
