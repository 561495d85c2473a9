#include "ui/window/MainWindow.h"

#include "bench/SyntheticKnowledgeBase.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/itemmodels/ReviewModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecoveryStore.h"
#include "models/session/SearchIndexCache.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/browser/ProblemsDock.h"
#include "ui/card/RecordCardView.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/RenameRecordCommand.h"
#include "ui/logs/LogMatcherDock.h"
#include "ui/logs/RegexWorkbenchDock.h"
#include "ui/review/ReviewView.h"

#include <QUndoStack>

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

#include <algorithm>

using namespace Errata;

namespace {

QByteArray recordText(const char *id, const char *signature, const char *extra = "")
{
    const QByteArray domain = QByteArray(id).left(QByteArray(id).indexOf('/'));
    return QByteArray("{\"id\": \"") + id + "\", \"signature\": \"" + signature + "\", \"regex\": \"x\", \"domain\": \""
        + domain + "\", \"category\": \"general\"" + extra + "}";
}

} // namespace

class MainWindowTest : public QObject
{
    Q_OBJECT

private slots:
    void settingsHaveAShortcut();
    void initTestCase();
    void init();
    void opensKbAndShowsCounts();
    void typingFiltersAndEnterOpensBestResult();
    void arrowKeysMoveThroughResults();
    void enterOnAGroupOpensAndClosesIt();
    void cardLinkOpensLinkedRecord();
    void brokenFilesAreListedAndTheRestOpens();
    void aFolderOfCanonsIsHinted();
    void openTabsAreRestored();
    void editSaveAndDirtyMarkers();
    void renameIsUndoableAndFollowedBySearch();
    void toolDocksFollowTheCurrentRecord();
    void browsingLeavesDocumentsReleased();
    void reopeningGoesThroughTheIndexCache();
    void firstOpeningShowsTheKbBeforeCheckingIt();
    void cancelledChecksAreFinishedByAReload();
    void closingDuringChecksKeepsWhatWasChecked();

private:
    void openAndWait(MainWindow &window);

    QTemporaryDir m_dir;
};

void MainWindowTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString root = m_dir.path();
    QVERIFY(TestSupport::writeFile(
        root + QStringLiteral("/pytorch/oom.json"),
        recordText("pytorch/oom", "CUDA out of memory",
                   ", \"transition_graph\": {\"leads_to\": [{\"error_id\": \"pytorch/nan\"}]}")));
    QVERIFY(
        TestSupport::writeFile(root + QStringLiteral("/pytorch/nan.json"), recordText("pytorch/nan", "Loss is NaN")));
    QVERIFY(TestSupport::writeFile(root + QStringLiteral("/docker/socket.json"),
                                   recordText("docker/socket", "permission denied on docker.sock")));
}

void MainWindowTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively(); // no offer to restore from an earlier test
}

void MainWindowTest::openAndWait(MainWindow &window)
{
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(m_dir.path());
    QVERIFY(loaded.wait(10000));
}

// Edit ▸ Settings… has a key on every platform, even where Qt knows none
// for preferences (X11 without a desktop, as in CI).
void MainWindowTest::settingsHaveAShortcut()
{
    MainWindow window;
    const QList<QAction *> actions = window.findChildren<QAction *>();
    const auto settings = std::find_if(actions.cbegin(), actions.cend(), [](const QAction *action) {
        return action->menuRole() == QAction::PreferencesRole;
    });
    QVERIFY(settings != actions.cend());
    QVERIFY(!(*settings)->shortcut().isEmpty());
}

void MainWindowTest::opensKbAndShowsCounts()
{
    MainWindow window;
    openAndWait(window);
    QCOMPARE(window.knowledgeBase()->count(), 3);
    QTreeView *tree = window.browser()->treeView();
    QCOMPARE(tree->model()->rowCount(), 2); // docker, pytorch
    QCOMPARE(tree->model()->index(1, 0).data().toString(), QStringLiteral("pytorch (2)"));
    QVERIFY(window.windowTitle().contains(QFileInfo(m_dir.path()).fileName()));
    QCOMPARE(window.knowledgeBase()->root(), QDir::cleanPath(m_dir.path()));
    QCOMPARE(QSettings().value(QStringLiteral("kb/last")).toString(), window.knowledgeBase()->root());
}

