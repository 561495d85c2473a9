#include "models/serve/HttpResponse.h"

#include <QJsonDocument>

namespace Errata {

QByteArray HttpResponse::header(const QByteArray &name) const
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

HttpResponse HttpResponse::json(int status, const QJsonObject &object)
{
    HttpResponse response;
    response.status = status;
    response.body = QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    return response;
}

HttpResponse HttpResponse::json(int status, const QByteArray &body)
{
    HttpResponse response;
    response.status = status;
    response.body = body;
    return response;
}

HttpResponse HttpResponse::error(int status, const QString &code, const QString &message)
{
    return json(status,
                QJsonObject{{QStringLiteral("error"),
                             QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}});
}

HttpResponse HttpResponse::text(int status, const QByteArray &contentType, const QByteArray &body)
{
    HttpResponse response;
    response.status = status;
    response.contentType = contentType;
    response.body = body;
    return response;
}

QByteArray HttpResponse::reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 304: return "Not Modified";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return {};
    }
}

} // namespace Errata
