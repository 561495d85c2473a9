#pragma once

#include "models/serve/HttpLimits.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

// How `errata serve` answers: who may call it from a browser, who may
// write, and the limits (docs/serve.md).
struct ServeOptions
{
    HttpLimits limits;
    // Browser origins ("https://kb.example.com") allowed to call /mcp and
    // given CORS headers on the API; the server's own loopback origins are
    // allowed too (ownOrigins).
    QStringList allowedOrigins;
    QStringList ownOrigins;
    // The bearer token a writing request must carry (--token-file); empty:
    // no request may write.
    QByteArray token;
    // Where report_outcome keeps reports (--outcomes-dir); empty: writes off.
    QString outcomesFolder;

    bool isAllowedOrigin(const QByteArray &origin) const
    {
        const QString text = QString::fromLatin1(origin);
        return allowedOrigins.contains(text) || ownOrigins.contains(text);
    }
};

} // namespace Errata
