#include "bench/LookupProcessRuns.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

namespace Errata {

namespace {

struct Call
{
    double ms = 0;
    QString firstId;
    QString failure; // empty: it ran
};

Call call(const QString &binary, const QString &folder, const QString &text, const QProcessEnvironment &environment)
{
    QStringList arguments{QStringLiteral("lookup"), QStringLiteral("--kb"), folder, QStringLiteral("--format"),
                          QStringLiteral("json")};
    if (text.startsWith(QLatin1Char('-')))
        arguments << QStringLiteral("--"); // "-----" would read as an option
    arguments << text;
    QProcess process;
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(binary, arguments);
    Call result;
    if (!process.waitForStarted(10000) || !process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        result.failure = QStringLiteral("did not run: ") + process.errorString();
        return result;
    }
    result.ms = timer.nsecsElapsed() / 1e6;
    const QByteArray out = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() > 1) {
        result.failure = QStringLiteral("exit %1: %2")
                             .arg(process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2)
                             .arg(QString::fromUtf8(process.readAllStandardError()).trimmed());
        return result;
    }
    const QJsonDocument document = QJsonDocument::fromJson(out);
    if (!document.isObject() || !document.object().value(QLatin1String("results")).isArray()) {
        result.failure = QStringLiteral("no JSON results in: ") + QString::fromUtf8(out.left(200));
        return result;
    }
    const QJsonArray results = document.object().value(QLatin1String("results")).toArray();
    result.firstId = results.isEmpty() ? QString() : results.first().toObject().value(QLatin1String("id")).toString();
    return result;
}

} // namespace

LookupProcessRuns::Result LookupProcessRuns::run(const QString &binary, const QString &folder, const QStringList &texts,
                                                 int runs)
{
    Result result;
    QTemporaryDir cacheHome;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome.path());
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const Call warm = call(binary, folder, texts.first(), environment); // writes the cache
    if (!warm.failure.isEmpty()) {
        result.failures << warm.failure;
        return result;
    }
    for (int i = 0; i < runs; ++i) {
        const QString &text = texts.at(i % texts.size());
        const Call timed = call(binary, folder, text, environment);
        if (!timed.failure.isEmpty()) {
            result.failures << timed.failure;
            continue;
        }
        result.ms << timed.ms;
        result.firstIds << timed.firstId;
        result.texts << text;
    }
    return result;
}

} // namespace Errata
