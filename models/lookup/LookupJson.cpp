#include "models/lookup/LookupJson.h"

#include "models/json/JsonWriter.h"

#include <QJsonDocument>

namespace Errata {

namespace {

void writeStrings(JsonWriter &out, const QStringList &strings)
{
    out.raw('[');
    for (qsizetype i = 0; i < strings.size(); ++i) {
        if (i > 0)
            out.raw(',');
        out.string(strings.at(i));
    }
    out.raw(']');
}

} // namespace

QByteArray LookupJson::write(const LookupResult &result)
{
    QByteArray text;
    text.reserve(1024 + 768 * result.hits.size());
    JsonWriter out(text);
    out.raw('{').key("cut_short", true);
    writeCutShort(out, result.cutShort);
    out.key("query").string(result.errorText);
    out.key("regex_budget_seconds").real(result.regexBudgetSeconds);
    out.key("results").raw('[');
    for (qsizetype i = 0; i < result.hits.size(); ++i) {
        if (i > 0)
            out.raw(',');
        writeHit(out, result.hits.at(i), false);
    }
    out.raw(']').key("run_budget_seconds").real(result.runBudgetSeconds).raw("}\n");
    return text;
}

QJsonObject LookupJson::toJson(const LookupResult &result)
{
    return QJsonDocument::fromJson(write(result)).object();
}

void LookupJson::writeHit(JsonWriter &out, const LookupResult::Hit &hit, bool withFixRate)
{
    out.raw('{').key("band", true).string(LookupResult::bandName(hit.band));
    out.key("domain").string(hit.domain);
    if (withFixRate) {
        out.key("fix_success_rate");
        hit.fixRate < 0 ? out.null() : out.real(hit.fixRate);
    }
    out.key("id").string(hit.id);
    out.key("score").real(hit.score);
    out.key("signature").string(hit.signature);
    out.key("why");
    writeWhy(out, hit.why);
    out.raw('}');
}

void LookupJson::writeWhy(JsonWriter &out, const LookupResult::Why &why)
{
    out.raw('{').key("coverage", true).real(why.coverage);
    out.key("environment");
    writeStrings(out, why.environment);
    out.key("regex").stringOrNull(LookupResult::regexHowName(why.regex));
    out.key("regex_line").integer(why.regexLine);
    out.key("regex_match").string(why.regexMatch);
    out.key("regex_record").stringOrNull(why.regexRecord);
    out.key("regex_score").real(why.regexScore);
    out.key("shared_words");
    writeStrings(out, why.sharedWords);
    out.key("text_score").real(why.textScore).raw('}');
}

void LookupJson::writeCutShort(JsonWriter &out, const QList<LogMatchResult::CutShort> &cutShort)
{
    out.raw('[');
    for (qsizetype i = 0; i < cutShort.size(); ++i) {
        const LogMatchResult::CutShort &cut = cutShort.at(i);
        if (i > 0)
            out.raw(',');
        out.raw('{').key("id", true).string(cut.recordId);
        out.key("in_pieces").boolean(cut.inPieces);
        out.key("reason").string(cut.reason);
        out.key("run_budget").boolean(cut.runBudget);
        out.key("searched").boolean(cut.searched);
        out.key("seconds").real(cut.seconds).raw('}');
    }
    out.raw(']');
}

} // namespace Errata
