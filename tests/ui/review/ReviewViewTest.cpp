#include "ui/review/ReviewView.h"
#include "models/itemmodels/ReviewFilterModel.h"
#include "models/itemmodels/ReviewModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecoveryStore.h"
#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "models/settings/Settings.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/review/ReviewPane.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace Errata;
using namespace Errata::TestSupport;

class ReviewViewTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void modeFromViewMenuAndShortcut();
    void selectingShowsBothLanguagesAndChecks();
    void editIsUndoableAndSaved();
    void ctrlEnterAcceptsAndMovesOn();
    void acceptRefusedForMissing();
    void paneSaysWhoAcceptedAndWhen();
    void nextAndPreviousUnfinished();
    void filtersAndDomainProgress();
    void browserActivationSelectsRow();
    void menusActOnTheRecordUnderReview();
    void selectionWhileReadingWaitsForTheRows();
    void longWordWrapsAnywhere();

private:
    void openAndWait();
    void enterReviewMode();
    void waitForRows();
    const Record *record(const char *id) const { return m_window->knowledgeBase()->find(QString::fromLatin1(id)); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
};

namespace {

QByteArray recordText(const QByteArray &id, const QByteArray &extra)
{
    const QByteArray domain = id.left(id.indexOf('/'));
    return "{\n  \"id\": \"" + id
        + "\",\n  \"signature\": \"Exit code 137 in step 5\",\n  \"regex\": \"Exit code\",\n"
          "  \"domain\": \""
        + domain + "\",\n  \"category\": \"general\"" + extra + "\n}\n";
}

} // namespace

void ReviewViewTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void ReviewViewTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
    m_dir = std::make_unique<QTemporaryDir>();
    const QString root = m_dir->path();
    QVERIFY(writeFile(
        root + QStringLiteral("/docker/a.json"),
        recordText("docker/a",
                   ",\n  \"signature_zh\": \"第 5 步退出码 137\",\n  \"root_cause\": \"Killed by the OOM killer.\",\n"
                   "  \"root_cause_zh\": \"被 OOM killer 杀死。\"")));
    QVERIFY(writeFile(root + QStringLiteral("/docker/b.json"),
                      recordText("docker/b", ",\n  \"signature_zh\": \"退出码 138\"")));
    QVERIFY(writeFile(root + QStringLiteral("/pytorch/c.json"), recordText("pytorch/c", "")));
    m_window = std::make_unique<MainWindow>();
    openAndWait();
}

void ReviewViewTest::cleanup()
{
    m_window.reset();
}

void ReviewViewTest::openAndWait()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::loaded);
    m_window->openKnowledgeBase(m_dir->path());
    QVERIFY(loaded.wait(10000));
}

void ReviewViewTest::enterReviewMode()
{
    m_window->setReviewMode(true);
    waitForRows();
}

// The rows are read in the background once the view is first shown.
void ReviewViewTest::waitForRows()
{
    ReviewModel *model = m_window->review()->model();
    if (model->isCounting()) {
        QSignalSpy counted(model, &ReviewModel::counted);
        QVERIFY(counted.wait(10000));
    }
}

void ReviewViewTest::modeFromViewMenuAndShortcut()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(!m_window->isReviewMode());
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->isReviewMode());
    QVERIFY(m_window->review()->isVisible());
    waitForRows();
    QCOMPARE(m_window->review()->model()->rowCount(), 3);
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!m_window->isReviewMode());
    QVERIFY(!m_window->review()->isVisible());
    m_window->setReviewMode(true);
    m_window->close();
    QVERIFY(QSettings().value(QStringLiteral("window/review")).toBool()); // remembered
}

void ReviewViewTest::selectingShowsBothLanguagesAndChecks()
{
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("docker/b"));
    ReviewPane *pane = review->pane();
    QCOMPARE(pane->record(), record("docker/b"));
    QCOMPARE(pane->chineseEditor(TranslationStatus::Signature)->toPlainText(), QStringLiteral("退出码 138"));
    const QString checks = pane->checksLabel(TranslationStatus::Signature)->text();
    QVERIFY2(checks.contains(QStringLiteral("137")) && checks.contains(QStringLiteral("<code>5</code>")),
             qPrintable(checks));
    review->selectRecord(record("docker/a"));
    QVERIFY(pane->checksLabel(TranslationStatus::Signature)->text().contains(QStringLiteral("✓")));
    QVERIFY(pane->chineseEditor(TranslationStatus::Workarounds)->isReadOnly()); // no English workarounds
}

