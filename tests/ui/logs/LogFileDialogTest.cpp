// What LogFileDialog refuses to hand to the docks, which read a log file on
// the window's thread: anything but a regular file (a FIFO would block the
// window until something writes to it, /dev/zero never ends); and the
// docks' openLog(), which the command line's --workbench and --match call
// without the dialog, refuses the same.

#include "ui/logs/LogFileDialog.h"
#include "support/TestFiles.h"
#include "ui/logs/LogMatcherDock.h"
#include "ui/logs/RegexWorkbenchDock.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Errata;

class LogFileDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void refusal();
    void docksOpenOnlyRegularFiles();
};

void LogFileDialogTest::refusal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString log = dir.filePath(QStringLiteral("app.log"));
    QVERIFY(TestSupport::writeFile(log, "ok\n"));
    const QString fifo = dir.filePath(QStringLiteral("log.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString link = dir.filePath(QStringLiteral("link.log"));
    QCOMPARE(::symlink("log.fifo", QFile::encodeName(link).constData()), 0);

    QCOMPARE(LogFileDialog::refusal(log), QString());
    QCOMPARE(LogFileDialog::refusal(dir.filePath(QStringLiteral("missing.log"))), QString());
    for (const QString &path : {fifo, link, QStringLiteral("/dev/zero"), dir.path()}) {
        const QString why = LogFileDialog::refusal(path);
        QVERIFY2(why.contains(QLatin1String("is not a regular file")), qPrintable(path + QLatin1String(": ") + why));
        QVERIFY(why.startsWith(path));
    }
}

void LogFileDialogTest::docksOpenOnlyRegularFiles()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("log.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString log = dir.filePath(QStringLiteral("app.log"));
    QVERIFY(TestSupport::writeFile(log, "RuntimeError: CUDA out of memory\n"));
    LogMatcherDock matcher;
    RegexWorkbenchDock workbench;
    for (const QString &path : {fifo, QStringLiteral("/dev/zero")}) {
        QString error;
        QVERIFY(!matcher.openLog(path, &error)); // refused, without waiting for a writer or reading for ever
        QVERIFY2(error.contains(QLatin1String("is not a regular file")), qPrintable(error));
        error.clear();
        QVERIFY(!workbench.openLog(path, &error));
        QVERIFY2(error.contains(QLatin1String("is not a regular file")), qPrintable(error));
    }
    QString error;
    QVERIFY2(matcher.openLog(log, &error), qPrintable(error));
    QVERIFY2(workbench.openLog(log, &error), qPrintable(error));
    QVERIFY(!matcher.openLog(dir.filePath(QStringLiteral("missing.log")), &error));
    QVERIFY2(error.contains(QLatin1String("missing.log")), qPrintable(error));
}

QTEST_MAIN(LogFileDialogTest)
#include "LogFileDialogTest.moc"
