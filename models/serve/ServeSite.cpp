#include "models/serve/ServeSite.h"

#include "models/serve/ServeSnapshot.h"

#include <QHash>
#include <QUrl>

namespace Errata {

QByteArray ServeSite::contentType(const QString &path)
{
    static const QHash<QString, QByteArray> types{{QStringLiteral("html"), "text/html; charset=utf-8"},
                                                  {QStringLiteral("css"), "text/css; charset=utf-8"},
                                                  {QStringLiteral("js"), "text/javascript; charset=utf-8"},
                                                  {QStringLiteral("json"), "application/json"},
                                                  {QStringLiteral("ndjson"), "application/x-ndjson"},
                                                  {QStringLiteral("svg"), "image/svg+xml"},
                                                  {QStringLiteral("png"), "image/png"},
                                                  {QStringLiteral("ico"), "image/x-icon"},
                                                  {QStringLiteral("txt"), "text/plain; charset=utf-8"},
                                                  {QStringLiteral("xml"), "application/xml"}};
    if (path == QLatin1String("feed.xml") || path.endsWith(QLatin1String("/feed.xml")))
        return "application/atom+xml";
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return dot > slash ? types.value(path.mid(dot + 1).toLower(), "application/octet-stream")
                       : "application/octet-stream";
}

QString ServeSite::fileOf(const QString &path)
{
    if (!path.startsWith(QLatin1Char('/')) || path.contains(QChar(0)) || path.contains(QLatin1Char('\\')))
        return {};
    QString file = path.mid(1);
    if (file.isEmpty() || file.endsWith(QLatin1Char('/')))
        file += QStringLiteral("index.html");
    return file;
}

HttpResponse ServeSite::answer(const HttpRequest &request, const ServeSnapshot &snapshot)
{
    if (request.method != "GET" && request.method != "HEAD") {
        HttpResponse refused = HttpResponse::error(405, QStringLiteral("method_not_allowed"),
                                                   QStringLiteral("The site's pages are read with GET."));
        refused.addHeader("Allow", "GET, HEAD");
        return refused;
    }
    const QString file = fileOf(request.path);
    const QByteArray *bytes = file.isEmpty() ? nullptr : snapshot.siteFile(file);
    if (!bytes && !file.isEmpty() && !file.contains(QLatin1Char('.'))
        && snapshot.siteFile(file + QStringLiteral("/index.html"))) {
        // "/python" is the folder "/python/": its page's relative links need the "/".
        HttpResponse moved = HttpResponse::text(308, "text/plain; charset=utf-8", "Moved to the folder's page\n");
        moved.addHeader("Location", QUrl::toPercentEncoding(request.path + QLatin1Char('/'), "/"));
        return moved;
    }
    if (!bytes) {
        if (request.path.startsWith(QLatin1String("/api/")))
            return HttpResponse::error(404, QStringLiteral("not_found"),
                                       QStringLiteral("No such file in the API: %1").arg(request.path.left(200)));
        const bool chinese = request.path.startsWith(QLatin1String("/zh/"));
        const QByteArray *page = snapshot.siteFile(chinese ? QStringLiteral("zh/404.html")
                                                           : QStringLiteral("404.html"));
        HttpResponse missing = page
            ? HttpResponse::text(404, "text/html; charset=utf-8", *page)
            : HttpResponse::error(404, QStringLiteral("not_found"), QStringLiteral("Not found"));
        missing.addHeader("X-Content-Type-Options", "nosniff");
        return missing;
    }
    const QByteArray tag = '"' + QByteArray::number(qHash(*bytes, 0), 16) + '-' + QByteArray::number(bytes->size(), 16)
        + '"';
    HttpResponse response;
    response.addHeader("ETag", tag);
    response.addHeader("Cache-Control", "no-cache");
    response.addHeader("X-Content-Type-Options", "nosniff");
    if (request.header("if-none-match") == tag) {
        response.status = 304;
        return response;
    }
    response.contentType = contentType(file);
    response.body = *bytes;
    return response;
}

} // namespace Errata
