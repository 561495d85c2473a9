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
// stops once more than `limit` came.
LogReader::Result readAll(int fd, qint64 expected, bool stream, qint64 limit, const std::atomic_bool *cancel)
{
    LogReader::Result result;
    QByteArray &bytes = result.bytes;
    bytes = QByteArray(qsizetype(qMin(expected, limit) + 1), Qt::Uninitialized);
    qint64 filled = 0;
    for (;;) {
        if (isCancelled(cancel) || (stream && !waitForData(fd, cancel)))
            return cancelled();
        if (filled == bytes.size())
            bytes.resize(qsizetype(qMin(2 * filled, limit + 1)));
        const size_t room = size_t(qMin<qint64>(bytes.size() - filled, Chunk));
        const ssize_t got = QT_READ(fd, bytes.data() + filled, room);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got < 0)
            return failed(qt_error_string(errno));
        if (got == 0)
            break;
        filled += got;
        if (filled > limit)
            return tooLarge(limit, !stream);
    }
    bytes.truncate(qsizetype(filled));
    result.status = LogReader::Read;
    result.regularFile = !stream;
    result.limit = limit;
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

#ifdef Q_OS_UNIX
// Opened with O_NONBLOCK: a FIFO opens at once, without waiting for a
// writer; what comes through it is waited for in poll(), cancellably.
// Standard input is left as it is (its flags are shared with the shell).
LogReader::Result LogReader::read(const QString &path, const Limits &limits, const std::atomic_bool *cancel)
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
    return readAll(fd, regular ? qint64(info.st_size) : StreamStart, !regular, limit, cancel);
}
#else
LogReader::Result LogReader::read(const QString &path, const Limits &limits, const std::atomic_bool *cancel)
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
    while (!file.atEnd() || file.isSequential()) {
        if (isCancelled(cancel))
            return cancelled();
        const QByteArray chunk = file.read(qMin(Chunk, limit + 1 - result.bytes.size()));
        if (chunk.isEmpty())
            break;
        result.bytes += chunk;
        if (result.bytes.size() > limit)
            return tooLarge(limit, regular);
    }
    result.status = Read;
    result.regularFile = regular;
    result.limit = limit;
    return result;
}
#endif

} // namespace Errata
