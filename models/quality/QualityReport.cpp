#include "models/quality/QualityReport.h"

#include <QJsonArray>

namespace Errata {

QString QualityReport::key(Metric metric)
{
    switch (metric) {
    case Records: return QStringLiteral("records");
    case Invalid: return QStringLiteral("invalid");
    case Untranslated: return QStringLiteral("untranslated_fields");
    case Stale: return QStringLiteral("stale");
    case Aging: return QStringLiteral("aging");
    case Dangling: return QStringLiteral("dangling_links");
    case Orphans: return QStringLiteral("orphans");
    case RegexSignature: return QStringLiteral("regex_signature_mismatch");
    case RegexErrors: return QStringLiteral("regex_errors");
    case MetricCount: break;
    }
    return QString();
}

QList<QualityReport::Metric> QualityReport::metrics()
{
    QList<Metric> out;
    for (int i = 0; i < MetricCount; ++i)
        out << Metric(i);
    return out;
}

static QJsonObject rowJson(const QualityReport::Row &row, bool withDomain)
{
    QJsonObject object;
    if (withDomain)
        object.insert(QStringLiteral("domain"), row.domain);
    for (QualityReport::Metric metric : QualityReport::metrics()) {
        const QString key = QualityReport::key(metric);
        object.insert(key, row.count(metric));
        object.insert(key + QStringLiteral("_ids"), QJsonArray::fromStringList(row.ids.at(metric)));
    }
    QJsonObject rules;
    for (auto it = row.findingsByRule.cbegin(); it != row.findingsByRule.cend(); ++it)
        rules.insert(it.key(), int(it.value().size()));
    object.insert(QStringLiteral("findings_by_rule"), rules);
    return object;
}

QJsonObject QualityReport::toJson() const
{
    QJsonArray domains;
    for (const Row &row : byDomain)
        domains.append(rowJson(row, true));
    QJsonObject object;
    object.insert(QStringLiteral("total"), rowJson(total, false));
    object.insert(QStringLiteral("by_domain"), domains);
    return object;
}

} // namespace Errata
