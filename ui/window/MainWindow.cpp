#include "ui/window/MainWindow.h"

#include "models/git/GitStateTracker.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/settings/Settings.h"
#include "models/text/DisplayName.h"
#include "ui/browser/BrowserDock.h"
#include "ui/browser/ProblemsDock.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/RecordEditor.h"
#include "ui/graph/GraphDock.h"
#include "ui/logs/LogMatcherDock.h"
#include "ui/logs/RegexWorkbenchDock.h"
#include "ui/merge/ConflictResolver.h"
#include "ui/publish/PublishSiteDialog.h"
#include "ui/review/ReviewView.h"
#include "ui/window/DiskWatch.h"
#include "ui/window/DockLayout.h"
#include "ui/window/GitSupport.h"
#include "ui/window/KnowledgeBaseStatus.h"
#include "ui/window/RecordActions.h"
#include "ui/window/RecordTabs.h"
#include "ui/window/RecoveryKeeper.h"
#include "ui/window/SettingsDialog.h"
#include "ui/window/WelcomePage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>

namespace Errata {

namespace {

// How long an opening takes until the KB is shown and until it is checked;
// off unless asked for: QT_LOGGING_RULES="errata.load.info=true".
Q_LOGGING_CATEGORY(lcLoad, "errata.load", QtWarningMsg)

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_undoGroup(new QUndoGroup(this))
    , m_session(new KnowledgeBaseSession(this))
    , m_browser(new BrowserDock(this))
    , m_problems(new ProblemsDock(this))
    , m_workbench(new RegexWorkbenchDock(this))
    , m_logMatcher(new LogMatcherDock(this))
    , m_graph(new GraphDock(this))
    , m_tabs(new RecordTabs(m_undoGroup, this))
    , m_actions(new RecordActions(this, m_tabs))
    , m_center(new QStackedWidget(this))
    , m_welcome(new WelcomePage(this))
    , m_review(new ReviewView(this))
    , m_status(new KnowledgeBaseStatus(statusBar(), m_session))
    , m_git(new GitSupport(this, m_session, m_browser, m_status))
    , m_recovery(new RecoveryKeeper(this))
    , m_disk(new DiskWatch(this))
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/errata.svg")));
    m_center->addWidget(m_welcome);
    m_center->addWidget(m_tabs);
    m_center->addWidget(m_review);
    setCentralWidget(m_center);
    addDockWidget(Qt::LeftDockWidgetArea, m_browser);
    addDockWidget(Qt::BottomDockWidgetArea, m_problems);
    addDockWidget(Qt::RightDockWidgetArea, m_graph);
    m_graph->hide(); // until asked for (View ▸ Graph); then remembered with the window state
    m_layout = new DockLayout(this, m_browser, m_problems, m_problems->view());
    createToolDocks();
    createActions();
    connectTabs();
    connectSession();
    connect(m_browser, &BrowserDock::recordActivated, this, &MainWindow::activateRecord);
    m_review->setSessionProvider([this](Record *record) { return reviewSession(record); });
    connect(m_review, &ReviewView::recordSelected, this, &MainWindow::reviewSelected);
    connect(m_review, &ReviewView::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_problems, &ProblemsDock::fileProblemActivated, m_git->conflicts(), &ConflictResolver::resolveFile);
    connect(m_git, &GitSupport::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_git, &GitSupport::recordRestored, this, &MainWindow::openRecord);
    connect(m_problems, &ProblemsDock::problemActivated, this, [this](const QString &id, const QString &pointer) {
        if (!id.isEmpty())
            editRecord(id, pointer);
    });
    connect(m_graph, &GraphDock::recordActivated, this, &MainWindow::openRecord);
    connect(m_actions, &RecordActions::recordsChanged, this, &MainWindow::updateStatus);
    showKnowledgeBase();
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(150);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        m_browser->refreshSearch();
        updateStatus();
    });
    connectRecovery();
    connectDiskWatch();
    m_layout->restore(Settings::windowGeometry(), Settings::windowState());
    m_pendingTabs = Settings::openTabs();
    m_reviewAction->setChecked(Settings::reviewMode());
    updateStatus();
    updateCenter();
}

