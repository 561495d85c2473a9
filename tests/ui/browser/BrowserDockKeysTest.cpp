// The Records dock's keys in a word search, end to end in a main window on
// the sample KB: Down and Up in the search field move from record to record
// over the rows of domains and categories between, and Enter opens the
// record they reached.

#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/RecoveryStore.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/card/RecordTab.h"
#include "ui/window/MainWindow.h"

#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

using namespace Errata;

class BrowserDockKeysTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void downAndUpMoveFromRecordToRecord();

private:
    QTemporaryDir m_kb;
};

namespace {

QString currentId(const BrowserDock &browser)
{
    const auto *record = reinterpret_cast<const Record *>(
        browser.treeView()->currentIndex().data(RecordTreeModel::RecordRole).value<quintptr>());
    return record ? record->id() : QString();
}

} // namespace

void BrowserDockKeysTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(TestSupport::copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_kb.path()));
}

void BrowserDockKeysTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void BrowserDockKeysTest::downAndUpMoveFromRecordToRecord()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(m_kb.path());
    QVERIFY(loaded.count() || loaded.wait(10000));
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    search->setFocus();
    // Three records in three categories of two domains.
    QTest::keyClicks(search, QStringLiteral("permission"));
    QCOMPARE(browser->resultCount(), 3);
    QStringList seen{currentId(*browser)};
    for (int i = 0; i < 2; ++i) {
        QTest::keyClick(search, Qt::Key_Down);
        QVERIFY2(!currentId(*browser).isEmpty(), "Down stopped on a group row");
        seen << currentId(*browser);
    }
    seen.removeDuplicates();
    QCOMPARE(seen.size(), 3);
    QTest::keyClick(search, Qt::Key_Down); // past the last: stays there
    QCOMPARE(currentId(*browser), seen.last());
    QTest::keyClick(search, Qt::Key_Up);
    QCOMPARE(currentId(*browser), seen.at(1));
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(window.currentTab());
    QCOMPARE(window.currentTab()->record()->id(), seen.at(1));
}

QTEST_MAIN(BrowserDockKeysTest)
#include "BrowserDockKeysTest.moc"
