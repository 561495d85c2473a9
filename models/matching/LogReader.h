#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <atomic>

namespace Errata {

// Reads a whole log, up to a limit, and never waits where it cannot be
// cancelled. A regular file is read up to Limits::file (its size is known
// before reading: a larger one is refused at once); anything else (standard
// input, a pipe, a FIFO, a device such as /dev/zero) up to Limits::stream,
// and then refused: its size is known only once it ends, and it may never
// end. A FIFO is opened without waiting for a writer, and read as data
// comes; with `cancel`, the wait for data is cancellable.
//
// ERRATA_MAX_LOG_BYTES, when set, lowers both limits (for tests).
class LogReader
{
    Q_DECLARE_TR_FUNCTIONS(Errata::LogReader)

public:
    static constexpr qint64 FileLimit = qint64(2) << 30;   // 2 GiB
    static constexpr qint64 StreamLimit = qint64(1) << 30; // 1 GiB

    struct Limits
    {
        qint64 file = FileLimit;
        qint64 stream = StreamLimit;
    };

    enum Status { Read, TooLarge, Failed, Cancelled };

    struct Result
    {
        Status status = Failed;
        QByteArray bytes;         // the whole log when Read
        bool regularFile = false; // read from a regular file (not a stream)
        qint64 limit = 0;         // the limit that applied
        QString error;            // why not, in plain words (TooLarge, Failed)
    };

    // `defaults` (FileLimit and StreamLimit when not given), each lowered
    // to ERRATA_MAX_LOG_BYTES when that is set.
    static Limits limits();
    static Limits limits(Limits defaults);
    // "-" reads standard input.
    static Result read(const QString &path, const Limits &limits, const std::atomic_bool *cancel = nullptr);
    // "2.0 GiB"
    static QString sizeText(qint64 bytes);
};

} // namespace Errata
