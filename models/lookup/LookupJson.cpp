#include "models/lookup/LookupJson.h"

#include "models/lookup/LookupResult.h"

#include <QJsonArray>

namespace Errata {

QJsonObject LookupJson::toJson(const LookupResult &result)
{
    QJsonArray results;
    for (const LookupResult::Hit &hit : result.hits)
        results.append(QJsonObject{{QStringLiteral("id"), hit.id},
                                   {QStringLiteral("score"), hit.score},
                                   {QStringLiteral("band"), LookupResult::bandName(hit.band)},
                                   {QStringLiteral("signature"), hit.signature},
                                   {QStringLiteral("domain"), hit.domain},
                                   {QStringLiteral("why"), LookupResult::toJson(hit.why)}});
    return QJsonObject{{QStringLiteral("query"), result.errorText},
                       {QStringLiteral("results"), results},
                       {QStringLiteral("cut_short"), LookupResult::cutShortJson(result.cutShort)},
                       {QStringLiteral("regex_budget_seconds"), result.regexBudgetSeconds},
                       {QStringLiteral("run_budget_seconds"), result.runBudgetSeconds}};
}

} // namespace Errata
