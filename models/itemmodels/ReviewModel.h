#pragma once

#include "models/record/TranslationStatus.h"
#include "models/review/ReviewStore.h"
#include "models/review/ReviewTally.h"
#include "models/review/TranslationSummary.h"

#include <QAbstractTableModel>
#include <QList>
#include <QMap>

#include <memory>
#include <vector>

namespace Errata {

class BackgroundJob;
class KnowledgeBase;
class Record;
class TranslationSummaryJob;

// The records of a KB against their bilingual fields, for review mode: one
// row per record, columns id, domain, verification tier, then one column per
// field holding its TranslationStatus (StatusRole). Owns the KB's
// ReviewStore; accepting a field records the review and writes the file at
// once. Follows the KB: edits, added and removed records update the rows.
//
// What the rows show of each record (its TranslationSummary) is worked out
// when a KB is set, on other threads (TranslationSummaryJob), so that a
// large KB neither blocks the window nor keeps every document in memory.
// Until counted() the model has no rows.
class ReviewModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        IdColumn,
        DomainColumn,
        TierColumn,
        SignatureColumn,
        RootCauseColumn,
        WorkaroundsColumn,
        ColumnCount
    };
    enum Role { StatusRole = Qt::UserRole + 1, RecordRole };

    explicit ReviewModel(QObject *parent = nullptr);
    ~ReviewModel() override;

    // Shows `kb` (null for none) and reads its review file; false with
    // `error` set when that file is broken (reviews are then shown as
    // missing and accepting is refused). The rows come with counted().
    bool setKnowledgeBase(const KnowledgeBase *kb, QString *error);
    const ReviewStore &store() const { return m_store; }
    // Whether the records of the KB are being summarised (no rows yet).
    bool isCounting() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Record *recordAt(int row) const { return m_records.value(row); }
    int rowOf(const Record *record) const { return int(m_records.indexOf(record)); }
    const TranslationSummary &summaryAt(int row) const { return m_summaries.at(size_t(row)); }
    TranslationStatus::Status status(int row, TranslationStatus::Field field) const;
    ReviewStore::Check reviewCheck(int row, TranslationStatus::Field field) const;
    // ReviewTally::byDomain from the rows, without reading the records.
    QMap<QString, ReviewTally::Counts> tally() const;

    // Marks the field reviewed (only a translated one), by Reviewer::current()
    // now, and saves the file, re-read first so that reviews others wrote
    // meanwhile are kept; false with `error` set otherwise.
    bool accept(const Record *record, TranslationStatus::Field field, QString *error);
    // Takes a review back and saves the file.
    bool unaccept(const Record *record, TranslationStatus::Field field, QString *error);

    static int columnOf(TranslationStatus::Field field) { return SignatureColumn + int(field); }
    // The field of a status column; false for the other columns.
    static bool fieldOf(int column, TranslationStatus::Field *field);
    static QString statusText(TranslationStatus::Status status);
    // "Accepted by Ana, 2026-12-04 14:02" (local time); without the name or
    // the time when the review file has none; empty when it has neither.
    static QString acceptedText(const ReviewStore::Review &review);
    static QString fieldName(TranslationStatus::Field field);

signals:
    // A review was added or taken back (progress figures change).
    void reviewsChanged();
    // While a KB is summarised: `done` of `total` records.
    void countingProgress(int done, int total);
    // The rows are there (the model was reset with them).
    void counted();

private:
    void rebuild();
    void startCounting();
    void finishCounting(TranslationSummaryJob &job);
    void stopCounting();
    void recordChanged(const Record *record);
    void rowChanged(int row);
    void recordAdded(const Record *record);
    void recordRemoved(const Record *record);
    QString reviewToolTip(int row, TranslationStatus::Field field) const;
    bool reread(ReviewStore *store, QString *error) const;

    const KnowledgeBase *m_kb = nullptr;
    QList<const Record *> m_records;
    std::vector<TranslationSummary> m_summaries; // one per row
    ReviewStore m_store;
    BackgroundJob *m_counting; // summarises the records (TranslationSummaryJob)
};

} // namespace Errata
