#include "bench/LoopbackServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

#include <algorithm>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Errata {

namespace {

constexpr qsizetype MaxAnswerBytes = 64 * 1024 * 1024;
constexpr qsizetype KeptLogBytes = 4096;

class Socket
{
public:
    Socket()
        : m_fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
    }
    ~Socket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int fd() const { return m_fd; }

private:
    int m_fd;
};

// Waits for `events` on `fd` until `timer` reaches `timeoutMs`.
bool waitFor(int fd, short events, const QElapsedTimer &timer, int timeoutMs)
{
    const qint64 left = timeoutMs - timer.elapsed();
    if (left <= 0)
        return false;
    pollfd entry{fd, events, 0};
    return ::poll(&entry, 1, int(left)) > 0;
}

QString systemError(const char *what)
{
    return QStringLiteral("%1: %2").arg(QLatin1String(what), QString::fromLocal8Bit(std::strerror(errno)));
}

bool sendAll(int fd, const QByteArray &bytes, const QElapsedTimer &timer, int timeoutMs, QString *error)
{
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        if (!waitFor(fd, POLLOUT, timer, timeoutMs)) {
            *error = QStringLiteral("timed out sending the request");
            return false;
        }
        const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n < 0) {
            *error = systemError("send");
            return false;
        }
        sent += n;
    }
    return true;
}

bool receiveAll(int fd, QByteArray *bytes, const QElapsedTimer &timer, int timeoutMs, QString *error)
{
    char buffer[16384];
    for (;;) {
        if (!waitFor(fd, POLLIN, timer, timeoutMs)) {
            *error = QStringLiteral("no complete answer within %1 ms").arg(timeoutMs);
            return false;
        }
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n == 0)
            return true;
        if (n < 0) {
            *error = systemError("recv");
            return false;
        }
        bytes->append(buffer, qsizetype(n));
        if (bytes->size() > MaxAnswerBytes) {
            *error = QStringLiteral("answer over %1 bytes").arg(MaxAnswerBytes);
            return false;
        }
    }
}

LoopbackServer::Answer parseAnswer(const QByteArray &bytes)
{
    LoopbackServer::Answer answer;
    const qsizetype headerEnd = bytes.indexOf("\r\n\r\n");
    const QList<QByteArray> statusLine = bytes.left(bytes.indexOf("\r\n")).split(' ');
    if (headerEnd < 0 || statusLine.size() < 2 || !statusLine.first().startsWith("HTTP/")) {
        answer.error = QStringLiteral("not an HTTP answer: %1").arg(QString::fromUtf8(bytes.left(120)));
        return answer;
    }
    answer.status = statusLine.at(1).toInt();
    answer.body = bytes.mid(headerEnd + 4);
    return answer;
}