ConflictResolver *MainWindow::conflicts() const
{
    return m_git->conflicts();
}

MainWindow::~MainWindow()
{
    m_session->cancel();
}

KnowledgeBase &MainWindow::kb() const
{
    return m_session->knowledgeBase();
}

const KnowledgeBase *MainWindow::knowledgeBase() const
{
    return &kb();
}

QTabWidget *MainWindow::tabs() const
{
    return m_tabs;
}

RecordTab *MainWindow::currentTab() const
{
    return m_tabs->current();
}

RecordTab *MainWindow::tabFor(const Record *record) const
{
    return m_tabs->tabFor(record);
}

bool MainWindow::saveCurrent()
{
    return m_actions->saveCurrent();
}

bool MainWindow::saveAll()
{
    return m_actions->saveAll();
}

bool MainWindow::addReciprocal(const ReciprocalLinks::Missing &missing)
{
    return m_actions->addReciprocal(missing);
}

void MainWindow::fixAllReciprocals()
{
    m_actions->fixAllReciprocals();
}

void MainWindow::connectTabs()
{
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        RecordTab *tab = currentTab();
        m_tabs->activateUndo(tab);
        bindWorkbench();
        m_graph->showRecord(tab ? tab->record()->id() : QString());
    });
    connect(m_tabs, &RecordTabs::opened, m_browser, &BrowserDock::selectRecord);
    connect(m_tabs, &RecordTabs::countChanged, this, &MainWindow::updateCenter);
    connect(m_tabs, &RecordTabs::currentEditingChanged, this, &MainWindow::bindWorkbench);
    connect(m_tabs, &RecordTabs::recordLinkActivated, this, &MainWindow::openRecord);
    connect(m_tabs, &RecordTabs::reciprocalRequested, m_actions, &RecordActions::addReciprocal);
}

void MainWindow::connectSession()
{
    connect(m_session, &KnowledgeBaseSession::progress, m_status, &KnowledgeBaseStatus::showProgress);
    connect(m_session, &KnowledgeBaseSession::aboutToReplace, this, &MainWindow::letGoOfKnowledgeBase);
    connect(m_session, &KnowledgeBaseSession::replaced, this, &MainWindow::showKnowledgeBase);
    connect(m_session, &KnowledgeBaseSession::checking, this, &MainWindow::startedChecks);
    connect(m_session, &KnowledgeBaseSession::checked, this, &MainWindow::finishedChecks);
    connect(m_session, &KnowledgeBaseSession::cancelled, this, [this] {
        m_status->hideProgress();
        statusBar()->clearMessage();
        statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(m_session->folderBeingOpened()), 5000);
    });
    connect(m_session, &KnowledgeBaseSession::indexChanged, this, [this] { m_refreshTimer.start(); });
    connect(m_session, &KnowledgeBaseSession::lookupReady, this, [this] {
        const auto lookup = lookupEngine();
        statusBar()->clearMessage(); // the checks, if any, say what comes next
        m_browser->setLookupEngine(lookup);
        m_logMatcher->setLookupEngine(lookup);
        qCInfo(lcLoad, "%s: lookup ready after %lld ms", qPrintable(kb().root()), m_loadClock.elapsed());
        if (!m_session->isBusy())
            emit loaded();
    });
}

// One engine per lookup index (an opening brings a new one; so does the
// lookup side built after a first opening); it keeps the regexes it
// compiled while the index follows the edits. None while it is built. Its
// lookups run on the window's thread, hence the shorter budgets.
std::shared_ptr<const LookupEngine> MainWindow::lookupEngine() const
{
    if (m_session->isLookupPending())
        return nullptr;
    return std::make_shared<const LookupEngine>(m_session->index().lookup(), LookupEngine::interactiveBudgets());
}

