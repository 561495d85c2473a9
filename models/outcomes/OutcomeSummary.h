#pragma once

#include <QCoreApplication>

#include "models/outcomes/OutcomeReport.h"

#include <QList>
#include <QString>

namespace Errata {

// A record's outcome reports in one sentence, as the card shows them:
// "3 reports: workaround 2 worked 2 times, failed once". Items are numbered
// from 1, as the card numbers them; workarounds come first, then dead ends,
// each in order.
class OutcomeSummary
{
    Q_DECLARE_TR_FUNCTIONS(Errata::OutcomeSummary)

public:
    static QString describe(const QList<OutcomeReport> &reports);
};

} // namespace Errata
