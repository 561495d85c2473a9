#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryFile>

namespace Errata::TestSupport {

// `errata serve` (ERRATA_BINARY) running in the background for the tests of
// the server: started on 127.0.0.1 with a free port, its port read from its
// start-up line, its standard error kept, and stopped (killed at the latest)
// when the object goes.
class ServeProcess
{
public:
    ServeProcess() = default;
    ~ServeProcess();
    ServeProcess(const ServeProcess &) = delete;
    ServeProcess &operator=(const ServeProcess &) = delete;

    // Starts `errata serve ARGUMENTS --listen 127.0.0.1:0` with XDG_CACHE_HOME
    // at `cacheHome` and waits for its "listening on" line. False, with
    // `why` (what it wrote), when it ended or did not say it within `timeoutMs`.
    bool start(const QStringList &arguments, const QString &cacheHome, QString *why, int timeoutMs = 30000);
    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    bool isRunning() const { return m_process.state() == QProcess::Running; }

    // Everything it has written to standard error so far.
    QString standardError();
    // Sends a signal (SIGHUP, SIGTERM...).
    void signal(int number);
    // SIGTERM, then its exit code once it ends: -2 when it crashed, -1 when
    // it did not end within `timeoutMs` (it is killed then).
    int stop(int timeoutMs = 15000);

    // GET `path`, its body parsed as a JSON object (empty when it is not one).
    QJsonObject getJson(const QByteArray &path, int *status = nullptr) const;

private:
    QProcess m_process;
    QTemporaryFile m_errFile;
    quint16 m_port = 0;
};

} // namespace Errata::TestSupport
