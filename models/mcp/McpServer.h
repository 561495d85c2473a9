#pragma once

#include "models/mcp/McpTools.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Errata {

class McpKnowledgeBase;

// The Model Context Protocol side of `errata mcp`: one JSON-RPC 2.0 message in, at most one out (a notification or a
// client's response gets none). What each method answers is in the README's "The KB for coding agents: `errata mcp`":
// initialize (the client's protocolVersion when supported, else the latest; before it only ping is answered), ping,
// tools/list and tools/call (McpToolCatalog, McpTools), resources/list (ResourcesPerPage a page), resources/templates/
// list and resources/read. Errors: -32700 not JSON, -32600 not a request (a batch too: MCP has none since 2025-06-18,
// or longer than McpLineBuffer::MaxMessageBytes), -32601 unknown method, -32602 bad params or unknown tool, -32002 no
// such resource, -32603 a handler failed. A tool's own failures are tool results with isError.
class McpServer
{
public:
    static constexpr int ResourcesPerPage = 200;

    enum ErrorCode {
        ParseError = -32700,
        InvalidRequest = -32600,
        MethodNotFound = -32601,
        InvalidParams = -32602,
        InternalError = -32603,
        ResourceNotFound = -32002,
    };

    // Newest first.
    static const QStringList &protocolVersions();

    explicit McpServer(McpKnowledgeBase &kb);

    // The answer to `message` (one line, without its line end), as one line
    // with its "\n"; empty when none is due.
    QByteArray handle(const QByteArray &message);
    // The answer to a message too long to be read.
    QByteArray oversized() const;

    QString protocolVersion() const { return m_version; }
    QString clientName() const { return m_client; }

    static QByteArray errorLine(const QJsonValue &id, int code, const QString &message);

private:
    struct Answer
    {
        QJsonObject result;
        int code = 0; // an error when not 0
        QString message;
    };

    static bool readRequest(const QByteArray &message, QJsonObject *request, QByteArray *answer);
    Answer dispatch(const QString &method, const QJsonValue &params);
    Answer initialize(const QJsonObject &params);
    Answer listResources(const QJsonObject &params) const;
    Answer readResource(const QJsonObject &params) const;
    static QJsonObject resourceTemplate();
    Answer callTool(const QJsonObject &params);
    static Answer success(const QJsonObject &result);
    static Answer error(int code, const QString &message);

    McpKnowledgeBase &m_kb;
    McpTools m_tools;
    QString m_version; // empty until initialize
    QString m_client;
};

} // namespace Errata
