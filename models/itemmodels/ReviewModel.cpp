#include "models/itemmodels/ReviewModel.h"
#include "models/util/BackgroundJob.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/review/Reviewer.h"
#include "models/review/TranslationSummaryJob.h"
#include "models/text/DisplayName.h"

#include <QDateTime>

namespace Errata {

ReviewModel::ReviewModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_counting(new BackgroundJob(this))
{
    connect(m_counting, &BackgroundJob::progressed, this,
            [this](int done, int total) { emit countingProgress(done, total); });
}

ReviewModel::~ReviewModel()
{
    stopCounting();
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

// Empties the model and summarises the KB's records anew.
void ReviewModel::rebuild()
{
    stopCounting();
    beginResetModel();
    m_records.clear();
    m_summaries.clear();
    endResetModel();
    if (m_kb)
        startCounting();
}

// The texts are copied here; the job runs on all cores in a thread of its
// own, and the rows are made from its results on this thread.
void ReviewModel::startCounting()
{
    const auto job = std::make_shared<TranslationSummaryJob>(*m_kb);
    m_counting->start(
        [job](const BackgroundJob::Control &control) { job->run(control.cancelFlag(), control.reporter()); },
        [this, job] { finishCounting(*job); });
    emit countingProgress(0, job->count());
}

// The records of the KB now: those added or changed since the job was made
// are summarised here, those removed meanwhile are gone.
void ReviewModel::finishCounting(TranslationSummaryJob &job)
{
    beginResetModel();
    m_summaries = job.take(*m_kb);
    m_records.reserve(m_kb->count());
    for (int i = 0; i < m_kb->count(); ++i)
        m_records << m_kb->recordAt(i);
    endResetModel();
    emit counted();
}

bool ReviewModel::isCounting() const
{
    return m_counting->isRunning();
}

void ReviewModel::stopCounting()
{
    m_counting->discard();
}

void ReviewModel::recordChanged(const Record *record)
{
    const int row = rowOf(record);
    if (row < 0)
        return;
    m_summaries[size_t(row)] = TranslationSummary::of(*record);
    rowChanged(row);
}

// The row shows something new. Accepting or reopening a review calls this
// alone: the record's text, and so its summary, did not change.
void ReviewModel::rowChanged(int row)
{
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

// While counting, the rows are made from the KB as it is when done.
void ReviewModel::recordAdded(const Record *record)
{
    if (isCounting())
        return;
    const int row = int(m_records.size());
    beginInsertRows(QModelIndex(), row, row);
    m_records << record;
    m_summaries.push_back(TranslationSummary::of(*record));
    endInsertRows();
}

void ReviewModel::recordRemoved(const Record *record)
{
    const int row = rowOf(record);
    if (row < 0)
        return;
    beginRemoveRows(QModelIndex(), row, row);
    m_records.removeAt(row);
    m_summaries.erase(m_summaries.begin() + row);
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
    return m_store.status(m_records.at(row)->id(), field, summaryAt(row));
}

ReviewStore::Check ReviewModel::reviewCheck(int row, TranslationStatus::Field field) const
{
    return m_store.check(m_records.at(row)->id(), field, summaryAt(row));
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
            return role == Qt::ToolTipRole ? QVariant(record.signature()) : QVariant(DisplayName::of(record.id()));
        case DomainColumn: return record.domain();
        default: return summaryAt(index.row()).tier;
        }
    }
    switch (role) {
    case StatusRole: return int(status(index.row(), field));
    case Qt::DisplayRole: return statusText(status(index.row(), field));
    case Qt::ToolTipRole: return reviewToolTip(index.row(), field);
    default: return {};
    }
}

QString ReviewModel::reviewToolTip(int row, TranslationStatus::Field field) const
{
    const QString accepted = acceptedText(m_store.review(m_records.at(row)->id(), field));
    const auto withAcceptance = [&accepted](const QString &text) {
        return accepted.isEmpty() ? text : text + QLatin1Char('\n') + accepted;
    };
    switch (reviewCheck(row, field)) {
    case ReviewStore::EnglishChanged:
        return withAcceptance(tr("Reviewed earlier, but the English text has changed since: review it again."));
    case ReviewStore::ChineseChanged:
        return withAcceptance(tr("Reviewed earlier, but the Chinese text has changed since: review it again."));
    case ReviewStore::Current:
        if (status(row, field) == TranslationStatus::Reviewed)
            return withAcceptance(statusText(TranslationStatus::Reviewed));
        break;
    case ReviewStore::NotReviewed: break;
    }
    return statusText(status(row, field));
}

QString ReviewModel::acceptedText(const ReviewStore::Review &review)
{
    const QString when = review.acceptedAt.isValid()
        ? review.acceptedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
        : review.date.toString(Qt::ISODate);
    if (!review.acceptedBy.isEmpty())
        return when.isEmpty() ? tr("Accepted by %1").arg(review.acceptedBy)
                              : tr("Accepted by %1, %2").arg(review.acceptedBy, when);
    return when.isEmpty() ? QString() : tr("Accepted %1").arg(when);
}

QVariant ReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    TranslationStatus::Field field;
    if (fieldOf(section, &field))
        return fieldName(field);
    switch (section) {
    case IdColumn: return tr("Record");
    case DomainColumn: return tr("Domain");
    default: return tr("Tier");
    }
}

QString ReviewModel::statusText(TranslationStatus::Status status)
{
    switch (status) {
    case TranslationStatus::NotApplicable: return QStringLiteral("—");
    case TranslationStatus::Missing: return tr("Missing");
    case TranslationStatus::Untranslated: return tr("Untranslated");
    case TranslationStatus::CountMismatch: return tr("Count mismatch");
    case TranslationStatus::Translated: return tr("Translated");
    case TranslationStatus::Reviewed: break;
    }
    return tr("Reviewed");
}

QString ReviewModel::fieldName(TranslationStatus::Field field)
{
    switch (field) {
    case TranslationStatus::Signature: return tr("Signature");
    case TranslationStatus::RootCause: return tr("Root cause");
    case TranslationStatus::Workarounds: break;
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
        *error =
            tr("%1 of %2 cannot be accepted: %3.").arg(fieldName(field), record->id(), statusText(detected).toLower());
        return false;
    }
    ReviewStore updated;
    if (!reread(&updated, error))
        return false;
    updated.markReviewed(record->id(), field, TranslationStatus::englishText(*record, field),
                         TranslationStatus::chineseText(*record, field), QDateTime::currentDateTimeUtc(),
                         Reviewer::current(m_kb->root()).name);
    if (!updated.save(error))
        return false;
    m_store = updated;
    rowChanged(rowOf(record));
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
    rowChanged(rowOf(record));
    emit reviewsChanged();
    return true;
}

QMap<QString, ReviewTally::Counts> ReviewModel::tally() const
{
    QMap<QString, ReviewTally::Counts> domains;
    for (int row = 0; row < rowCount(); ++row) {
        ReviewTally::Counts &counts = domains[recordAt(row)->domain()];
        for (TranslationStatus::Field field : TranslationStatus::fields())
            ++counts.byStatus[size_t(status(row, field))];
    }
    return domains;
}

} // namespace Errata
