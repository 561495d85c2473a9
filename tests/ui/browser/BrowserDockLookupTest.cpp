// The Records dock's lookup, end to end in a main window on the sample KB:
// a stack trace pasted into the search field lists the records most like
// it, Enter opens the best, "Search words instead" and Esc go back to word
// search; a typed error line is looked up, a typed word is searched.

#include "models/itemmodels/LookupHitModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecoveryStore.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupIndexJob.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "support/TestFiles.h"
#include "ui/browser/BrowserDock.h"
#include "ui/browser/LookupPanel.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/window/MainWindow.h"
#include "ui/window/Translations.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTreeView>
#include <QtTest>

using namespace Errata;

namespace {

const QString Traceback = QStringLiteral("Traceback (most recent call last):\n"
                                         "  File \"/srv/app/main.py\", line 3, in <module>\n"
                                         "    import requests\n"
                                         "ModuleNotFoundError: No module named 'requests'\n");

} // namespace

class BrowserDockLookupTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void pastedTracebackIsLookedUp();
    void searchWordsInsteadGoesBack();
    void escapeClearsTheLookup();
    void typedErrorLineIsLookedUpButNotAWord();
    void singleLinePasteStaysInTheField();
    void editingThePastedLineGivesThePasteUp();
    void lookupSurvivesAReload();
    void lookupFollowsEdits();
    void pasteWhileTheLookupIndexIsBuilt();

private:
    void open(MainWindow &window);
    QString firstHit(const BrowserDock &browser) const;

    QTemporaryDir m_kb;
};

void BrowserDockLookupTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(Translations::install(qApp, QStringLiteral("en"))); // the plural forms
    QVERIFY(TestSupport::copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_kb.path()));
}

void BrowserDockLookupTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void BrowserDockLookupTest::open(MainWindow &window)
{
    window.resize(1200, 800);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(m_kb.path());
    QVERIFY(loaded.wait(20000));
}

QString BrowserDockLookupTest::firstHit(const BrowserDock &browser) const
{
    return browser.lookupPanel()->model()->idAt(0);
}

void BrowserDockLookupTest::pastedTracebackIsLookedUp()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    search->setFocus();
    QApplication::clipboard()->setText(Traceback);
    QTest::keySequence(search, QKeySequence::Paste);

    QVERIFY(browser->isLookupMode());
    QVERIFY(browser->lookupPanel()->isVisible());
    QVERIFY(!browser->treeView()->isVisible());
    // The field shows the error line, not the four lines run together.
    QCOMPARE(search->text(), QStringLiteral("ModuleNotFoundError: No module named 'requests'"));
    QCOMPARE(firstHit(*browser), QStringLiteral("python/module-not-found"));
    const QModelIndex first = browser->lookupPanel()->model()->index(0, 0);
    QCOMPARE(first.data(LookupHitModel::BandRole).toInt(), int(LookupResult::Exact));
    QCOMPARE(first.data(LookupHitModel::BandTextRole).toString(), QStringLiteral("exact"));
    QVERIFY(first.data(Qt::ToolTipRole).toString().contains(QLatin1String("line 4")));
    const int hits = browser->resultCount();
    QVERIFY(hits >= 1);
    const auto *summary = browser->findChild<QLabel *>(QStringLiteral("lookupSummary"));
    QVERIFY(summary && summary->isVisible());
    const QString expected = hits == 1 ? QStringLiteral("Lookup: 1 record like this error")
                                       : QStringLiteral("Lookup: %1 records like this error").arg(hits);
    QCOMPARE(browser->lookupPanel()->summary(), expected);
    QVERIFY(summary->text().startsWith(expected));
    QVERIFY(summary->text().contains(QLatin1String(">Search words instead</a>")));
    QCOMPARE(browser->currentRecord()->id(), QStringLiteral("python/module-not-found"));

    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(window.tabs()->count(), 1);
    QCOMPARE(window.currentTab()->record()->id(), QStringLiteral("python/module-not-found"));
}

void BrowserDockLookupTest::searchWordsInsteadGoesBack()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    browser->setSearchText(Traceback); // several lines: as pasted
    QVERIFY(browser->isLookupMode());
    auto *summary = browser->findChild<QLabel *>(QStringLiteral("lookupSummary"));
    QVERIFY(summary && summary->isVisible());
    emit summary->linkActivated(QStringLiteral("words")); // the link "Search words instead"
    QVERIFY(!browser->isLookupMode());
    QVERIFY(browser->treeView()->isVisible());
    QCOMPARE(browser->searchText(), QStringLiteral("ModuleNotFoundError: No module named 'requests'"));
    QCOMPARE(browser->resultCount(), 1); // every word of the line, as a word search
    QCOMPARE(browser->currentRecord()->id(), QStringLiteral("python/module-not-found"));
    // Typing on stays a word search until the field is cleared.
    QTest::keyClicks(browser->searchField(), QStringLiteral(" x"));
    QVERIFY(!browser->isLookupMode());
    browser->searchField()->clear();
    QTest::keyClicks(browser->searchField(), QStringLiteral("fatal: refusing to merge unrelated histories"));
    QVERIFY(browser->isLookupMode());
}

void BrowserDockLookupTest::escapeClearsTheLookup()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    search->setFocus();
    QApplication::clipboard()->setText(Traceback);
    QTest::keySequence(search, QKeySequence::Paste);
    QVERIFY(browser->isLookupMode());
    QTest::keyClick(search, Qt::Key_Escape);
    QVERIFY(!browser->isLookupMode());
    QVERIFY(search->text().isEmpty());
    QCOMPARE(browser->resultCount(), window.knowledgeBase()->count());
    QVERIFY(search->toolTip().isEmpty());
}

