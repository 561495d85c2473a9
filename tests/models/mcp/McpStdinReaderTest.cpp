// McpStdinReader on a pipe: every byte arrives in order on the receiver's
// thread while the reader waits on its own, the end of the input is said
// once, and a descriptor that cannot be read ends with its error.
//
// The reader emits from its own thread: what the test counts is recorded by
// a queued connection on the test's thread, never by a QSignalSpy (which
// connects directly, so it would be written on the reader's thread while
// the test reads it).

#include "models/mcp/McpStdinReader.h"

#include <QStringList>
#include <QTest>

#include <memory>

#include <unistd.h>

using namespace Errata;

namespace {

// The errors of endOfInput, in order, recorded on the receiver's thread.
void recordEnds(McpStdinReader &reader, QObject *receiver, QStringList &ends)
{
    QObject::connect(
        &reader, &McpStdinReader::endOfInput, receiver, [&ends](const QString &error) { ends << error; },
        Qt::QueuedConnection);
}

} // namespace

class McpStdinReaderTest : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryByteThenTheEnd();
    void unreadableDescriptor();
};

void McpStdinReaderTest::readsEveryByteThenTheEnd()
{
    int fds[2];
    QCOMPARE(::pipe(fds), 0);
    McpStdinReader reader(fds[0]);
    QByteArray received;
    bool onReceiverThread = true;
    connect(&reader, &McpStdinReader::chunkRead, this, [&](const QByteArray &chunk) {
        onReceiverThread = onReceiverThread && QThread::currentThread() == thread();
        received += chunk;
        reader.release();
    });
    QStringList ended;
    recordEnds(reader, this, ended);
    reader.start();
    // Written from a thread of its own: more than the pipe and the chunks
    // in flight hold, so the reader must wait for this thread's release().
    QByteArray sent;
    for (int i = 0; i < 40; ++i)
        sent += QByteArray::number(i).repeated(5000) + '\n';
    std::unique_ptr<QThread> writer(QThread::create([&sent, fd = fds[1]] {
        for (qsizetype done = 0; done < sent.size();) {
            const ssize_t count = ::write(fd, sent.constData() + done,
                                          size_t(std::min<qsizetype>(sent.size() - done, 7000)));
            if (count <= 0)
                break;
            done += count;
        }
        ::close(fd);
    }));
    writer->start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 10000);
    QVERIFY(reader.wait(5000));
    QVERIFY(writer->wait(5000));
    QCoreApplication::processEvents(); // a second end, had there been one
    QCOMPARE(ended, QStringList{QString()});
    QCOMPARE(received, sent);
    QVERIFY(onReceiverThread);
    ::close(fds[0]);
}

void McpStdinReaderTest::unreadableDescriptor()
{
    McpStdinReader reader(-1);
    QStringList ended;
    recordEnds(reader, this, ended);
    reader.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 5000);
    QVERIFY(!ended.first().isEmpty());
    QVERIFY(reader.wait(5000));
}

QTEST_GUILESS_MAIN(McpStdinReaderTest)
#include "McpStdinReaderTest.moc"
