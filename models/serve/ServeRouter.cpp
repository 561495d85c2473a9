#include "models/serve/ServeRouter.h"

#include "models/serve/ServeApi.h"
#include "models/serve/ServeMetrics.h"
#include "models/serve/ServeReloader.h"
#include "models/serve/ServeSite.h"
#include "models/serve/ServeSnapshot.h"

#include <QFileInfo>
#include <QJsonArray>

namespace Errata {

namespace {

constexpr int ProblemsShown = 20; // in /readyz

QJsonValue timeOf(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toUTC().toString(Qt::ISODate)) : QJsonValue();
}

QJsonObject snapshotJson(const ServeSnapshot::Info &info)
{
    QJsonArray problems;
    for (const QString &problem : info.problems.mid(0, ProblemsShown))
        problems.append(problem);
    return QJsonObject{{QStringLiteral("kb"), QFileInfo(info.root).fileName()},
                       {QStringLiteral("commit"), info.commit.isEmpty() ? QJsonValue() : QJsonValue(info.commit)},
                       {QStringLiteral("loaded_at"), timeOf(info.loadedAt)},
                       {QStringLiteral("records"), info.records},
                       {QStringLiteral("problem_count"), int(info.problems.size())},
                       {QStringLiteral("problems"), problems},
                       {QStringLiteral("seconds"), info.seconds},
                       {QStringLiteral("site_files"), info.siteFiles}};
}

} // namespace

ServeRouter::ServeRouter(const ServeOptions &options, ServeReloader &reloader, ServeMetrics &metrics)
    : m_options(options)
    , m_reloader(reloader)
    , m_metrics(metrics)
    , m_mcp(options)
{
}

QString ServeRouter::routeOf(const QString &path)
{
    static const QHash<QString, QString> named{{QStringLiteral("/mcp"), QStringLiteral("mcp")},
                                               {QStringLiteral("/api/v1/lookup"), QStringLiteral("lookup")},
                                               {QStringLiteral("/api/v1/search"), QStringLiteral("search")},
                                               {QStringLiteral("/api/v1/match"), QStringLiteral("match")},
                                               {QStringLiteral("/healthz"), QStringLiteral("healthz")},
                                               {QStringLiteral("/readyz"), QStringLiteral("readyz")},
                                               {QStringLiteral("/metrics"), QStringLiteral("metrics")}};
    const auto known = named.constFind(path);
    if (known != named.cend())
        return known.value();
    return path.startsWith(QLatin1String("/api/")) ? QStringLiteral("api_file") : QStringLiteral("site");
}

HttpResponse ServeRouter::handle(const HttpRequest &request) const
{
    HttpResponse response = route(request);
    addCors(request, response);
    return response;
}

HttpResponse ServeRouter::route(const HttpRequest &request) const
{
    if (request.path == QLatin1String("/healthz"))
        return HttpResponse::json(200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}});
    if (request.path == QLatin1String("/readyz"))
        return readiness();
    if (request.path == QLatin1String("/metrics"))
        return metrics();
    if (request.method == "OPTIONS")
        return preflight(request);
    const std::shared_ptr<const ServeSnapshot> snapshot = m_reloader.current();
    if (!snapshot)
        return HttpResponse::error(503, QStringLiteral("not_ready"), QStringLiteral("The KB is still being read."));
    if (request.path == QLatin1String("/mcp"))
        return m_mcp.handle(request, *snapshot);
    if (ServeApi::handles(request.path))
        return ServeApi::answer(request, *snapshot);
    return ServeSite::answer(request, *snapshot);
}

HttpResponse ServeRouter::readiness() const
{
    const ServeReloader::Status status = m_reloader.status();
    QJsonObject body{
        {QStringLiteral("ready"), status.ready},
        {QStringLiteral("last_error"), status.lastError.isEmpty() ? QJsonValue() : QJsonValue(status.lastError)},
        {QStringLiteral("last_attempt"), timeOf(status.lastAttempt)},
        {QStringLiteral("reloads"), status.reloads},
        {QStringLiteral("failed_reloads"), status.failedReloads}};
    if (status.ready)
        body.insert(QStringLiteral("snapshot"), snapshotJson(status.current));
    return HttpResponse::json(status.ready ? 200 : 503, body);
}

HttpResponse ServeRouter::metrics() const
{
    const ServeReloader::Status status = m_reloader.status();
    ServeMetrics::Snapshot snapshot;
    snapshot.ready = status.ready;
    snapshot.records = status.current.records;
    snapshot.reloads = status.reloads;
    snapshot.failedReloads = status.failedReloads;
    if (status.current.loadedAt.isValid())
        snapshot.ageSeconds = double(status.current.loadedAt.msecsTo(QDateTime::currentDateTimeUtc())) / 1000.0;
    return HttpResponse::text(200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render(snapshot));
}

bool ServeRouter::takesCors(const QString &path)
{
    return path == QLatin1String("/mcp") || path.startsWith(QLatin1String("/api/"));
}

HttpResponse ServeRouter::preflight(const HttpRequest &request) const
{
    const QByteArray origin = request.header("origin");
    if (!origin.isEmpty() && (!takesCors(request.path) || !m_options.isAllowedOrigin(origin)))
        return HttpResponse::error(403, QStringLiteral("origin_not_allowed"),
                                   QStringLiteral("This origin may not call this server."));
    HttpResponse response;
    response.status = 204;
    response.addHeader("Allow", "GET, HEAD, POST, OPTIONS");
    if (!origin.isEmpty()) {
        response.addHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        response.addHeader("Access-Control-Allow-Headers",
                           "Content-Type, Authorization, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID");
        response.addHeader("Access-Control-Max-Age", "600");
    }
    return response;
}

void ServeRouter::addCors(const HttpRequest &request, HttpResponse &response) const
{
    const QByteArray origin = request.header("origin");
    if (origin.isEmpty() || !takesCors(request.path) || !m_options.isAllowedOrigin(origin))
        return;
    response.addHeader("Access-Control-Allow-Origin", origin);
    response.addHeader("Vary", "Origin");
}

} // namespace Errata
