#include "models/matching/LogReader.h"

#include <QFile>
#include <QLocale>
#include <QScopeGuard>
#include <qplatformdefs.h>

#ifdef Q_OS_UNIX
#include <poll.h>
#endif

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace Errata {

namespace {

constexpr qint64 Chunk = qint64(16) << 20;       // read at a time: cancellable in between
constexpr qint64 StreamStart = qint64(64) << 10; // first buffer for a stream, doubled as it fills
constexpr int CancelCheckMs = 100;

LogReader::Result failed(const QString &why)
{
    LogReader::Result result;
    result.status = LogReader::Failed;
    result.error = why;
    return result;
}

LogReader::Result tooLarge(qint64 limit, bool regularFile)
{
    LogReader::Result result;
    result.status = LogReader::TooLarge;
    result.regularFile = regularFile;
    result.limit = limit;
    result.error = regularFile
        ? LogReader::tr("the log is larger than %1, the most read from a file").arg(LogReader::sizeText(limit))
        : LogReader::tr("the log is larger than %1, the most read from standard input, "
                        "a pipe or a device")
              .arg(LogReader::sizeText(limit));
    return result;
}

LogReader::Result cancelled()
{
    LogReader::Result result;
    result.status = LogReader::Cancelled;
    return result;
}

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

// What of a log is kept as it is read: all of it (no ends), or its head
// and tail. Head and tail are whole units of every encoding (4 bytes), the
// head at least the sample that LogEncoding reads.
struct Keeping
{
    bool ends = false;
    qint64 head = 0;
    qint64 tail = 0;
    bool detected = false;
    int bomSize = 0;

    static Keeping of(const LogReader::Ends *ends)
    {
        Keeping keeping;
        if (!ends)
            return keeping;
        keeping.ends = true;
        keeping.head = (qMax<qint64>(ends->head, LogEncoding::SampleSize) + 3) & ~qint64(3);
        keeping.tail = (qMax<qint64>(ends->tail, 4) + 3) & ~qint64(3);
        return keeping;
    }
    // The most bytes held at once.
    qint64 bound() const { return head + tail + Chunk; }
};

void detect(LogReader::Result &result, qint64 filled, Keeping &keeping)
{
    if (keeping.detected)
        return;
    const LogEncoding::Detected found = LogEncoding::detect(
        QByteArrayView(result.bytes.constData(), qMin<qint64>(filled, LogEncoding::SampleSize)));
    result.encoding = found.encoding;
    keeping.bomSize = found.bomSize;
    keeping.detected = true;
}

// Drops the bytes between the head and the tail (a multiple of 4 of them,
// so that the tail starts at a code unit), counting their line ends.
void dropMiddle(LogReader::Result &result, qint64 &filled, Keeping &keeping)
{
    const qint64 drop = (filled - keeping.tail - keeping.head) & ~qint64(3);
    if (drop <= 0)
        return;
    detect(result, filled, keeping);
    char *data = result.bytes.data();
    result.skippedLines += LogEncoding::countLineEnds(QByteArrayView(data + keeping.head, drop), result.encoding);
    result.skippedBytes += drop;
    std::memmove(data + keeping.head, data + keeping.head + drop, size_t(filled - keeping.head - drop));
    filled -= drop;
}

// The head up to its last line end and the tail from its first one, in
// UTF-8; the lines between them counted as skipped.
void cutAtLineEnds(LogReader::Result &result, qint64 filled, const Keeping &keeping)
{
    const LogEncoding::Encoding encoding = result.encoding;
    const QByteArrayView head(result.bytes.constData() + keeping.bomSize, keeping.head - keeping.bomSize);
    const QByteArrayView tail(result.bytes.constData() + keeping.head, filled - keeping.head);
    const qsizetype headEnd = qMax<qsizetype>(LogEncoding::afterLastLineEnd(head, encoding), 0);
    const qsizetype tailStart = qMax<qsizetype>(LogEncoding::afterFirstLineEnd(tail, encoding), 0);
    result.headLines = LogEncoding::countLineEnds(head.first(headEnd), encoding);
    result.skippedLines += tailStart > 0 ? 1 : 0;
    result.skippedBytes += (head.size() - headEnd) + tailStart;
    result.bytes = LogEncoding::toUtf8(head.first(headEnd), encoding)
        + LogEncoding::toUtf8(tail.sliced(tailStart), encoding);
}

// The `filled` bytes read, as UTF-8: decoded, the byte order mark dropped,
// with ends the middle left out.
void finish(LogReader::Result &result, qint64 filled, Keeping &keeping)
{
    result.totalBytes = filled + result.skippedBytes;
    detect(result, filled, keeping);
    if (keeping.ends && filled > keeping.head + keeping.tail)
        dropMiddle(result, filled, keeping);
    if (result.skippedBytes > 0) {
        cutAtLineEnds(result, filled, keeping);
    } else if (result.encoding == LogEncoding::Utf8) {
        result.bytes.truncate(qsizetype(filled));
        result.bytes.remove(0, keeping.bomSize);
        if (result.bytes.capacity() > result.bytes.size() + result.bytes.size() / 8)
            result.bytes.squeeze();
    } else {
        result.bytes = LogEncoding::toUtf8(
            QByteArrayView(result.bytes.constData() + keeping.bomSize, filled - keeping.bomSize), result.encoding);
    }
    result.status = LogReader::Read;
}

#ifdef Q_OS_UNIX
// Until `fd` has data or has ended (a FIFO: once a writer came and went),
// looking at `cancel` every CancelCheckMs. False when cancelled.
bool waitForData(int fd, const std::atomic_bool *cancel)
{
    for (;;) {
        if (isCancelled(cancel))
            return false;
        pollfd request{fd, POLLIN, 0};
        const int ready = ::poll(&request, 1, cancel ? CancelCheckMs : -1);
        if (ready > 0)
            return true;
        if (ready < 0 && errno != EINTR)
            return true; // the read says what is wrong
    }
}

// Reads `fd` to its end, `expected` bytes or any number for a stream, and
// stops once more than `limit` came. With `ends`, never holds more than
// Keeping::bound() bytes.
LogReader::Result readAll(int fd, qint64 expected, bool stream, qint64 limit, const std::atomic_bool *cancel,
                          const LogReader::Ends *ends)
{
    LogReader::Result result;
    Keeping keeping = Keeping::of(ends);
    const qint64 bound = keeping.ends ? qMin(keeping.bound(), limit + 1) : limit + 1;
    QByteArray &bytes = result.bytes;
    bytes = QByteArray(qsizetype(qMin(expected + 1, bound)), Qt::Uninitialized);
    qint64 filled = 0;
    qint64 total = 0;
    for (;;) {
        if (isCancelled(cancel) || (stream && !waitForData(fd, cancel)))
            return cancelled();
        if (filled == bytes.size() && keeping.ends && filled > keeping.head + keeping.tail)
            dropMiddle(result, filled, keeping);
        if (filled == bytes.size())
            bytes.resize(qsizetype(qMin(2 * filled, bound)));
        const size_t room = size_t(qMin<qint64>(bytes.size() - filled, Chunk));
        const ssize_t got = QT_READ(fd, bytes.data() + filled, room);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got < 0)
            return failed(qt_error_string(errno));
        if (got == 0)
            break;
        filled += got;
        total += got;
        if (total > limit)
            return tooLarge(limit, !stream);
    }
    result.regularFile = !stream;
    result.limit = limit;
    finish(result, filled, keeping);
    return result;
}
#endif

} // namespace

