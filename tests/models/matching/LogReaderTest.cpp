// LogReader reads a whole log up to a limit: a regular file over it is
// refused before reading, a stream (a FIFO, /dev/zero) is read until the
// limit and then refused; a FIFO is read as its writer writes, and the wait
// for a writer is cancellable. A log in UTF-16 or UTF-32 is given in UTF-8
// (with a byte order mark or without one), a UTF-8 one without its mark;
// readEnds() keeps the head and the tail of a long log at line ends and
// says what it left out.

#include "models/matching/LogReader.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <thread>

using namespace Errata;

class LogReaderTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void regularFile();
    void regularFileOverTheLimit();
    void endlessDevice();
    void fifoReadAsItIsWritten();
    void fifoWithoutWriterIsCancellable();
    void folderAndMissingFile();
    void limitsFromTheEnvironment();
    void encodings_data();
    void encodings();
    void utf8WithANulByteStaysUtf8();
    void endsOfALongLog_data();
    void endsOfALongLog();
    void endsOfAShortLogAreTheLog();
    void endsOfOneLongLine();
    void endsOfAnEndlessDevice();

private:
    QTemporaryDir m_dir;
};

void LogReaderTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void LogReaderTest::cleanup()
{
    qunsetenv("ERRATA_MAX_LOG_BYTES");
}

void LogReaderTest::regularFile()
{
    const QString path = m_dir.filePath(QStringLiteral("app.log"));
    QVERIFY(TestSupport::writeFile(path, "one\ntwo\n"));
    const LogReader::Result read = LogReader::read(path, {10, 10});
    QCOMPARE(read.status, LogReader::Read);
    QCOMPARE(read.bytes, QByteArray("one\ntwo\n"));
    QVERIFY(read.regularFile);
    QCOMPARE(read.limit, 10);
}

void LogReaderTest::regularFileOverTheLimit()
{
    const QString path = m_dir.filePath(QStringLiteral("big.log"));
    QVERIFY(TestSupport::writeFile(path, QByteArray(2048, 'x')));
    const LogReader::Result read = LogReader::read(path, {1024, 4096});
    QCOMPARE(read.status, LogReader::TooLarge);
    QVERIFY(read.bytes.isEmpty());
    QCOMPARE(read.error, QStringLiteral("the log is larger than 1.0 KiB, the most read from a file"));
    QCOMPARE(LogReader::read(path, {2048, 0}).status, LogReader::Read);
}

