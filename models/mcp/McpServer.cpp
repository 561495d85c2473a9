#include "models/mcp/McpServer.h"

#include "models/kb/KnowledgeBase.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpLineBuffer.h"
#include "models/mcp/McpToolCatalog.h"
#include "models/record/Record.h"
#include "models/util/Version.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <exception>

namespace Errata {

namespace {

const QString RecordScheme = QStringLiteral("errata://record/");

QByteArray line(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

// A tool's result object as JSON text, its structured content left out unless `structured`.
QByteArray compact(QJsonObject result, bool structured)
{
    if (!structured)
        result.remove(u"structuredContent");
    return QJsonDocument(result).toJson(QJsonDocument::Compact);
}

bool isValidId(const QJsonValue &id)
{
    return id.isString() || (id.isDouble() && id.toDouble() == double(id.toInteger()));
}

QString recordUri(const QString &id)
{
    return RecordScheme + id;
}

} // namespace

const QStringList &McpServer::protocolVersions()
{
    static const QStringList versions{QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                      QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
    return versions;
}

McpServer::McpServer(McpKnowledgeBase &kb)
    : m_kb(kb)
    , m_tools(kb)
{
}

void McpServer::setStateless(const QString &version, const QString &client)
{
    m_version = protocolVersions().contains(version) ? version : protocolVersions().first();
    m_client = client.left(200);
    m_tools.setClientName(m_client);
}

QByteArray McpServer::errorLine(const QJsonValue &id, int code, const QString &message)
{
    return line(QJsonObject{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), id.isUndefined() ? QJsonValue() : id},
        {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}});
}

QByteArray McpServer::resultLine(const QJsonValue &id, const QJsonObject &result)
{
    return line(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), id},
                            {QStringLiteral("result"), result}});
}

// The same line as resultLine(id, object) for a result already written as
// JSON text: Qt's order of the keys (id, jsonrpc, result), `id` as Qt writes it.
QByteArray McpServer::resultLine(const QJsonValue &id, const QByteArray &result)
{
    const QByteArray idArray = QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact);
    QByteArray text;
    text.reserve(result.size() + idArray.size() + 40);
    text += "{\"id\":";
    text += QByteArrayView(idArray).sliced(1, idArray.size() - 2);
    text += ",\"jsonrpc\":\"2.0\",\"result\":";
    text += result;
    text += "}\n";
    return text;
}

QByteArray McpServer::oversized() const
{
    return errorLine(
        QJsonValue(), InvalidRequest,
        QStringLiteral("Message longer than %1 bytes; it was not read").arg(McpLineBuffer::MaxMessageBytes));
}

QByteArray McpServer::handle(const QByteArray &message)
{
    const Reply reply = receive(message);
    return reply.call.run ? reply.call.run() : reply.line;
}

McpServer::Reply McpServer::receive(const QByteArray &message)
{
    Reply reply;
    QJsonObject request;
    if (!readRequest(message, &request, &reply.line)) {
        if (reply.line.isEmpty())
            reply.cancel = cancelledRequest(request);
        return reply;
    }
    const QJsonValue id = request.value(u"id");
    const QString method = request.value(u"method").toString();
    if (method == QLatin1String("tools/call") && !m_version.isEmpty())
        return toolCall(id, request.value(u"params").toObject());
    const Answer result = answer(method, request.value(u"params"));
    reply.line = result.code != 0 ? errorLine(id, result.code, result.message) : resultLine(id, result.result);
    return reply;
}

McpServer::Answer McpServer::answer(const QString &method, const QJsonValue &params)
{
    try {
        return dispatch(method, params);
    } catch (const std::exception &failure) {
        qWarning("errata mcp: %s failed: %s", qPrintable(method.left(200)), failure.what());
        return error(InternalError, QStringLiteral("Internal error: %1").arg(QString::fromLocal8Bit(failure.what())));
    }
}

// The request id of notifications/cancelled; undefined for any other message.
QJsonValue McpServer::cancelledRequest(const QJsonObject &notification)
{
    if (notification.value(u"method").toString() != QLatin1String("notifications/cancelled"))
        return QJsonValue(QJsonValue::Undefined);
    const QJsonValue id = notification.value(u"params").toObject().value(u"requestId");
    return isValidId(id) ? id : QJsonValue(QJsonValue::Undefined);
}

bool McpServer::isParallel(const QString &tool)
{
    static const QStringList parallel{QStringLiteral("lookup_error"),     QStringLiteral("batch_lookup"),
                                      QStringLiteral("search_records"),   QStringLiteral("match_log"),
                                      QStringLiteral("list_domains"),     QStringLiteral("list_records"),
                                      QStringLiteral("list_environments")};
    return parallel.contains(tool);
}

