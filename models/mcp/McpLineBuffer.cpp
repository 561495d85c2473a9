#include "models/mcp/McpLineBuffer.h"

#include <utility>

namespace Errata {

McpLineBuffer::McpLineBuffer(qsizetype maxMessageBytes)
    : m_max(maxMessageBytes)
{
}

void McpLineBuffer::feed(const QByteArray &bytes)
{
    qsizetype start = 0;
    while (start < bytes.size()) {
        const qsizetype end = bytes.indexOf('\n', start);
        const qsizetype stop = end < 0 ? bytes.size() : end;
        if (!m_skipping) {
            m_partial.append(bytes.constData() + start, stop - start);
            if (m_partial.size() > m_max) {
                m_partial.clear();
                m_partial.squeeze();
                m_skipping = true;
            }
        }
        if (end < 0)
            return;
        complete();
        start = end + 1;
    }
}

void McpLineBuffer::complete()
{
    if (m_skipping) {
        m_messages << Message{QByteArray(), true};
        m_skipping = false;
        return;
    }
    if (m_partial.endsWith('\r'))
        m_partial.chop(1);
    if (!m_partial.trimmed().isEmpty())
        m_messages << Message{m_partial, false};
    m_partial.clear();
}

void McpLineBuffer::finish()
{
    if (m_skipping || !m_partial.isEmpty())
        complete();
}

QList<McpLineBuffer::Message> McpLineBuffer::take()
{
    return std::exchange(m_messages, {});
}

} // namespace Errata
