#include "bench/LoopbackServer.h"

#include "support/HttpTestClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

#include <algorithm>

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace Errata {

namespace {

constexpr qsizetype KeptLogBytes = 4096;

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
    QHash<QByteArray, QByteArray> headers{{"Accept", "application/json, text/event-stream"}};
    if (!body.isEmpty() || method == "POST")
        headers.insert("Content-Type", contentType);
    const Test::HttpTestClient::Answer raw = Test::HttpTestClient::request(quint16(port), method, path, headers, body,
                                                                           timeoutMs);
    Answer answer;
    answer.status = raw.status;
    answer.body = raw.body;
    if (raw.status == 0)
        answer.error = QStringLiteral("no answer from 127.0.0.1:%1 within %2 ms").arg(port).arg(timeoutMs);
    return answer;
}

} // namespace Errata
