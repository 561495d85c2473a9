#include "bench/McpBenchmark.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>

namespace Errata {

namespace {

// The next line the server writes, or empty after `timeoutMs`.
QByteArray readLine(QProcess &process, int timeoutMs = 60000)
{
    QElapsedTimer timer;
    timer.start();
    while (!process.canReadLine()) {
        if (timer.elapsed() > timeoutMs || !process.waitForReadyRead(timeoutMs))
            return QByteArray();
    }
    return process.readLine();
}

QByteArray lookupRequest(int id, const QString &text)
{
    const QJsonObject request{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), id},
        {QStringLiteral("method"), QStringLiteral("tools/call")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("lookup_error")},
                     {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("error_message"), text}}}}}};
    return QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n';
}

double percentile(QList<double> values, double share)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values.at(std::min<qsizetype>(values.size() - 1, qsizetype(share * double(values.size()))));
}

} // namespace

QString McpBenchmark::Figures::toText() const
{
    QString text = QStringLiteral("errata mcp, %1 records: started and initialized in %2 ms; lookup_error of %3 "
                                  "error texts (warm): p50 %4 ms, p95 %5 ms, max %6 ms (target <= %7 ms at 2,500 "
                                  "records: %8)")
                       .arg(records)
                       .arg(startMs, 0, 'f', 0)
                       .arg(calls)
                       .arg(p50Ms, 0, 'f', 2)
                       .arg(p95Ms, 0, 'f', 2)
                       .arg(maxMs, 0, 'f', 2)
                       .arg(TargetMs)
                       .arg(p95Ms <= TargetMs ? QStringLiteral("met") : QStringLiteral("NOT met"));
    for (const QString &failure : failures)
        text += QStringLiteral("\n  failed: ") + failure;
    return text;
}

McpBenchmark::Figures McpBenchmark::measure(const QString &binary, const QString &folder, const QStringList &texts)
{
    Figures figures;
    QTemporaryDir cacheHome;
    QProcess server;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome.path());
    server.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    server.start(binary, {QStringLiteral("mcp"), QStringLiteral("--kb"), folder});
    server.write(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
                 R"("capabilities":{},"clientInfo":{"name":"errata-bench","version":"1"}}})"
                 "\n");
    if (readLine(server).isEmpty()) {
        figures.failures << QStringLiteral("no answer to initialize: ")
                + QString::fromUtf8(server.readAllStandardError());
        return figures;
    }
    figures.startMs = timer.nsecsElapsed() / 1e6;
    const QRegularExpression serving(QStringLiteral("serving (\\d+) records"));
    figures.records = serving.match(QString::fromUtf8(server.readAllStandardError())).captured(1).toInt();
    QList<double> times;
    int id = 0;
    for (int pass = 0; pass < 2; ++pass) { // the first pass warms up
        for (const QString &text : texts) {
            timer.restart();
            server.write(lookupRequest(++id, text));
            const QByteArray answer = readLine(server);
            const double ms = timer.nsecsElapsed() / 1e6;
            if (!answer.contains("\"structuredContent\"")) {
                figures.failures << QString::fromUtf8(answer.left(200));
                continue;
            }
            if (pass == 1)
                times << ms;
        }
    }
    server.closeWriteChannel();
    server.waitForFinished(10000);
    figures.calls = int(times.size());
    figures.p50Ms = percentile(times, 0.5);
    figures.p95Ms = percentile(times, 0.95);
    figures.maxMs = times.isEmpty() ? 0 : *std::max_element(times.cbegin(), times.cend());
    return figures;
}

} // namespace Errata
