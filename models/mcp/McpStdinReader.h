#pragma once

#include <QByteArray>
#include <QSemaphore>
#include <QThread>

namespace Errata {

// Reads a file descriptor (standard input for `errata mcp`) on a thread of
// its own, so that a read that waits for the client never blocks the event
// loop where the KB watcher and the server run. Each chunk read is handed
// over with chunkRead(), queued to the receiver's thread; at most
// ChunksInFlight wait there at once (the receiver calls release() after
// each), so a client that writes faster than the server answers fills the
// pipe, not memory. finished() follows the end of the input or an error.
class McpStdinReader : public QThread
{
    Q_OBJECT

public:
    static constexpr int ChunkBytes = 64 * 1024;
    static constexpr int ChunksInFlight = 16;

    explicit McpStdinReader(int fd, QObject *parent = nullptr);

    // The receiver is done with a chunk.
    void release() { m_slots.release(); }

signals:
    void chunkRead(const QByteArray &chunk);
    void endOfInput(const QString &error); // empty error: the end of the input

protected:
    void run() override;

private:
    int m_fd;
    QSemaphore m_slots;
};

} // namespace Errata
