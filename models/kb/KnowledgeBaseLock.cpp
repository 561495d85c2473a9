#include "models/kb/KnowledgeBaseLock.h"

#include <QDir>
#include <QFileInfo>

namespace Errata {

KnowledgeBaseLock::KnowledgeBaseLock(const QString &lockFile)
    : m_fileName(lockFile)
    , m_file(lockFile)
{
    // A window keeps a KB open for hours: only a dead holder makes it stale.
    m_file.setStaleLockTime(0);
}

bool KnowledgeBaseLock::tryLock()
{
    if (m_file.isLocked())
        return true;
    QDir().mkpath(QFileInfo(m_fileName).absolutePath());
    return m_file.tryLock(0);
}

KnowledgeBaseLock::Holder KnowledgeBaseLock::holder() const
{
    Holder holder;
    m_file.getLockInfo(&holder.pid, &holder.hostname, &holder.appname);
    return holder;
}

} // namespace Errata
