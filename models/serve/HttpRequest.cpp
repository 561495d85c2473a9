#include "models/serve/HttpRequest.h"

#include <QUrlQuery>

namespace Errata {

QString HttpRequest::queryValue(const QString &name, bool *found) const
{
    QString form = query;
    form.replace(QLatin1Char('+'), QLatin1String("%20"));
    const QUrlQuery items(form);
    if (found)
        *found = items.hasQueryItem(name);
    return items.queryItemValue(name, QUrl::FullyDecoded);
}

} // namespace Errata