LogReader::Limits LogReader::limits()
{
    return limits(Limits());
}

LogReader::Limits LogReader::limits(Limits defaults)
{
    bool ok = false;
    const qint64 lowered = qEnvironmentVariable("ERRATA_MAX_LOG_BYTES").toLongLong(&ok);
    if (ok && lowered >= 0) {
        defaults.file = qMin(defaults.file, lowered);
        defaults.stream = qMin(defaults.stream, lowered);
    }
    return defaults;
}

QString LogReader::sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

LogReader::Result LogReader::read(const QString &path, const Limits &limits, const std::atomic_bool *cancel)
{
    return readLog(path, limits, cancel, nullptr);
}

LogReader::Result LogReader::readEnds(const QString &path, const Limits &limits, Ends ends,
                                      const std::atomic_bool *cancel)
{
    return readLog(path, limits, cancel, &ends);
}

#ifdef Q_OS_UNIX
// Opened with O_NONBLOCK: a FIFO opens at once, without waiting for a
// writer; what comes through it is waited for in poll(), cancellably.
// Standard input is left as it is (its flags are shared with the shell).
LogReader::Result LogReader::readLog(const QString &path, const Limits &limits, const std::atomic_bool *cancel,
                                     const Ends *ends)
{
    const bool standardInput = path == QLatin1String("-");
    const int fd = standardInput ? STDIN_FILENO
                                 : QT_OPEN(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return failed(qt_error_string(errno));
    const auto closeLater = qScopeGuard([fd, standardInput] {
        if (!standardInput)
            QT_CLOSE(fd);
    });
    QT_STATBUF info;
    if (QT_FSTAT(fd, &info) != 0)
        return failed(qt_error_string(errno));
    if (S_ISDIR(info.st_mode))
        return failed(tr("a folder, not a file"));
    const bool regular = S_ISREG(info.st_mode);
    const qint64 limit = regular ? limits.file : limits.stream;
    if (regular && info.st_size > limit)
        return tooLarge(limit, true);
    return readAll(fd, regular ? qint64(info.st_size) : StreamStart, !regular, limit, cancel, ends);
}
#else
LogReader::Result LogReader::readLog(const QString &path, const Limits &limits, const std::atomic_bool *cancel,
                                     const Ends *ends)
{
    QFile file;
    const bool opened = path == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly)
                                                   : (file.setFileName(path), file.open(QIODevice::ReadOnly));
    if (!opened)
        return failed(file.errorString());
    const bool regular = !file.isSequential();
    const qint64 limit = regular ? limits.file : limits.stream;
    if (regular && file.size() > limit)
        return tooLarge(limit, true);
    Result result;
    Keeping keeping = Keeping::of(ends);
    qint64 filled = 0;
    qint64 total = 0;
    while (!file.atEnd() || file.isSequential()) {
        if (isCancelled(cancel))
            return cancelled();
        const QByteArray chunk = file.read(Chunk);
        if (chunk.isEmpty())
            break;
        result.bytes.truncate(qsizetype(filled));
        result.bytes += chunk;
        filled += chunk.size();
        total += chunk.size();
        if (total > limit)
            return tooLarge(limit, regular);
        if (keeping.ends && filled > keeping.bound())
            dropMiddle(result, filled, keeping);
    }
    result.regularFile = regular;
    result.limit = limit;
    finish(result, filled, keeping);
    return result;
}
#endif

} // namespace Errata
