#pragma once

#include "models/matching/LogEncoding.h"

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
// The log is given in UTF-8: one in UTF-16 or UTF-32 is decoded, a UTF-8
// byte order mark dropped (LogEncoding). readEnds() keeps only the head and
// the tail of a long log, cut at line ends, in bounded memory, and says
// what lies between them.
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

    // How much of a log's start and end readEnds() keeps (bytes as read).
    struct Ends
    {
        qint64 head = 0;
        qint64 tail = 0;
    };

    struct Result
    {
        Status status = Failed;
        QByteArray bytes;         // the whole log when Read, in UTF-8 (readEnds: its head and tail)
        bool regularFile = false; // read from a regular file (not a stream)
        qint64 limit = 0;         // the limit that applied
        QString error;            // why not, in plain words (TooLarge, Failed)
        LogEncoding::Encoding encoding = LogEncoding::Utf8; // as read
        qint64 totalBytes = 0;                              // the size of the log as read (before decoding)
        qint64 skippedBytes = 0; // readEnds: of those, left out between the head and the tail
        qint64 skippedLines = 0; // readEnds: whole lines left out, after the head's headLines
        qint64 headLines = 0;

        // The number in the log of line `line` (1-based) of `bytes`.
        qint64 lineInLog(qint64 line) const { return line > headLines ? line + skippedLines : line; }
    };

    // `defaults` (FileLimit and StreamLimit when not given), each lowered
    // to ERRATA_MAX_LOG_BYTES when that is set.
    static Limits limits();
    static Limits limits(Limits defaults);
    // "-" reads standard input.
    static Result read(const QString &path, const Limits &limits, const std::atomic_bool *cancel = nullptr);
    // As read(), keeping of a log longer than ends.head + ends.tail only
    // its first and its last lines within them (a line longer than the tail:
    // its end); the limits still apply to the whole log.
    static Result readEnds(const QString &path, const Limits &limits, Ends ends,
                           const std::atomic_bool *cancel = nullptr);
    // "2.0 GiB"
    static QString sizeText(qint64 bytes);

private:
    static Result readLog(const QString &path, const Limits &limits, const std::atomic_bool *cancel, const Ends *ends);
};

} // namespace Errata
