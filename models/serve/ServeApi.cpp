#include "models/serve/ServeApi.h"

#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupJson.h"
#include "models/lookup/LookupResult.h"
#include "models/matching/LogMatchJson.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpTools.h"
#include "models/serve/ServeSnapshot.h"

#include <QJsonArray>

namespace Errata {

namespace {

HttpResponse wrongMethod(const QByteArray &allowed)
{
    HttpResponse refused = HttpResponse::error(405, QStringLiteral("method_not_allowed"),
                                               QStringLiteral("Use %1 here.").arg(QString::fromLatin1(allowed)));
    refused.addHeader("Allow", allowed);
    return refused;
}

HttpResponse badLimit()
{
    return HttpResponse::error(400, QStringLiteral("bad_limit"),
                               QStringLiteral("limit must be a whole number from 1 to %1.").arg(ServeApi::MaxLimit));
}

} // namespace

bool ServeApi::handles(const QString &path)
{
    return path == QLatin1String("/api/v1/lookup") || path == QLatin1String("/api/v1/search")
        || path == QLatin1String("/api/v1/match");
}

int ServeApi::limitOf(const HttpRequest &request)
{
    bool given = false;
    const QString text = request.queryValue(QStringLiteral("limit"), &given);
    if (!given)
        return DefaultLimit;
    bool number = false;
    const int limit = text.toInt(&number);
    return number && limit >= 1 && limit <= MaxLimit ? limit : -1;
}

HttpResponse ServeApi::answer(const HttpRequest &request, const ServeSnapshot &snapshot)
{
    if (request.path == QLatin1String("/api/v1/lookup"))
        return lookup(request, snapshot);
    if (request.path == QLatin1String("/api/v1/search"))
        return search(request, snapshot);
    return match(request, snapshot);
}

HttpResponse ServeApi::lookup(const HttpRequest &request, const ServeSnapshot &snapshot)
{
    if (request.method != "GET" && request.method != "POST")
        return wrongMethod("GET, POST");
    const QString text = request.method == "GET" ? request.queryValue(QStringLiteral("q"))
                                                 : QString::fromUtf8(request.body);
    if (text.trimmed().isEmpty())
        return HttpResponse::error(400, QStringLiteral("missing_text"),
                                   request.method == "GET"
                                       ? QStringLiteral("Give the error text as q: /api/v1/lookup?q=TEXT.")
                                       : QStringLiteral("Send the error text as the body."));
    const int limit = limitOf(request);
    if (limit < 0)
        return badLimit();
    const LookupResult result = snapshot.kb().lookup().lookup(text, limit);
    return HttpResponse::json(200, LookupJson::write(result));
}

HttpResponse ServeApi::search(const HttpRequest &request, const ServeSnapshot &snapshot)
{
    if (request.method != "GET")
        return wrongMethod("GET");
    bool given = false;
    const QString query = request.queryValue(QStringLiteral("q"), &given);
    if (!given)
        return HttpResponse::error(400, QStringLiteral("missing_query"),
                                   QStringLiteral("Give the query as q: /api/v1/search?q=QUERY."));
    const int limit = limitOf(request);
    if (limit < 0)
        return badLimit();
    McpTools tools(snapshot.kb());
    const QJsonObject result = tools.call(
        QStringLiteral("search_records"),
        QJsonObject{{QStringLiteral("query"), query}, {QStringLiteral("limit"), limit}});
    if (result.value(u"isError").toBool())
        return HttpResponse::error(400, QStringLiteral("bad_query"),
                                   result.value(u"content").toArray().first().toObject().value(u"text").toString());
    return HttpResponse::json(200, result.value(u"structuredContent").toObject());
}

HttpResponse ServeApi::match(const HttpRequest &request, const ServeSnapshot &snapshot)
{
    if (request.method != "POST")
        return wrongMethod("POST");
    if (request.body.isEmpty())
        return HttpResponse::error(400, QStringLiteral("missing_log"), QStringLiteral("Send the log as the body."));
    McpKnowledgeBase &kb = snapshot.kb();
    const LogMatchResult result = kb.matcher().match(request.body);
    return HttpResponse::json(200, LogMatchJson::toJson(kb.kb(), result));
}

} // namespace Errata
