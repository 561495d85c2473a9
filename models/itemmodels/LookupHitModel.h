#pragma once

#include "models/lookup/LookupResult.h"

#include <QAbstractListModel>
#include <QSet>

namespace Errata {

// The records a lookup found, best first, one row each: the signature to
// show, the id, the band (as a number and as words) and a tooltip that
// says why the record was chosen. Rows hold copies, never the Record: the
// KB may change while they are shown, and a row is opened by its id.
class LookupHitModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        DomainRole,
        BandRole,     // LookupResult::Band, as an int
        BandTextRole, // the band in words, translated
        ScoreRole,
    };

    explicit LookupHitModel(QObject *parent = nullptr);

    // The hits of `result`, less those whose id is in `leaveOut` (the log
    // matcher leaves out the records its regexes found).
    void setResult(const LookupResult &result, const QSet<QString> &leaveOut = {});
    void clear();
    QString idAt(int row) const;
    int rowOf(const QString &id) const; // -1 when not listed

    static QString bandText(LookupResult::Band band);
    static QString whyText(const LookupResult::Hit &hit); // rich text, for a tooltip

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString id;
        QString signature;
        QString domain;
        LookupResult::Band band = LookupResult::Related;
        double score = 0;
        QString why;
    };

    QList<Row> m_rows;
};

} // namespace Errata