void BrowserDockLookupTest::typedErrorLineIsLookedUpButNotAWord()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    // Words and filters stay a word search, even words of failure.
    for (const QString &words : {QStringLiteral("error"), QStringLiteral("permission denied"),
                                 QStringLiteral("KeyError"), QStringLiteral("severity:error")}) {
        search->clear();
        QTest::keyClicks(search, words);
        QVERIFY2(!browser->isLookupMode(), qPrintable(words));
        QVERIFY(browser->treeView()->isVisible());
    }
    search->clear();
    QTest::keyClicks(search, QStringLiteral("Error: listen EADDRINUSE: address already in use :::8080"));
    QVERIFY(browser->isLookupMode());
    QCOMPARE(firstHit(*browser), QStringLiteral("node/eaddrinuse"));
    QTest::keyClick(search, Qt::Key_Down);
    QCOMPARE(browser->lookupPanel()->view()->currentIndex().row(), qMin(1, browser->resultCount() - 1));
    QTest::keyClick(search, Qt::Key_Up);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(window.currentTab()->record()->id(), QStringLiteral("node/eaddrinuse"));
}

void BrowserDockLookupTest::singleLinePasteStaysInTheField()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    search->setFocus();
    QApplication::clipboard()->setText(QStringLiteral("memory\n")); // a line copied with its line break
    QTest::keySequence(search, QKeySequence::Paste);
    QVERIFY(!browser->isLookupMode());
    QVERIFY(search->text().startsWith(QLatin1String("memory")));
    search->clear();
    QApplication::clipboard()->setText(QStringLiteral("fatal: refusing to merge unrelated histories"));
    QTest::keySequence(search, QKeySequence::Paste);
    QVERIFY(browser->isLookupMode());
    QCOMPARE(search->text(), QStringLiteral("fatal: refusing to merge unrelated histories"));
    QCOMPARE(firstHit(*browser), QStringLiteral("git/refusing-to-merge-unrelated-histories"));
}

void BrowserDockLookupTest::editingThePastedLineGivesThePasteUp()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    QLineEdit *search = browser->searchField();
    browser->setSearchText(Traceback);
    QVERIFY(!search->toolTip().isEmpty()); // says a pasted text is being looked up
    search->setFocus();
    search->selectAll();
    QTest::keyClicks(search, QStringLiteral("nan"));
    QVERIFY(!browser->isLookupMode());
    QVERIFY(search->toolTip().isEmpty());
    QCOMPARE(browser->currentRecord()->id(), QStringLiteral("pytorch/nan-loss-step"));
}

// A reload brings a new index, and with it a new lookup engine.
void BrowserDockLookupTest::lookupSurvivesAReload()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    browser->setSearchText(Traceback);
    QCOMPARE(firstHit(*browser), QStringLiteral("python/module-not-found"));
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(m_kb.path());
    QVERIFY(loaded.wait(20000));
    QVERIFY(browser->isLookupMode());
    QCOMPARE(firstHit(*browser), QStringLiteral("python/module-not-found"));
    QTest::keyClick(browser->searchField(), Qt::Key_Return);
    QCOMPARE(window.currentTab()->record()->id(), QStringLiteral("python/module-not-found"));
}

// The index follows an edit, and the hits shown follow the index.
void BrowserDockLookupTest::lookupFollowsEdits()
{
    MainWindow window;
    open(window);
    BrowserDock *browser = window.browser();
    browser->setSearchText(Traceback);
    const QString edited = QStringLiteral("ModuleNotFoundError: No module named 'requests' (in the loader)");
    QVERIFY(window.editRecord(QStringLiteral("python/unicode-decode-error"), QStringLiteral("/signature")));
    window.currentTab()->session()->setValue(QStringLiteral("/signature"), OrderedJson(edited.toStdString()),
                                             QStringLiteral("Edit signature"));
    const LookupHitModel *hits = browser->lookupPanel()->model();
    const auto shown = [hits] {
        const int row = hits->rowOf(QStringLiteral("python/unicode-decode-error"));
        return row < 0 ? QString() : hits->index(row, 0).data().toString();
    };
    QVERIFY(shown() != edited);
    QTRY_COMPARE(shown(), edited);
    QVERIFY(browser->isLookupMode());
}

// A first opening shows the KB before its lookup index is built: a paste
// then says the results follow, and they come with the engine.
void BrowserDockLookupTest::pasteWhileTheLookupIndexIsBuilt()
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(m_kb.path()));
    SearchIndex index;
    QVERIFY(index.build(kb, QDate::currentDate(), nullptr, {}, SearchIndex::LookupLater));
    BrowserDock browser;
    browser.setKnowledgeBase(&kb, &index, nullptr);
    browser.setSearchText(Traceback);
    QVERIFY(browser.isLookupMode());
    QCOMPARE(browser.lookupPanel()->hitCount(), 0);
    QVERIFY2(browser.lookupPanel()->summary().contains(QLatin1String("indexing the records")),
             qPrintable(browser.lookupPanel()->summary()));

    LookupIndexJob job(index.records());
    QVERIFY(job.run());
    index.setLookup(job.take());
    browser.setLookupEngine(std::make_shared<const LookupEngine>(index.lookup()));
    QVERIFY(browser.isLookupMode());
    QCOMPARE(firstHit(browser), QStringLiteral("python/module-not-found"));
    QVERIFY(browser.lookupPanel()->summary().contains(QLatin1String("like this error")));
}

QTEST_MAIN(BrowserDockLookupTest)
#include "BrowserDockLookupTest.moc"
