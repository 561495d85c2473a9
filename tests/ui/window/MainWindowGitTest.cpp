// The window on a KB in a git checkout (made with libgit2): the status bar
// names the branch and counts the changed records, the tree marks each
// changed record's state, and "changed" and "git:…" search by it; a KB in
// no checkout shows none of it.

#include "ui/window/MainWindow.h"

#include "models/git/GitStateTracker.h"
#include "models/git/GitStatus.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/KnowledgeBase.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/card/RecordTab.h"
#include "ui/git/DeletedRecordRestorer.h"
#include "ui/window/GitSupport.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray recordText(const QString &id, const QString &signature)
{
    return QStringLiteral("{\"id\": \"%1\", \"signature\": \"%2\", \"regex\": \"x\", \"domain\": \"%3\", "
                          "\"category\": \"general\", \"root_cause\": \"Why %1 happens, at length.\"}\n")
        .arg(id, signature, id.section(QLatin1Char('/'), 0, 0))
        .toUtf8();
}

} // namespace

class MainWindowGitTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void statusBarTreeAndSearch();
    void noCheckoutNoGitLabel();
    void conflictIsOfferedForResolution();
    void deletedRecordIsListedAndRestored();

private:
    void openAndWait(MainWindow &window, const QString &folder);
};

void MainWindowGitTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void MainWindowGitTest::openAndWait(MainWindow &window, const QString &folder)
{
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(folder);
    QVERIFY(loaded.wait(10000));
    window.waitForLoad(); // and the git states
}

void MainWindowGitTest::statusBarTreeAndSearch()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path(), QStringLiteral("curation"));
    QVERIFY(repository.write(QStringLiteral("app/one.json"),
                             recordText(QStringLiteral("app/one"), QStringLiteral("disk full"))));
    QVERIFY(repository.write(QStringLiteral("app/two.json"),
                             recordText(QStringLiteral("app/two"), QStringLiteral("quota"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.write(QStringLiteral("app/one.json"),
                             recordText(QStringLiteral("app/one"), QStringLiteral("disk is full"))));
    QVERIFY(repository.write(QStringLiteral("net/new.json"),
                             recordText(QStringLiteral("net/new"), QStringLiteral("refused"))));

    MainWindow window;
    openAndWait(window, dir.path());
    auto *label = window.statusBar()->findChild<QLabel *>(QStringLiteral("gitStatus"));
    QVERIFY(label);
    QVERIFY(!label->isHidden());
    QCOMPARE(label->text(), QStringLiteral("curation: 2 changed"));
    QVERIFY(label->toolTip().contains(QStringLiteral("modified")));

    const KnowledgeBase *kb = window.knowledgeBase();
    const QAbstractItemModel *model = window.browser()->treeView()->model();
    QCOMPARE(model->rowCount(), 2); // app, net
    window.browser()->searchField()->setText(QStringLiteral("changed"));
    QCOMPARE(window.browser()->resultCount(), 2);
    window.browser()->searchField()->setText(QStringLiteral("git:new"));
    QCOMPARE(window.browser()->resultCount(), 1);
    QCOMPARE(window.browser()->currentRecord(), kb->find(QStringLiteral("net/new")));
    window.browser()->searchField()->setText(QStringLiteral("git:modified"));
    QCOMPARE(window.browser()->resultCount(), 1);
    QCOMPARE(window.browser()->currentRecord(), kb->find(QStringLiteral("app/one")));

    // Committed by git: the label and the search follow without a reload.
    QVERIFY(!repository.commitAll(QStringLiteral("second")).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(label->text(), QStringLiteral("curation: no changes"), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(window.browser()->resultCount(), 0, 5000);
}

void MainWindowGitTest::noCheckoutNoGitLabel()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("app/one.json")),
                      recordText(QStringLiteral("app/one"), QStringLiteral("x"))));
    MainWindow window;
    openAndWait(window, dir.path());
    auto *label = window.statusBar()->findChild<QLabel *>(QStringLiteral("gitStatus"));
    QVERIFY(label);
    QVERIFY(label->isHidden());
    window.browser()->searchField()->setText(QStringLiteral("changed"));
    QCOMPARE(window.browser()->resultCount(), 0);
}