void MainWindow::createActions()
{
    createFileMenu();
    createEditMenu();
    createRecordMenu();
    createViewMenu();
    createToolsMenu();
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Errata"), this, [this] {
        QMessageBox::about(this, tr("About Errata"),
                           tr("<b>Errata</b> %1<br>Curate a knowledge base of error records.")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open KB Folder…"), this, &MainWindow::chooseFolder);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QAction *reloadAction = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *publish = file->addAction(tr("Publish &Site…"), this, [this] {
        PublishSiteDialog dialog(kb().root(), this);
        dialog.exec();
    });
    publish->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    publish->setObjectName(QStringLiteral("publishSiteAction"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    updateRecentMenu();
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(tr("&Find Record"), this, [this] {
        m_browser->show();
        m_browser->focusSearch();
    });
    find->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_K), QKeySequence::Find});
    QAction *closeTabAction = view->addAction(tr("&Close Tab"), this, [this] { closeTab(m_tabs->currentIndex()); });
    closeTabAction->setShortcut(QKeySequence::Close);
    m_reviewAction = view->addAction(tr("Translation &Review"), this, &MainWindow::setReviewMode);
    m_reviewAction->setCheckable(true);
    m_reviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    view->addSeparator();
    view->addAction(m_browser->toggleViewAction());
    view->addAction(m_problems->toggleViewAction());
    QAction *workbench = m_workbench->toggleViewAction();
    workbench->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    view->addAction(workbench);
    QAction *matcher = m_logMatcher->toggleViewAction();
    matcher->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    view->addAction(matcher);
    QAction *graphAction = m_graph->toggleViewAction();
    graphAction->setText(tr("&Graph"));
    graphAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    view->addAction(graphAction);
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction *redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *editMode = edit->addAction(tr("&Edit Record"), this, &MainWindow::toggleEditing);
    editMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction *saveAction = edit->addAction(tr("&Save Record"), this, &MainWindow::saveCurrent);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAllAction = edit->addAction(tr("Save &All"), m_actions, &RecordActions::saveAll);
    saveAllAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    edit->addAction(tr("Re&vert Record"), m_actions, &RecordActions::revertCurrent);
    edit->addSeparator();
    QAction *settings = edit->addAction(tr("Se&ttings…"), this, &MainWindow::showSettings);
    // The platform's key when it has one (macOS, GNOME), else Ctrl+, as
    // most desktop programs use: without a desktop, Qt's has none.
    const QList<QKeySequence> preferences = QKeySequence::keyBindings(QKeySequence::Preferences);
    settings->setShortcuts(preferences.isEmpty() ? QList<QKeySequence>{QKeySequence(tr("Ctrl+,"))} : preferences);
    settings->setMenuRole(QAction::PreferencesRole);
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(kb().root(), this);
    if (dialog.exec() == QDialog::Accepted && dialog.apply())
        statusBar()->showMessage(tr("The new settings take effect the next time Errata starts."), 8000);
}

void MainWindow::setReviewMode(bool on)
{
    m_reviewAction->setChecked(on);
    updateCenter();
    if (on) {
        m_review->table()->setFocus();
        reviewSelected(m_review->currentRecord());
    } else {
        RecordTab *tab = currentTab();
        m_tabs->activateUndo(tab);
    }
}

bool MainWindow::isReviewMode() const
{
    return m_reviewAction->isChecked();
}

// The browser's Enter or double click: the record's tab, or in review mode
// its row.
void MainWindow::activateRecord(const Record *record)
{
    if (isReviewMode())
        m_review->selectRecord(record);
    else
        m_tabs->open(record);
}

EditSession *MainWindow::reviewSession(Record *record)
{
    if (!tabFor(record))
        m_tabs->open(record);
    RecordTab *tab = tabFor(record);
    if (!tab->session())
        tab->setEditing(true);
    m_tabs->setCurrentWidget(tab);
    m_undoGroup->setActiveStack(tab->session()->undoStack());
    return tab->session();
}

