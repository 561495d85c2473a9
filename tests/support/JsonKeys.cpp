#include "support/JsonKeys.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace Errata::TestSupport {

namespace {

void collect(const QJsonValue &value, const QString &path, bool keysAreData, const QStringList &dataObjects,
             QStringList &found)
{
    static const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9]*(_[a-z0-9]+)*$"));
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            collect(array.at(i), path + QLatin1Char('/') + QString::number(i), false, dataObjects, found);
        return;
    }
    if (!value.isObject())
        return;
    const QJsonObject object = value.toObject();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QString at = path + QLatin1Char('/') + it.key();
        if (!keysAreData && !snake.match(it.key()).hasMatch())
            found << at;
        collect(it.value(), at, !keysAreData && dataObjects.contains(it.key()), dataObjects, found);
    }
}

} // namespace

QStringList keysNotInSnakeCase(const QJsonValue &value, const QStringList &dataObjects)
{
    QStringList found;
    collect(value, QString(), false, dataObjects, found);
    return found;
}

} // namespace Errata::TestSupport