// A file git left in conflict does not load ("merge conflict, lines a–b"),
// and Record ▸ Resolve Merge Conflict… is enabled for it.
void MainWindowGitTest::conflictIsOfferedForResolution()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    const QByteArray base = recordText(QStringLiteral("app/one"), QStringLiteral("disk full"));
    QVERIFY(repository.write(QStringLiteral("app/one.json"), base));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    MainWindow window;
    openAndWait(window, dir.path());
    const QList<QAction *> actions = window.findChildren<QAction *>();
    const auto resolve = std::find_if(actions.cbegin(), actions.cend(), [](const QAction *action) {
        return action->text() == QStringLiteral("Resolve &Merge Conflict…");
    });
    QVERIFY(resolve != actions.cend());
    QVERIFY(!(*resolve)->isEnabled());

    QVERIFY(repository.conflict(
        QStringLiteral("app/one.json"), base, recordText(QStringLiteral("app/one"), QStringLiteral("a")),
        recordText(QStringLiteral("app/one"), QStringLiteral("b")), "<<<<<<< ours\n=======\n>>>>>>> theirs\n"));
    openAndWait(window, dir.path());
    QVERIFY((*resolve)->isEnabled());
    QCOMPARE(window.knowledgeBase()->count(), 0);
    QCOMPARE(window.knowledgeBase()->loadProblems().size(), 1);
    QVERIFY(
        window.knowledgeBase()->loadProblems().first().message.startsWith(QStringLiteral("merge conflict, lines 1–3")));
}

// A record file deleted since the last commit is listed in the tree
// (git:deleted finds it, Enter on it asks to restore it), and restoring it
// brings the record back into the KB, opened, with git reporting no change.
void MainWindowGitTest::deletedRecordIsListedAndRestored()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    const QByteArray gone = recordText(QStringLiteral("net/gone"), QStringLiteral("connection reset"));
    QVERIFY(repository.write(QStringLiteral("net/gone.json"), gone));
    QVERIFY(repository.write(QStringLiteral("app/one.json"),
                             recordText(QStringLiteral("app/one"), QStringLiteral("disk full"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.removeFile(QStringLiteral("net/gone.json")));

    MainWindow window;
    openAndWait(window, dir.path());
    QCOMPARE(window.knowledgeBase()->count(), 1);
    QTreeView *tree = window.browser()->treeView();
    QCOMPARE(tree->model()->rowCount(), 2); // app, and net for the deleted file
    QAction *restore = window.git()->restorer()->action();
    QVERIFY(restore->isEnabled());

    QSignalSpy activated(window.browser(), &BrowserDock::deletedRecordActivated);
    window.browser()->searchField()->setText(QStringLiteral("git:deleted"));
    QCOMPARE(window.browser()->resultCount(), 1);
    QCOMPARE(window.browser()->currentDeletedPath(), QStringLiteral("net/gone.json"));
    QCOMPARE(window.browser()->currentRecord(), nullptr);
    QVERIFY(window.git()->tracker()->deletedRecords()->find(QStringLiteral("net/gone.json")));
    tree->setFocus();
    // Enter asks whether to restore it; no question box in a test.
    QObject::disconnect(window.browser(), &BrowserDock::deletedRecordActivated, window.git()->restorer(), nullptr);
    QTest::keyClick(window.browser()->searchField(), Qt::Key_Return);
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.first().first().toString(), QStringLiteral("net/gone.json"));

    QVERIFY(window.git()->restorer()->restore(QStringLiteral("net/gone.json")));
    QCOMPARE(readFile(dir.filePath(QStringLiteral("net/gone.json"))), gone);
    const Record *back = window.knowledgeBase()->find(QStringLiteral("net/gone"));
    QVERIFY(back);
    QVERIFY(window.currentTab());
    QCOMPARE(window.currentTab()->record(), back);
    window.waitForLoad();
    QVERIFY(window.git()->tracker()->status()->entries().isEmpty());
    QVERIFY(window.git()->tracker()->deletedRecords()->isEmpty());
    QVERIFY(!restore->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(window.browser()->resultCount(), 0, 5000);
    window.browser()->searchField()->clear();
    QCOMPARE(tree->model()->rowCount(), 2); // app, net: the record itself now
    QVERIFY(window.browser()->currentDeletedPath().isEmpty());
}

QTEST_MAIN(MainWindowGitTest)
#include "MainWindowGitTest.moc"
