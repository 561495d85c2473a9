#pragma once

#include <QtGlobal>

namespace Errata {

// What one client may ask of HttpServer; docs/serve.md, "Limits", says what
// a client sees when it reaches each one.
struct HttpLimits
{
    qint64 bodyBytes = qint64(256) << 10;    // any request body but a log to match
    qint64 matchBodyBytes = qint64(8) << 20; // POST /api/v1/match
    int headerBytes = 16 << 10;              // all header lines together
    int urlBytes = 8 << 10;                  // the request target, query included
    int connections = 256;                   // open at once
    int connectionsPerClient = 64;           // from one address
    int idleTimeoutMs = 15000;               // a kept-alive connection with nothing sent
    int requestTimeoutMs = 10000;            // from a request's first byte to its last
    int jsonDepth = 64;                      // of a JSON body
    int threads = 0;                         // 0: one per core
};

} // namespace Errata
