#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// The latency of `errata mcp`'s lookup_error as a coding agent sees it: the
// real program (`binary`) serving `folder` over its standard input and
// output, initialized, one warm-up pass over `texts`, then each text asked
// again and timed from the request written to the answer read (JSON-RPC
// over pipes, the lookup and its JSON both ways). The KB cache lives in a
// temporary XDG_CACHE_HOME.
class McpBenchmark
{
public:
    static constexpr double TargetMs = 50; // warm, at 2,500 records

    struct Figures
    {
        int records = 0; // what the server said it serves
        int calls = 0;
        double p50Ms = 0;
        double p95Ms = 0;
        double maxMs = 0;
        double startMs = 0; // from start to the answer to initialize
        QStringList failures;
        QString toText() const;
    };

    static Figures measure(const QString &binary, const QString &folder, const QStringList &texts);
};

} // namespace Errata