void MainWindowTest::typingFiltersAndEnterOpensBestResult()
{
    MainWindow window;
    window.show();
    openAndWait(window);
    QLineEdit *search = window.browser()->searchField();
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("loss"));
    QCOMPARE(window.browser()->resultCount(), 1);
    auto *count = window.browser()->findChild<QLabel *>(QStringLiteral("resultCount"));
    QVERIFY(count->text().contains(QLatin1String("1 result")));
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(window.tabs()->count(), 1);
    auto *card = qobject_cast<RecordTab *>(window.tabs()->currentWidget())->card();
    QVERIFY(card);
    QCOMPARE(card->record()->id(), QStringLiteral("pytorch/nan"));
    QVERIFY(card->toPlainText().contains(QLatin1String("Loss is NaN")));
}

void MainWindowTest::arrowKeysMoveThroughResults()
{
    MainWindow window;
    window.show();
    openAndWait(window);
    QLineEdit *search = window.browser()->searchField();
    QTest::keyClicks(search, QStringLiteral("pytorch"));
    const Record *first = window.browser()->currentRecord();
    QVERIFY(first);
    QTest::keyClick(search, Qt::Key_Down);
    const Record *second = window.browser()->currentRecord();
    QVERIFY(second);
    QVERIFY(second != first);
    QTest::keyClick(search, Qt::Key_Up);
    QCOMPARE(window.browser()->currentRecord(), first);
    QVERIFY(search->hasFocus() || !window.isActiveWindow());
}

void MainWindowTest::enterOnAGroupOpensAndClosesIt()
{
    MainWindow window;
    window.show();
    openAndWait(window);
    QLineEdit *search = window.browser()->searchField();
    QTest::keyClicks(search, QStringLiteral("pytorch"));
    QTreeView *tree = window.browser()->treeView();
    const QModelIndex first = tree->currentIndex();
    QVERIFY(window.browser()->currentRecord());
    // Up and Down pass over groups (BrowserDockKeysTest); a click makes
    // the record's category current.
    QTest::keyClick(search, Qt::Key_Up);
    QVERIFY(window.browser()->currentRecord());
    tree->setCurrentIndex(first.parent());
    const QModelIndex group = tree->currentIndex();
    QCOMPARE(group, first.parent());
    QVERIFY(tree->isExpanded(group));
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(!tree->isExpanded(group));
    QCOMPARE(window.tabs()->count(), 0);
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(tree->isExpanded(group));
    // A double click activates the row (the view itself does not toggle on a double click, so the group is toggled
    // once).
    QVERIFY(!tree->expandsOnDoubleClick());
    emit tree->activated(group);
    QVERIFY(!tree->isExpanded(group));
    QCOMPARE(window.tabs()->count(), 0);
}

void MainWindowTest::cardLinkOpensLinkedRecord()
{
    MainWindow window;
    openAndWait(window);
    QVERIFY(window.openRecord(QStringLiteral("pytorch/oom")));
    auto *card = qobject_cast<RecordTab *>(window.tabs()->currentWidget())->card();
    emit card->anchorClicked(QUrl(QStringLiteral("record:pytorch/nan")));
    QCOMPARE(window.tabs()->count(), 2);
    QCOMPARE(window.currentTab()->record()->id(), QStringLiteral("pytorch/nan"));
    QVERIFY(!window.openRecord(QStringLiteral("pytorch/absent")));
    QCOMPARE(window.tabs()->count(), 2);
}