void ReviewViewTest::editIsUndoableAndSaved()
{
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("docker/b"), TranslationStatus::Signature);
    QPlainTextEdit *editor = review->pane()->chineseEditor(TranslationStatus::Signature);
    editor->setFocus();
    editor->moveCursor(QTextCursor::End);
    editor->clear(); // then typed in two bursts (QTest::keyClicks takes ASCII only)
    editor->insertPlainText(QStringLiteral("第 5 步"));
    editor->insertPlainText(QStringLiteral("退出码 137"));
    QCOMPARE(record("docker/b")->signatureZh(), QStringLiteral("第 5 步退出码 137"));
    QVERIFY(m_window->isReviewMode()); // the edit opened the record's tab behind the review
    RecordTab *tab = m_window->tabFor(record("docker/b"));
    QVERIFY(tab && tab->isDirty());
    QVERIFY(review->pane()->checksLabel(TranslationStatus::Signature)->text().contains(QStringLiteral("✓")));
    QCOMPARE(tab->session()->undoStack()->count(), 1); // typing in one field is one step
    tab->session()->undoStack()->undo();
    QCOMPARE(record("docker/b")->signatureZh(), QStringLiteral("退出码 138"));
    QCOMPARE(editor->toPlainText(), QStringLiteral("退出码 138"));
    tab->session()->undoStack()->redo();
    QCOMPARE(editor->toPlainText(), QStringLiteral("第 5 步退出码 137"));
    QVERIFY(m_window->saveCurrent());
    QFile file(m_dir->path() + QStringLiteral("/docker/b.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(file.readAll()).contains(QStringLiteral("\"signature_zh\": \"第 5 步退出码 137\"")));
}

void ReviewViewTest::ctrlEnterAcceptsAndMovesOn()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("docker/a"), TranslationStatus::Signature);
    review->pane()->focusField(TranslationStatus::Signature);
    QTest::keyClick(review->pane()->chineseEditor(TranslationStatus::Signature), Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(review->model()->status(review->model()->rowOf(record("docker/a")), TranslationStatus::Signature),
             TranslationStatus::Reviewed);
    QCOMPARE(review->pane()->record(), record("docker/a")); // its root cause is next
    QCOMPARE(review->pane()->currentField(), TranslationStatus::RootCause);
    QVERIFY(review->pane()->chineseEditor(TranslationStatus::RootCause)->hasFocus());
    QTest::keyClick(review->pane()->chineseEditor(TranslationStatus::RootCause), Qt::Key_Enter, Qt::ControlModifier);
    QCOMPARE(review->pane()->record(), record("docker/b"));
    ReviewStore store;
    QString error;
    QVERIFY(store.load(m_dir->path(), &error));
    QCOMPARE(store.count(), 2);
    QCOMPARE(m_window->knowledgeBase()->count(), 3);

    review->selectRecord(record("docker/a"), TranslationStatus::RootCause); // its button now takes the review back
    auto *reopen = review->pane()->findChildren<QPushButton *>().at(int(TranslationStatus::RootCause));
    QVERIFY(reopen->isEnabled());
    reopen->click();
    QCOMPARE(review->model()->status(review->model()->rowOf(record("docker/a")), TranslationStatus::RootCause),
             TranslationStatus::Translated);
    QVERIFY(store.load(m_dir->path(), &error));
    QCOMPARE(store.count(), 1);
}

void ReviewViewTest::acceptRefusedForMissing()
{
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("pytorch/c"), TranslationStatus::Signature);
    QSignalSpy messages(review, &ReviewView::message);
    QVERIFY(!review->acceptCurrent());
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.first().first().toString().contains(QStringLiteral("pytorch/c")));
    QVERIFY(!QFileInfo::exists(ReviewStore::filePath(m_dir->path())));
}

void ReviewViewTest::paneSaysWhoAcceptedAndWhen()
{
    Settings::setReviewerName(QStringLiteral("Ana"));
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("docker/a"), TranslationStatus::Signature);
    QLabel *status = review->pane()->statusLabel(TranslationStatus::Signature);
    QCOMPARE(status->text(), ReviewModel::statusText(TranslationStatus::Translated));
    QVERIFY(review->acceptCurrent());
    const ReviewStore::Review accepted = review->model()->store().review(QStringLiteral("docker/a"),
                                                                         TranslationStatus::Signature);
    QCOMPARE(accepted.acceptedBy, QStringLiteral("Ana"));
    const QString when = accepted.acceptedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    review->selectRecord(record("docker/a"), TranslationStatus::Signature);
    QCOMPARE(status->text(), QStringLiteral("Reviewed — Accepted by Ana, ") + when);
}

void ReviewViewTest::nextAndPreviousUnfinished()
{
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->filter()->setStatus(ReviewFilterModel::AnyStatus);
    review->selectRecord(record("docker/a"), TranslationStatus::RootCause);
    QVERIFY(review->nextUnfinished());
    QCOMPARE(review->pane()->record(), record("docker/b"));
    QCOMPARE(review->pane()->currentField(), TranslationStatus::Signature);
    QVERIFY(review->nextUnfinished());
    QCOMPARE(review->pane()->record(), record("pytorch/c"));
    QVERIFY(review->nextUnfinished()); // wraps around
    QCOMPARE(review->pane()->record(), record("docker/a"));
    QCOMPARE(review->pane()->currentField(), TranslationStatus::Signature);
    QVERIFY(review->previousUnfinished());
    QCOMPARE(review->pane()->record(), record("pytorch/c"));
}

