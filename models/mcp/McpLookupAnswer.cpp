#include "models/mcp/McpLookupAnswer.h"

#include "models/json/JsonWriter.h"
#include "models/lookup/LookupJson.h"
#include "models/mcp/McpTools.h"

#include <QStringList>

namespace Errata {

namespace {

const QString GetRecordHint = QStringLiteral("\nCall get_record with an id for its workarounds and dead ends.");

// The numbered lines of a lookup's text content.
QString hitLines(const LookupResult &result)
{
    QStringList lines;
    for (const LookupResult::Hit &hit : result.hits)
        lines << QStringLiteral("%1. %2 [%3, %4] %5")
                     .arg(lines.size() + 1)
                     .arg(hit.id, LookupResult::bandName(hit.band), QString::number(hit.score, 'f', 2),
                          McpTools::shortened(hit.signature));
    return lines.isEmpty() ? QStringLiteral("No record is like this error.") : lines.join(QLatin1Char('\n'));
}

// lookup_error's structured content: cut_short, incomplete, query, results.
void writeStructured(JsonWriter &out, const LookupResult &result)
{
    out.raw('{').key("cut_short", true);
    LookupJson::writeCutShort(out, result.cutShort);
    out.key("incomplete").boolean(result.isIncomplete());
    out.key("query").string(result.errorText);
    out.key("results").raw('[');
    for (qsizetype i = 0; i < result.hits.size(); ++i) {
        if (i > 0)
            out.raw(',');
        LookupJson::writeHit(out, result.hits.at(i), true);
    }
    out.raw("]}");
}

// {"content": [{"text", "type": "text"}], "isError": false[, "structuredContent": …]}, the structured content left
// to `structured`.
template<typename WriteStructured>
QByteArray toolResult(const QString &text, bool structured, WriteStructured writeStructured)
{
    QByteArray json;
    json.reserve(2048);
    JsonWriter out(json);
    out.raw("{\"content\":[{\"text\":").string(text).raw(",\"type\":\"text\"}],\"isError\":false");
    if (structured) {
        out.key("structuredContent");
        writeStructured(out);
    }
    out.raw('}');
    return json;
}

} // namespace

QByteArray McpLookupAnswer::lookupError(const LookupResult &result, bool structured)
{
    QString text = hitLines(result);
    if (!result.hits.isEmpty())
        text += GetRecordHint;
    text += incompleteText(result.cutShort);
    return toolResult(text, structured, [&result](JsonWriter &out) { writeStructured(out, result); });
}

QByteArray McpLookupAnswer::batchLookup(const QList<LookupResult> &results, bool structured)
{
    QStringList parts;
    bool incomplete = false;
    for (const LookupResult &result : results) {
        incomplete = incomplete || result.isIncomplete();
        parts << QStringLiteral("Text %1:\n%2")
                     .arg(QString::number(parts.size() + 1), hitLines(result) + incompleteText(result.cutShort));
    }
    const QString text = parts.join(QStringLiteral("\n\n")) + GetRecordHint;
    return toolResult(text, structured, [&results, incomplete](JsonWriter &out) {
        out.raw('{').key("incomplete", true).boolean(incomplete).key("results").raw('[');
        for (qsizetype i = 0; i < results.size(); ++i) {
            if (i > 0)
                out.raw(',');
            writeStructured(out, results.at(i));
        }
        out.raw("]}");
    });
}

QString McpLookupAnswer::incompleteText(const QList<LogMatchResult::CutShort> &cutShort)
{
    QString text;
    for (const LogMatchResult::CutShort &cut : cutShort)
        text += QStringLiteral("\nIncomplete: the regex of %1 was %2").arg(cut.recordId, cut.reason);
    return text;
}

} // namespace Errata
