#pragma once

#include "bench/WrkRun.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace Errata {

class KnowledgeBase;

// `errata serve` under load, as a team's clients see it (docs/performance.md, "errata serve: load"), in one run:
//
//  1. the in-process limit: LookupEngine, opened as `errata mcp` opens a KB (McpKnowledgeBase), looking up the texts
//     on two threads for 5 s, before and after the server's runs (the higher counts): what this machine can do
//     without HTTP;
//  2. the real program (`binary`) serving a copy of the KB (on /dev/shm when there is one) on a free loopback port,
//     under wrk at `connections` connections for `seconds` s, first with tools/call lookup_error on POST /mcp, then
//     with the same texts on POST /api/v1/lookup; during each run a record file of the copy is changed 10 times,
//     evenly spaced ("Reload n." added to its root cause), /readyz counts the reloads, and the last change must be
//     served (GET /api/v1/records/ID.json) before the record is put back; the server's peak RSS (VmHWM) at the end;
//  3. the anchor, when `anchor` names a deadends.dev checkout: its api/mcp.py handler class served by Python's
//     ThreadingHTTPServer (a launcher written into the temporary folder; the checkout is only read, its data
//     folder is its own data/canons), with the same lookup bodies, at 2 and at 64 connections, 10 s each.
//
// The texts rotate over more than 80 pasted errors (texts()), each request's made unique. Everything listens on
// 127.0.0.1 only; every process started is stopped before measure() returns, on failure too.
class ServeBenchmark
{
public:
    static constexpr double AnchorFactorTarget = 100;   // at least 100x the anchor's requests/s
    static constexpr double InProcessShareTarget = 0.7; // at least 70% of the in-process limit
    static constexpr double P99TargetMs = 100;          // at 64 connections
    static constexpr int TargetConnections = 64;
    static constexpr int Changes = 10; // of the KB, during each load run
    static constexpr int MinimumTexts = 80;
    static constexpr int InProcessSeconds = 5;
    static constexpr int InProcessThreads = 2;
    static constexpr int AnchorSeconds = 10;

    struct Options
    {
        QString binary;    // the errata program
        QString kb;        // the KB folder (only read: the server gets a copy)
        QString anchor;    // a deadends.dev checkout, or empty to skip the anchor
        QString casesFile; // the hand-written lookup cases (tests/bench/lookup-cases.json)
        int seconds = 20;
        int connections = 64;
    };

    struct Run
    {
        QString name;
        int connections = 0;
        WrkReport wrk;
        // With the KB changed during the run: the snapshots swapped in and refused, as /readyz counts them
        // (changes made while a snapshot is built are taken by the next one), and when the last change was
        // served after it was written (-1: not within a minute).
        int reloads = -1;
        int failedReloads = 0;
        qint64 lastChangeServedMs = -1;
        QString error;               // the run did not happen or wrk's report is missing
        QString note;                // on what the figures mean
        double serverCpuSeconds = 0; // the server's processor time during the run
        double cpuMsPerAnswer() const { return wrk.good > 0 ? 1000 * serverCpuSeconds / double(wrk.good) : 0; }
        double reloadCpuSeconds = 0; // of it, in the threads that build snapshots (niced)
        double answerCpuMs() const
        {
            return wrk.good > 0 ? 1000 * (serverCpuSeconds - reloadCpuSeconds) / double(wrk.good) : 0;
        }
        bool ran() const { return error.isEmpty() && wrk.parsed; }
        bool reloadsMet() const { return reloads > 0 && failedReloads == 0 && lastChangeServedMs >= 0; }
    };

    struct Figures
    {
        Options options;
        int texts = 0;
        int records = 0;
        QString copy;                         // where the server's KB copy was
        QStringList loadAverages;             // the machine's, at the start and at the end
        QList<double> inProcessPerSecondRuns; // lookups/s, before and after the server's runs
        qint64 inProcessCalls = 0;            // of both
        double inProcessCpuSeconds = 0;       // of both
        Run mcp;
        Run api;
        qint64 peakRssBytes = 0;
        QString anchorSkipped; // why the anchor was not run
        Run anchor2;
        Run anchor64;
        QStringList failures;

        double inProcessPerSecond() const
        {
            return inProcessPerSecondRuns.isEmpty()
                ? 0
                : *std::max_element(inProcessPerSecondRuns.cbegin(), inProcessPerSecondRuns.cend());
        }
        double inProcessCpuMsPerLookup() const
        {
            return inProcessCalls > 0 ? 1000 * inProcessCpuSeconds / double(inProcessCalls) : 0;
        }
        double anchorPerSecond() const;
        bool targetsMet() const;
        QString toText() const;
    };

    static Figures measure(const Options &options);

    // The pasted errors: the hand-written cases of `casesFile`, then lookup cases generated from the KB's records
    // (LookupCases::sample), `count` in all, each once.
    static QStringList texts(const KnowledgeBase &kb, const QString &casesFile, int count = 160);
};

} // namespace Errata