void ReviewViewTest::filtersAndDomainProgress()
{
    enterReviewMode();
    ReviewView *review = m_window->review();
    auto *domains = review->findChild<QTreeWidget *>();
    QTRY_COMPARE(domains->topLevelItemCount(), 3); // all, docker, pytorch
    QCOMPARE(domains->topLevelItem(1)->text(0), QStringLiteral("docker"));
    QCOMPARE(domains->topLevelItem(1)->text(1), QStringLiteral("3/3"));
    QCOMPARE(domains->topLevelItem(1)->text(2), QStringLiteral("0/3"));
    QCOMPARE(domains->topLevelItem(0)->text(1), QStringLiteral("3/4"));
    domains->setCurrentItem(domains->topLevelItem(2));
    QCOMPARE(review->filter()->domain(), QStringLiteral("pytorch"));
    QCOMPARE(review->table()->model()->rowCount(), 1);
    QString error;
    QVERIFY(review->model()->accept(record("docker/a"), TranslationStatus::Signature, &error));
    QTRY_COMPARE(domains->topLevelItem(1)->text(2), QStringLiteral("1/3"));
    QCOMPARE(domains->currentItem()->text(0), QStringLiteral("pytorch")); // kept across the refresh
}

void ReviewViewTest::browserActivationSelectsRow()
{
    enterReviewMode();
    emit m_window->browser()->recordActivated(record("pytorch/c"));
    QVERIFY(m_window->isReviewMode());
    QCOMPARE(m_window->review()->currentRecord(), record("pytorch/c"));
    QCOMPARE(m_window->tabs()->count(), 0);
    QVERIFY(m_window->openRecord(QStringLiteral("docker/a"))); // a record link leaves review mode for the card
    QVERIFY(!m_window->isReviewMode());
}

// Ctrl+E and the Record menu act on the reviewed record, not on the tab
// that happens to be open behind the review.
void ReviewViewTest::menusActOnTheRecordUnderReview()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->openRecord(QStringLiteral("docker/a")));
    enterReviewMode();
    m_window->review()->selectRecord(record("docker/b"));
    m_window->review()->table()->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_E, Qt::ControlModifier);
    QVERIFY(!m_window->isReviewMode());
    QCOMPARE(m_window->currentTab()->record(), record("docker/b"));
    QVERIFY(m_window->currentTab()->isEditing());
}

// A record selected (from the browser, or --review --select) before the
// rows are there is selected when they come; meanwhile the view says it is
// reading, and its domain list waits.
void ReviewViewTest::selectionWhileReadingWaitsForTheRows()
{
    m_window->show();
    m_window->setReviewMode(true);
    ReviewView *review = m_window->review();
    QVERIFY(review->model()->isCounting());
    review->selectRecord(record("docker/b"), TranslationStatus::RootCause);
    auto *summary = review->findChild<QLabel *>(QStringLiteral("reviewSummary"));
    QVERIFY(summary);
    QVERIFY2(summary->text().startsWith(QStringLiteral("Reading the translations")), qPrintable(summary->text()));
    QVERIFY(!review->findChild<QTreeWidget *>()->isEnabled());
    QCOMPARE(review->pane()->record(), nullptr);
    waitForRows();
    QCOMPARE(review->pane()->record(), record("docker/b"));
    QCOMPARE(review->pane()->currentField(), TranslationStatus::RootCause);
    QVERIFY(review->findChild<QTreeWidget *>()->isEnabled());
    QTRY_VERIFY(summary->text().contains(QStringLiteral("fields translated")));
}

// Breaking lines at word boundaries costs N² in one word of N characters: a text with a very long word wraps anywhere,
// so that review does not freeze.
void ReviewViewTest::longWordWrapsAnywhere()
{
    const QByteArray token(300000, 'x');
    QVERIFY(
        writeFile(m_dir->path() + QStringLiteral("/docker/long.json"),
                  recordText("docker/long", ",\n  \"root_cause\": \"a\",\n  \"root_cause_zh\": \"" + token + "\"")));
    openAndWait();
    enterReviewMode();
    ReviewView *review = m_window->review();
    review->selectRecord(record("docker/long"));
    QPlainTextEdit *chinese = review->pane()->chineseEditor(TranslationStatus::RootCause);
    QCOMPARE(chinese->toPlainText().size(), token.size());
    QCOMPARE(chinese->wordWrapMode(), QTextOption::WrapAnywhere);
    review->selectRecord(record("docker/a"));
    QCOMPARE(chinese->wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
}

QTEST_MAIN(ReviewViewTest)
#include "ReviewViewTest.moc"
