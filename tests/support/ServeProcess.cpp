#include "support/ServeProcess.h"

#include "support/HttpTestClient.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <csignal>

namespace Errata::TestSupport {

ServeProcess::~ServeProcess()
{
    if (m_process.state() != QProcess::NotRunning)
        stop(5000);
}

bool ServeProcess::start(const QStringList &arguments, const QString &cacheHome, QString *why, int timeoutMs)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
    m_process.setProcessEnvironment(environment);
    // Standard error to a file: a pipe nobody reads while a test waits would
    // fill and stop the server.
    if (!m_errFile.open()) {
        *why = QStringLiteral("cannot make a file for standard error: ") + m_errFile.errorString();
        return false;
    }
    m_process.setStandardErrorFile(m_errFile.fileName());
    m_process.setStandardOutputFile(QProcess::nullDevice());
    m_process.start(QStringLiteral(ERRATA_BINARY),
                    QStringList{QStringLiteral("serve")} + arguments
                        + QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    if (!m_process.waitForStarted(10000)) {
        *why = m_process.errorString();
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+) "));
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        const QRegularExpressionMatch match = listening.match(standardError());
        if (match.hasMatch()) {
            m_port = quint16(match.captured(1).toUInt());
            return true;
        }
        m_process.waitForFinished(50);
    }
    stop(5000);
    *why = QStringLiteral("errata serve did not start listening: ") + standardError();
    return false;
}

QString ServeProcess::standardError()
{
    QFile file(m_errFile.fileName());
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void ServeProcess::signal(int number)
{
    if (m_process.state() == QProcess::Running)
        ::kill(pid_t(m_process.processId()), number);
}

int ServeProcess::stop(int timeoutMs)
{
    if (m_process.state() == QProcess::NotRunning)
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -2;
    m_process.terminate();
    if (!m_process.waitForFinished(timeoutMs)) {
        m_process.kill();
        m_process.waitForFinished(5000);
        return -1;
    }
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -2;
}

QJsonObject ServeProcess::getJson(const QByteArray &path, int *status) const
{
    const Test::HttpTestClient::Answer answer = Test::HttpTestClient::request(m_port, "GET", path);
    if (status)
        *status = answer.status;
    return QJsonDocument::fromJson(answer.body).object();
}

} // namespace Errata::TestSupport
