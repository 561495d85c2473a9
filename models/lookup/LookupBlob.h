#pragma once

#include <QByteArray>

#include <cstring>
#include <string>

namespace Errata {

// A lookup entry is cached as one block of bytes in the host's order (the
// KB cache holds the machine's own byte order): one read of the stream per
// entry, then plain copies, instead of a read of the stream per word.
class BlobWriter
{
public:
    template<typename T>
    void raw(T value)
    {
        m_bytes.append(reinterpret_cast<const char *>(&value), sizeof value);
    }
    void count(size_t value) { raw(quint32(value)); }
    void string(const std::string &text)
    {
        count(text.size());
        m_bytes.append(text.data(), qsizetype(text.size()));
    }
    const QByteArray &bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
};

// Reads what BlobWriter wrote; every read is checked against the end, and
// ok() turns false for good at the first that does not fit.
class BlobReader
{
public:
    explicit BlobReader(const QByteArray &bytes)
        : m_at(bytes.constData())
        , m_end(bytes.constData() + bytes.size())
    {
    }

    bool ok() const { return m_ok; }
    bool atEnd() const { return m_at == m_end; }

    template<typename T>
    T raw()
    {
        T value{};
        if (!m_ok || size_t(m_end - m_at) < sizeof value) {
            m_ok = false;
            return value;
        }
        std::memcpy(&value, m_at, sizeof value);
        m_at += sizeof value;
        return value;
    }
    // A count of items of at least `unit` bytes each.
    quint32 count(size_t unit)
    {
        const quint32 value = raw<quint32>();
        if (size_t(m_end - m_at) < size_t(value) * unit)
            m_ok = false;
        return m_ok ? value : 0;
    }
    void string(std::string &text)
    {
        const quint32 size = count(1);
        text.assign(m_at, size);
        m_at += size;
    }

private:
    const char *m_at;
    const char *m_end;
    bool m_ok = true;
};

} // namespace Errata