void MainWindowTest::brokenFilesAreListedAndTheRestOpens()
{
    QTemporaryDir dir;
    QVERIFY(TestSupport::writeFile(dir.path() + QStringLiteral("/a/good.json"), recordText("a/good", "fine")));
    QVERIFY(TestSupport::writeFile(dir.path() + QStringLiteral("/a/broken.json"),
                                   "{\"id\": \"a/broken\",\n  \"signature\": }"));
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    QCOMPARE(window.knowledgeBase()->count(), 1);
    QCOMPARE(window.knowledgeBase()->loadProblems().size(), 1);
    QAbstractItemModel *problems = window.problems()->view()->model();
    bool listed = false;
    for (int row = 0; row < problems->rowCount(); ++row)
        listed = listed || problems->index(row, 1).data().toString() == QLatin1String("a/broken.json");
    QVERIFY2(listed, "the broken file is listed in the Problems dock");
}

// A folder of deadends.dev canons (a few of the test's own): the status bar
// and the top of the Problems dock say to convert them, once the KB is
// shown and again once it is checked; a KB of records opened next has no
// such hint.
void MainWindowTest::aFolderOfCanonsIsHinted()
{
    QTemporaryDir dir;
    for (const char *id : {"node/a/node20", "node/b/node20", "python/c/py311"}) {
        const QByteArray canon = QByteArray("{\"schema_version\": \"1.0.0\", \"id\": \"") + id
            + "\", \"error\": {\"signature\": \"Error: x\", \"regex\": \"x\", \"domain\": \"node\"}, "
              "\"verdict\": {\"summary\": \"x\"}}";
        QVERIFY(
            TestSupport::writeFile(dir.path() + QLatin1Char('/') + QLatin1String(id) + QStringLiteral(".json"), canon));
    }
    MainWindow window;
    window.show(); // the status bar's progress is visible, and its message cleared, only in a shown window
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    const QString expected = QStringLiteral("errata import-deadends %1 DST").arg(window.knowledgeBase()->root());
    QVERIFY2(window.statusBar()->currentMessage().contains(expected), qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(!window.problems()->hintLabel()->isHidden());
    QVERIFY2(window.problems()->hintLabel()->text().contains(QStringLiteral("deadends.dev canons")),
             qPrintable(window.problems()->hintLabel()->text()));
    QVERIFY(!window.problems()->isHidden());

    window.openKnowledgeBase(m_dir.path());
    QVERIFY(loaded.wait(10000));
    QVERIFY(window.problems()->hintLabel()->isHidden());
    QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("canons")));
}

void MainWindowTest::openTabsAreRestored()
{
    {
        MainWindow window;
        openAndWait(window);
        window.openRecord(QStringLiteral("pytorch/oom"));
        window.openRecord(QStringLiteral("docker/socket"));
        window.close();
    }
    MainWindow again;
    openAndWait(again);
    QCOMPARE(again.tabs()->count(), 2);
    QCOMPARE(qobject_cast<RecordTab *>(again.tabs()->widget(0))->record()->id(), QStringLiteral("pytorch/oom"));
}

