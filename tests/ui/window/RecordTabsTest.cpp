// Tab titles are the shortest distinguishing ending of the id, so that two tabs never both read "docker27-linux".

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecoveryStore.h"
#include "support/TestFiles.h"
#include "ui/window/MainWindow.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

using namespace Errata;

class RecordTabsTest : public QObject
{
    Q_OBJECT

private slots:
    void titlesTellTabsApart();
};

void RecordTabsTest::titlesTellTabsApart()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
    QTemporaryDir dir;
    for (const char *id : {"docker/docker27-linux", "podman/docker27-linux", "git/push-rejected"}) {
        const QByteArray text = QByteArray("{\n  \"id\": \"") + id + "\",\n  \"signature\": \"s\"\n}\n";
        QVERIFY(TestSupport::writeFile(dir.filePath(QString::fromLatin1(id) + QStringLiteral(".json")), text));
    }
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    QTabWidget *tabs = window.tabs();
    QVERIFY(window.openRecord(QStringLiteral("docker/docker27-linux")));
    QCOMPARE(tabs->tabText(0), QStringLiteral("docker27-linux"));
    QVERIFY(window.openRecord(QStringLiteral("git/push-rejected")));
    QVERIFY(window.openRecord(QStringLiteral("podman/docker27-linux")));
    QCOMPARE(tabs->tabText(0), QStringLiteral("docker/docker27-linux"));
    QCOMPARE(tabs->tabText(1), QStringLiteral("push-rejected"));
    QCOMPARE(tabs->tabText(2), QStringLiteral("podman/docker27-linux"));
    emit tabs->tabCloseRequested(2);                              // the close button
    QCOMPARE(tabs->tabText(0), QStringLiteral("docker27-linux")); // alone again
}

QTEST_MAIN(RecordTabsTest)
#include "RecordTabsTest.moc"
