#pragma once

#include <QStringList>

namespace Errata {

// errata serve [--kb DIR] [--listen ADDR:PORT] [--token-file FILE]
//              [--outcomes-dir DIR] [--allow-origin ORIGIN]... [--base-url URL]
//
// The KB over HTTP for a team: the site, the JSON API with live lookup,
// search and match, MCP at /mcp, /healthz, /readyz and /metrics, from an
// in-memory snapshot read again when the KB changes (and on SIGHUP).
// docs/serve.md says everything; exit codes: 0 after SIGINT or SIGTERM,
// 2 for bad usage or when it cannot start (the KB unreadable, the address
// taken).
class ServeCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
