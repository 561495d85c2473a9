#pragma once

#include "models/serve/ServeSnapshot.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

class QThread;

namespace Errata {

class ServeWatcher;

// The snapshot `errata serve` answers from, and its replacement while the KB
// changes, without a pause: a new snapshot is built on a thread of its own,
// at a lower priority than the requests (BuildNiceness), then swapped in at
// once; requests that hold the old one finish on it, and it is destroyed
// once none holds it any more (on this object's thread: a request thread
// never pays for it).
//
// A new snapshot is refused, and the last good one kept, when the KB is
// caught in the middle of a `git pull` (ServeSnapshot::refusal(): git's
// locks or an unfinished merge or rebase in the checkout, or files the
// current snapshot read that cannot be read now: conflict markers, a file
// half written); status().lastError and the log say why, naming the files.
// The first snapshot is always taken, with its problems listed. docs/serve.md,
// "Snapshots and reloads".
//
// Lives on the main (event loop) thread; current() and status() may be
// called from any thread.
class ServeReloader : public QObject
{
    Q_OBJECT

public:
    // Added to the nice value of the thread that builds a snapshot (and of
    // the threads it starts): the requests come first on a busy machine.
    static constexpr int BuildNiceness = 10;
    // How often snapshots that were replaced are looked at, to be destroyed
    // once no request holds them.
    static constexpr int SweepMs = 1000;

    struct Status
    {
        bool ready = false; // a snapshot is being served
        ServeSnapshot::Info current;
        QString lastError;     // why the last reload was refused or failed; "" once one is accepted
        QDateTime lastAttempt; // UTC
        int reloads = 0;       // snapshots swapped in after the first
        int failedReloads = 0; // refused, or failed to build
        int builds = 0;        // begun, the first included
        bool building = false;
        int retired = 0; // replaced snapshots still held by a request
    };

    ServeReloader(const QString &folder, const ServeSnapshot::Options &options, QObject *parent = nullptr);
    ~ServeReloader() override;

    // The first snapshot, on the calling thread. False with `error` set when
    // the folder cannot be read.
    bool loadFirst(QString *error);
    // Follows the KB on disk (ServeWatcher): a change is reloaded after
    // ServeWatcher::QuietMs of quiet.
    void startWatching();
    // A reload now (SIGHUP, tests), from any thread. Asked while a build
    // runs, one more build follows it, however many times it was asked: never
    // two builds at once.
    void reload();
    // The snapshot to answer a request from; null before the first.
    std::shared_ptr<const ServeSnapshot> current() const;
    Status status() const;

signals:
    // After each attempt: accepted, or why it was refused (or failed).
    void reloaded(bool accepted, const QString &message);

private:
    void startBuild();
    void buildEnded();
    void accept(std::shared_ptr<const ServeSnapshot> snapshot, bool reload);
    void refuse(const QString &why);
    void sweep();

    QString m_folder;
    ServeSnapshot::Options m_options;
    mutable std::mutex m_currentLock;
    std::shared_ptr<const ServeSnapshot> m_current;
    mutable std::mutex m_statusLock;
    Status m_status;

    QThread *m_thread = nullptr; // the build running, if any
    std::atomic_bool m_cancel{false};
    std::mutex m_builtLock; // a std::mutex, which ThreadSanitizer sees (Qt's are not instrumented)
    std::shared_ptr<const ServeSnapshot> m_built; // by m_thread, read once it has ended
    QString m_buildError;
    bool m_again = false; // a reload was asked for while building

    std::vector<std::shared_ptr<const ServeSnapshot>> m_retired; // replaced, perhaps still held by requests
    QTimer m_sweep;
    ServeWatcher *m_watcher = nullptr;
};

} // namespace Errata