// The checks now; the call, with a copy of the tools and of its arguments,
// for whoever runs it.
McpServer::Reply McpServer::toolCall(const QJsonValue &id, const QJsonObject &params)
{
    Reply reply;
    const QJsonValue name = params.value(u"name");
    const QJsonValue arguments = params.value(u"arguments");
    if (!name.isString())
        reply.line = errorLine(id, InvalidParams,
                               QStringLiteral("Invalid params: tools/call needs \"name\", a string"));
    else if (!m_tools.hasTool(name.toString()))
        reply.line = errorLine(id, InvalidParams, QStringLiteral("Unknown tool: %1").arg(name.toString().left(200)));
    else if (!arguments.isUndefined() && !arguments.isObject())
        reply.line = errorLine(id, InvalidParams, QStringLiteral("Invalid params: \"arguments\" must be an object"));
    if (!reply.line.isEmpty())
        return reply;
    reply.call.id = id;
    reply.call.parallel = isParallel(name.toString());
    reply.call.run = [tools = m_tools, runner = m_runner, tool = name.toString(), args = arguments.toObject(), id,
                      structured = m_version >= QLatin1String("2025-06-18")]() mutable {
        QByteArray result;
        try {
            result = runner ? compact(runner(tools, tool, args), structured) : tools.callText(tool, args, structured);
        } catch (const std::exception &failure) {
            qWarning("errata mcp: %s failed: %s", qPrintable(tool), failure.what());
            return errorLine(id, InternalError,
                             QStringLiteral("Internal error: %1").arg(QString::fromLocal8Bit(failure.what())));
        }
        return resultLine(id, result);
    };
    return reply;
}

// A request to dispatch (true), or what to answer instead: an error, or
// nothing for a notification or a response.
bool McpServer::readRequest(const QByteArray &message, QJsonObject *request, QByteArray *answer)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(message, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt reads only an object or an array: a bare value ("42") is JSON
        // all the same, just not a request.
        const bool bareValue = QJsonDocument::fromJson('[' + message + ']').array().size() == 1;
        *answer = bareValue
            ? errorLine(QJsonValue(), InvalidRequest, QStringLiteral("Invalid request: not a JSON object"))
            : errorLine(
                QJsonValue(), ParseError,
                QStringLiteral("Parse error at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        return false;
    }
    if (doc.isArray()) {
        *answer = errorLine(QJsonValue(), InvalidRequest,
                            QStringLiteral("Batches are not supported; send one message per line"));
        return false;
    }
    *request = doc.object();
    const QJsonValue id = request->value(u"id");
    const QJsonValue method = request->value(u"method");
    if (method.isUndefined() && (request->contains(u"result") || request->contains(u"error")))
        return false; // a response: the server sends no requests to answer
    if (request->value(u"jsonrpc").toString() != QLatin1String("2.0") || !method.isString())
        *answer = errorLine(isValidId(id) ? id : QJsonValue(), InvalidRequest,
                            QStringLiteral("Invalid request: \"jsonrpc\" must be \"2.0\" and \"method\" a string"));
    else if (!id.isUndefined() && !isValidId(id))
        *answer = errorLine(QJsonValue(), InvalidRequest,
                            QStringLiteral("Invalid request: \"id\" must be a string or an integer"));
    else if (id.isUndefined())
        return false; // a notification: initialized, cancelled, … need no answer
    else if (request->contains(u"params") && !request->value(u"params").isObject())
        *answer = errorLine(id, InvalidParams, QStringLiteral("Invalid params: \"params\" must be an object"));
    return answer->isEmpty();
}

McpServer::Answer McpServer::success(const QJsonObject &result)
{
    Answer answer;
    answer.result = result;
    return answer;
}

McpServer::Answer McpServer::error(int code, const QString &message)
{
    Answer answer;
    answer.code = code;
    answer.message = message;
    return answer;
}

McpServer::Answer McpServer::dispatch(const QString &method, const QJsonValue &params)
{
    const QJsonObject object = params.toObject();
    if (method == QLatin1String("ping"))
        return Answer{};
    if (method == QLatin1String("initialize"))
        return initialize(object);
    static const QStringList known{QStringLiteral("tools/list"), QStringLiteral("tools/call"),
                                   QStringLiteral("resources/list"), QStringLiteral("resources/templates/list"),
                                   QStringLiteral("resources/read")};
    if (!known.contains(method))
        return error(MethodNotFound, QStringLiteral("Method not found: %1").arg(method.left(200)));
    if (m_version.isEmpty())
        return error(InvalidRequest, QStringLiteral("The server is not initialized: send initialize first"));
    if (method == QLatin1String("tools/list"))
        return success(
            QJsonObject{{QStringLiteral("tools"), McpToolCatalog::tools(m_version >= QLatin1String("2025-06-18"))}});
    if (method == QLatin1String("tools/call")) // receive() runs it
        return error(InternalError, QStringLiteral("Internal error: a tool call was not run"));
    if (method == QLatin1String("resources/list"))
        return listResources(object);
    if (method == QLatin1String("resources/templates/list"))
        return success(QJsonObject{{QStringLiteral("resourceTemplates"), QJsonArray{resourceTemplate()}}});
    return readResource(object);
}

QJsonObject McpServer::resourceTemplate()
{
    return QJsonObject{{QStringLiteral("uriTemplate"), RecordScheme + QStringLiteral("{id}")},
                       {QStringLiteral("name"), QStringLiteral("record")},
                       {QStringLiteral("title"), QStringLiteral("An error record by its id")},
                       {QStringLiteral("description"),
                        QStringLiteral("The record's JSON file as it is on disk, such as errata://record/"
                                       "python/module-not-found")},
                       {QStringLiteral("mimeType"), QStringLiteral("application/json")}};
}

McpServer::Answer McpServer::initialize(const QJsonObject &params)
{
    const QJsonValue requested = params.value(u"protocolVersion");
    if (!requested.isString())
        return error(InvalidParams, QStringLiteral("Invalid params: initialize needs \"protocolVersion\", a string"));
    m_version = protocolVersions().contains(requested.toString()) ? requested.toString() : protocolVersions().first();
    m_client = params.value(u"clientInfo").toObject().value(u"name").toString().left(200);
    m_tools.setClientName(m_client);
    const QJsonObject capabilities{
        {QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}},
        {QStringLiteral("resources"),
         QJsonObject{{QStringLiteral("subscribe"), false}, {QStringLiteral("listChanged"), false}}}};
    const QJsonObject serverInfo{{QStringLiteral("name"), QStringLiteral("errata")},
                                 {QStringLiteral("title"), QStringLiteral("Errata")},
                                 {QStringLiteral("version"), QLatin1String(Version::text)}};
    const QString instructions = QStringLiteral(
        "A curated knowledge base of error records. When you meet an error, call lookup_error with the error text, "
        "then get_record for the best hit: its workarounds say what works, its dead ends what does not. After "
        "trying a workaround or a dead end, call report_outcome with what happened.");
    return success(QJsonObject{{QStringLiteral("protocolVersion"), m_version},
                               {QStringLiteral("capabilities"), capabilities},
                               {QStringLiteral("serverInfo"), serverInfo},
                               {QStringLiteral("instructions"), instructions}});
}

