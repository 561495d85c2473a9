#pragma once

#include "models/serve/HttpRequest.h"
#include "models/serve/HttpResponse.h"
#include "models/serve/McpHttpEndpoint.h"
#include "models/serve/ServeOptions.h"

namespace Errata {

class ServeMetrics;
class ServeReloader;

// What `errata serve` answers for each path (docs/serve.md, "Endpoints"):
// /healthz, /readyz and /metrics; /mcp (McpHttpEndpoint); the live API
// (ServeApi); every other path a file of the site (ServeSite). Each request
// takes the snapshot current when it starts and keeps it to its end, so a
// reload never changes an answer half-way. CORS headers go only to the
// origins allowed (ServeOptions), on /api/ and /mcp.
class ServeRouter
{
public:
    ServeRouter(const ServeOptions &options, ServeReloader &reloader, ServeMetrics &metrics);

    HttpResponse handle(const HttpRequest &request) const;
    // The route's name in /metrics: a few names, never the path itself.
    static QString routeOf(const QString &path);

private:
    HttpResponse route(const HttpRequest &request) const;
    HttpResponse readiness() const;
    HttpResponse metrics() const;
    HttpResponse preflight(const HttpRequest &request) const;
    void addCors(const HttpRequest &request, HttpResponse &response) const;
    static bool takesCors(const QString &path);

    ServeOptions m_options;
    ServeReloader &m_reloader;
    ServeMetrics &m_metrics;
    McpHttpEndpoint m_mcp;
};

} // namespace Errata
