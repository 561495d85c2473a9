#include "models/util/StringPool.h"

#include <QMutexLocker>

namespace Errata {

void StringPool::share(QString &text)
{
    if (text.isEmpty())
        return;
    const QMutexLocker lock(&m_mutex);
    const auto it = m_strings.constFind(text);
    if (it == m_strings.cend())
        m_strings.insert(text);
    else
        text = *it;
}

int StringPool::size() const
{
    const QMutexLocker lock(&m_mutex);
    return int(m_strings.size());
}

} // namespace Errata
