// How McpLineBuffer cuts standard input into messages: lines in any chunks,
// CRLF, blank lines, a line longer than the limit dropped as it comes (never
// held whole) and reported once, and the last line at the end of input.

#include "models/mcp/McpLineBuffer.h"

#include <QTest>

using namespace Errata;

class McpLineBufferTest : public QObject
{
    Q_OBJECT

private slots:
    void linesInAnyChunks();
    void crlfAndBlankLines();
    void oversizedLineIsDroppedAndReported();
    void lastLineAtTheEnd();

private:
    static QList<QByteArray> texts(const QList<McpLineBuffer::Message> &messages);
};

QList<QByteArray> McpLineBufferTest::texts(const QList<McpLineBuffer::Message> &messages)
{
    QList<QByteArray> result;
    for (const McpLineBuffer::Message &message : messages)
        result << (message.oversized ? QByteArray("<oversized>") : message.text);
    return result;
}

void McpLineBufferTest::linesInAnyChunks()
{
    const QByteArray input = "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n";
    for (int size = 1; size <= input.size(); ++size) {
        McpLineBuffer lines;
        QList<McpLineBuffer::Message> messages;
        for (int at = 0; at < input.size(); at += size) {
            lines.feed(input.mid(at, size));
            messages << lines.take();
        }
        QCOMPARE(texts(messages), QList<QByteArray>({"{\"a\":1}", "{\"b\":2}", "{\"c\":3}"}));
        QCOMPARE(lines.buffered(), 0);
    }
}

void McpLineBufferTest::crlfAndBlankLines()
{
    McpLineBuffer lines;
    lines.feed("{\"a\":1}\r\n\n   \n{\"b\":2}\n");
    QCOMPARE(texts(lines.take()), QList<QByteArray>({"{\"a\":1}", "{\"b\":2}"}));
}

void McpLineBufferTest::oversizedLineIsDroppedAndReported()
{
    McpLineBuffer lines(100);
    lines.feed("{\"ok\":1}\n");
    for (int i = 0; i < 50; ++i) {
        lines.feed(QByteArray(64, 'x'));
        QVERIFY(lines.buffered() <= 100);
    }
    QCOMPARE(texts(lines.take()), QList<QByteArray>({"{\"ok\":1}"}));
    lines.feed(QByteArray(64, 'x') + "\n{\"next\":2}\n");
    QCOMPARE(texts(lines.take()), QList<QByteArray>({"<oversized>", "{\"next\":2}"}));
    // Exactly at the limit is still a message.
    lines.feed(QByteArray(100, 'y') + '\n');
    QCOMPARE(lines.take().first().text.size(), 100);
}

void McpLineBufferTest::lastLineAtTheEnd()
{
    McpLineBuffer lines;
    lines.feed("{\"a\":1}\n{\"b\"");
    QCOMPARE(texts(lines.take()), QList<QByteArray>({"{\"a\":1}"}));
    lines.finish();
    QCOMPARE(texts(lines.take()), QList<QByteArray>({"{\"b\""}));
    lines.finish();
    QVERIFY(lines.take().isEmpty());
}

QTEST_GUILESS_MAIN(McpLineBufferTest)
#include "McpLineBufferTest.moc"
