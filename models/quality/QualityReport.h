#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Errata {

// The data-quality figures of a KB: one row for the whole KB and one per
// domain (sorted by name), each a count per metric with the ids of the
// records behind it (sorted, an id once per finding it stands for).
// Metrics are an enum so that more can be added without changing the rows.
class QualityReport
{
public:
    enum Metric {
        Records,
        Invalid,        // records with at least one error finding
        Untranslated,   // fields: findings zh-missing, untranslated, zh-count (one per field)
        Stale,          // finding "stale"
        Aging,          // finding "aging"
        Dangling,       // findings "link-dangling"
        Orphans,        // no link to or from another existing record
        RegexSignature, // finding "regex-signature"
        RegexErrors,    // findings "regex-compile", "regex-empty"
        MetricCount
    };

    struct Row
    {
        QString domain;
        QList<QStringList> ids = QList<QStringList>(MetricCount);
        // Every finding by rule: the ids of the records, one per finding.
        QMap<QString, QStringList> findingsByRule;
        int count(Metric metric) const { return int(ids.at(metric).size()); }
    };

    static QString key(Metric metric); // snake_case JSON key
    static QList<Metric> metrics();

    Row total;
    QList<Row> byDomain;

    // {"total": {...}, "by_domain": [{"domain": ..., "records": n, "records_ids": [...], ...,
    // "findings_by_rule": {"stale": n, ...}}]}
    QJsonObject toJson() const;
};

} // namespace Errata
