#include "models/publish/SiteSink.h"

#include <QMutexLocker>

namespace Errata {

void MemorySiteSink::add(const QString &path, const QByteArray &bytes)
{
    const QMutexLocker lock(&m_mutex);
    if (m_files.contains(path))
        ++m_duplicates;
    m_files.insert(path, bytes);
}

QMap<QString, QByteArray> MemorySiteSink::files() const
{
    const QMutexLocker lock(&m_mutex);
    return m_files;
}

QByteArray MemorySiteSink::file(const QString &path) const
{
    const QMutexLocker lock(&m_mutex);
    return m_files.value(path);
}

bool MemorySiteSink::contains(const QString &path) const
{
    const QMutexLocker lock(&m_mutex);
    return m_files.contains(path);
}

int MemorySiteSink::duplicates() const
{
    const QMutexLocker lock(&m_mutex);
    return m_duplicates;
}

} // namespace Errata