void MainWindowTest::editSaveAndDirtyMarkers()
{
    QTemporaryDir dir;
    QVERIFY(TestSupport::writeFile(dir.path() + QStringLiteral("/a/one.json"), recordText("a/one", "first")));
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    QVERIFY(window.editRecord(QStringLiteral("a/one"), QStringLiteral("/signature")));
    RecordTab *tab = window.currentTab();
    QVERIFY(tab->isEditing());
    tab->session()->setValue(QStringLiteral("/signature"), "first edited", QStringLiteral("Edit signature"));
    QVERIFY(tab->isDirty());
    QVERIFY(window.tabs()->tabText(0).startsWith(QStringLiteral("● ")));
    QVERIFY(window.saveCurrent());
    QVERIFY(!tab->isDirty());
    QVERIFY(!window.tabs()->tabText(0).startsWith(QStringLiteral("● ")));
    QFile file(dir.path() + QStringLiteral("/a/one.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("first edited"));
    // Found by the new text at once (the index follows edits).
    window.browser()->setSearchText(QStringLiteral("edited"));
    QTRY_COMPARE(window.browser()->resultCount(), 1);
}

void MainWindowTest::renameIsUndoableAndFollowedBySearch()
{
    QTemporaryDir dir;
    QVERIFY(TestSupport::writeFile(dir.path() + QStringLiteral("/a/one.json"), recordText("a/one", "first")));
    QVERIFY(
        TestSupport::writeFile(dir.path() + QStringLiteral("/a/two.json"),
                               recordText("a/two", "second", ", \"transition_graph\": {\"leads_to\": [\"a/one\"]}")));
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    QVERIFY(window.editRecord(QStringLiteral("a/one")));
    RecordTab *tab = window.currentTab();
    Record *record = tab->record();
    QString error;
    QVERIFY2(RecordOperations::renameRecord(*const_cast<KnowledgeBase *>(window.knowledgeBase()), record,
                                            QStringLiteral("a/uno"), &error),
             qPrintable(error));
    tab->session()->undoStack()->push(new RenameRecordCommand(
        const_cast<KnowledgeBase *>(window.knowledgeBase()), record, QStringLiteral("a/one"), QStringLiteral("a/uno")));
    QVERIFY(QFile::exists(dir.path() + QStringLiteral("/a/uno.json")));
    QVERIFY(!QFile::exists(dir.path() + QStringLiteral("/a/one.json")));
    QCOMPARE(window.knowledgeBase()->find(QStringLiteral("a/two"))->links(Link::LeadsTo).value(0).targetId,
             QStringLiteral("a/uno"));
    tab->session()->undoStack()->undo();
    QVERIFY(QFile::exists(dir.path() + QStringLiteral("/a/one.json")));
    QCOMPARE(record->id(), QStringLiteral("a/one"));
    QCOMPARE(window.knowledgeBase()->find(QStringLiteral("a/two"))->links(Link::LeadsTo).value(0).targetId,
             QStringLiteral("a/one"));
}

// The workbench shows the current tab's record, editable only in edit mode;
// a record picked in the log matcher opens in a tab.
void MainWindowTest::toolDocksFollowTheCurrentRecord()
{
    MainWindow window;
    openAndWait(window);
    RegexWorkbenchDock *workbench = window.workbench();
    QVERIFY(window.openRecord(QStringLiteral("pytorch/oom")));
    QCOMPARE(workbench->recordId(), QStringLiteral("pytorch/oom"));
    QCOMPARE(workbench->regexText(), QStringLiteral("x"));
    QVERIFY(!workbench->regexEditable());
    window.currentTab()->setEditing(true);
    QVERIFY(workbench->regexEditable());
    emit window.logMatcher()->recordActivated(QStringLiteral("docker/socket"));
    QCOMPARE(window.currentTab()->record()->id(), QStringLiteral("docker/socket"));
    QCOMPARE(workbench->recordId(), QStringLiteral("docker/socket"));
    QVERIFY(!workbench->regexEditable());
    while (window.tabs()->count() > 0)
        emit window.tabs()->tabCloseRequested(0);
    QVERIFY(workbench->regexEditable()); // no record: a scratch regex
}

// A large KB is held as text: showing the tree, searching and the review
// view (which reads every record in the background) parse no record for
// good; an opened record keeps its document.
void MainWindowTest::browsingLeavesDocumentsReleased()
{
    MainWindow window;
    window.show();
    openAndWait(window);
    QTest::qWait(300); // the review view's progress is worked out after a pause
    QTest::keyClicks(window.browser()->searchField(), QStringLiteral("loss"));
    QTest::qWait(300);
    const KnowledgeBase *kb = window.knowledgeBase();
    const auto parsed = [kb] {
        QStringList ids;
        for (int i = 0; i < kb->count(); ++i) {
            if (kb->recordAt(i)->hasDocument())
                ids << kb->recordAt(i)->id();
        }
        return ids;
    };
    QCOMPARE(parsed(), QStringList());
    window.openRecord(QStringLiteral("pytorch/oom"));
    QCOMPARE(parsed(), QStringList{QStringLiteral("pytorch/oom")});

    window.setReviewMode(true);
    QSignalSpy counted(window.review()->model(), &ReviewModel::counted);
    QVERIFY(counted.wait(10000));
    QCOMPARE(window.review()->model()->rowCount(), kb->count());
    QCOMPARE(parsed(), QStringList{QStringLiteral("pytorch/oom")});
}

// Opening writes the search index cache; opening again reads it, and a
// file changed in between is searched as it is now.
void MainWindowTest::reopeningGoesThroughTheIndexCache()
{
    QTemporaryDir dir;
    QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("node/a.json")),
                                   recordText("node/a", "Cannot find module lodash",
                                              ", \"transition_graph\": {\"leads_to\": [{\"error_id\": \"node/f\"}]}")));
    QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("node/b.json")),
                                   recordText("node/b", "EADDRINUSE port taken")));
    for (const char *id : {"node/c", "node/d", "node/e", "node/f"}) // few changes: the cached index is used
        QVERIFY(TestSupport::writeFile(dir.filePath(QString::fromLatin1(id) + QStringLiteral(".json")),
                                       recordText(id, "Some other error")));
    const auto rulesOfA = [](const MainWindow &window) {
        QStringList rules;
        for (const Problem &problem :
             window.knowledgeBase()->problems(window.knowledgeBase()->find(QStringLiteral("node/a"))))
            rules << problem.rule;
        return rules;
    };
    const QString cacheFile = SearchIndexCache::fileFor(dir.path());
    QFile::remove(cacheFile);
    const auto open = [&dir](MainWindow &window) {
        QSignalSpy loaded(&window, &MainWindow::loaded);
        window.openKnowledgeBase(dir.path());
        QVERIFY(loaded.wait(10000));
    };
    {
        MainWindow window;
        open(window);
        QVERIFY(rulesOfA(window).contains(QStringLiteral("link-reciprocal")));
    }
    QVERIFY(QFileInfo::exists(cacheFile));
    QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("node/b.json")),
                                   recordText("node/b", "ECONNREFUSED nothing listens")));
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("node/f.json"))));
    MainWindow window;
    window.show();
    open(window);
    // node/a's own findings come from the cache; its link is checked anew.
    QVERIFY(rulesOfA(window).contains(QStringLiteral("link-dangling")));
    QVERIFY(rulesOfA(window).contains(QStringLiteral("zh-missing")));
    QTest::keyClicks(window.browser()->searchField(), QStringLiteral("lodash"));
    QCOMPARE(window.browser()->resultCount(), 1);
    window.browser()->searchField()->clear();
    QTest::keyClicks(window.browser()->searchField(), QStringLiteral("econnrefused"));
    QCOMPARE(window.browser()->resultCount(), 1);
    window.browser()->searchField()->clear();
    QTest::keyClicks(window.browser()->searchField(), QStringLiteral("eaddrinuse"));
    QCOMPARE(window.browser()->resultCount(), 0);
    QVERIFY(window.close()); // waits for the cache, written on a thread of its own
    SearchIndexCache cache(cacheFile);
    QVERIFY(cache.open(dir.path()));
    QCOMPARE(cache.rowCount(), 5);
}

