#pragma once

#include "models/serve/HttpLimits.h"
#include "models/serve/HttpRequest.h"
#include "models/serve/HttpResponse.h"

#include <QString>

#include <functional>
#include <memory>

struct MHD_Connection;
struct MHD_Daemon;

namespace Errata {

class HttpConnections;
class HttpWorkers;

// The HTTP side of `errata serve`, on GNU libmicrohttpd (docs/architecture.md
// says why that library): its threads poll many connections each (epoll), so
// a slow client holds a connection, never a thread. The library parses
// requests; this class adds the limits of HttpLimits, each answered with a
// JSON error and a line in the log (the rejected() callback), and hands each
// complete request to the handler on a pool of workers, one per core, while
// its connection waits (suspended): a long request never delays the others
// that the same polling thread reads. The handler must be safe to call from
// several threads at once.
//
//   HttpServer server(limits, [](const HttpRequest &r) { return HttpResponse::json(200, {}); });
//   if (!server.listen("127.0.0.1", 8700, &error)) ...
class HttpServer
{
public:
    using Handler = std::function<HttpResponse(const HttpRequest &)>;
    // A request refused for a limit, or a connection closed for one:
    // `reason` names the limit ("body", "headers", "url", "connections",
    // "timeout", ...), `message` is the log line.
    using Rejected = std::function<void(const QString &reason, const QString &message)>;
    // Every answer, with its handler's time in seconds (for /metrics).
    using Answered = std::function<void(const HttpRequest &request, int status, double seconds)>;

    HttpServer(const HttpLimits &limits, Handler handler);
    ~HttpServer();
    HttpServer(const HttpServer &) = delete;
    HttpServer &operator=(const HttpServer &) = delete;

    void onRejected(Rejected rejected) { m_rejected = std::move(rejected); }
    void onAnswered(Answered answered) { m_answered = std::move(answered); }

    // Binds `address` (IPv4 or IPv6, numeric) and `port` (0: any free one;
    // port() then tells which), then starts listening and answering:
    // bind() and start(), or listen() for both. Between the two, the port
    // is taken and connections to it are refused. False with `error` set
    // when it cannot.
    bool bind(const QString &address, quint16 port, QString *error);
    bool start(QString *error);
    bool listen(const QString &address, quint16 port, QString *error)
    {
        return bind(address, port, error) && start(error);
    }
    quint16 port() const { return m_port; }
    // Stops listening and waits for the threads; requests in flight end.
    void stop();

    // The body limit of a request to `path` by `method`.
    qint64 bodyLimit(const QByteArray &method, const QString &path) const;
    const HttpLimits &limits() const { return m_limits; }

private:
    struct Exchange;
    friend struct HttpServerCallbacks;

    void reject(const QString &reason, const QString &message) const;
    int begin(MHD_Connection *connection, Exchange &exchange, const char *url, const char *method);
    int receive(Exchange &exchange, const char *data, size_t *size);
    int answer(MHD_Connection *connection, Exchange &exchange);
    HttpResponse refusal(const Exchange &exchange, qint64 headerBytes) const;
    int respond(MHD_Connection *connection, const Exchange &exchange, const HttpResponse &response, double seconds);
    void work(MHD_Connection *connection, Exchange *exchange);

    HttpLimits m_limits;
    Handler m_handler;
    Rejected m_rejected;
    Answered m_answered;
    MHD_Daemon *m_daemon = nullptr;
    std::unique_ptr<HttpConnections> m_connections;
    std::unique_ptr<HttpWorkers> m_workers;
    quint16 m_port = 0;
    int m_socket = -1; // bound and listening, until the library takes it
    bool m_ipv6 = false;
};

} // namespace Errata
