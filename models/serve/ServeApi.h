#pragma once

#include "models/serve/HttpRequest.h"
#include "models/serve/HttpResponse.h"

namespace Errata {

class ServeSnapshot;

// The live endpoints of the JSON API (docs/serve.md, "Endpoints"), beside
// the files `errata publish` writes:
//   GET  /api/v1/lookup?q=TEXT[&limit=N]   POST /api/v1/lookup (the text as the body)
//       answered as `errata lookup --format json` answers;
//   GET  /api/v1/search?q=QUERY[&limit=N]  the search_records tool's answer;
//   POST /api/v1/match (a log as the body) answered as `errata match --format json`.
class ServeApi
{
public:
    static constexpr int DefaultLimit = 10;
    static constexpr int MaxLimit = 100;

    // True when `path` is one of these endpoints.
    static bool handles(const QString &path);
    static HttpResponse answer(const HttpRequest &request, const ServeSnapshot &snapshot);

private:
    static HttpResponse lookup(const HttpRequest &request, const ServeSnapshot &snapshot);
    static HttpResponse search(const HttpRequest &request, const ServeSnapshot &snapshot);
    static HttpResponse match(const HttpRequest &request, const ServeSnapshot &snapshot);
    // The limit parameter, or -1 when it is not a number from 1 to MaxLimit.
    static int limitOf(const HttpRequest &request);
};

} // namespace Errata
