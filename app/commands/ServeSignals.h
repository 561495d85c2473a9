#pragma once

#include <QObject>

class QSocketNotifier;

namespace Errata {

// SIGHUP, SIGINT and SIGTERM for `errata serve`, as Qt signals on the main
// thread (a handler only writes a byte to a pipe the event loop watches).
class ServeSignals : public QObject
{
    Q_OBJECT

public:
    explicit ServeSignals(QObject *parent = nullptr);
    ~ServeSignals() override;

signals:
    void hangUp();    // SIGHUP: read the KB again
    void terminate(); // SIGINT, SIGTERM: stop

private:
    void readPipe();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Errata
