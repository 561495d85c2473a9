#pragma once

#include "models/serve/HttpRequest.h"
#include "models/serve/HttpResponse.h"

namespace Errata {

class ServeSnapshot;

// The site `errata publish` writes, answered from a snapshot's memory: a
// path is looked up among the site's files, never joined to a file name,
// so "../" reaches nothing. "/" and "/dir/" answer "index.html" of their
// folder; a page not found answers the site's 404 page (its language's)
// with status 404. Each answer carries an ETag of its bytes (the same from
// every replica) and is revalidated (Cache-Control: no-cache).
class ServeSite
{
public:
    static HttpResponse answer(const HttpRequest &request, const ServeSnapshot &snapshot);
    static QByteArray contentType(const QString &path);
    // The site file a request path names ("" for none that could be).
    static QString fileOf(const QString &path);
};

} // namespace Errata
