#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace Errata {

// One HTTP request as HttpServer hands it to its handler: the headers
// complete, the body read whole (within its limit).
struct HttpRequest
{
    QByteArray method;                     // "GET", "POST", ...
    QString path;                          // percent-decoded, without the query: "/api/v1/lookup"
    QString query;                         // as sent, after the "?", still encoded
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    QString peer; // the client's address

    QByteArray header(const QByteArray &lowerCaseName) const { return headers.value(lowerCaseName); }
    // A query parameter's value: percent-decoded, "+" read as a space (as
    // an HTML form sends it); `found` false when the query has none.
    QString queryValue(const QString &name, bool *found = nullptr) const;
};

} // namespace Errata
