#include "support/HttpTestClient.h"

#include <QElapsedTimer>

#include <cerrno>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Errata::Test {

HttpTestClient::HttpTestClient(quint16 port)
{
    m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (m_fd >= 0 && ::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

HttpTestClient::~HttpTestClient()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool HttpTestClient::send(const QByteArray &bytes)
{
    qsizetype done = 0;
    while (m_fd >= 0 && done < bytes.size()) {
        const ssize_t count = ::send(m_fd, bytes.constData() + done, size_t(bytes.size() - done), MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0)
            return false;
        done += count;
    }
    return m_fd >= 0;
}

// More bytes into the buffer; false on close or time out.
bool HttpTestClient::fill(int timeoutMs)
{
    pollfd wait{m_fd, POLLIN, 0};
    if (m_fd < 0 || ::poll(&wait, 1, qMax(0, timeoutMs)) <= 0)
        return false;
    char chunk[16384];
    const ssize_t count = ::recv(m_fd, chunk, sizeof chunk, 0);
    if (count <= 0)
        return false;
    m_buffer.append(chunk, qsizetype(count));
    return true;
}

HttpTestClient::Answer HttpTestClient::read(int timeoutMs)
{
    Answer answer;
    QElapsedTimer clock;
    clock.start();
    qsizetype end = -1;
    while ((end = m_buffer.indexOf("\r\n\r\n")) < 0) {
        if (!fill(int(timeoutMs - clock.elapsed()))) {
            answer.closed = true;
            return answer;
        }
    }
    const QList<QByteArray> lines = m_buffer.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
    answer.status = statusLine.size() > 1 ? statusLine.at(1).toInt() : 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            answer.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    m_buffer.remove(0, end + 4);
    const qsizetype length = answer.headers.value("content-length").toLongLong();
    while (m_buffer.size() < length && fill(int(timeoutMs - clock.elapsed()))) {}
    answer.body = m_buffer.left(length);
    m_buffer.remove(0, qMin(length, m_buffer.size()));
    return answer;
}

bool HttpTestClient::waitClosed(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        pollfd wait{m_fd, POLLIN, 0};
        if (::poll(&wait, 1, int(timeoutMs - clock.elapsed())) <= 0)
            return false;
        char chunk[4096];
        if (::recv(m_fd, chunk, sizeof chunk, 0) <= 0)
            return true;
    }
    return false;
}

HttpTestClient::Answer HttpTestClient::request(quint16 port, const QByteArray &method, const QByteArray &target,
                                               const QHash<QByteArray, QByteArray> &headers, const QByteArray &body,
                                               int timeoutMs)
{
    HttpTestClient client(port);
    QByteArray text = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    for (auto header = headers.cbegin(); header != headers.cend(); ++header)
        text += header.key() + ": " + header.value() + "\r\n";
    if (!body.isEmpty() || method == "POST")
        text += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    text += "\r\n" + body;
    client.send(text);
    return client.read(timeoutMs);
}

} // namespace Errata::Test
