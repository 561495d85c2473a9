#include "bench/LookupCaseFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace Errata {

namespace {

QString caseText(const QJsonObject &object)
{
    if (!object.value(QLatin1String("lines")).isArray())
        return object.value(QLatin1String("text")).toString();
    QStringList lines;
    for (const QJsonValue &line : object.value(QLatin1String("lines")).toArray())
        lines << line.toString();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QList<LookupCase> LookupCaseFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (document.isNull()) {
        *error = QStringLiteral("%1: %2 at offset %3").arg(path, parseError.errorString()).arg(parseError.offset);
        return {};
    }
    QList<LookupCase> cases;
    const QJsonArray array = document.object().value(QLatin1String("cases")).toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject object = array.at(i).toObject();
        LookupCase read{caseText(object), object.value(QLatin1String("expected")).toString(),
                        QStringLiteral("hand-written")};
        if (read.text.trimmed().isEmpty() || read.expectedId.isEmpty()) {
            *error = QStringLiteral("%1: case %2 has no text or no expected id").arg(path).arg(i + 1);
            return {};
        }
        cases << read;
    }
    if (cases.isEmpty())
        *error = path + QStringLiteral(": no cases");
    return cases;
}

} // namespace Errata
