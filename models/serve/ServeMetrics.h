#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <array>
#include <atomic>
#include <mutex>

namespace Errata {

// What GET /metrics says, in Prometheus's text format (version 0.0.4):
// requests by route and status, a latency histogram by route, rejected
// requests and closed connections by limit, reloads, and the snapshot's
// age and size (given at render time). Counted from the server's threads.
class ServeMetrics
{
public:
    static constexpr std::array<double, 12> Buckets{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};

    struct Snapshot
    {
        double ageSeconds = 0;
        int records = 0;
        int reloads = 0;
        int failedReloads = 0;
        bool ready = false;
    };

    // `route` is one of a few names (ServeRouter::routeOf), never a path.
    void answered(const QString &route, int status, double seconds);
    void rejected(const QString &reason);
    QByteArray render(const Snapshot &snapshot) const;

private:
    struct Route
    {
        QHash<int, qint64> statuses;
        std::array<qint64, Buckets.size()> buckets{};
        qint64 count = 0;
        double sum = 0;
    };

    mutable std::mutex m_mutex;
    QHash<QString, Route> m_routes;
    QHash<QString, qint64> m_rejected;
};

} // namespace Errata
