#include "models/mcp/McpStdinReader.h"

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace Errata {

McpStdinReader::McpStdinReader(int fd, QObject *parent)
    : QThread(parent)
    , m_fd(fd)
    , m_slots(ChunksInFlight)
{
}

void McpStdinReader::run()
{
    QByteArray buffer(ChunkBytes, Qt::Uninitialized);
    for (;;) {
        const ssize_t count = ::read(m_fd, buffer.data(), size_t(buffer.size()));
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0) {
            emit endOfInput(QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        if (count == 0) {
            emit endOfInput(QString());
            return;
        }
        m_slots.acquire();
        emit chunkRead(buffer.left(count));
    }
}

} // namespace Errata
