#pragma once

#include <QCoreApplication>

#include "models/json/OrderedJson.h"
#include "models/outcomes/OutcomeReport.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace Errata {

class Record;

// What folding outcome reports into a record changes, as a careful curator would work it out (the formulas are
// docs/record-format.md, "Outcome reports"). The figures the record holds count as w = max(evidence_count, 1) reports,
// so that one report cannot swing a rate to 0 or 1. A dead end that "worked" does not raise fix_success_rate: it is
// not the fix the record offers. Rates are rounded to two decimals, as records write them. Reports whose index the
// record no longer has are left out and named in skipped.
class OutcomeFold
{
    Q_DECLARE_TR_FUNCTIONS(Errata::OutcomeFold)

public:
    using Change = QPair<QString, OrderedJson>; // JSON pointer, new value

    static OutcomeFold plan(const Record &record, const QList<OutcomeReport> &reports);

    bool isEmpty() const { return m_folded.isEmpty(); }
    const QList<Change> &changes() const { return m_changes; }
    const QStringList &foldedKeys() const { return m_folded; }
    const QStringList &skipped() const { return m_skipped; }

    static double weighted(double rate, double weight, int hits, int count);

private:
    struct Tally
    {
        int worked = 0;
        int count = 0;
    };

    void addRate(const QString &pointer, const OrderedJson &current, double weight, int hits, int count);

    QList<Change> m_changes;
    QStringList m_folded;
    QStringList m_skipped;
};

} // namespace Errata
