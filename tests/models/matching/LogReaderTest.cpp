// LogReader reads a whole log up to a limit: a regular file over it is
// refused before reading, a stream (a FIFO, /dev/zero) is read until the
// limit and then refused; a FIFO is read as its writer writes, and the wait
// for a writer is cancellable.

#include "models/matching/LogReader.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QFile>
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

QTEST_GUILESS_MAIN(LogReaderTest)
#include "LogReaderTest.moc"
