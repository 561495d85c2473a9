#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace Errata::Test {

// A plain TCP client for the HTTP tests: it sends exactly the bytes it is
// given (a hostile request too, a byte at a time if need be) and reads one
// answer, so the tests can see what a server does with what a library
// client would never send. Loopback only.
class HttpTestClient
{
public:
    struct Answer
    {
        int status = 0;                        // 0: no answer (the connection closed or timed out first)
        QHash<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
        bool closed = false; // the server closed the connection
    };

    explicit HttpTestClient(quint16 port);
    ~HttpTestClient();
    HttpTestClient(const HttpTestClient &) = delete;
    HttpTestClient &operator=(const HttpTestClient &) = delete;

    bool isConnected() const { return m_fd >= 0; }
    // False when the server has closed the connection.
    bool send(const QByteArray &bytes);
    // One answer (status line, headers, a body of Content-Length bytes), or
    // what came before the connection closed or `timeoutMs` passed.
    Answer read(int timeoutMs = 5000);
    // True when the server closes the connection within `timeoutMs`.
    bool waitClosed(int timeoutMs);

    // One request on a new connection: method, target, headers, body.
    static Answer request(quint16 port, const QByteArray &method, const QByteArray &target,
                          const QHash<QByteArray, QByteArray> &headers = {}, const QByteArray &body = {},
                          int timeoutMs = 10000);

private:
    bool fill(int timeoutMs);

    int m_fd = -1;
    QByteArray m_buffer;
};

} // namespace Errata::Test