// The records whose findings the cache lacks (all, the first time) are
// checked after the KB is shown; their findings then reach the tree, the
// search and the Problems dock. A reopening has nothing left to check.
void MainWindowTest::firstOpeningShowsTheKbBeforeCheckingIt()
{
    QTemporaryDir dir;
    QVERIFY(TestSupport::writeFile(
        dir.filePath(QStringLiteral("node/a.json")),
        recordText("node/a", "Cannot find module lodash").replace("\"regex\": \"x\"", "\"regex\": \"lodash (\"")));
    QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("node/b.json")),
                                   recordText("node/b", "EADDRINUSE port taken")));
    QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("git/c.json")),
                                   recordText("git/c", "Permission denied (publickey)")));
    QFile::remove(SearchIndexCache::fileFor(dir.path()));
    MainWindow window;
    window.show();
    QSignalSpy checking(&window, &MainWindow::checking);
    QSignalSpy loaded(&window, &MainWindow::loaded);
    int shownRecords = 0;
    int findingsWhenShown = -1;
    const auto healthSaysChecking = [&window] {
        const QList<QLabel *> labels = window.statusBar()->findChildren<QLabel *>();
        return std::any_of(labels.cbegin(), labels.cend(),
                           [](const QLabel *label) { return label->text().endsWith(QStringLiteral(" (checking…)")); });
    };
    QStringList messages; // the status bar's, in order
    connect(window.statusBar(), &QStatusBar::messageChanged, this, [&messages](const QString &message) {
        if (!message.isEmpty())
            messages << message;
    });
    const auto firstWith = [&messages](const char *text) {
        for (int i = 0; i < messages.size(); ++i) {
            if (messages.at(i).contains(QLatin1String(text)))
                return i;
        }
        return -1;
    };
    bool checkingShown = false;
    connect(&window, &MainWindow::checking, this, [&] {
        shownRecords = window.browser()->treeView()->model()->rowCount(); // domains
        findingsWhenShown = int(window.knowledgeBase()->allProblems().size());
        checkingShown = healthSaysChecking();
        QTest::keyClicks(window.browser()->searchField(), QStringLiteral("severity:error"));
    });
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(10000));
    QCOMPARE(checking.count(), 1);
    QCOMPARE(checking.at(0).at(0).toInt(), 3);
    QCOMPARE(shownRecords, 2); // git, node: shown before any check
    QCOMPARE(findingsWhenShown, 0);
    QVERIFY(checkingShown);
    QVERIFY(!healthSaysChecking());
    // Shown, then its lookup index, then the checks (the opening says
    // "Checking" too, for what its cache holds).
    int lastChecking = -1;
    for (int i = 0; i < messages.size(); ++i) {
        if (messages.at(i).startsWith(QLatin1String("Checking the records")))
            lastChecking = i;
    }
    QVERIFY2(firstWith("for lookup") > firstWith("for search") && lastChecking > firstWith("for lookup"),
             qPrintable(messages.join(QLatin1Char('|'))));
    const KnowledgeBase *kb = window.knowledgeBase();
    QStringList rules;
    for (const Problem &problem : kb->problems(kb->find(QStringLiteral("node/a"))))
        rules << problem.rule;
    QVERIFY2(rules.contains(QStringLiteral("regex-compile")), qPrintable(rules.join(QLatin1Char(' '))));
    const QAbstractItemModel *tree = window.browser()->treeView()->model();
    QTRY_COMPARE(window.browser()->resultCount(), 1); // the search follows the findings
    QCOMPARE(tree->index(0, 0).data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Error)); // node
    QVERIFY(window.problems()->findChild<QTableView *>()->model()->rowCount() > 0);

    MainWindow again;
    QSignalSpy checkingAgain(&again, &MainWindow::checking);
    QSignalSpy loadedAgain(&again, &MainWindow::loaded);
    again.openKnowledgeBase(dir.path());
    QVERIFY(loadedAgain.wait(10000));
    QCOMPARE(checkingAgain.count(), 0);
    QCOMPARE(again.knowledgeBase()->allProblems().size(), kb->allProblems().size());
}

