#include "record/RecordId.h"

#include <QDir>
#include <QStringList>

namespace Errata {

bool RecordId::isSafe(const QString &id)
{
    if (id.isEmpty() || id.startsWith(QLatin1Char('/')) || id.contains(QLatin1Char('\\'))
        || id.contains(QLatin1Char(':')) || id.contains(QChar(0)))
        return false;
    const QStringList segments = id.split(QLatin1Char('/'));
    for (const QString &segment : segments) {
        if (segment.isEmpty() || segment == QLatin1String(".") || segment == QLatin1String(".."))
            return false;
    }
    return true;
}

QString RecordId::filePath(const QString &root, const QString &id)
{
    if (!isSafe(id))
        return QString();
    return QDir(root).filePath(id + QStringLiteral(".json"));
}

} // namespace Errata