// utime + stime of a /proc stat file in seconds (-1 when unreadable), and its nice value.
double statCpuSeconds(const QString &path, int *nice)
{
    QFile stat(path);
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // After "PID (name) ": state is field 3; utime and stime are fields 14 and 15, nice field 19.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 17)
        return -1;
    if (nice)
        *nice = fields.at(16).toInt();
    return double(fields.at(11).toLongLong() + fields.at(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

} // namespace

void LoopbackServer::endWithParent()
{
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
}

LoopbackServer::LoopbackServer() = default;

LoopbackServer::~LoopbackServer()
{
    stop();
}

bool LoopbackServer::start(const QString &program, const QStringList &arguments, const QStringList &environment,
                           int timeoutMs)
{
    m_process = std::make_unique<QProcess>();
    QProcessEnvironment variables = QProcessEnvironment::systemEnvironment();
    for (const QString &assignment : environment)
        variables.insert(assignment.section(QLatin1Char('='), 0, 0), assignment.section(QLatin1Char('='), 1));
    m_process->setProcessEnvironment(variables);
    m_process->setStandardOutputFile(QProcess::nullDevice());
    m_process->setReadChannel(QProcess::StandardError);
    m_process->setChildProcessModifier(&endWithParent);
    m_process->start(program, arguments);
    if (!m_process->waitForStarted(10000)) {
        m_error = program + QStringLiteral(": ") + m_process->errorString();
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)"));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        const QRegularExpressionMatch match = listening.match(log());
        if (match.hasMatch()) {
            m_port = match.captured(1).toInt();
            return true;
        }
        if (m_process->state() == QProcess::NotRunning) {
            m_error = QStringLiteral("%1 exited (code %2) before it listened: %3")
                          .arg(program)
                          .arg(m_process->exitCode())
                          .arg(log().trimmed());
            return false;
        }
        m_process->waitForReadyRead(100);
    }
    m_error = QStringLiteral("%1 did not say \"listening on http://127.0.0.1:PORT\" within %2 ms: %3")
                  .arg(program)
                  .arg(timeoutMs)
                  .arg(log().trimmed());
    return false;
}

bool LoopbackServer::waitUntilAnswers(const QByteArray &method, const QByteArray &path, const QByteArray &body,
                                      int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    Answer answer;
    while (timer.elapsed() < timeoutMs) {
        answer = request(method, path, body, "application/json", int(std::max<qint64>(1, timeoutMs - timer.elapsed())));
        if (answer.status == 200)
            return true;
        if (m_process->state() == QProcess::NotRunning)
            break;
        QThread::msleep(100);
    }
    m_error = QStringLiteral("%1 %2 did not answer 200 within %3 ms (last: %4 %5); log: %6")
                  .arg(QString::fromLatin1(method), QString::fromLatin1(path))
                  .arg(timeoutMs)
                  .arg(answer.status)
                  .arg(answer.error.isEmpty() ? QString::fromUtf8(answer.body.left(200)) : answer.error,
                       log().trimmed());
    return false;
}

void LoopbackServer::stop()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate();
    if (!m_process->waitForFinished(5000)) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

qint64 LoopbackServer::pid() const
{
    return m_process ? m_process->processId() : 0;
}

QString LoopbackServer::log()
{
    if (m_process) {
        m_stderr += m_process->readAllStandardError();
        if (m_stderr.size() > 4 * KeptLogBytes)
            m_stderr = m_stderr.right(KeptLogBytes);
    }
    return QString::fromUtf8(m_stderr.right(KeptLogBytes));
}

qint64 LoopbackServer::peakRssBytes() const
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid()));
    if (pid() <= 0 || !status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return 0;
}

double LoopbackServer::cpuSeconds() const
{
    return pid() > 0 ? statCpuSeconds(QStringLiteral("/proc/%1/stat").arg(pid()), nullptr) : -1;
}

void LoopbackServer::sampleNicedThreads(QHash<qint64, double> *cpuByThread) const
{
    if (pid() <= 0)
        return;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid()));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        int nice = 0;
        const double cpu = statCpuSeconds(tasks.filePath(tid + QStringLiteral("/stat")), &nice);
        if (nice > 0 && cpu >= 0)
            (*cpuByThread)[tid.toLongLong()] = std::max(cpu, cpuByThread->value(tid.toLongLong()));
    }
}

LoopbackServer::Answer LoopbackServer::request(const QByteArray &method, const QByteArray &path, const QByteArray &body,
                                               const QByteArray &contentType, int timeoutMs) const
{
    return request(m_port, method, path, body, contentType, timeoutMs);
}

LoopbackServer::Answer LoopbackServer::request(int port, const QByteArray &method, const QByteArray &path,
                                               const QByteArray &body, const QByteArray &contentType, int timeoutMs)
{
    Answer answer;
    QElapsedTimer timer;
    timer.start();
    Socket socket;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(quint16(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (socket.fd() < 0 || ::connect(socket.fd(), reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        answer.error = systemError("connect");
        return answer;
    }
    QByteArray request = method + ' ' + path + " HTTP/1.0\r\nHost: 127.0.0.1:" + QByteArray::number(port)
        + "\r\nConnection: close\r\nAccept: application/json, text/event-stream\r\n";
    if (!body.isEmpty() || method == "POST")
        request += "Content-Type: " + contentType + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    request += "\r\n" + body;
    QByteArray bytes;
    if (!sendAll(socket.fd(), request, timer, timeoutMs, &answer.error)
        || !receiveAll(socket.fd(), &bytes, timer, timeoutMs, &answer.error))
        return answer;
    return parseAnswer(bytes);
}

} // namespace Errata