// Cancel in the status bar stops the checks; the records already checked
// keep their findings, the others have none yet, and a reload checks them.
void MainWindowTest::cancelledChecksAreFinishedByAReload()
{
    QTemporaryDir dir;
    QVERIFY(SyntheticKnowledgeBase(1500, 3).write(dir.path()));
    QFile::remove(SearchIndexCache::fileFor(dir.path()));
    MainWindow window;
    window.show();
    QToolButton *cancel = nullptr;
    for (QToolButton *button : window.statusBar()->findChildren<QToolButton *>()) {
        if (button->text() == QStringLiteral("Cancel"))
            cancel = button;
    }
    QVERIFY(cancel);
    // Cancel once some records are checked and others are not.
    QProgressBar *progress = window.statusBar()->findChild<QProgressBar *>();
    QVERIFY(progress);
    bool checking = false;
    const auto started = connect(&window, &MainWindow::checking, this, [&checking] { checking = true; });
    const auto connection = connect(progress, &QProgressBar::valueChanged, cancel, [&](int value) {
        if (checking && value > 0 && value < progress->maximum() && cancel->isVisible())
            cancel->click();
    });
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(30000));
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Checking was cancelled")));
    const auto summary = [](const QList<Problem> &problems) {
        QStringList lines;
        for (const Problem &problem : problems)
            lines << problem.toText();
        return lines;
    };
    const RecordValidator validator;
    int unchecked = 0;
    const KnowledgeBase *kb = window.knowledgeBase();
    QCOMPARE(kb->count(), 1500);
    for (int i = 0; i < kb->count(); ++i) {
        const Record *record = kb->recordAt(i);
        const QStringList expected = summary(validator.validate(*record, kb));
        const QStringList actual = summary(kb->problems(record));
        QVERIFY(actual.isEmpty() || actual == expected);
        unchecked += actual.isEmpty() && !expected.isEmpty();
    }
    QVERIFY2(unchecked > 0, "the checks ended before Cancel took effect");

    QVERIFY2(unchecked < 1500, "Cancel took effect before any record was checked");
    disconnect(connection);
    disconnect(started);
    QSignalSpy checkingAgain(&window, &MainWindow::checking);
    window.openKnowledgeBase(dir.path()); // what Reload (F5) does
    QVERIFY(loaded.wait(30000));
    QCOMPARE(checkingAgain.count(), 1);
    QVERIFY(checkingAgain.at(0).at(0).toInt() >= unchecked);
    QVERIFY(checkingAgain.at(0).at(0).toInt() < 1500); // those checked before were kept in the cache
    kb = window.knowledgeBase();
    for (int i = 0; i < kb->count(); ++i)
        QCOMPARE(summary(kb->problems(kb->recordAt(i))), summary(validator.validate(*kb->recordAt(i), kb)));
}

