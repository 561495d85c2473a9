#include "models/record/RecordId.h"

#include <algorithm>

#include <QDir>
#include <QStringList>

namespace Errata {

bool RecordId::isSafe(const QString &id)
{
    return problem(id).isEmpty();
}

QString RecordId::problem(const QString &id)
{
    if (id.isEmpty())
        return QStringLiteral("it is empty");
    if (id.startsWith(QLatin1Char('/')))
        return QStringLiteral("it is an absolute path");
    if (id.contains(QLatin1Char('\\')))
        return QStringLiteral("it has a backslash");
    if (id.contains(QLatin1Char(':')))
        return QStringLiteral("it has a colon");
    if (id.contains(QChar(0)))
        return QStringLiteral("it has a NUL character");
    const QStringList segments = id.split(QLatin1Char('/'));
    for (const QString &segment : segments) {
        if (segment.isEmpty())
            return QStringLiteral("it has an empty segment");
        // ".", ".." and hidden names: the loader skips every name that starts
        // with a dot, and such names hold git's and Errata's own files.
        if (segment.startsWith(QLatin1Char('.')))
            return QStringLiteral("it has a segment that starts with a dot: \"%1\"").arg(segment);
    }
    return QString();
}

QString RecordId::filePath(const QString &root, const QString &id)
{
    if (!isSafe(id))
        return QString();
    return QDir(root).filePath(id + QStringLiteral(".json"));
}

namespace {

// The last `segments` segments of `id` (all of it when it has fewer).
QString ending(const QString &id, int segments)
{
    return id.section(QLatin1Char('/'), -segments);
}

} // namespace

QStringList RecordId::shortNames(const QStringList &ids)
{
    QStringList names;
    for (const QString &id : ids) {
        const int total = int(id.count(QLatin1Char('/'))) + 1;
        int segments = 1;
        for (; segments < total; ++segments) {
            const QString name = ending(id, segments);
            const bool shared = std::any_of(ids.cbegin(), ids.cend(), [&](const QString &other) {
                return other != id && (other == name || other.endsWith(QLatin1Char('/') + name));
            });
            if (!shared)
                break;
        }
        names << ending(id, segments);
    }
    return names;
}

} // namespace Errata
