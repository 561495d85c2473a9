#include "models/quality/QualityModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/RuleValidator.h"

#include <QMap>
#include <QSet>
#include <algorithm>

namespace Errata {

namespace {

bool isDateRule(const QString &rule)
{
    return rule == QLatin1String("stale") || rule == QLatin1String("aging");
}

bool exists(const KnowledgeBase &kb, const QString &id, const QString &self)
{
    return id != self && !kb.recordsWithId(id).isEmpty();
}

bool isOrphan(const KnowledgeBase &kb, const Record &record)
{
    const QString id = record.id();
    // From the summary: allLinks() would parse, and keep, every record's document.
    for (const Record::LinkTarget &link : record.summary().links)
        if (exists(kb, link.id, id))
            return false;
    for (const LinkIndex::Backlink &back : kb.links().backlinks(id))
        if (exists(kb, back.sourceId, id))
            return false;
    return true;
}

void addFindings(QualityReport::Row &row, const QString &id, const QList<Problem> &problems)
{
    bool invalid = false;
    QSet<QString> untranslatedFields;
    for (const Problem &problem : problems) {
        const QString &rule = problem.rule;
        row.findingsByRule[rule] << id;
        invalid = invalid || problem.severity == Problem::Error;
        if (rule == QLatin1String("zh-missing") || rule == QLatin1String("untranslated")
            || rule == QLatin1String("zh-count"))
            untranslatedFields.insert(problem.pointer);
        else if (rule == QLatin1String("stale"))
            row.ids[QualityReport::Stale] << id;
        else if (rule == QLatin1String("aging"))
            row.ids[QualityReport::Aging] << id;
        else if (rule == QLatin1String("link-dangling"))
            row.ids[QualityReport::Dangling] << id;
        else if (rule == QLatin1String("regex-signature"))
            row.ids[QualityReport::RegexSignature] << id;
        else if (rule == QLatin1String("regex-compile") || rule == QLatin1String("regex-empty"))
            row.ids[QualityReport::RegexErrors] << id;
    }
    for (int i = 0; i < untranslatedFields.size(); ++i)
        row.ids[QualityReport::Untranslated] << id;
    if (invalid)
        row.ids[QualityReport::Invalid] << id;
}

void addRow(QualityReport::Row &into, const QualityReport::Row &row)
{
    for (int i = 0; i < QualityReport::MetricCount; ++i)
        into.ids[i] += row.ids.at(i);
    for (auto it = row.findingsByRule.cbegin(); it != row.findingsByRule.cend(); ++it)
        into.findingsByRule[it.key()] += it.value();
}

} // namespace

QualityReport QualityModel::compute(const KnowledgeBase &kb, QDate today)
{
    const RuleValidator dates(today);
    QMap<QString, QualityReport::Row> rows;
    for (const Record *record : kb.records()) {
        const QString domain = record->domain();
        QualityReport::Row &row = rows[domain];
        row.domain = domain;
        const QString id = record->id();
        QList<Problem> problems;
        for (const Problem &problem : kb.problems(record))
            if (!isDateRule(problem.rule))
                problems << problem;
        for (const Problem &problem : dates.checkContext(*record, &kb))
            if (isDateRule(problem.rule))
                problems << problem;
        row.ids[QualityReport::Records] << id;
        addFindings(row, id, problems);
        if (isOrphan(kb, *record))
            row.ids[QualityReport::Orphans] << id;
    }
    QualityReport report;
    for (QualityReport::Row &row : rows) {
        for (QStringList &ids : row.ids)
            std::sort(ids.begin(), ids.end());
        for (QStringList &ids : row.findingsByRule)
            std::sort(ids.begin(), ids.end());
        addRow(report.total, row);
        report.byDomain << row;
    }
    for (QStringList &ids : report.total.ids)
        std::sort(ids.begin(), ids.end());
    for (QStringList &ids : report.total.findingsByRule)
        std::sort(ids.begin(), ids.end());
    return report;
}

} // namespace Errata
