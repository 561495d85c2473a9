#include "models/serve/HttpServer.h"

#include "models/serve/HttpConnections.h"
#include "models/serve/HttpWorkers.h"

#include <QElapsedTimer>
#include <QThread>

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace Errata {

// One request, from its first line to its answer.
struct HttpServer::Exchange
{
    HttpConnections::Connection *connection = nullptr;
    QByteArray target; // the request target as sent, query included
    HttpRequest request;
    qint64 bodyLimit = 0;
    bool headersChecked = false;
    bool tooLarge = false; // the body went past bodyLimit: the rest is read and dropped
    bool working = false;  // the handler runs on a worker, the connection suspended
    bool done = false;     // the handler has answered
    HttpResponse response;
    double seconds = 0;
};

namespace {

QString peerOf(MHD_Connection *connection)
{
    const MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr)
        return QStringLiteral("unknown");
    char text[INET6_ADDRSTRLEN] = {};
    const sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(address)->sin_addr, text, sizeof text);
    else if (address->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(address)->sin6_addr, text, sizeof text);
    return QString::fromLatin1(text);
}

HttpConnections::Connection *connectionOf(MHD_Connection *connection)
{
    const MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? static_cast<HttpConnections::Connection *>(info->socket_context) : nullptr;
}

MHD_Result collectHeader(void *cls, MHD_ValueKind, const char *key, const char *value)
{
    auto *request = static_cast<HttpRequest *>(cls);
    // A header sent twice is one list, as HTTP reads it ("a, b").
    QByteArray &kept = request->headers[QByteArray(key).toLower()];
    kept = kept.isEmpty() ? QByteArray(value ? value : "") : kept + ", " + (value ? value : "");
    return MHD_YES;
}

void freeBody(void *cls)
{
    delete static_cast<QByteArray *>(cls);
}

MHD_Result send(MHD_Connection *connection, const HttpResponse &answer)
{
    auto *body = new QByteArray(answer.body); // shared, not copied; freed by the library
    MHD_Response *response = MHD_create_response_from_buffer_with_free_callback_cls(
        size_t(body->size()), const_cast<char *>(body->constData()), freeBody, body);
    if (!response) {
        delete body;
        return MHD_NO;
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, answer.contentType.constData());
    for (const auto &header : answer.headers)
        MHD_add_response_header(response, header.first.constData(), header.second.constData());
    if (answer.closeConnection)
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    const MHD_Result queued = MHD_queue_response(connection, unsigned(answer.status), response);
    MHD_destroy_response(response);
    return queued;
}

} // namespace

// The library's callbacks, with the server as their closure.
struct HttpServerCallbacks
{
    static void *requestLine(void *cls, const char *uri, MHD_Connection *connection)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *exchange = new HttpServer::Exchange;
        exchange->connection = connectionOf(connection);
        exchange->target = QByteArray(uri ? uri : "");
        if (exchange->connection)
            server->m_connections->requestStarted(exchange->connection);
        return exchange;
    }

    static void connectionEvent(void *cls, MHD_Connection *connection, void **socketContext,
                                MHD_ConnectionNotificationCode code)
    {
        auto *server = static_cast<HttpServer *>(cls);
        if (code == MHD_CONNECTION_NOTIFY_STARTED) {
            const MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
            *socketContext = server->m_connections->opened(info ? info->connect_fd : -1, peerOf(connection));
        } else {
            server->m_connections->closed(static_cast<HttpConnections::Connection *>(*socketContext));
            *socketContext = nullptr;
        }
    }

    static void completed(void *cls, MHD_Connection *, void **context, MHD_RequestTerminationCode)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *exchange = static_cast<HttpServer::Exchange *>(*context);
        if (exchange && exchange->connection)
            server->m_connections->requestDone(exchange->connection);
        delete exchange;
        *context = nullptr;
    }

    static void log(void *cls, const char *format, va_list arguments)
    {
        char text[512];
        std::vsnprintf(text, sizeof text, format, arguments);
        QString message = QString::fromLocal8Bit(text).trimmed();
        static_cast<HttpServer *>(cls)->reject(QStringLiteral("http"), message);
    }

    static MHD_Result access(void *cls, MHD_Connection *connection, const char *url, const char *method, const char *,
                             const char *upload, size_t *uploadSize, void **context)
    {
        auto *server = static_cast<HttpServer *>(cls);
        auto *exchange = static_cast<HttpServer::Exchange *>(*context);
        if (!exchange)
            return MHD_NO;
        if (!exchange->headersChecked)
            return MHD_Result(server->begin(connection, *exchange, url, method));
        if (*uploadSize > 0)
            return MHD_Result(server->receive(*exchange, upload, uploadSize));
        return MHD_Result(server->answer(connection, *exchange));
    }
};

