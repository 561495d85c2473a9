#pragma once

#include <QByteArray>
#include <QHash>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace Errata {

// A server process for errata-bench serve on 127.0.0.1: started with a port of its choosing, found by the line it
// writes on standard error ("listening on http://127.0.0.1:PORT"), asked with one request at a time
// (HttpTestClient, Connection: close, bounded in time), and stopped when this object goes (SIGTERM, then SIGKILL after
// 5 s), whatever happened before; when the benchmark itself is killed, the system sends it SIGTERM (endWithParent()).
class LoopbackServer
{
public:
    struct Answer
    {
        int status = 0; // 0: no answer (see error)
        QByteArray body;
        QString error;
    };

    LoopbackServer();
    ~LoopbackServer();
    LoopbackServer(const LoopbackServer &) = delete;
    LoopbackServer &operator=(const LoopbackServer &) = delete;

    // Starts `program` and waits up to `timeoutMs` for its listening line; false with error() set when it exits or
    // says nothing of the kind in time.
    bool start(const QString &program, const QStringList &arguments, const QStringList &environment, int timeoutMs);
    // Asks `path` until it answers 200 or `timeoutMs` passes.
    bool waitUntilAnswers(const QByteArray &method, const QByteArray &path, const QByteArray &body, int timeoutMs);
    void stop();

    int port() const { return m_port; }
    qint64 pid() const;
    QString error() const { return m_error; }
    // What it wrote on standard error so far (the last 4 KiB).
    QString log();
    // VmHWM of /proc/PID/status: the peak resident set size in bytes (0 when unknown).
    qint64 peakRssBytes() const;
    // Processor time it used so far, user and system, all threads (/proc/PID/stat), in seconds; -1 when unknown.
    double cpuSeconds() const;
    // The processor time so far of each of its threads that runs below the normal priority (nice > 0: the server
    // builds its snapshots so), in seconds by thread id; a thread seen before keeps the highest value seen.
    void sampleNicedThreads(QHash<qint64, double> *cpuByThread) const;

    Answer request(const QByteArray &method, const QByteArray &path, const QByteArray &body = {},
                   const QByteArray &contentType = "application/json", int timeoutMs = 10000) const;
    // For QProcess::setChildProcessModifier(): the child gets SIGTERM when the process that started it ends.
    static void endWithParent();

    static Answer request(int port, const QByteArray &method, const QByteArray &path, const QByteArray &body,
                          const QByteArray &contentType, int timeoutMs);

private:
    std::unique_ptr<QProcess> m_process;
    QByteArray m_stderr;
    int m_port = 0;
    QString m_error;
};

} // namespace Errata
