#pragma once

#include <QByteArray>
#include <QIODevice>

namespace Errata {

// A write-only device that keeps nothing: it counts the bytes written to it
// and checksums them, so that a stream can be measured before it is written
// for real, without holding it. The checksum is a hash of each 64 KiB in
// turn, folded together; checksumOf() gives the same for bytes held whole.
//
//   ChecksumDevice measure;
//   measure.open(QIODevice::WriteOnly);
//   QDataStream(&measure) << ...;
//   measure.count(), measure.checksum()
class ChecksumDevice : public QIODevice
{
    Q_OBJECT

public:
    explicit ChecksumDevice(QObject *parent = nullptr);

    qint64 count() const { return m_count; }
    quint64 checksum() const; // of everything written so far
    bool isSequential() const override { return true; }

    static quint64 checksumOf(const QByteArray &bytes);

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    static constexpr qsizetype Chunk = 64 * 1024;
    static quint64 fold(quint64 sum, const char *data, qsizetype size);

    QByteArray m_chunk; // the bytes of the chunk not yet full
    quint64 m_sum = 0;  // of the full chunks
    qint64 m_count = 0;
};

} // namespace Errata
