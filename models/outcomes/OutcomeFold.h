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

// What folding outcome reports into a record changes, as a careful curator
// would work it out. The figures the record holds count as `w` reports,
// w = max(evidence_count, 1) (a record without evidence still weighs as one
// report, so that one report cannot swing a rate to 0 or 1):
//
//   workaround i:  success_rate' = (success_rate·w + worked) / (w + reports on i)
//   dead end i:    fail_rate'    = (fail_rate·w + failed)   / (w + reports on i)
//   fix_success_rate' = (fix_success_rate·w + workarounds that worked) / (w + workaround reports)
//   evidence_count'   = evidence_count + reports folded
//
// A dead end that "worked" does not raise fix_success_rate: it is not the
// fix the record offers. A rate the record lacks starts from the reports
// alone. Rates are rounded to two decimals, as records write them. Reports
// whose index the record no longer has are left out and named in skipped.
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
