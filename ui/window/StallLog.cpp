#include "ui/window/StallLog.h"

#include <QLoggingCategory>

namespace Errata {

namespace {

Q_LOGGING_CATEGORY(lcStall, "errata.stall", QtWarningMsg)

constexpr int Interval = 10; // ms

} // namespace

StallLog::StallLog(int thresholdMs, QObject *parent)
    : QObject(parent)
    , m_threshold(thresholdMs)
{
    if (!isEnabled())
        return;
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(Interval);
    connect(&m_timer, &QTimer::timeout, this, &StallLog::tick);
    m_clock.start();
    m_timer.start();
}

bool StallLog::isEnabled()
{
    return lcStall().isInfoEnabled();
}

// A tick later than its interval by more than the threshold: the thread
// was busy for that long.
void StallLog::tick()
{
    const qint64 now = m_clock.elapsed();
    const qint64 held = now - m_last - Interval;
    m_last = now;
    if (held > m_threshold)
        qCInfo(lcStall, "the window's thread was held %lld ms, until %lld ms after the start", held, now);
}

} // namespace Errata
