#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace Errata {

// Reports each time the thread it lives on (the window's) did not come back
// to its event loop for longer than `threshold`: the window did not respond
// meanwhile. Off unless asked for, as it wakes the thread 100 times a
// second: QT_LOGGING_RULES="errata.stall.info=true" prints
//
//   errata.stall: the window's thread was held 42 ms, until 6543 ms after the start
class StallLog : public QObject
{
    Q_OBJECT

public:
    explicit StallLog(int thresholdMs = 40, QObject *parent = nullptr);

    // Whether the category is on (otherwise the log does nothing).
    static bool isEnabled();

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    int m_threshold;
};

} // namespace Errata
