#include "bench/WrkRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace Errata {

namespace {

const char ReportTag[] = "errata-bench-wrk:";

// The parts of the script that do not depend on the texts. Globals of a thread's Lua state: id (set by setup),
// count, non2xx, bad. done() runs in the main state and reads every thread's counters.
const char ScriptBody[] = R"lua(
local threads = {}

function setup(thread)
   table.insert(threads, thread)
   thread:set("id", #threads)
end

function init(args)
   count = 0
   non2xx = 0
   bad = 0
   good = 0
   first = (id * 37) % #texts
end

function request()
   count = count + 1
   local text = texts[(first + count) % #texts + 1]
   return wrk.format("POST", nil, headers, text .. newline .. "[request " .. id .. "." .. count .. "]" .. suffix)
end

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   elseif not string.find(body, marker, 1, true) or string.find(body, '"isError":true', 1, true)
          or string.find(body, '"isError": true', 1, true) then
      bad = bad + 1
   else
      good = good + 1
   end
end

function done(summary, latency, requests)
   local non2xx_total, bad_total, good_total = 0, 0, 0
   for _, thread in ipairs(threads) do
      non2xx_total = non2xx_total + thread:get("non2xx")
      bad_total = bad_total + thread:get("bad")
      good_total = good_total + thread:get("good")
   end
   local e = summary.errors
   io.write(string.format("errata-bench-wrk: requests=%d duration_us=%d good=%d non2xx=%d bad=%d connect=%d "
                          .. "read=%d write=%d timeout=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d\n",
                          summary.requests, summary.duration, good_total, non2xx_total, bad_total, e.connect, e.read,
                          e.write,
                          e.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99),
                          latency.max))
end
)lua";

const QStringList &reportKeys()
{
    static const QStringList keys{QStringLiteral("requests"), QStringLiteral("duration_us"), QStringLiteral("good"),
                                  QStringLiteral("non2xx"),   QStringLiteral("bad"),         QStringLiteral("connect"),
                                  QStringLiteral("read"),     QStringLiteral("write"),       QStringLiteral("timeout"),
                                  QStringLiteral("p50_us"),   QStringLiteral("p90_us"),      QStringLiteral("p99_us"),
                                  QStringLiteral("max_us")};
    return keys;
}

} // namespace

QString WrkReport::toText() const
{
    return QStringLiteral(
               "%1 good answers/s (%2 answers in %3 s, %4 good), p50 %5 ms, p90 %6 ms, p99 %7 ms, max %8 ms, "
               "errors %9 (non-2xx %10, bad answers %11, connect %12, read %13, write %14, timeout %15)")
        .arg(goodPerSecond(), 0, 'f', 1)
        .arg(requests)
        .arg(seconds, 0, 'f', 1)
        .arg(good)
        .arg(p50Ms, 0, 'f', 2)
        .arg(p90Ms, 0, 'f', 2)
        .arg(p99Ms, 0, 'f', 2)
        .arg(maxMs, 0, 'f', 2)
        .arg(errors())
        .arg(non2xx)
        .arg(bad)
        .arg(connectErrors)
        .arg(readErrors)
        .arg(writeErrors)
        .arg(timeouts);
}

WrkReport WrkReport::parse(const QString &output, QString *error)
{
    WrkReport report;
    const qsizetype start = output.lastIndexOf(QLatin1String(ReportTag));
    if (start < 0) {
        *error = QStringLiteral("wrk printed no \"%1\" line (did its Lua script run?)").arg(QLatin1String(ReportTag));
        return report;
    }
    qsizetype end = output.indexOf(QLatin1Char('\n'), start);
    if (end < 0)
        end = output.size();
    const QString line = output.mid(start + qsizetype(sizeof(ReportTag) - 1),
                                    end - start - qsizetype(sizeof(ReportTag) - 1));
    QMap<QString, qint64> values;
    static const QRegularExpression pair(QStringLiteral("^([a-z0-9_]+)=(-?\\d+)$"));
    for (const QString &part : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch match = pair.match(part);
        if (!match.hasMatch()) {
            *error = QStringLiteral("wrk report: \"%1\" is not a name=number pair").arg(part.left(80));
            return report;
        }
        values.insert(match.captured(1), match.captured(2).toLongLong());
    }
    for (const QString &key : reportKeys()) {
        if (!values.contains(key)) {
            *error = QStringLiteral("wrk report: %1 is missing").arg(key);
            return report;
        }
    }
    report.requests = values.value(QStringLiteral("requests"));
    report.seconds = double(values.value(QStringLiteral("duration_us"))) / 1e6;
    report.good = values.value(QStringLiteral("good"));
    report.non2xx = values.value(QStringLiteral("non2xx"));
    report.bad = values.value(QStringLiteral("bad"));
    report.connectErrors = values.value(QStringLiteral("connect"));
    report.readErrors = values.value(QStringLiteral("read"));
    report.writeErrors = values.value(QStringLiteral("write"));
    report.timeouts = values.value(QStringLiteral("timeout"));
    report.p50Ms = double(values.value(QStringLiteral("p50_us"))) / 1e3;
    report.p90Ms = double(values.value(QStringLiteral("p90_us"))) / 1e3;
    report.p99Ms = double(values.value(QStringLiteral("p99_us"))) / 1e3;
    report.maxMs = double(values.value(QStringLiteral("max_us"))) / 1e3;
    report.parsed = true;
    return report;
}

QByteArray WrkRun::luaString(const QByteArray &bytes)
{
    QByteArray literal("\"");
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\')
            literal += c;
        else
            literal += '\\' + QByteArray::number(byte).rightJustified(3, '0');
    }
    return literal + '"';
}

QByteArray WrkRun::jsonStringContent(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact); // ["..."]
    return array.mid(2, array.size() - 4);
}

QByteArray WrkRun::script(const QStringList &texts, Body body, const QByteArray &marker)
{
    QByteArray lua("-- Written by errata-bench serve: posts these texts in turn, each made unique.\ntexts = {\n");
    const QByteArray rpcPrefix = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_error",)"
                                 R"("arguments":{"error_message":")";
    for (const QString &text : texts) {
        const QByteArray start = body == Body::McpLookup ? rpcPrefix + jsonStringContent(text) : text.toUtf8();
        lua += "   " + luaString(start) + ",\n";
    }
    lua += "}\n";
    const bool rpc = body == Body::McpLookup;
    lua += "suffix = " + luaString(rpc ? QByteArray("\"}}}") : QByteArray()) + '\n';
    lua += "newline = " + luaString(rpc ? QByteArray("\\n") : QByteArray("\n")) + '\n';
    lua += "marker = " + luaString(marker) + '\n';
    lua += "headers = {[\"Content-Type\"] = "
        + luaString(rpc ? QByteArray("application/json") : QByteArray("text/plain; charset=utf-8"))
        + ", [\"Accept\"] = \"application/json, text/event-stream\"}\n";
    return lua + ScriptBody;
}

QStringList WrkRun::arguments(const QString &url, const QString &scriptPath, int connections, int seconds)
{
    return {QStringLiteral("-t%1").arg(std::min(Threads, connections)),
            QStringLiteral("-c%1").arg(connections),
            QStringLiteral("-d%1s").arg(seconds),
            QStringLiteral("--latency"),
            QStringLiteral("--timeout"),
            QStringLiteral("%1s").arg(TimeoutSeconds),
            QStringLiteral("-s"),
            scriptPath,
            url};
}

} // namespace Errata
