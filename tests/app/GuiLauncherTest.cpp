// The desktop program as a user starts it (ERRATA_BINARY, offscreen, with
// --screenshot so that it ends): the log given with --match is read in the
// background and up to a limit (ERRATA_MAX_LOG_BYTES lowers it for tests),
// so an endless device or a FIFO neither exhausts memory nor freezes the
// window.

#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace Errata::TestSupport;

class GuiLauncherTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void matchLogFromAnEndlessDevice();
    void matchLogFromAFifo();

private:
    Run start(const QString &log);

    QTemporaryDir m_home; // the user's settings, data and cache folders
    QTemporaryDir m_dir;
};

void GuiLauncherTest::initTestCase()
{
    QVERIFY(m_home.isValid() && m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_dir.filePath(QStringLiteral("kb"))));
}

Run GuiLauncherTest::start(const QString &log)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = m_home.filePath(QStringLiteral("cache"));
    options.environment = QStringList{QStringLiteral("XDG_CONFIG_HOME=") + m_home.filePath(QStringLiteral("config")),
                                      QStringLiteral("XDG_DATA_HOME=") + m_home.filePath(QStringLiteral("data")),
                                      QStringLiteral("ERRATA_MAX_LOG_BYTES=1048576")};
    options.timeoutMs = 60000;
    return runErrata({m_dir.filePath(QStringLiteral("kb")), QStringLiteral("--match"), log,
                      QStringLiteral("--screenshot"), m_dir.filePath(QStringLiteral("shot.png"))},
                     options);
}

// Read up to the limit, then refused with a message; the window goes on.
void GuiLauncherTest::matchLogFromAnEndlessDevice()
{
    const Run result = start(QStringLiteral("/dev/zero"));
    QVERIFY2(result.exitCode == 0, qPrintable(QString::number(result.exitCode) + QLatin1Char(' ') + result.err));
    QVERIFY2(result.err.contains(QLatin1String("errata: /dev/zero: the log is larger than 1.0 MiB")),
             qPrintable(result.err));
    QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("shot.png"))).size() > 0);
}

// A FIFO is read as it is written, without the window waiting for it.
void GuiLauncherTest::matchLogFromAFifo()
{
    const QString fifo = m_dir.filePath(QStringLiteral("log.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    std::atomic_bool done = false;
    std::thread writer([&] {
        // Opened for writing once the program opened it for reading.
        int fd = -1;
        while (!done && fd < 0) {
            fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (fd < 0)
            return;
        const QByteArray log = "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
        [[maybe_unused]] const ssize_t written = ::write(fd, log.constData(), size_t(log.size()));
        ::close(fd);
    });
    const Run result = start(fifo);
    done = true;
    writer.join();
    QVERIFY2(result.exitCode == 0, qPrintable(QString::number(result.exitCode) + QLatin1Char(' ') + result.err));
    QVERIFY2(!result.err.contains(QLatin1String("errata: ")), qPrintable(result.err));
}

QTEST_GUILESS_MAIN(GuiLauncherTest)
#include "GuiLauncherTest.moc"
