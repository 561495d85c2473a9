#include "models/serve/McpHttpEndpoint.h"

#include "models/json/JsonText.h"
#include "models/mcp/McpServer.h"
#include "models/serve/ServeSnapshot.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace Errata {

namespace {

// Whether two tokens are equal, in a time that does not tell how much of
// them is.
bool sameToken(const QByteArray &given, const QByteArray &expected)
{
    const QByteArray a = QCryptographicHash::hash(given, QCryptographicHash::Sha256);
    const QByteArray b = QCryptographicHash::hash(expected, QCryptographicHash::Sha256);
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return difference == 0;
}

bool acceptsJson(const QByteArray &accept)
{
    if (accept.isEmpty())
        return true;
    for (const QByteArray &part : accept.split(',')) {
        const QByteArray type = part.split(';').first().trimmed().toLower();
        if (type == "application/json" || type == "application/*" || type == "*/*")
            return true;
    }
    return false;
}

QString clientOf(const HttpRequest &request)
{
    const QByteArray agent = request.header("user-agent").left(100);
    return agent.isEmpty() ? QStringLiteral("http %1").arg(request.peer)
                           : QStringLiteral("http %1 (%2)").arg(request.peer, QString::fromLatin1(agent));
}

} // namespace

McpHttpEndpoint::McpHttpEndpoint(const ServeOptions &options)
    : m_options(options)
{
}

HttpResponse McpHttpEndpoint::rpcError(int status, int code, const QString &message)
{
    HttpResponse response;
    response.status = status;
    response.body = McpServer::errorLine(QJsonValue(), code, message);
    return response;
}

HttpResponse McpHttpEndpoint::refusal(const HttpRequest &request) const
{
    const QByteArray origin = request.header("origin");
    if (!origin.isEmpty() && !m_options.isAllowedOrigin(origin))
        return rpcError(
            403, McpServer::InvalidRequest,
            QStringLiteral("Origin %1 may not call this server (start it with --allow-origin %1 to allow it)")
                .arg(QString::fromLatin1(origin.left(200))));
    if (request.method != "POST") {
        HttpResponse response = rpcError(405, McpServer::InvalidRequest,
                                         QStringLiteral("Use POST: this server has no event stream and no sessions"));
        response.addHeader("Allow", "POST, OPTIONS");
        return response;
    }
    const QByteArray type = request.header("content-type").split(';').first().trimmed().toLower();
    if (type != "application/json")
        return rpcError(415, McpServer::InvalidRequest, QStringLiteral("The body must be application/json"));
    if (!acceptsJson(request.header("accept")))
        return rpcError(406, McpServer::InvalidRequest,
                        QStringLiteral("This server answers application/json; the Accept header does not take it"));
    const QByteArray version = request.header("mcp-protocol-version");
    if (!version.isEmpty() && !McpServer::protocolVersions().contains(QString::fromLatin1(version)))
        return rpcError(
            400, McpServer::InvalidRequest,
            QStringLiteral("Unsupported MCP-Protocol-Version %1; this server speaks %2")
                .arg(QString::fromLatin1(version.left(40)), McpServer::protocolVersions().join(QStringLiteral(", "))));
    if (JsonText::firstTooDeep(request.body, m_options.limits.jsonDepth) >= 0)
        return rpcError(400, McpServer::InvalidRequest,
                        QStringLiteral("The message is nested deeper than %1 levels").arg(m_options.limits.jsonDepth));
    return HttpResponse{0, {}, {}, {}, false};
}

QString McpHttpEndpoint::writeRefusal(const HttpRequest &request) const
{
    if (m_options.outcomesFolder.isEmpty() || m_options.token.isEmpty())
        return QStringLiteral("This server takes no writes: report_outcome is off. Its operator can turn it on with "
                              "--outcomes-dir and --token-file.");
    const QByteArray authorization = request.header("authorization");
    if (!authorization.startsWith("Bearer ") || !sameToken(authorization.mid(7).trimmed(), m_options.token))
        return QStringLiteral("report_outcome needs this server's bearer token (the header \"Authorization: Bearer "
                              "TOKEN\"); the request had none or another.");
    return {};
}

HttpResponse McpHttpEndpoint::handle(const HttpRequest &request, const ServeSnapshot &snapshot) const
{
    const HttpResponse refused = refusal(request);
    if (refused.status != 0)
        return refused;
    McpServer server(snapshot.kb());
    server.setStateless(QString::fromLatin1(request.header("mcp-protocol-version")), clientOf(request));
    const QString writes = writeRefusal(request);
    server.setOutcomes(writes.isEmpty() ? m_options.outcomesFolder : QString(), writes);
    McpServer::Reply reply;
    {
        // Checking a message is quick; what reads a record's document
        // (anything but a tool that may run alongside others) runs alone.
        const std::lock_guard<std::mutex> lock(snapshot.serialLock());
        reply = server.receive(request.body);
        if (reply.call.run && !reply.call.parallel)
            reply.line = reply.call.run();
    }
    if (reply.call.run && reply.call.parallel)
        reply.line = reply.call.run();
    HttpResponse response;
    if (reply.line.isEmpty()) {
        response.status = 202; // a notification or a response: nothing to answer
        return response;
    }
    // Compact JSON has its keys in order: only an error starts so.
    const bool unreadable = reply.line.startsWith("{\"error\"")
        && QJsonDocument::fromJson(reply.line).object().value(u"id").isNull();
    response.status = unreadable ? 400 : 200;
    response.body = reply.line;
    return response;
}

} // namespace Errata
