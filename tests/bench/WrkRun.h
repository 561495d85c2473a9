#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

// What one run of wrk (the HTTP load generator, Debian's /usr/bin/wrk) measured, read from the line that the Lua
// script of WrkRun::script() prints when wrk is done:
//
//   errata-bench-wrk: requests=1200 duration_us=20000000 good=1200 non2xx=0 bad=0 connect=0 read=0 write=0
//                     timeout=0 p50_us=850 p90_us=1400 p99_us=3100 max_us=9000
//
// (one line). `requests`: answers read whole; `good`: those with a 2xx status and the marker; `bad`: answers with a 2xx
// status that lack the marker of a good answer (an MCP result with structuredContent, a lookup's "results", ...), or
// say "isError": true. A JSON-RPC error lacks the marker.
struct WrkReport
{
    bool parsed = false;
    qint64 requests = 0;
    double seconds = 0;
    qint64 good = 0;
    qint64 non2xx = 0;
    qint64 bad = 0;
    qint64 connectErrors = 0;
    qint64 readErrors = 0;
    qint64 writeErrors = 0;
    qint64 timeouts = 0;
    double p50Ms = 0;
    double p90Ms = 0;
    double p99Ms = 0;
    double maxMs = 0;

    double requestsPerSecond() const { return seconds > 0 ? double(requests) / seconds : 0; }
    double goodPerSecond() const { return seconds > 0 ? double(good) / seconds : 0; }
    qint64 socketErrors() const { return connectErrors + readErrors + writeErrors + timeouts; }
    qint64 errors() const { return non2xx + bad + socketErrors(); }
    // "1234.5 good answers/s (24690 answers in 20.0 s, 24690 good), p50 0.85 ms, ..., errors 0 (non-2xx 0, ...)"
    QString toText() const;

    // The report in wrk's output, or parsed false with `error` set when the line is missing or a field is absent
    // or not a number.
    static WrkReport parse(const QString &output, QString *error);
};

// One wrk run against a loopback URL: `-t2 -cN -dS --latency --timeout 2s` with a Lua script that posts the texts in
// turn (each thread from its own place in the list), every request's text made unique by a last line
// "[request T.N]" so that no cache of answers can serve it, and counts non-2xx and bad answers.
class WrkRun
{
public:
    static constexpr int Threads = 2;
    static constexpr int TimeoutSeconds = 2;

    enum class Body {
        McpLookup, // a JSON-RPC tools/call of lookup_error {"error_message": TEXT}
        PlainText, // the text itself (POST /api/v1/lookup)
    };

    // The Lua script; `marker`: what every good answer contains.
    static QByteArray script(const QStringList &texts, Body body, const QByteArray &marker);
    // wrk's arguments for `url` (http://127.0.0.1:PORT/PATH) and the script at `scriptPath`.
    static QStringList arguments(const QString &url, const QString &scriptPath, int connections, int seconds);
    // A string literal of Lua that holds `bytes` exactly (every byte outside printable ASCII as \ddd).
    static QByteArray luaString(const QByteArray &bytes);
    // `text` as the inside of a JSON string (no quotes around it).
    static QByteArray jsonStringContent(const QString &text);
};

} // namespace Errata
