#pragma once

#include <QLockFile>
#include <QString>

namespace Errata {

// Which running Errata window owns a KB's crash-recovery copies. The first
// window to open a KB takes the lock; a second one on the same KB is told
// who holds it and keeps no copies of its own, so that it never replaces or
// deletes the copies of the first (which a crash of the first would need).
//
// A QLockFile: it holds the pid, host and program name, and a lock left by
// a process that no longer runs is taken over. It never goes stale by age.
class KnowledgeBaseLock
{
public:
    struct Holder
    {
        qint64 pid = 0;
        QString hostname;
        QString appname;
    };

    explicit KnowledgeBaseLock(const QString &lockFile);

    bool tryLock(); // true when this process holds the lock now
    bool isLocked() const { return m_file.isLocked(); }
    // The process that holds the lock; empty when it could not be read.
    Holder holder() const;
    void unlock() { m_file.unlock(); }
    QString fileName() const { return m_fileName; }

private:
    QString m_fileName;
    QLockFile m_file;
};

} // namespace Errata
