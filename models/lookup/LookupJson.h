#pragma once

#include "models/lookup/LookupResult.h"

#include <QByteArray>
#include <QJsonObject>

namespace Errata {

class JsonWriter;

// A lookup's answer as `errata lookup --format json` prints it (and as an
// HTTP answer gives it the same): {"query", "results": [{"id", "score",
// "band", "signature", "domain", "why"}], "cut_short",
// "regex_budget_seconds", "run_budget_seconds"}. The command adds "input"
// when it read standard input; that is about its reading, not the lookup.
//
// Written straight as JSON text (keys in alphabetical order, as Qt writes
// an object): a server sends one per request, and building it as a
// QJsonObject first cost a fifth of a lookup's own time. toJson() reads
// that text back, so there is one way of writing it.
class LookupJson
{
public:
    static QByteArray write(const LookupResult &result);
    static QJsonObject toJson(const LookupResult &result);

    // One result: band, domain, [fix_success_rate (null when none),] id,
    // score, signature, why.
    static void writeHit(JsonWriter &out, const LookupResult::Hit &hit, bool withFixRate);
    // LookupResult::toJson(why) and cutShortJson(cutShort) as text.
    static void writeWhy(JsonWriter &out, const LookupResult::Why &why);
    static void writeCutShort(JsonWriter &out, const QList<LogMatchResult::CutShort> &cutShort);
};

} // namespace Errata
