// The window's first start and its docks' readable sizes: the first start opens at a size of its own, not Qt's
// default, with the Records dock readable (resizeDocks() does nothing before the window is shown), and opening the
// regex workbench does not squeeze it.
//
// CTest runs this test twice: offscreen, and (when xvfb-run is installed) on a real X server of 1920×1080 without a
// window manager, where the absolute sizes are checked too.

#include "ui/window/DockLayout.h"
#include "models/kb/RecoveryStore.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/browser/ProblemsDock.h"
#include "ui/logs/RegexWorkbenchDock.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace Errata;

class DockLayoutTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void firstStartUsesTheScreen();
    void toolDockDoesNotSqueezeRecords();
    void squeezedSavedStateIsWidened();
    void savedSizesComeBack();

private:
    void showAndSettle(MainWindow &window);
    QRect available() const { return QGuiApplication::primaryScreen()->availableGeometry(); }

    QTemporaryDir m_dir;
};

void DockLayoutTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(TestSupport::writeFile(m_dir.filePath(QStringLiteral("pytorch/oom.json")),
                                   "{\n  \"id\": \"pytorch/oom\",\n  \"signature\": \"CUDA out of memory\"\n}\n"));
}

void DockLayoutTest::init()
{
    QSettings().clear(); // a fresh account: nothing saved
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void DockLayoutTest::showAndSettle(MainWindow &window)
{
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50); // the docks are sized just after the first show
}

void DockLayoutTest::firstStartUsesTheScreen()
{
    MainWindow window;
    showAndSettle(window);
    const QRect screen = available();
    QVERIFY2(window.width() >= screen.width() * 3 / 4 && window.height() >= screen.height() * 3 / 4,
             qPrintable(QStringLiteral("%1×%2 on %3×%4")
                            .arg(window.width())
                            .arg(window.height())
                            .arg(screen.width())
                            .arg(screen.height())));
    QVERIFY(screen.contains(window.frameGeometry().center()));
    if (screen.width() >= 1900 && screen.height() >= 1000) { // the 1920×1080 screen
        QVERIFY(window.width() >= 1200);
        QVERIFY(window.height() >= 750);
    }
    BrowserDock *records = window.browser();
    QVERIFY2(records->width() >= window.width() / 4 - 8, qPrintable(QString::number(records->width())));
    const QLineEdit *search = records->findChild<QLineEdit *>();
    QVERIFY(search);
    const int placeholder = search->fontMetrics().horizontalAdvance(search->placeholderText());
    if (window.width() / 3 > placeholder + 48)
        QVERIFY2(search->width() > placeholder, qPrintable(QString::number(search->width())));
    QTableView *problems = window.problems()->view();
    const int rows = problems->viewport()->height() / problems->verticalHeader()->defaultSectionSize();
    QVERIFY2(rows >= 6, qPrintable(QString::number(rows)));
}

void DockLayoutTest::toolDockDoesNotSqueezeRecords()
{
    MainWindow window;
    showAndSettle(window);
    const int before = window.browser()->width();
    window.workbench()->toggleViewAction()->trigger(); // View ▸ Regex Workbench
    QTest::qWait(50);
    QVERIFY(window.workbench()->isVisible());
    QVERIFY2(window.browser()->width() >= before - 8,
             qPrintable(QStringLiteral("%1 → %2").arg(before).arg(window.browser()->width())));
    window.workbench()->setFloating(true);
    QTest::qWait(20);
    window.workbench()->setFloating(false);
    QTest::qWait(20);
    QVERIFY(window.browser()->width() >= window.findChild<DockLayout *>()->recordsMinimumWidth());
}

// A state saved with the Records dock squeezed: the dock comes back at its readable minimum at least.
void DockLayoutTest::squeezedSavedStateIsWidened()
{
    {
        MainWindow window;
        showAndSettle(window);
        window.resizeDocks({window.browser()}, {10}, Qt::Horizontal);
        window.close();
    }
    MainWindow window;
    showAndSettle(window);
    const int least = window.findChild<DockLayout *>()->recordsMinimumWidth();
    QVERIFY2(window.browser()->width() >= least,
             qPrintable(QStringLiteral("%1 < %2").arg(window.browser()->width()).arg(least)));
    QVERIFY(least >= window.browser()->fontMetrics().averageCharWidth() * 20);
}

void DockLayoutTest::savedSizesComeBack()
{
    int width = 0;
    {
        MainWindow window;
        showAndSettle(window);
        window.resizeDocks({window.browser()}, {window.width() / 3}, Qt::Horizontal);
        QTest::qWait(20);
        width = window.browser()->width();
        window.close(); // saves
    }
    MainWindow window;
    showAndSettle(window);
    QVERIFY2(qAbs(window.browser()->width() - width) <= 8,
             qPrintable(QStringLiteral("%1, saved %2").arg(window.browser()->width()).arg(width)));
}

QTEST_MAIN(DockLayoutTest)
#include "DockLayoutTest.moc"
