#include "models/serve/HttpConnections.h"

#include <chrono>

#include <sys/socket.h>

namespace Errata {

namespace {

// How often the watch looks for requests that took too long.
constexpr int WatchIntervalMs = 250;

} // namespace

HttpConnections::HttpConnections(const HttpLimits &limits, Rejected rejected)
    : m_limits(limits)
    , m_rejected(std::move(rejected))
    , m_watch([this] { watch(); })
{
}

HttpConnections::~HttpConnections()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_watch.join();
    for (Connection *connection : m_open)
        delete connection;
}

qint64 HttpConnections::nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

HttpConnections::Connection *HttpConnections::opened(int fd, const QString &peer)
{
    auto *connection = new Connection;
    connection->fd = fd;
    connection->peer = peer;
    connection->phaseStartMs = nowMs();
    int fromPeer = 0;
    int all = 0;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_open.insert(connection);
        fromPeer = ++m_perPeer[peer];
        all = int(m_open.size());
    }
    if (fromPeer > m_limits.connectionsPerClient) {
        connection->refusal = 429;
        m_rejected(QStringLiteral("connections"),
                   QStringLiteral("%1: more than %2 connections from this address; refused (429)")
                       .arg(peer)
                       .arg(m_limits.connectionsPerClient));
    } else if (all > m_limits.connections) {
        connection->refusal = 503;
        m_rejected(
            QStringLiteral("connections"),
            QStringLiteral("%1: more than %2 connections open; refused (503)").arg(peer).arg(m_limits.connections));
    }
    return connection;
}

void HttpConnections::closed(Connection *connection)
{
    if (!connection)
        return;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_open.erase(connection);
        auto count = m_perPeer.find(connection->peer);
        if (count != m_perPeer.end() && --count.value() <= 0)
            m_perPeer.erase(count);
    }
    delete connection;
}

void HttpConnections::requestStarted(Connection *connection)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    connection->requestStartMs = nowMs();
}

void HttpConnections::headersDone(Connection *connection)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    connection->inHandler = true;
}

void HttpConnections::requestDone(Connection *connection)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    connection->inHandler = false;
    connection->requestStartMs = -1;
    connection->phaseStartMs = nowMs();
}

qint64 HttpConnections::requestAge(const Connection *connection) const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return connection->requestStartMs < 0 ? 0 : nowMs() - connection->requestStartMs;
}

int HttpConnections::open() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return int(m_open.size());
}

void HttpConnections::watch()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, std::chrono::milliseconds(WatchIntervalMs));
        if (!m_stopping)
            sweep(nowMs());
    }
}

// Under the lock: a connection is in m_open until the library has told of
// its closing, which it does before it closes the socket, so the socket
// shut down here is always this connection's.
void HttpConnections::sweep(qint64 now)
{
    for (Connection *connection : m_open) {
        if (connection->inHandler || connection->cutOff)
            continue;
        const bool started = connection->requestStartMs >= 0;
        const qint64 age = started ? now - connection->requestStartMs : now - connection->phaseStartMs;
        const qint64 limit = started ? m_limits.requestTimeoutMs
                                     : qint64(m_limits.idleTimeoutMs) + m_limits.requestTimeoutMs;
        if (age <= limit)
            continue;
        connection->cutOff = true;
        ::shutdown(connection->fd, SHUT_RDWR);
        if (started)
            m_rejected(QStringLiteral("timeout"),
                       QStringLiteral("%1: request headers not complete after %2 ms; connection closed")
                           .arg(connection->peer)
                           .arg(m_limits.requestTimeoutMs));
    }
}

} // namespace Errata
