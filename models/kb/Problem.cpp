#include "models/kb/Problem.h"

#include "models/util/StringPool.h"

#include <QJsonObject>

namespace Errata {

QString Problem::severityName(Severity severity)
{
    switch (severity) {
    case Error: return QStringLiteral("error");
    case Warning: return QStringLiteral("warning");
    case Info: return QStringLiteral("info");
    }
    return QString();
}

QString Problem::toText() const
{
    QString text = file;
    if (line > 0)
        text += QLatin1Char(':') + QString::number(line) + QLatin1Char(':') + QString::number(column);
    text += QStringLiteral(": ") + severityName(severity) + QStringLiteral(": ") + message;
    if (!pointer.isEmpty())
        text += QStringLiteral(" [") + pointer + QLatin1Char(']');
    return text;
}

QJsonObject Problem::toJson() const
{
    return QJsonObject{{QStringLiteral("file"), file},       {QStringLiteral("line"), line},
                       {QStringLiteral("column"), column},   {QStringLiteral("severity"), severityName(severity)},
                       {QStringLiteral("message"), message}, {QStringLiteral("pointer"), pointer},
                       {QStringLiteral("rule"), rule}};
}

void Problem::shareStrings(StringPool &pool)
{
    pool.share(pointer);
    pool.share(message);
    pool.share(rule);
}

} // namespace Errata