// Undo, redo and save follow the record under review.
void MainWindow::reviewSelected(Record *record)
{
    if (!isReviewMode())
        return;
    RecordTab *tab = record ? tabFor(record) : nullptr;
    if (tab)
        m_tabs->setCurrentWidget(tab);
    m_tabs->activateUndo(tab);
}

void MainWindow::createRecordMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Record"));
    menu->addAction(tr("&New Record…"), m_actions, &RecordActions::newRecord)->setShortcut(QKeySequence::New);
    menu->addAction(tr("D&uplicate Record…"), m_actions, &RecordActions::duplicateRecord)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    menu->addAction(tr("Re&name Record…"), m_actions, &RecordActions::renameRecord)
        ->setShortcut(QKeySequence(Qt::Key_F2));
    menu->addSeparator();
    menu->addAction(tr("&Delete Record…"), m_actions, &RecordActions::deleteRecord)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
    menu->addSeparator();
    menu->addActions(m_git->actions());
}

void MainWindow::createToolsMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Tools"));
    menu->addAction(tr("Fix Missing &Reciprocal Links…"), this, &MainWindow::fixAllReciprocals);
}

void MainWindow::showGraph()
{
    m_layout->showTool(m_graph, width() * 9 / 20, Qt::Horizontal);
    if (RecordTab *tab = currentTab())
        m_graph->showRecord(tab->record()->id());
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open KB Folder"), kb().root());
    if (!folder.isEmpty())
        openKnowledgeBase(folder);
}

void MainWindow::reload()
{
    if (kb().root().isEmpty() || !m_actions->settleUnsaved(m_tabs->all()))
        return;
    m_pendingTabs = m_tabs->openIds();
    openKnowledgeBase(kb().root());
}

void MainWindow::openKnowledgeBase(const QString &folder)
{
    if (!m_actions->settleUnsaved(m_tabs->all()))
        return;
    m_session->open(folder);
    m_loadClock.start();
    m_status->startProgress(tr("Reading %1…").arg(folder), 0);
}

// ...and then for the git states of its files.
void MainWindow::waitForLoad()
{
    waitForOpening();
    m_git->tracker()->refreshNow();
}

void MainWindow::waitForOpening()
{
    const auto done = [this] { return !m_session->isBusy() && !m_status->isProgressVisible(); };
    if (done())
        return;
    // Sleeps until an opening finishes (the window's own handlers run
    // first, being connected first) and no other one has started;
    // processEvents() in a loop would keep a core busy that the opening
    // needs.
    QEventLoop loop;
    const auto quitWhenDone = [&] {
        if (done())
            loop.quit();
    };
    connect(m_session, &KnowledgeBaseSession::checked, &loop, quitWhenDone);
    connect(m_session, &KnowledgeBaseSession::lookupReady, &loop, quitWhenDone);
    connect(m_session, &KnowledgeBaseSession::cancelled, &loop, quitWhenDone);
    loop.exec();
}

// The KB shown is about to be replaced by the one just opened: the tabs
// and every view let go of it.
void MainWindow::letGoOfKnowledgeBase()
{
    m_status->hideProgress();
    statusBar()->clearMessage();
    m_tabs->removeAll();
    m_browser->setKnowledgeBase(nullptr, nullptr);
    setDocksKnowledgeBase(nullptr, nullptr); // the last owners of the lookup engine let go of it
    m_disk->setKnowledgeBase(nullptr);
    m_recovery->setKnowledgeBase(nullptr); // and its lock
    m_git->setKnowledgeBase(nullptr);
}