McpServer::Answer McpServer::listResources(const QJsonObject &params) const
{
    const QJsonValue cursor = params.value(u"cursor");
    bool ok = true;
    const int start = cursor.isUndefined() ? 0 : cursor.toString().toInt(&ok);
    const KnowledgeBase &kb = m_kb.kb();
    if (!ok || start < 0 || (start > 0 && start >= kb.count()))
        return error(InvalidParams, QStringLiteral("Invalid params: unknown cursor"));
    QJsonArray resources;
    const int end = std::min(kb.count(), start + ResourcesPerPage);
    for (int i = start; i < end; ++i) {
        const Record *record = kb.recordAt(i);
        resources.append(QJsonObject{{QStringLiteral("uri"), recordUri(record->id())},
                                     {QStringLiteral("name"), record->id()},
                                     {QStringLiteral("title"), record->signature().simplified().left(200)},
                                     {QStringLiteral("mimeType"), QStringLiteral("application/json")}});
    }
    QJsonObject result{{QStringLiteral("resources"), resources}};
    if (end < kb.count())
        result.insert(QStringLiteral("nextCursor"), QString::number(end));
    return success(result);
}

McpServer::Answer McpServer::readResource(const QJsonObject &params) const
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return error(InvalidParams, QStringLiteral("Invalid params: resources/read needs \"uri\", a string"));
    const Record *record = uri.startsWith(RecordScheme) ? m_kb.kb().find(uri.mid(RecordScheme.size())) : nullptr;
    if (!record)
        return error(ResourceNotFound, QStringLiteral("Resource not found: %1").arg(uri.left(300)));
    const QJsonObject contents{{QStringLiteral("uri"), uri},
                               {QStringLiteral("mimeType"), QStringLiteral("application/json")},
                               {QStringLiteral("text"), QString::fromUtf8(record->textToWrite())}};
    return success(QJsonObject{{QStringLiteral("contents"), QJsonArray{contents}}});
}

} // namespace Errata
