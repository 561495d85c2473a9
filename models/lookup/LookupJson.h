#pragma once

#include <QJsonObject>

namespace Errata {

struct LookupResult;

// A lookup's answer as `errata lookup --format json` prints it (and as an
// HTTP answer gives it the same): {"query", "results": [{"id", "score",
// "band", "signature", "domain", "why"}], "cut_short",
// "regex_budget_seconds", "run_budget_seconds"}. The command adds "input"
// when it read standard input; that is about its reading, not the lookup.
class LookupJson
{
public:
    static QJsonObject toJson(const LookupResult &result);
};

} // namespace Errata