// Closing the window while the records are checked writes the cache with
// what was checked so far, so the next opening checks only the rest.
void MainWindowTest::closingDuringChecksKeepsWhatWasChecked()
{
    QTemporaryDir dir;
    QVERIFY(SyntheticKnowledgeBase(1500, 3).write(dir.path()));
    const QString cacheFile = SearchIndexCache::fileFor(dir.path());
    QFile::remove(cacheFile);
    int checkedWhenClosed = -1;
    {
        MainWindow window;
        window.show();
        QProgressBar *progress = window.statusBar()->findChild<QProgressBar *>();
        QVERIFY(progress);
        bool checking = false;
        connect(&window, &MainWindow::checking, this, [&checking] { checking = true; });
        connect(progress, &QProgressBar::valueChanged, &window, [&](int value) {
            if (checking && value > 0 && value < progress->maximum() && window.isVisible()) {
                checkedWhenClosed = value;
                window.close();
            }
        });
        QSignalSpy loaded(&window, &MainWindow::loaded);
        window.openKnowledgeBase(dir.path());
        QTRY_VERIFY_WITH_TIMEOUT(checkedWhenClosed > 0 || !loaded.isEmpty(), 30000);
        QVERIFY2(checkedWhenClosed > 0, "the checks ended before the window was closed");
        QVERIFY(!window.isVisible());
        QVERIFY(QFileInfo::exists(cacheFile)); // at once, as when the program ends with its window
    }
    MainWindow again;
    QSignalSpy checkingAgain(&again, &MainWindow::checking);
    QSignalSpy loaded(&again, &MainWindow::loaded);
    again.openKnowledgeBase(dir.path());
    QVERIFY(loaded.wait(30000));
    // Those checked before the window closed (at least as many as the
    // progress bar showed) were kept; checking goes on with the others.
    const int left = checkingAgain.isEmpty() ? 0 : checkingAgain.at(0).at(0).toInt();
    QVERIFY2(left <= 1500 - checkedWhenClosed, qPrintable(QString::number(left)));
    const RecordValidator validator;
    const KnowledgeBase *kb = again.knowledgeBase();
    QCOMPARE(kb->count(), 1500);
    for (int i = 0; i < kb->count(); ++i) {
        const QList<Problem> expected = validator.validate(*kb->recordAt(i), kb);
        QCOMPARE(kb->problems(kb->recordAt(i)).size(), expected.size());
    }
}

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