// Every view shows the session's KB: at the start (an empty KB), and each
// time an opening has replaced it.
void MainWindow::showKnowledgeBase()
{
    KnowledgeBase *kb = &m_session->knowledgeBase();
    const auto lookup = lookupEngine();
    m_browser->setKnowledgeBase(kb, &m_session->index(), lookup);
    setDocksKnowledgeBase(kb, lookup);
    m_tabs->setKnowledgeBase(kb, &m_session->validator());
    m_actions->setKnowledgeBase(kb);
    connect(kb, &KnowledgeBase::recordChanged, this, [this](const Record *record) {
        if (currentTab() && currentTab()->record() == record)
            m_graph->showRecord(record->id()); // follows a rename
    });
    if (kb->root().isEmpty())
        return; // the empty KB of a window that opened none yet
    const QStringList tabsToOpen = std::exchange(m_pendingTabs, {});
    Settings::setLastKnowledgeBase(kb->root());
    Settings::addRecentKnowledgeBase(kb->root());
    updateRecentMenu();
    m_tabs->restore(tabsToOpen);
    watchDisk();
    m_recovery->setKnowledgeBase(kb);
    m_git->setKnowledgeBase(kb);
    updateStatus();
    if (!m_status->hint().isEmpty()) // a folder of canons: said before its thousands of findings
        m_problems->showHint(m_status->hint());
    if (!kb->loadProblems().isEmpty())
        showLoadProblems();
    if (m_session->isLookupPending()) // a first opening: the lookup index comes next, then the checks
        statusBar()->showMessage(tr("Indexing %1 for lookup…").arg(DisplayName::of(kb->root())));
    qCInfo(lcLoad, "%s: %d records shown after %lld ms", qPrintable(kb->root()), kb->count(), m_loadClock.elapsed());
}

// The records the cache held no findings for are being checked, while the
// KB is shown.
void MainWindow::startedChecks(int records)
{
    updateStatus();
    m_status->startProgress(tr("Checking the records of %1…").arg(m_session->folderBeingOpened()), records);
    emit checking(records);
}

void MainWindow::finishedChecks(bool cancelled, int notChecked)
{
    if (m_status->isProgressVisible()) { // the checks ran after the KB was shown
        m_status->hideProgress();
        statusBar()->clearMessage();
    }
    if (cancelled) {
        statusBar()->showMessage(
            tr("Checking was cancelled: %Ln record(s) not checked. Reload (F5) checks them.", nullptr, notChecked),
            10000);
    }
    updateStatus();
    qCInfo(lcLoad, "%s: checked after %lld ms", qPrintable(kb().root()), m_loadClock.elapsed());
    if (!m_session->isBusy()) // else the lookup index, being built, says when all is done
        emit loaded();
}

void MainWindow::showLoadProblems()
{
    QStringList lines;
    for (const Problem &problem : kb().loadProblems())
        lines << DisplayName::escaped(problem.toText());
    const int shown = 20;
    QString text = lines.mid(0, shown).join(QLatin1Char('\n'));
    if (lines.size() > shown)
        text += tr("\n… and %Ln more", nullptr, int(lines.size() - shown));
    statusBar()->showMessage(tr("%Ln file(s) could not be loaded; see Problems", nullptr, int(lines.size())), 10000);
    m_status->setHealthDetails(text);
    m_problems->show();
}

bool MainWindow::openRecord(const QString &id)
{
    setReviewMode(false);
    const Record *record = kb().find(id);
    if (record)
        m_tabs->open(record);
    else
        statusBar()->showMessage(tr("No record \"%1\" in this KB.").arg(DisplayName::of(id)), 5000);
    return record;
}

// The regex workbench (right, hidden at first) follows the current record;
// the log matcher shares the bottom area with the Problems dock.
void MainWindow::createToolDocks()
{
    addDockWidget(Qt::RightDockWidgetArea, m_workbench);
    m_workbench->hide();
    addDockWidget(Qt::BottomDockWidgetArea, m_logMatcher);
    tabifyDockWidget(m_problems, m_logMatcher);
    m_problems->raise();
    connect(m_logMatcher, &LogMatcherDock::recordActivated, this, &MainWindow::openRecord);
}

void MainWindow::bindWorkbench()
{
    RecordTab *tab = currentTab();
    m_workbench->bind(tab ? tab->record() : nullptr, tab && tab->isEditing() ? tab->session() : nullptr);
}

