// Record::readFile and Record::load read regular files only: a FIFO, a link
// to one, or a device is refused at once, never opened for a blocking read
// (a FIFO without a writer would block forever, /dev/zero never ends).

#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <future>

using namespace Errata;

namespace {

struct Read
{
    bool finished = false; // within the time allowed
    bool ok = false;
    QString failure;
};

// Record::readFile (or Record::load) on another thread; one still reading
// after 10 s is stopped by opening `fifo` for writing, and did not finish.
Read readWithin(const QString &path, const QString &fifo, bool load)
{
    auto reading = std::async(std::launch::async, [path, load] {
        Read read;
        QByteArray text;
        Record::LoadError error;
        read.ok = load ? Record().load(path, &error) : Record::readFile(path, &text, &error.message);
        read.failure = error.message;
        return read;
    });
    if (reading.wait_for(std::chrono::seconds(10)) == std::future_status::ready) {
        Read read = reading.get();
        read.finished = true;
        return read;
    }
    while (reading.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) {
        const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    }
    return reading.get();
}

} // namespace

class RecordReadFileTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refused_data();
    void refused();
    void regularFileThroughALink();

private:
    QTemporaryDir m_dir;
};

void RecordReadFileTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCOMPARE(::mkfifo(QFile::encodeName(m_dir.filePath(QStringLiteral("pipe.json"))).constData(), 0600), 0);
    QCOMPARE(::symlink("pipe.json", QFile::encodeName(m_dir.filePath(QStringLiteral("link.json"))).constData()), 0);
    QVERIFY(TestSupport::writeFile(m_dir.filePath(QStringLiteral("real.json")), "{\"id\": \"a/b\"}\n"));
    QCOMPARE(::symlink("real.json", QFile::encodeName(m_dir.filePath(QStringLiteral("real-link.json"))).constData()),
             0);
}

void RecordReadFileTest::refused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("load");
    const QString fifo = m_dir.filePath(QStringLiteral("pipe.json"));
    const QString link = m_dir.filePath(QStringLiteral("link.json"));
    QTest::newRow("FIFO, readFile") << fifo << false;
    QTest::newRow("FIFO, load") << fifo << true;
    QTest::newRow("link to a FIFO, readFile") << link << false;
    QTest::newRow("link to a FIFO, load") << link << true;
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << false;
    QTest::newRow("a folder") << m_dir.path() << true;
}

void RecordReadFileTest::refused()
{
    QFETCH(QString, path);
    QFETCH(bool, load);
    const Read read = readWithin(path, m_dir.filePath(QStringLiteral("pipe.json")), load);
    QVERIFY2(read.finished, "the read blocked");
    QVERIFY(!read.ok);
    QVERIFY2(read.failure.contains(QLatin1String("not a regular file")), qPrintable(read.failure));
}

void RecordReadFileTest::regularFileThroughALink()
{
    QByteArray text;
    QString failure;
    QVERIFY2(Record::readFile(m_dir.filePath(QStringLiteral("real-link.json")), &text, &failure), qPrintable(failure));
    QCOMPARE(text, QByteArray("{\"id\": \"a/b\"}\n"));
}

QTEST_GUILESS_MAIN(RecordReadFileTest)
#include "RecordReadFileTest.moc"
