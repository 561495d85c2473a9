#include "models/outcomes/OutcomeFold.h"

#include "models/record/Record.h"

#include <QMap>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

double rounded(double rate)
{
    return std::clamp(std::round(rate * 100) / 100, 0.0, 1.0);
}

int itemCount(const OrderedJson &document, const char *key)
{
    const OrderedJson &list = Record::member(document, key);
    return list.is_array() ? int(list.size()) : 0;
}

} // namespace

double OutcomeFold::weighted(double rate, double weight, int hits, int count)
{
    return rounded((rate * weight + hits) / (weight + count));
}

void OutcomeFold::addRate(const QString &pointer, const OrderedJson &current, double weight, int hits, int count)
{
    const double rate = current.is_number() ? weighted(current.get<double>(), weight, hits, count)
                                            : rounded(double(hits) / count);
    m_changes << Change{pointer, OrderedJson(rate)};
}

OutcomeFold OutcomeFold::plan(const Record &record, const QList<OutcomeReport> &reports)
{
    OutcomeFold fold;
    const OrderedJson &document = record.json();
    const int workarounds = itemCount(document, "workarounds");
    const int deadEnds = itemCount(document, "dead_ends");
    QMap<int, Tally> byWorkaround;
    QMap<int, Tally> byDeadEnd;
    Tally fixes;
    for (const OutcomeReport &report : reports) {
        const bool workaround = report.kind == OutcomeReport::Workaround;
        if (report.recordId != record.id() || report.index >= (workaround ? workarounds : deadEnds)) {
            fold.m_skipped << (workaround ? tr("workaround %1 is not in the record")
                                          : tr("dead end %1 is not in the record"))
                                  .arg(report.index + 1);
            continue;
        }
        Tally &tally = workaround ? byWorkaround[report.index] : byDeadEnd[report.index];
        ++tally.count;
        tally.worked += report.worked ? 1 : 0;
        if (workaround) {
            ++fixes.count;
            fixes.worked += report.worked ? 1 : 0;
        }
        fold.m_folded << report.key;
    }
    if (fold.m_folded.isEmpty())
        return fold;
    const std::optional<qint64> evidence = record.evidenceCount();
    const double weight = double(std::max<qint64>(evidence.value_or(0), 1));
    for (auto it = byWorkaround.cbegin(); it != byWorkaround.cend(); ++it) {
        const QString pointer = QStringLiteral("/workarounds/%1/success_rate").arg(it.key());
        fold.addRate(pointer, record.value(pointer), weight, it->worked, it->count);
    }
    for (auto it = byDeadEnd.cbegin(); it != byDeadEnd.cend(); ++it) {
        const QString pointer = QStringLiteral("/dead_ends/%1/fail_rate").arg(it.key());
        fold.addRate(pointer, record.value(pointer), weight, it->count - it->worked, it->count);
    }
    if (fixes.count > 0)
        fold.addRate(QStringLiteral("/fix_success_rate"), record.value(QStringLiteral("/fix_success_rate")), weight,
                     fixes.worked, fixes.count);
    fold.m_changes << Change{QStringLiteral("/evidence_count"),
                             OrderedJson(evidence.value_or(0) + qint64(fold.m_folded.size()))};
    return fold;
}

} // namespace Errata