HttpServer::HttpServer(const HttpLimits &limits, Handler handler)
    : m_limits(limits)
    , m_handler(std::move(handler))
{
}

HttpServer::~HttpServer()
{
    stop();
}

qint64 HttpServer::bodyLimit(const QByteArray &method, const QString &path) const
{
    return method == "POST" && path == QLatin1String("/api/v1/match") ? m_limits.matchBodyBytes : m_limits.bodyBytes;
}

void HttpServer::reject(const QString &reason, const QString &message) const
{
    if (m_rejected)
        m_rejected(reason, message);
}

bool HttpServer::bind(const QString &address, quint16 port, QString *error)
{
    sockaddr_storage storage{};
    socklen_t length = 0;
    const QByteArray host = address.toLatin1();
    auto *v4 = reinterpret_cast<sockaddr_in *>(&storage);
    auto *v6 = reinterpret_cast<sockaddr_in6 *>(&storage);
    if (inet_pton(AF_INET, host.constData(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        length = sizeof(sockaddr_in);
    } else if (inet_pton(AF_INET6, host.constData(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        length = sizeof(sockaddr_in6);
        m_ipv6 = true;
    } else {
        *error = QStringLiteral("\"%1\" is not a numeric IPv4 or IPv6 address").arg(address);
        return false;
    }
    const auto failed = [&](const char *what) {
        *error = QStringLiteral("cannot %1 %2 port %3: %4")
                     .arg(QLatin1String(what), address)
                     .arg(port)
                     .arg(QString::fromLocal8Bit(std::strerror(errno)));
        if (m_socket >= 0)
            ::close(m_socket);
        m_socket = -1;
        return false;
    };
    m_socket = ::socket(storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    const int on = 1;
    if (m_socket < 0 || ::setsockopt(m_socket, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0)
        return failed("open a socket for");
    if (::bind(m_socket, reinterpret_cast<sockaddr *>(&storage), length) != 0)
        return failed("listen on");
    sockaddr_storage bound{};
    socklen_t boundLength = sizeof bound;
    ::getsockname(m_socket, reinterpret_cast<sockaddr *>(&bound), &boundLength);
    m_port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6 *>(&bound)->sin6_port
                                               : reinterpret_cast<sockaddr_in *>(&bound)->sin_port);
    return true;
}

bool HttpServer::start(QString *error)
{
    if (m_socket < 0) {
        *error = QStringLiteral("no address is bound");
        return false;
    }
    // Connections are refused until now (bound, not listening), so that a
    // load balancer passes over a server still reading its KB.
    if (::listen(m_socket, SOMAXCONN) != 0) {
        *error = QStringLiteral("cannot listen on port %1: %2")
                     .arg(m_port)
                     .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    if (m_ipv6)
        flags |= MHD_USE_IPv6;
    m_connections = std::make_unique<HttpConnections>(
        m_limits, [this](const QString &reason, const QString &message) { reject(reason, message); });
    const int threads = m_limits.threads > 0 ? m_limits.threads : qMax(1, QThread::idealThreadCount());
    m_workers = std::make_unique<HttpWorkers>(threads);
    // Room for the request line, the headers and the reading buffer; the
    // limits themselves are checked below it, with clearer answers.
    const size_t memory = size_t(m_limits.urlBytes) + size_t(m_limits.headerBytes) + (32 << 10);
    m_daemon = MHD_start_daemon(flags, 0, nullptr, nullptr, &HttpServerCallbacks::access, this,                  //
                                MHD_OPTION_EXTERNAL_LOGGER, &HttpServerCallbacks::log, this,                     //
                                MHD_OPTION_LISTEN_SOCKET, m_socket,                                              //
                                MHD_OPTION_THREAD_POOL_SIZE, unsigned(threads),                                  //
                                MHD_OPTION_CONNECTION_LIMIT, unsigned(m_limits.connections + 64),                //
                                MHD_OPTION_CONNECTION_TIMEOUT, unsigned(qMax(1, m_limits.idleTimeoutMs / 1000)), //
                                MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory,                                      //
                                MHD_OPTION_URI_LOG_CALLBACK, &HttpServerCallbacks::requestLine, this,            //
                                MHD_OPTION_NOTIFY_CONNECTION, &HttpServerCallbacks::connectionEvent, this,       //
                                MHD_OPTION_NOTIFY_COMPLETED, &HttpServerCallbacks::completed, this,              //
                                MHD_OPTION_END);
    if (!m_daemon) {
        *error = QStringLiteral("cannot start the HTTP server on port %1").arg(m_port);
        m_connections.reset();
        return false;
    }
    m_socket = -1; // the library's now: it closes it when it stops
    return true;
}

// The headers are in: the request checked against every limit it can be
// checked against now (answered at once when it fails one, its body unread).
int HttpServer::begin(MHD_Connection *connection, Exchange &exchange, const char *url, const char *method)
{
    exchange.headersChecked = true;
    if (exchange.connection)
        m_connections->headersDone(exchange.connection);
    HttpRequest &request = exchange.request;
    request.method = QByteArray(method);
    request.path = QString::fromUtf8(url);
    const qsizetype mark = exchange.target.indexOf('?');
    request.query = mark < 0 ? QString() : QString::fromUtf8(exchange.target.mid(mark + 1));
    request.peer = exchange.connection ? exchange.connection->peer : peerOf(connection);
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collectHeader, &request);
    qint64 headerBytes = 0;
    for (auto header = request.headers.cbegin(); header != request.headers.cend(); ++header)
        headerBytes += header.key().size() + header.value().size() + 4;
    exchange.bodyLimit = bodyLimit(request.method, request.path);
    const HttpResponse refused = refusal(exchange, headerBytes);
    return refused.status == 0 ? MHD_YES : respond(connection, exchange, refused, 0);
}

HttpResponse HttpServer::refusal(const Exchange &exchange, qint64 headerBytes) const
{
    const HttpRequest &request = exchange.request;
    HttpResponse refused;
    refused.status = 0;
    const int connectionLimit = exchange.connection ? exchange.connection->refusal : 0;
    if (connectionLimit != 0) {
        refused = HttpResponse::error(connectionLimit, QStringLiteral("too_many_connections"),
                                      connectionLimit == 429
                                          ? QStringLiteral("Too many connections from your address (at most %1).")
                                                .arg(m_limits.connectionsPerClient)
                                          : QStringLiteral("The server has too many connections open (at most "
                                                           "%1); try again shortly.")
                                                .arg(m_limits.connections));
        refused.addHeader("Retry-After", "1");
        refused.closeConnection = true;
        return refused; // already in the log
    }
    QString reason;
    int status = 0;
    QString code;
    QString message;
    bool number = false;
    const qint64 declared = request.header("content-length").toLongLong(&number);
    if (exchange.target.contains("%00")) {
        reason = QStringLiteral("url");
        status = 400;
        code = QStringLiteral("bad_url");
        message = QStringLiteral("The URL holds an encoded NUL byte (%00).");
    } else if (exchange.target.size() > m_limits.urlBytes) {
        reason = QStringLiteral("url");
        status = 414;
        code = QStringLiteral("url_too_long");
        message = QStringLiteral("The URL is longer than %1 bytes; send a long text in the body of a POST instead.")
                      .arg(m_limits.urlBytes);
    } else if (headerBytes > m_limits.headerBytes) {
        reason = QStringLiteral("headers");
        status = 431;
        code = QStringLiteral("headers_too_large");
        message = QStringLiteral("The request's headers are longer than %1 bytes in all.").arg(m_limits.headerBytes);
    } else if (exchange.connection && m_connections->requestAge(exchange.connection) > m_limits.requestTimeoutMs) {
        reason = QStringLiteral("timeout");
        status = 408;
        code = QStringLiteral("request_timeout");
        message = QStringLiteral("The request took longer than %1 ms to arrive.").arg(m_limits.requestTimeoutMs);
    } else if (number && declared > exchange.bodyLimit) {
        reason = QStringLiteral("body");
        status = 413;
        code = QStringLiteral("body_too_large");
        message =
            QStringLiteral("The body is %1 bytes; at most %2 are read here.").arg(declared).arg(exchange.bodyLimit);
    }
    if (status == 0)
        return refused;
    refused = HttpResponse::error(status, code, message);
    refused.closeConnection = true;
    reject(reason,
           QStringLiteral("%1: %2 %3: %4 (%5)")
               .arg(request.peer, QString::fromLatin1(request.method), request.path.left(200), message)
               .arg(status));
    return refused;
}

int HttpServer::receive(Exchange &exchange, const char *data, size_t *size)
{
    const qint64 age = exchange.connection ? m_connections->requestAge(exchange.connection) : 0;
    if (age > m_limits.requestTimeoutMs) {
        reject(QStringLiteral("timeout"),
               QStringLiteral("%1: %2 %3: body not complete after %4 ms; connection closed")
                   .arg(exchange.request.peer, QString::fromLatin1(exchange.request.method),
                        exchange.request.path.left(200))
                   .arg(m_limits.requestTimeoutMs));
        return MHD_NO;
    }
    if (!exchange.tooLarge && exchange.request.body.size() + qint64(*size) > exchange.bodyLimit)
        exchange.tooLarge = true;
    if (!exchange.tooLarge)
        exchange.request.body.append(data, qsizetype(*size));
    *size = 0;
    return MHD_YES;
}

int HttpServer::answer(MHD_Connection *connection, Exchange &exchange)
{
    if (exchange.tooLarge) {
        HttpResponse refused = HttpResponse::error(
            413, QStringLiteral("body_too_large"),
            QStringLiteral("The body is longer than %1 bytes; it was not read.").arg(exchange.bodyLimit));
        refused.closeConnection = true;
        reject(QStringLiteral("body"),
               QStringLiteral("%1: %2 %3: body longer than %4 bytes (413)")
                   .arg(exchange.request.peer, QString::fromLatin1(exchange.request.method),
                        exchange.request.path.left(200))
                   .arg(exchange.bodyLimit));
        return respond(connection, exchange, refused, 0);
    }
    if (exchange.done)
        return respond(connection, exchange, exchange.response, exchange.seconds);
    if (exchange.working)
        return MHD_YES; // woken before its time
    exchange.working = true;
    MHD_suspend_connection(connection);
    if (!m_workers->run([this, connection, exchange = &exchange] { work(connection, exchange); })) {
        // Stopping: answered at once, from this thread, once woken.
        exchange.response = HttpResponse::error(503, QStringLiteral("stopping"),
                                                QStringLiteral("The server is stopping."));
        exchange.response.closeConnection = true;
        exchange.done = true;
        MHD_resume_connection(connection);
    }
    return MHD_YES;
}

// On a worker: the handler's answer, then the connection woken to send it.
void HttpServer::work(MHD_Connection *connection, Exchange *exchange)
{
    QElapsedTimer clock;
    clock.start();
    try {
        exchange->response = m_handler(exchange->request);
    } catch (const std::exception &failure) {
        reject(QStringLiteral("internal"),
               QStringLiteral("%1 %2 failed: %3")
                   .arg(QString::fromLatin1(exchange->request.method), exchange->request.path.left(200),
                        QString::fromLocal8Bit(failure.what())));
        exchange->response = HttpResponse::error(
            500, QStringLiteral("internal"),
            QStringLiteral("The server could not answer this request; its log says why."));
    }
    exchange->seconds = double(clock.nsecsElapsed()) / 1e9;
    exchange->done = true;
    MHD_resume_connection(connection);
}

int HttpServer::respond(MHD_Connection *connection, const Exchange &exchange, const HttpResponse &response,
                        double seconds)
{
    if (m_answered)
        m_answered(exchange.request, response.status, seconds);
    return send(connection, response);
}

void HttpServer::stop()
{
    if (m_daemon) {
        // No new connections; the requests at work answered; then the rest closed.
        MHD_quiesce_daemon(m_daemon);
        m_workers->close();
        MHD_stop_daemon(m_daemon);
        m_daemon = nullptr;
    }
    m_connections.reset();
    m_workers.reset();
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = -1;
}

} // namespace Errata
