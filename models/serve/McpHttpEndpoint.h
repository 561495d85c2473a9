#pragma once

#include "models/serve/HttpRequest.h"
#include "models/serve/HttpResponse.h"
#include "models/serve/ServeOptions.h"

namespace Errata {

class ServeSnapshot;

// /mcp: the Model Context Protocol over Streamable HTTP, stateless (no
// session: every POST carries one JSON-RPC message and gets its answer as
// application/json, or 202 for a notification or a response). The tools
// are those of `errata mcp` (McpServer, McpTools), run on the snapshot the
// request was given.
//
// Refused before any JSON is read: an Origin that is not allowed (403: the
// specification's rule against DNS rebinding), a method other than POST
// (405: there is no event stream to GET), a body that is not JSON (415), an
// Accept that takes no JSON (406), an MCP-Protocol-Version the server does
// not speak (400), a body nested deeper than the limit (400). report_outcome
// writes only with --outcomes-dir and the bearer token of --token-file.
class McpHttpEndpoint
{
public:
    explicit McpHttpEndpoint(const ServeOptions &options);

    HttpResponse handle(const HttpRequest &request, const ServeSnapshot &snapshot) const;

    // The JSON-RPC error answer with HTTP status `status`.
    static HttpResponse rpcError(int status, int code, const QString &message);

private:
    HttpResponse refusal(const HttpRequest &request) const;
    // Empty when `request` may write; else why not, for the tool's error.
    QString writeRefusal(const HttpRequest &request) const;

    ServeOptions m_options;
};

} // namespace Errata
