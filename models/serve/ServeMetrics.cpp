#include "models/serve/ServeMetrics.h"

#include <QStringList>

#include <algorithm>

namespace Errata {

void ServeMetrics::answered(const QString &route, int status, double seconds)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    Route &kept = m_routes[route];
    ++kept.statuses[status];
    ++kept.count;
    kept.sum += seconds;
    for (size_t i = 0; i < Buckets.size(); ++i) {
        if (seconds <= Buckets[i])
            ++kept.buckets[i];
    }
}

void ServeMetrics::rejected(const QString &reason)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    ++m_rejected[reason];
}

namespace {

QByteArray number(double value)
{
    return QByteArray::number(value, 'g', 10);
}

void help(QByteArray &out, const char *name, const char *type, const char *text)
{
    out += QByteArray("# HELP ") + name + ' ' + text + "\n# TYPE " + name + ' ' + type + '\n';
}

template<typename Map>
QList<typename Map::key_type> sortedKeys(const Map &map)
{
    QList<typename Map::key_type> keys = map.keys();
    std::sort(keys.begin(), keys.end());
    return keys;
}

} // namespace

QByteArray ServeMetrics::render(const Snapshot &snapshot) const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    QByteArray out;
    help(out, "errata_http_requests_total", "counter", "HTTP requests answered, by route and status.");
    for (const QString &route : sortedKeys(m_routes)) {
        const Route &kept = m_routes[route];
        for (int status : sortedKeys(kept.statuses))
            out += "errata_http_requests_total{route=\"" + route.toLatin1() + "\",status=\""
                + QByteArray::number(status) + "\"} " + QByteArray::number(kept.statuses[status]) + '\n';
    }
    help(out, "errata_http_request_duration_seconds", "histogram", "Time to answer a request, by route.");
    for (const QString &route : sortedKeys(m_routes)) {
        const Route &kept = m_routes[route];
        const QByteArray label = "route=\"" + route.toLatin1() + '"';
        for (size_t i = 0; i < Buckets.size(); ++i)
            out += "errata_http_request_duration_seconds_bucket{" + label + ",le=\"" + number(Buckets[i]) + "\"} "
                + QByteArray::number(kept.buckets[i]) + '\n';
        out += "errata_http_request_duration_seconds_bucket{" + label + ",le=\"+Inf\"} "
            + QByteArray::number(kept.count) + '\n';
        out += "errata_http_request_duration_seconds_sum{" + label + "} " + number(kept.sum) + '\n';
        out += "errata_http_request_duration_seconds_count{" + label + "} " + QByteArray::number(kept.count) + '\n';
    }
    help(out, "errata_http_rejected_total", "counter",
         "Requests refused and connections closed, by the limit reached.");
    for (const QString &reason : sortedKeys(m_rejected))
        out += "errata_http_rejected_total{limit=\"" + reason.toLatin1() + "\"} "
            + QByteArray::number(m_rejected[reason]) + '\n';
    help(out, "errata_snapshot_ready", "gauge", "1 once a snapshot of the KB is loaded.");
    out += "errata_snapshot_ready " + QByteArray(snapshot.ready ? "1" : "0") + '\n';
    help(out, "errata_snapshot_age_seconds", "gauge", "Seconds since the snapshot served was loaded.");
    out += "errata_snapshot_age_seconds " + number(snapshot.ageSeconds) + '\n';
    help(out, "errata_snapshot_records", "gauge", "Records in the snapshot served.");
    out += "errata_snapshot_records " + QByteArray::number(snapshot.records) + '\n';
    help(out, "errata_snapshot_reloads_total", "counter", "Snapshots swapped in after the first.");
    out += "errata_snapshot_reloads_total " + QByteArray::number(snapshot.reloads) + '\n';
    help(out, "errata_snapshot_reload_failures_total", "counter",
         "Reloads refused (the KB could not be read whole); the last good snapshot kept serving.");
    out += "errata_snapshot_reload_failures_total " + QByteArray::number(snapshot.failedReloads) + '\n';
    return out;
}

} // namespace Errata