void LogReaderTest::endlessDevice()
{
    QElapsedTimer timer;
    timer.start();
    const LogReader::Result read = LogReader::read(QStringLiteral("/dev/zero"), {1 << 30, 1 << 20});
    QCOMPARE(read.status, LogReader::TooLarge);
    QVERIFY(!read.regularFile);
    QCOMPARE(read.error,
             QStringLiteral("the log is larger than 1.0 MiB, the most read from standard input, a pipe or a device"));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

void LogReaderTest::fifoReadAsItIsWritten()
{
    const QString fifo = m_dir.filePath(QStringLiteral("written.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    auto reading = std::async(std::launch::async, [fifo] { return LogReader::read(fifo, {100, 100}); });
    // Opened by the reader without waiting for a writer; then written in parts.
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 200; ++tries) {
        fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        if (fd < 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    QVERIFY(fd >= 0);
    for (const char *part : {"first\n", "second\n"}) {
        QCOMPARE(::write(fd, part, std::strlen(part)), ssize_t(std::strlen(part)));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ::close(fd);
    QVERIFY(reading.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    const LogReader::Result read = reading.get();
    QCOMPARE(read.status, LogReader::Read);
    QCOMPARE(read.bytes, QByteArray("first\nsecond\n"));
    QVERIFY(!read.regularFile);
}

void LogReaderTest::fifoWithoutWriterIsCancellable()
{
    const QString fifo = m_dir.filePath(QStringLiteral("silent.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    std::atomic_bool cancel = false;
    auto reading = std::async(std::launch::async, [&] { return LogReader::read(fifo, {100, 100}, &cancel); });
    QVERIFY(reading.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
    cancel = true;
    const bool ended = reading.wait_for(std::chrono::seconds(2)) == std::future_status::ready;
    if (!ended) { // release it, so that the test ends
        const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        ::close(fd);
    }
    QVERIFY2(ended, "cancelling did not stop the wait for a writer");
    QCOMPARE(reading.get().status, LogReader::Cancelled);
}

void LogReaderTest::folderAndMissingFile()
{
    const LogReader::Result folder = LogReader::read(m_dir.path(), {});
    QCOMPARE(folder.status, LogReader::Failed);
    QCOMPARE(folder.error, QStringLiteral("a folder, not a file"));
    const LogReader::Result missing = LogReader::read(m_dir.filePath(QStringLiteral("missing.log")), {});
    QCOMPARE(missing.status, LogReader::Failed);
    QVERIFY(!missing.error.isEmpty());
}

void LogReaderTest::limitsFromTheEnvironment()
{
    QCOMPARE(LogReader::limits().file, LogReader::FileLimit);
    QCOMPARE(LogReader::limits().stream, LogReader::StreamLimit);
    qputenv("ERRATA_MAX_LOG_BYTES", "4096");
    QCOMPARE(LogReader::limits().file, 4096);
    QCOMPARE(LogReader::limits().stream, 4096);
    QCOMPARE(LogReader::limits({100, 8192}).file, 100); // lowers, never raises
    QCOMPARE(LogReader::limits({100, 8192}).stream, 4096);
}

namespace {

QByteArray encoded(const QString &text, QStringConverter::Encoding encoding, bool bom)
{
    QStringEncoder encoder(encoding, bom ? QStringConverter::Flag::WriteBom : QStringConverter::Flag::Default);
    return encoder.encode(text);
}

QString numberedLines(int count)
{
    QString text;
    for (int i = 1; i <= count; ++i)
        text += QStringLiteral("line %1: something happened\n").arg(i, 4, 10, QLatin1Char('0'));
    return text;
}

} // namespace

void LogReaderTest::encodings_data()
{
    QTest::addColumn<int>("encoding");
    QTest::addColumn<bool>("bom");
    QTest::addColumn<QString>("expected");
    const struct
    {
        const char *name;
        QStringConverter::Encoding converter;
        LogEncoding::Encoding encoding;
    } cases[] = {{"UTF-8", QStringConverter::Utf8, LogEncoding::Utf8},
                 {"UTF-16LE", QStringConverter::Utf16LE, LogEncoding::Utf16LE},
                 {"UTF-16BE", QStringConverter::Utf16BE, LogEncoding::Utf16BE},
                 {"UTF-32LE", QStringConverter::Utf32LE, LogEncoding::Utf32LE},
                 {"UTF-32BE", QStringConverter::Utf32BE, LogEncoding::Utf32BE}};
    for (const auto &each : cases) {
        for (const bool bom : {true, false}) {
            QTest::addRow("%s, %s", each.name, bom ? "with its mark" : "without")
                << int(each.converter) << bom << LogEncoding::name(each.encoding);
        }
    }
}

void LogReaderTest::encodings()
{
    QFETCH(int, encoding);
    QFETCH(bool, bom);
    QFETCH(QString, expected);
    const QString text = QStringLiteral(
        "PS> npm ci\r\nnpm ERR! code ERESOLVE\r\nSchl\u00FCssel \u2192 \U0001F600 \u4E2D\r\n");
    const QString path = m_dir.filePath(QStringLiteral("windows.log"));
    QVERIFY(TestSupport::writeFile(path, encoded(text, QStringConverter::Encoding(encoding), bom)));
    const LogReader::Result read = LogReader::read(path, {1 << 20, 1 << 20});
    QCOMPARE(read.status, LogReader::Read);
    QCOMPARE(LogEncoding::name(read.encoding), expected);
    QCOMPARE(read.bytes, text.toUtf8()); // no byte order mark, no NUL byte
}

void LogReaderTest::utf8WithANulByteStaysUtf8()
{
    const QByteArray bytes = QByteArray("error: a NUL here ") + '\0' + QByteArray(" and no other\n");
    const QString path = m_dir.filePath(QStringLiteral("nul.log"));
    QVERIFY(TestSupport::writeFile(path, bytes));
    const LogReader::Result read = LogReader::read(path, {1 << 20, 1 << 20});
    QCOMPARE(read.encoding, LogEncoding::Utf8);
    QCOMPARE(read.bytes, bytes);
}

void LogReaderTest::endsOfALongLog_data()
{
    QTest::addColumn<int>("encoding");
    QTest::newRow("UTF-8") << int(QStringConverter::Utf8);
    QTest::newRow("UTF-16LE") << int(QStringConverter::Utf16LE);
    QTest::newRow("UTF-32BE") << int(QStringConverter::Utf32BE);
}

// 2,000 lines of 30 characters; the first and the last few kept, at line
// ends, the count of the others given.
void LogReaderTest::endsOfALongLog()
{
    QFETCH(int, encoding);
    const QString text = numberedLines(2000);
    const QByteArray bytes = encoded(text, QStringConverter::Encoding(encoding), true);
    const QString path = m_dir.filePath(QStringLiteral("long.log"));
    QVERIFY(TestSupport::writeFile(path, bytes));
    const QStringList all = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const qint64 bom = bytes.size() - encoded(text, QStringConverter::Encoding(encoding), false).size();
    const qint64 unit = (bytes.size() - bom) / text.size();
    const qint64 line = (all.first().size() + 1) * unit; // bytes
    const LogReader::Result read = LogReader::readEnds(path, {1 << 20, 1 << 20}, {8192 * unit, 4096 * unit});
    QCOMPARE(read.status, LogReader::Read);
    QCOMPARE(read.totalBytes, bytes.size());
    const QStringList lines = QString::fromUtf8(read.bytes).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const qint64 headLines = (8192 * unit - bom) / line;
    const qint64 tailLines = 4096 * unit / line;
    QCOMPARE(read.headLines, headLines);
    QCOMPARE(read.skippedLines, 2000 - headLines - tailLines);
    QCOMPARE(read.skippedBytes, read.skippedLines * line);
    QCOMPARE(lines.size(), 2000 - read.skippedLines);
    QCOMPARE(lines.first(), all.first());
    QCOMPARE(lines.at(int(headLines) - 1), all.at(int(headLines) - 1));
    QCOMPARE(lines.at(int(headLines)), all.at(int(read.lineInLog(headLines + 1)) - 1));
    QCOMPARE(lines.last(), all.last());
}

void LogReaderTest::endsOfAShortLogAreTheLog()
{
    const QString path = m_dir.filePath(QStringLiteral("short.log"));
    const QByteArray bytes = numberedLines(10).toUtf8();
    QVERIFY(TestSupport::writeFile(path, bytes));
    const LogReader::Result read = LogReader::readEnds(path, {1 << 20, 1 << 20}, {8192, 8192});
    QCOMPARE(read.bytes, bytes);
    QCOMPARE(read.skippedBytes, 0);
    QCOMPARE(read.skippedLines, 0);
    QCOMPARE(read.lineInLog(7), 7);
}

// One line of 1 MB without a line end: the head has no whole line, the
// tail is the line's end.
void LogReaderTest::endsOfOneLongLine()
{
    const QString path = m_dir.filePath(QStringLiteral("one-line.log"));
    QByteArray bytes(1 << 20, 'x');
    bytes.append("error: at the end");
    QVERIFY(TestSupport::writeFile(path, bytes));
    const LogReader::Result read = LogReader::readEnds(path, {1 << 21, 1 << 21}, {8192, 8192});
    QVERIFY2(read.bytes.size() >= 8192 && read.bytes.size() < 8192 + 4, qPrintable(QString::number(read.bytes.size())));
    QVERIFY(read.bytes.endsWith("error: at the end"));
    QCOMPARE(read.skippedBytes, bytes.size() - read.bytes.size());
    QCOMPARE(read.skippedLines, 0);
}

void LogReaderTest::endsOfAnEndlessDevice()
{
    const LogReader::Result read = LogReader::readEnds(QStringLiteral("/dev/zero"), {1 << 30, 1 << 22}, {8192, 8192});
    QCOMPARE(read.status, LogReader::TooLarge);
}

QTEST_GUILESS_MAIN(LogReaderTest)
#include "LogReaderTest.moc"
