#pragma once

#include "models/serve/HttpLimits.h"

#include <QHash>
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace Errata {

// The open connections of an HttpServer, and the time limits the library
// does not keep: how many from one address and in all (a connection over
// either is answered 429 or 503 and closed), and how long a request may
// take from its first byte (a client sending its headers a byte at a time
// is cut off when HttpLimits::requestTimeoutMs has passed, by a watch that
// shuts its socket down; the library then closes it as any other).
//
// Called from the server's threads; safe from several at once.
class HttpConnections
{
public:
    using Rejected = std::function<void(const QString &reason, const QString &message)>;

    struct Connection
    {
        int fd = -1;
        QString peer;
        qint64 phaseStartMs = 0;    // opened, or the last request answered
        qint64 requestStartMs = -1; // its request line read; -1 before
        bool inHandler = false;     // its headers complete
        int refusal = 0;            // 429 or 503 when over a connection limit
        bool cutOff = false;
    };

    HttpConnections(const HttpLimits &limits, Rejected rejected);
    ~HttpConnections();

    Connection *opened(int fd, const QString &peer);
    void closed(Connection *connection);
    void requestStarted(Connection *connection);
    void headersDone(Connection *connection);
    void requestDone(Connection *connection);
    // Milliseconds since the request's first line, or 0.
    qint64 requestAge(const Connection *connection) const;
    int open() const;

    static qint64 nowMs();

private:
    void watch();
    void sweep(qint64 now);

    HttpLimits m_limits;
    Rejected m_rejected;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::unordered_set<Connection *> m_open;
    QHash<QString, int> m_perPeer;
    std::thread m_watch;
};

} // namespace Errata
