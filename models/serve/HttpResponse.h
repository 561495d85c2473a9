#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Errata {

// What a handler answers. Errors are JSON, {"error": {"code", "message"}},
// never a trace.
struct HttpResponse
{
    int status = 200;
    QByteArray contentType = "application/json";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers; // besides Content-Type
    bool closeConnection = false;

    void addHeader(const QByteArray &name, const QByteArray &value) { headers.append({name, value}); }
    QByteArray header(const QByteArray &name) const;

    static HttpResponse json(int status, const QJsonObject &object);
    // `body` is JSON text already.
    static HttpResponse json(int status, const QByteArray &body);
    static HttpResponse error(int status, const QString &code, const QString &message);
    static HttpResponse text(int status, const QByteArray &contentType, const QByteArray &body);
    // "Not Found" for 404 and so on; "" for a status it does not know.
    static QByteArray reason(int status);
};

} // namespace Errata
