#include "models/util/ChecksumDevice.h"

#include <functional>
#include <string_view>

namespace Errata {

ChecksumDevice::ChecksumDevice(QObject *parent)
    : QIODevice(parent)
{
    m_chunk.reserve(Chunk);
}

quint64 ChecksumDevice::fold(quint64 sum, const char *data, qsizetype size)
{
    const quint64 chunk = quint64(std::hash<std::string_view>()(std::string_view(data, size_t(size))));
    return (sum ^ chunk) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
}

quint64 ChecksumDevice::checksum() const
{
    return m_chunk.isEmpty() ? m_sum : fold(m_sum, m_chunk.constData(), m_chunk.size());
}

quint64 ChecksumDevice::checksumOf(const QByteArray &bytes)
{
    quint64 sum = 0;
    qsizetype at = 0;
    for (; bytes.size() - at >= Chunk; at += Chunk)
        sum = fold(sum, bytes.constData() + at, Chunk);
    return at < bytes.size() ? fold(sum, bytes.constData() + at, bytes.size() - at) : sum;
}

qint64 ChecksumDevice::readData(char *, qint64)
{
    return -1;
}

qint64 ChecksumDevice::writeData(const char *data, qint64 size)
{
    m_count += size;
    for (qint64 left = size; left > 0;) {
        const qsizetype take = qsizetype(qMin<qint64>(left, Chunk - m_chunk.size()));
        m_chunk.append(data, take);
        data += take;
        left -= take;
        if (m_chunk.size() == Chunk) {
            m_sum = fold(m_sum, m_chunk.constData(), Chunk);
            m_chunk.resize(0); // keeps its capacity
        }
    }
    return size;
}

} // namespace Errata
