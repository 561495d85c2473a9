#include "models/outcomes/OutcomeSummary.h"

#include <QMap>
#include <QPair>
#include <QStringList>

namespace Errata {

QString OutcomeSummary::describe(const QList<OutcomeReport> &reports)
{
    if (reports.isEmpty())
        return QString();
    // (kind, index) -> (worked, failed); Workaround sorts before DeadEnd.
    QMap<QPair<int, int>, QPair<int, int>> tallies;
    for (const OutcomeReport &report : reports) {
        QPair<int, int> &tally = tallies[{int(report.kind), report.index}];
        (report.worked ? tally.first : tally.second) += 1;
    }
    QStringList parts;
    for (auto it = tallies.cbegin(); it != tallies.cend(); ++it) {
        const QString item = it.key().first == OutcomeReport::Workaround ? tr("workaround %1").arg(it.key().second + 1)
                                                                         : tr("dead end %1").arg(it.key().second + 1);
        QStringList how;
        if (it->first > 0)
            how << (it->first == 1 ? tr("worked once") : tr("worked %1 times").arg(it->first));
        if (it->second > 0)
            how << (it->second == 1 ? tr("failed once") : tr("failed %1 times").arg(it->second));
        parts << item + QLatin1Char(' ') + how.join(QStringLiteral(", "));
    }
    const QString count = reports.size() == 1 ? tr("1 report") : tr("%1 reports").arg(reports.size());
    return tr("%1: %2").arg(count, parts.join(QStringLiteral("; ")));
}

} // namespace Errata
