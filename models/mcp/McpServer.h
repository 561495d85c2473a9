#pragma once

#include "models/mcp/McpCallPool.h"
#include "models/mcp/McpTools.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>

namespace Errata {

class McpKnowledgeBase;

// The Model Context Protocol side of `errata mcp`: one JSON-RPC 2.0 message in, at most one out (a notification or a
// client's response gets none). What each method answers is in the README's "The KB for coding agents: `errata mcp`":
// initialize (the client's protocolVersion when supported, else the latest; before it only ping is answered), ping,
// tools/list and tools/call (McpToolCatalog, McpTools), resources/list (ResourcesPerPage a page), resources/templates/
// list and resources/read. Errors: -32700 not JSON, -32600 not a request (a batch too: MCP has none since 2025-06-18,
// or longer than McpLineBuffer::MaxMessageBytes), -32601 unknown method, -32602 bad params or unknown tool, -32002 no
// such resource, -32603 a handler failed. A tool's own failures are tool results with isError.
//
// receive() answers every request but tools/call at once; a tool call, once its name and arguments are checked, is
// given back to run elsewhere (McpCallPool: `errata mcp` runs it on another thread), with a copy of what it needs, so
// that it may run while the server answers other requests. handle() does both on the calling thread.
class McpServer
{
public:
    // What to do with one message: `line` to send now (empty when none is due); for a tool call, `call` to run (its
    // answer line); for notifications/cancelled, the id of the request to cancel in `cancel` (else undefined).
    struct Reply
    {
        QByteArray line;
        McpCallPool::Call call;
        QJsonValue cancel;
    };
    // What runs a tool (for tests: one that waits); by default McpTools::call().
    using ToolRunner = std::function<QJsonObject(McpTools &tools, const QString &name, const QJsonObject &arguments)>;

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

    Reply receive(const QByteArray &message);
    // The answer to `message` (one line, without its line end), as one line
    // with its "\n"; empty when none is due. A tool call runs here.
    QByteArray handle(const QByteArray &message);
    void setToolRunner(ToolRunner runner) { m_runner = std::move(runner); }
    // Over HTTP without sessions (`errata serve`): as if initialize had
    // been answered with `version` (the client's MCP-Protocol-Version, or
    // the latest when empty) for `client`, so that any request may come
    // first; initialize itself is answered as ever.
    void setStateless(const QString &version, const QString &client);
    // Where report_outcome writes, or why it does not (McpTools::setOutcomes).
    void setOutcomes(const QString &folder, const QString &refusal) { m_tools.setOutcomes(folder, refusal); }
    // The tools that may run alongside each other: they read only what is
    // safe to read from several threads (McpKnowledgeBase).
    static bool isParallel(const QString &tool);
    // The answer to a message too long to be read.
    QByteArray oversized() const;

    QString protocolVersion() const { return m_version; }
    QString clientName() const { return m_client; }

    static QByteArray errorLine(const QJsonValue &id, int code, const QString &message);
    static QByteArray resultLine(const QJsonValue &id, const QJsonObject &result);
    static QByteArray resultLine(const QJsonValue &id, const QByteArray &result);

private:
    struct Answer
    {
        QJsonObject result;
        int code = 0; // an error when not 0
        QString message;
    };

    static bool readRequest(const QByteArray &message, QJsonObject *request, QByteArray *answer);
    static QJsonValue cancelledRequest(const QJsonObject &notification);
    Answer answer(const QString &method, const QJsonValue &params);
    Reply toolCall(const QJsonValue &id, const QJsonObject &params);
    Answer dispatch(const QString &method, const QJsonValue &params);
    Answer initialize(const QJsonObject &params);
    Answer listResources(const QJsonObject &params) const;
    Answer readResource(const QJsonObject &params) const;
    static QJsonObject resourceTemplate();
    static Answer success(const QJsonObject &result);
    static Answer error(int code, const QString &message);

    McpKnowledgeBase &m_kb;
    McpTools m_tools;
    ToolRunner m_runner;
    QString m_version; // empty until initialize
    QString m_client;
};

} // namespace Errata