void MainWindow::setDocksKnowledgeBase(KnowledgeBase *kb, const std::shared_ptr<const LookupEngine> &lookup)
{
    m_problems->setKnowledgeBase(kb);
    m_review->setKnowledgeBase(kb);
    m_graph->setKnowledgeBase(kb);
    m_workbench->setKnowledgeBase(kb);
    m_logMatcher->setKnowledgeBase(kb, lookup);
}

bool MainWindow::editRecord(const QString &id, const QString &pointer)
{
    if (!openRecord(id))
        return false;
    RecordTab *tab = currentTab();
    tab->setEditing(true);
    m_undoGroup->setActiveStack(tab->session()->undoStack());
    if (!pointer.isEmpty())
        tab->editor()->focusField(pointer);
    return true;
}

void MainWindow::toggleEditing()
{
    if (isReviewMode()) { // to the editor of the record under review
        if (const Record *record = m_review->currentRecord())
            editRecord(record->id());
        else
            setReviewMode(false);
        return;
    }
    RecordTab *tab = currentTab();
    if (!tab)
        return;
    tab->setEditing(!tab->isEditing());
    if (tab->session())
        m_undoGroup->setActiveStack(tab->session()->undoStack());
}

void MainWindow::closeTab(int index)
{
    auto *tab = qobject_cast<RecordTab *>(m_tabs->widget(index));
    if (tab && m_actions->settleUnsaved({tab}))
        m_tabs->remove(tab);
}

void MainWindow::updateCenter()
{
    if (isReviewMode())
        m_center->setCurrentWidget(m_review);
    else
        m_center->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget *>(m_tabs) : m_welcome);
}

// Files changed by someone else: unmodified records reload by themselves,
// modified ones get the conflict bar.
void MainWindow::watchDisk()
{
    m_disk->setKnowledgeBase(&kb());
    m_git->follow(m_disk->watcher());
}

void MainWindow::connectDiskWatch()
{
    connect(m_disk, &DiskWatch::message, this,
            [this](const QString &text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(m_disk, &DiskWatch::conflict, this, [this](Record *record) {
        if (RecordTab *tab = tabFor(record))
            tab->showConflict();
    });
}

// The crash-recovery copies: restored records open for editing; a second
// window on the KB is told it keeps none.
void MainWindow::connectRecovery()
{
    connect(m_recovery, &RecoveryKeeper::recordRestored, this, [this](const QString &id) { editRecord(id); });
    connect(m_recovery, &RecoveryKeeper::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_recovery, &RecoveryKeeper::openElsewhere, this, [this](const QString &text) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Open in another window"), text, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    connect(m_recovery, &RecoveryKeeper::ownerAgain, this, [this] {
        statusBar()->showMessage(tr("The other window on this KB closed: unsaved edits are kept for recovery again."),
                                 8000);
    });
}

void MainWindow::updateStatus()
{
    setWindowTitle(kb().root().isEmpty() ? tr("Errata")
                                         : tr("%1 — Errata").arg(DisplayName::of(QFileInfo(kb().root()).fileName())));
    m_status->update();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = Settings::recentKnowledgeBases();
    for (int i = 0; i < recent.size(); ++i) {
        const QString folder = recent.at(i);
        QAction *action = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(folder), this,
                                                  [this, folder] { openKnowledgeBase(folder); });
        action->setEnabled(QFileInfo(folder).isDir());
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::saveSettings()
{
    Settings::setWindowGeometry(saveGeometry());
    Settings::setWindowState(saveState());
    Settings::setOpenTabs(m_tabs->openIds());
    Settings::setReviewMode(isReviewMode());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_actions->settleUnsaved(m_tabs->all())) {
        event->ignore();
        return;
    }
    m_recovery->store(); // nothing unsaved is left: this clears the recovery folder
    m_recovery->release();
    saveSettings();
    m_session->stopChecks();
    m_session->waitForCache(); // written once the checks end
    event->accept();
}

} // namespace Errata
