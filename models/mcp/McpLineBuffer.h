#pragma once

#include <QByteArray>
#include <QList>

namespace Errata {

// Cuts the bytes read from an MCP stdio client into messages: one JSON-RPC
// message per line, ended by "\n" (a "\r" before it is dropped). A line
// longer than MaxMessageBytes is not kept: its bytes are dropped as they
// come, up to its line end, and it comes out once as an oversized message
// (empty text), so that the server can answer it with an error. The buffer
// never holds more than MaxMessageBytes plus the last chunk fed.
//
//   McpLineBuffer lines;
//   lines.feed(chunk);
//   for (const McpLineBuffer::Message &message : lines.take()) ...
class McpLineBuffer
{
public:
    static constexpr qsizetype MaxMessageBytes = 4 * 1024 * 1024;

    struct Message
    {
        QByteArray text;
        bool oversized = false;
    };

    explicit McpLineBuffer(qsizetype maxMessageBytes = MaxMessageBytes);

    void feed(const QByteArray &bytes);
    // The messages completed so far, in order.
    QList<Message> take();
    // The end of the input: a last line without its line end is a message
    // too.
    void finish();
    qsizetype buffered() const { return m_partial.size(); }

private:
    void complete();

    qsizetype m_max;
    QByteArray m_partial;
    bool m_skipping = false; // inside an oversized line
    QList<Message> m_messages;
};

} // namespace Errata
