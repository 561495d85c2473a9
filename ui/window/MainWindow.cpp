#include "window/MainWindow.h"

#include "browser/BrowserDock.h"
#include "browser/ProblemsDock.h"
#include "card/RecordCardView.h"
#include "card/RecordTab.h"
#include "editing/EditSession.h"
#include "editing/ReciprocalLinksDialog.h"
#include "editing/RecordEditor.h"
#include "editing/RecordIdDialog.h"
#include "editing/RenameRecordCommand.h"
#include "graph/GraphDock.h"
#include "kb/KnowledgeBase.h"
#include "kb/KnowledgeBaseLoader.h"
#include "kb/KnowledgeBaseWatcher.h"
#include "kb/OwnFindingsJob.h"
#include "kb/RecordOperations.h"
#include "kb/RecoveryStore.h"
#include "kb/SearchIndexCache.h"
#include "links/LinkRevalidator.h"
#include "logs/LogMatcherDock.h"
#include "logs/RegexWorkbenchDock.h"
#include "record/Record.h"
#include "review/ReviewView.h"
#include "search/SearchIndex.h"
#include "validation/RecordValidator.h"
#include "window/SettingsDialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace Errata {

namespace {

const int MaxRecent = 8;

namespace Keys {
const QString Geometry = QStringLiteral("window/geometry");
const QString State = QStringLiteral("window/state");
const QString LastKb = QStringLiteral("kb/last");
const QString Recent = QStringLiteral("kb/recent");
const QString Tabs = QStringLiteral("kb/openTabs");
const QString Review = QStringLiteral("window/review");
} // namespace Keys

// How long an opening takes until the KB is shown and until it is checked;
// off unless asked for: QT_LOGGING_RULES="errata.load.info=true".
Q_LOGGING_CATEGORY(lcLoad, "errata.load", QtWarningMsg)

} // namespace

// What the background load hands to the window: a KB indexed and, but
// for the `deferred` records, validated, moved to the window's thread.
// With deferred records, also the cache, which is written once they are
// checked. (The cache's file, closed by then, was made on the loading
// thread; a QObject with no events pending may be deleted on another.)
struct MainWindow::Loaded
{
    std::unique_ptr<KnowledgeBase> kb;
    std::unique_ptr<SearchIndex> index;
    std::unique_ptr<SearchIndexCache> cache;
    std::vector<const Record *> deferred;
    bool cancelled = false;
};

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_kb(std::make_unique<KnowledgeBase>())
    , m_index(std::make_unique<SearchIndex>())
    , m_browser(new BrowserDock(this))
    , m_problems(new ProblemsDock(this))
    , m_workbench(new RegexWorkbenchDock(this))
    , m_logMatcher(new LogMatcherDock(this))
    , m_graph(new GraphDock(this))
    , m_tabs(new QTabWidget(this))
    , m_center(new QStackedWidget(this))
    , m_welcome(new QLabel(this))
    , m_review(new ReviewView(this))
    , m_pathLabel(new QLabel(this))
    , m_countLabel(new QLabel(this))
    , m_healthLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancelButton(new QToolButton(this))
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/errata.svg")));
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    m_welcome->setAlignment(Qt::AlignCenter);
    m_welcome->setWordWrap(true);
    m_welcome->setMargin(40);
    m_welcome->setText(welcomeText());
    m_center->addWidget(m_welcome);
    m_center->addWidget(m_tabs);
    m_center->addWidget(m_review);
    setCentralWidget(m_center);
    addDockWidget(Qt::LeftDockWidgetArea, m_browser);
    addDockWidget(Qt::BottomDockWidgetArea, m_problems);
    addDockWidget(Qt::RightDockWidgetArea, m_graph);
    m_graph->hide(); // until asked for (View ▸ Graph); then remembered with the window state
    resizeDocks({m_browser}, {420}, Qt::Horizontal);
    resizeDocks({m_problems}, {160}, Qt::Vertical);
    createToolDocks();
    createActions();
    createStatusBar();
    connect(m_browser, &BrowserDock::recordActivated, this, &MainWindow::activateRecord);
    m_review->setSessionProvider([this](Record *record) { return reviewSession(record); });
    connect(m_review, &ReviewView::recordSelected, this, &MainWindow::reviewSelected);
    connect(m_review, &ReviewView::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_problems, &ProblemsDock::problemActivated, this, [this](const QString &id, const QString &pointer) {
        if (!id.isEmpty())
            editRecord(id, pointer);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        RecordTab *tab = currentTab();
        m_undoGroup->setActiveStack(tab && tab->session() ? tab->session()->undoStack() : nullptr);
        bindWorkbench();
        m_graph->showRecord(tab ? tab->record()->id() : QString());
    });
    connect(m_graph, &GraphDock::recordActivated, this, &MainWindow::openRecord);
    connect(&m_loadWatcher, &QFutureWatcher<std::shared_ptr<Loaded>>::finished, this, &MainWindow::finishLoad);
    connect(&m_checksWatcher, &QFutureWatcher<bool>::finished, this, &MainWindow::finishChecks);
    m_browser->setKnowledgeBase(m_kb.get(), m_index.get());
    setDocksKnowledgeBase(m_kb.get());
    followKnowledgeBase();
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(150);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        m_browser->refreshSearch();
        updateStatus();
    });
    m_recovery = std::make_unique<RecoveryStore>();
    m_recoveryTimer.setInterval(5000);
    connect(&m_recoveryTimer, &QTimer::timeout, this, &MainWindow::storeRecovery);
    m_recoveryTimer.start();
    QSettings settings;
    restoreGeometry(settings.value(Keys::Geometry).toByteArray());
    restoreState(settings.value(Keys::State).toByteArray());
    m_pendingTabs = settings.value(Keys::Tabs).toStringList();
    m_reviewAction->setChecked(settings.value(Keys::Review, false).toBool());
    updateStatus();
    updateCenter();
}

MainWindow::~MainWindow()
{
    cancelLoad();
    m_loadWatcher.waitForFinished();
    m_checksWatcher.waitForFinished();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open KB Folder…"), this, &MainWindow::chooseFolder);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QAction *reloadAction = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    createEditMenu();
    createRecordMenu();

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
    createToolsMenu();

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Errata"), this, [this] {
        QMessageBox::about(this, tr("About Errata"),
                           tr("<b>Errata</b> %1<br>Curate a knowledge base of error records.")
                               .arg(QCoreApplication::applicationVersion()));
    });
    updateRecentMenu();
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
    QAction *saveAllAction = edit->addAction(tr("Save &All"), this, &MainWindow::saveAll);
    saveAllAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    edit->addAction(tr("Re&vert Record"), this, &MainWindow::revertCurrent);
    edit->addSeparator();
    QAction *settings = edit->addAction(tr("Se&ttings…"), this, &MainWindow::showSettings);
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted && dialog.apply())
        statusBar()->showMessage(tr("The new language takes effect the next time Errata starts."), 8000);
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
        m_undoGroup->setActiveStack(tab && tab->session() ? tab->session()->undoStack() : nullptr);
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
        openRecordTab(record);
}

EditSession *MainWindow::reviewSession(Record *record)
{
    if (!tabFor(record))
        openRecordTab(record);
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
    m_undoGroup->setActiveStack(tab && tab->session() ? tab->session()->undoStack() : nullptr);
}

void MainWindow::createRecordMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Record"));
    menu->addAction(tr("&New Record…"), this, &MainWindow::newRecord)->setShortcut(QKeySequence::New);
    menu->addAction(tr("D&uplicate Record…"), this, &MainWindow::duplicateRecord)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    menu->addAction(tr("Re&name Record…"), this, &MainWindow::renameRecord)->setShortcut(QKeySequence(Qt::Key_F2));
    menu->addSeparator();
    menu->addAction(tr("&Delete Record…"), this, &MainWindow::deleteRecord)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
}

void MainWindow::createToolsMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Tools"));
    menu->addAction(tr("Fix Missing &Reciprocal Links…"), this, &MainWindow::fixAllReciprocals);
}

void MainWindow::showGraph()
{
    m_graph->show();
    m_graph->raise();
    resizeDocks({m_graph}, {width() * 9 / 20}, Qt::Horizontal);
    if (RecordTab *tab = currentTab())
        m_graph->showRecord(tab->record()->id());
}

bool MainWindow::addReciprocal(const ReciprocalLinks::Missing &missing)
{
    Record *target = m_kb->find(missing.targetId);
    ReciprocalLinks::Change change;
    QString error = tr("No record \"%1\" in this KB.").arg(missing.targetId);
    if (!target || !ReciprocalLinks::change(*target, missing, &change, &error)) {
        QMessageBox::warning(this, tr("Add Reciprocal Link"), error);
        return false;
    }
    // The record that changes opens in its editor: the edit can be seen,
    // undone (Ctrl+Z) and saved there.
    editRecord(target->id());
    RecordTab *tab = tabFor(target);
    tab->session()->change(
        {{change.pointer, change.value}},
        tr("Add %1 link to %2").arg(QLatin1String(Link::key(missing.missingKind())), missing.sourceId));
    tab->editor()->focusField(change.pointer + QLatin1Char('/') + QString::number(change.value.size() - 1));
    statusBar()->showMessage(tr("Added %1 %2 to %3 (not saved yet; Ctrl+Z undoes it)")
                                 .arg(QLatin1String(Link::key(missing.missingKind())), missing.sourceId, target->id()),
                             8000);
    return true;
}

void MainWindow::fixAllReciprocals()
{
    const QList<ReciprocalLinks::Missing> missing = ReciprocalLinks::all(*m_kb);
    if (missing.isEmpty()) {
        QMessageBox::information(this, tr("Missing Reciprocal Links"),
                                 tr("Every leads_to and preceded_by link of this KB has its link back."));
        return;
    }
    ReciprocalLinksDialog dialog(missing, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<ReciprocalLinks::Missing> chosen = dialog.chosen();
    QString error;
    if (!ReciprocalLinks::fixAll(*m_kb, chosen, &error)) {
        QMessageBox::warning(this, tr("Missing Reciprocal Links"), tr("Nothing was changed: %1").arg(error));
        return;
    }
    statusBar()->showMessage(tr("Added %Ln reciprocal link(s) and saved the records.", nullptr, int(chosen.size())),
                             8000);
}

void MainWindow::newRecord()
{
    const Record *current = isReviewMode() ? m_review->currentRecord()
                                           : (currentTab() ? currentTab()->record() : nullptr);
    const QString domain = current ? current->domain() + QLatin1Char('/') : QString();
    RecordIdDialog dialog(*m_kb, tr("New Record"), tr("Id of the new record (its file path in the KB):"), domain,
                          nullptr, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    Record *record = RecordOperations::createRecord(*m_kb, dialog.id().section(QLatin1Char('/'), 0, 0),
                                                    dialog.id().section(QLatin1Char('/'), 1), QDate::currentDate(),
                                                    &error);
    if (!record) {
        QMessageBox::warning(this, tr("New Record"), error);
        return;
    }
    editRecord(record->id());
}

void MainWindow::duplicateRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    RecordIdDialog dialog(*m_kb, tr("Duplicate Record"), tr("Id of the copy:"),
                          tab->record()->id() + QStringLiteral("-copy"), nullptr, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    Record *copy = RecordOperations::duplicateRecord(*m_kb, *tab->record(), dialog.id(), &error);
    if (!copy) {
        QMessageBox::warning(this, tr("Duplicate Record"), error);
        return;
    }
    editRecord(copy->id());
}

void MainWindow::renameRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    Record *record = tab->record();
    const QList<RecordOperations::Linker> linkers = RecordOperations::linkersOf(*m_kb, record->id());
    RecordIdDialog dialog(
        *m_kb, tr("Rename Record"),
        tr("New id; the file moves and %Ln link(s) to it are rewritten:", nullptr, int(linkers.size())), record->id(),
        record, this);
    if (dialog.exec() != QDialog::Accepted || dialog.id() == record->id())
        return;
    const QString oldId = record->id();
    QString error;
    if (!RecordOperations::renameRecord(*m_kb, record, dialog.id(), &error)) {
        QMessageBox::warning(this, tr("Rename Record"), error);
        return;
    }
    tab->setEditing(true);
    tab->session()->undoStack()->push(new RenameRecordCommand(m_kb.get(), record, oldId, dialog.id()));
    updateTabTitle(tab);
    statusBar()->showMessage(tr("Renamed %1 to %2").arg(oldId, dialog.id()), 5000);
}

void MainWindow::deleteRecord()
{
    RecordTab *tab = actionTab();
    if (!tab)
        return;
    Record *record = tab->record();
    QStringList linking;
    for (const RecordOperations::Linker &linker : RecordOperations::linkersOf(*m_kb, record->id()))
        linking << QStringLiteral("%1 (%2)").arg(linker.record->id(), QString::fromLatin1(Link::key(linker.kind)));
    QString question = tr("Delete %1 and its file?").arg(record->id());
    if (!linking.isEmpty())
        question += QStringLiteral("\n\n")
            + tr("These records link to it; their links will dangle:\n%1").arg(linking.join(QLatin1Char('\n')));
    if (QMessageBox::warning(this, tr("Delete Record"), question, QMessageBox::Yes | QMessageBox::Cancel,
                             QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    if (tab->session())
        m_undoGroup->removeStack(tab->session()->undoStack());
    m_tabs->removeTab(m_tabs->indexOf(tab));
    delete tab;
    updateCenter();
    QString error;
    if (!RecordOperations::deleteRecord(*m_kb, record, &error)) {
        QMessageBox::warning(this, tr("Delete Record"), error);
        openRecordTab(record);
        return;
    }
    updateStatus();
    statusBar()->showMessage(tr("Deleted the record and its file."), 5000);
}

void MainWindow::createStatusBar()
{
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setVisible(false);
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_pathLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    statusBar()->addPermanentWidget(m_countLabel);
    statusBar()->addPermanentWidget(m_healthLabel);
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open KB Folder"), m_kb->root());
    if (!folder.isEmpty())
        openKnowledgeBase(folder);
}

void MainWindow::reload()
{
    if (m_kb->root().isEmpty() || !settleUnsaved(allTabs()))
        return;
    QStringList open;
    for (RecordTab *tab : allTabs())
        open << tab->record()->id();
    m_pendingTabs = open;
    openKnowledgeBase(m_kb->root());
}

void MainWindow::openKnowledgeBase(const QString &folder)
{
    if (!settleUnsaved(allTabs()))
        return;
    cancelLoad();
    m_loadWatcher.waitForFinished();
    dropChecks();
    m_cancel = false;
    m_loadingFolder = folder;
    m_loadClock.start();
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_cancelButton->setVisible(true);
    statusBar()->showMessage(tr("Reading %1…").arg(folder));
    QThread *guiThread = thread();
    const auto progress = [this](LoadPhase phase) {
        return [this, phase](int done, int total) {
            QMetaObject::invokeMethod(
                this, [this, phase, done, total] { showLoadProgress(phase, done, total); }, Qt::QueuedConnection);
        };
    };
    m_loadWatcher.setFuture(QtConcurrent::run([folder, guiThread, progress, cancel = &m_cancel] {
        auto loaded = std::make_shared<Loaded>();
        loaded->kb = std::make_unique<KnowledgeBase>();
        loaded->index = std::make_unique<SearchIndex>();
        KnowledgeBase &kb = *loaded->kb;
        auto cache = std::make_unique<SearchIndexCache>(SearchIndexCache::fileFor(folder));
        if (!cache->open(folder) && !cache->errorString().isEmpty())
            qWarning("Search index cache %s not used: %s", qPrintable(cache->file()), qPrintable(cache->errorString()));
        kb.adopt(KnowledgeBaseLoader::load(folder, cancel, progress(Reading), KnowledgeBaseLoader::ReleaseDocuments,
                                           cache.get()));
        // Records whose findings the cache lacks are checked once the KB is shown.
        loaded->cancelled = *cancel
            || !cache->validate(kb, RecordValidator(), cancel, progress(Checking), &loaded->deferred)
            || !cache->index(kb, *loaded->index, QDate::currentDate(), cancel, progress(Indexing));
        QString error;
        if (!loaded->deferred.empty())
            loaded->cache = std::move(cache);
        else if (!loaded->cancelled && cache->isOutdated() && !cache->save(kb, *loaded->index, &error))
            qWarning("Cannot write the search index cache %s: %s", qPrintable(cache->file()), qPrintable(error));
        kb.moveToThread(guiThread);
        return loaded;
    }));
}

void MainWindow::waitForLoad()
{
    const auto done = [this] { return !isLoading() && !m_progress->isVisible(); };
    if (done())
        return;
    // Sleeps until a load finishes (finishLoad() runs first, being connected
    // first) and no other one has started; processEvents() in a loop would
    // keep a core busy that the load needs.
    QEventLoop loop;
    const auto quitWhenDone = [&] {
        if (done())
            loop.quit();
    };
    connect(&m_loadWatcher, &QFutureWatcher<std::shared_ptr<Loaded>>::finished, &loop, quitWhenDone);
    connect(&m_checksWatcher, &QFutureWatcher<bool>::finished, &loop, quitWhenDone);
    loop.exec();
}

void MainWindow::cancelLoad()
{
    m_cancel = true;
}

bool MainWindow::isLoading() const
{
    return m_loadWatcher.isRunning() || m_checksWatcher.isRunning();
}

void MainWindow::showLoadProgress(LoadPhase phase, int done, int total)
{
    if (!isLoading())
        return;
    const QString message = phase == Reading ? tr("Reading %1…")
        : phase == Checking                  ? tr("Checking the records of %1…")
                                             : tr("Indexing %1 for search…");
    statusBar()->showMessage(message.arg(m_loadingFolder));
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void MainWindow::finishLoad()
{
    m_progress->setVisible(false);
    m_cancelButton->setVisible(false);
    statusBar()->clearMessage();
    const std::shared_ptr<Loaded> result = m_loadWatcher.result();
    if (result->cancelled) {
        statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(m_loadingFolder), 5000);
        return;
    }
    const QStringList tabsToOpen = m_pendingTabs;
    m_pendingTabs.clear();
    while (m_tabs->count() > 0) {
        QWidget *widget = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete widget;
    }
    updateCenter();
    m_browser->setKnowledgeBase(nullptr, nullptr);
    setDocksKnowledgeBase(nullptr);
    m_kb = std::move(result->kb);
    m_index = std::move(result->index);
    m_browser->setKnowledgeBase(m_kb.get(), m_index.get());
    setDocksKnowledgeBase(m_kb.get());
    followKnowledgeBase();
    QSettings().setValue(Keys::LastKb, m_kb->root());
    addRecent(m_kb->root());
    restoreTabs(tabsToOpen);
    watchDisk();
    offerRecovery();
    updateStatus();
    if (!m_kb->loadProblems().isEmpty())
        showLoadProblems();
    qCInfo(lcLoad, "%s: %d records shown after %lld ms", qPrintable(m_kb->root()), m_kb->count(),
           m_loadClock.elapsed());
    if (result->deferred.empty())
        emit loaded();
    else
        startChecks(std::move(result->cache), result->deferred);
}

// The records the cache held no findings for (all of them, the first time
// a KB is opened) are checked while the window already shows the KB: most
// of a first opening's time. Their texts are copied here and checked on
// other threads; the records stay the window's own.
void MainWindow::startChecks(std::unique_ptr<SearchIndexCache> cache, const std::vector<const Record *> &records)
{
    m_checksCache = std::move(cache);
    m_checks = std::make_shared<OwnFindingsJob>(records);
    updateStatus();
    m_progress->setRange(0, m_checks->count());
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancelButton->setVisible(true);
    statusBar()->showMessage(tr("Checking the records of %1…").arg(m_loadingFolder));
    const auto progress = [this](int done, int total) {
        QMetaObject::invokeMethod(
            this, [this, done, total] { showLoadProgress(Checking, done, total); }, Qt::QueuedConnection);
    };
    m_checksWatcher.setFuture(QtConcurrent::run(
        [job = m_checks, cancel = &m_cancel, progress] { return job->run(RecordValidator(), cancel, progress); }));
    emit checking(m_checks->count());
}

// Sets what was found (even when cancelled: each record checked counts)
// and writes the cache with it, so that a reload checks only the rest.
void MainWindow::finishChecks()
{
    if (!m_checks || m_checksWatcher.isRunning())
        return; // dropped (another KB is being opened), or a stale signal
    m_progress->setVisible(false);
    m_cancelButton->setVisible(false);
    statusBar()->clearMessage();
    const std::shared_ptr<OwnFindingsJob> checks = std::move(m_checks);
    const std::unique_ptr<SearchIndexCache> cache = std::move(m_checksCache);
    const qint64 ran = m_loadClock.elapsed();
    const int checked = checks->apply(*m_kb, *m_validator, cache.get());
    if (!m_checksWatcher.result()) {
        statusBar()->showMessage(tr("Checking was cancelled: %Ln record(s) not checked. Reload (F5) checks them.",
                                    nullptr, checks->count() - checked),
                                 10000);
    }
    QString error; // cancelled too: the records checked are not checked again
    if (cache->isOutdated() && !cache->save(*m_kb, *m_index, &error))
        qWarning("Cannot write the search index cache %s: %s", qPrintable(cache->file()), qPrintable(error));
    updateStatus();
    qCInfo(lcLoad,
           "%s: %d records checked after %lld ms, the last %lld ms on this thread (findings set, cache written)",
           qPrintable(m_kb->root()), checked, m_loadClock.elapsed(), m_loadClock.elapsed() - ran);
    emit loaded();
}

// Stops the checks of the KB shown, if any run, and keeps what they found
// so far, in the window and in the cache: closing the window halfway
// through a first opening of a large KB then costs the next opening only
// the records not checked yet.
void MainWindow::stopChecks()
{
    if (!m_checks)
        return;
    cancelLoad();
    m_checksWatcher.waitForFinished();
    finishChecks();
}

// Waits for the checks of the KB shown, if any run, and forgets them.
void MainWindow::dropChecks()
{
    m_checksWatcher.waitForFinished();
    m_checks.reset();
    m_checksCache.reset();
}

void MainWindow::showLoadProblems()
{
    QStringList lines;
    for (const Problem &problem : m_kb->loadProblems())
        lines << problem.toText();
    const int shown = 20;
    QString text = lines.mid(0, shown).join(QLatin1Char('\n'));
    if (lines.size() > shown)
        text += tr("\n… and %Ln more", nullptr, int(lines.size() - shown));
    statusBar()->showMessage(tr("%Ln file(s) could not be loaded; see Problems", nullptr, int(lines.size())), 10000);
    m_healthLabel->setToolTip(text);
    m_problems->show();
}

bool MainWindow::openRecord(const QString &id)
{
    setReviewMode(false);
    const Record *record = m_kb->find(id);
    if (record)
        openRecordTab(record);
    else
        statusBar()->showMessage(tr("No record \"%1\" in this KB.").arg(id), 5000);
    return record;
}

RecordTab *MainWindow::tabFor(const Record *record) const
{
    for (RecordTab *tab : allTabs()) {
        if (tab->record() == record)
            return tab;
    }
    return nullptr;
}

RecordTab *MainWindow::actionTab()
{
    if (!isReviewMode())
        return currentTab();
    const Record *record = m_review->currentRecord();
    if (!record)
        return nullptr;
    if (!tabFor(record))
        openRecordTab(record);
    m_tabs->setCurrentWidget(tabFor(record));
    return tabFor(record);
}

RecordTab *MainWindow::currentTab() const
{
    return qobject_cast<RecordTab *>(m_tabs->currentWidget());
}

QList<RecordTab *> MainWindow::allTabs() const
{
    QList<RecordTab *> tabs;
    for (int i = 0; i < m_tabs->count(); ++i)
        tabs << static_cast<RecordTab *>(m_tabs->widget(i));
    return tabs;
}

void MainWindow::openRecordTab(const Record *record)
{
    if (RecordTab *existing = tabFor(record)) {
        m_tabs->setCurrentWidget(existing);
        return;
    }
    // The KB owns its records; the tree hands them out read-only.
    auto *tab = new RecordTab(m_kb.get(), const_cast<Record *>(record), m_validator.get());
    connect(tab, &RecordTab::recordLinkActivated, this, &MainWindow::openRecord);
    connect(tab, &RecordTab::reciprocalRequested, this, &MainWindow::addReciprocal);
    connect(tab, &RecordTab::titleChanged, this, [this, tab] { updateTabTitle(tab); });
    connect(tab, &RecordTab::editingChanged, this, [this, tab] {
        if (currentTab() == tab)
            bindWorkbench();
    });
    connect(tab, &RecordTab::sessionCreated, this, [this, tab](EditSession *session) {
        m_undoGroup->addStack(session->undoStack());
        if (currentTab() == tab)
            m_undoGroup->setActiveStack(session->undoStack());
    });
    const int index = m_tabs->addTab(tab, tab->title());
    m_tabs->setTabToolTip(index, record->id() + QLatin1Char('\n') + record->signature());
    m_tabs->setCurrentIndex(index);
    m_browser->selectRecord(record);
    updateCenter();
}

// The regex workbench (right, hidden at first) follows the current record;
// the log matcher shares the bottom area with the Problems dock.
void MainWindow::createToolDocks()
{
    addDockWidget(Qt::RightDockWidgetArea, m_workbench);
    resizeDocks({m_workbench}, {480}, Qt::Horizontal);
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

void MainWindow::setDocksKnowledgeBase(KnowledgeBase *kb)
{
    m_problems->setKnowledgeBase(kb);
    m_review->setKnowledgeBase(kb);
    m_graph->setKnowledgeBase(kb);
    m_workbench->setKnowledgeBase(kb);
    m_logMatcher->setKnowledgeBase(kb);
}

void MainWindow::updateTabTitle(RecordTab *tab)
{
    const int index = m_tabs->indexOf(tab);
    if (index >= 0)
        m_tabs->setTabText(index, tab->title());
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

bool MainWindow::save(RecordTab *tab)
{
    if (!tab || !tab->session())
        return true;
    QString message;
    EditSession::SaveResult result = tab->session()->save(false, &message);
    if (result == EditSession::ConflictOnDisk) {
        const auto answer = QMessageBox::warning(
            this, tr("File changed on disk"),
            tr("%1 was changed on disk by someone else since it was opened.\n\nOverwrite it with your version?")
                .arg(tab->record()->filePath()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Save)
            return false;
        result = tab->session()->save(true, &message);
    }
    if (result == EditSession::RefusedErrors || result == EditSession::WriteFailed) {
        QMessageBox::warning(this, tr("Not saved"), message);
        if (result == EditSession::RefusedErrors)
            tab->setEditing(true);
        return false;
    }
    statusBar()->showMessage(result == EditSession::Saved ? tr("Saved %1").arg(tab->record()->id())
                                                          : tr("%1 has no changes to save").arg(tab->record()->id()),
                             4000);
    updateTabTitle(tab);
    updateStatus();
    return true;
}

bool MainWindow::saveCurrent()
{
    return save(isReviewMode() ? tabFor(m_review->currentRecord()) : currentTab());
}

bool MainWindow::saveAll()
{
    for (RecordTab *tab : allTabs()) {
        if (tab->isDirty() && !save(tab))
            return false;
    }
    return true;
}

void MainWindow::revertCurrent()
{
    RecordTab *tab = isReviewMode() ? tabFor(m_review->currentRecord()) : currentTab();
    if (!tab || !tab->isDirty())
        return;
    const auto answer = QMessageBox::question(this, tr("Revert"),
                                              tr("Throw away the unsaved changes to %1?").arg(tab->record()->id()));
    if (answer != QMessageBox::Yes)
        return;
    QString message;
    if (!tab->session()->revert(&message))
        QMessageBox::warning(this, tr("Revert"), message);
}

bool MainWindow::settleUnsaved(const QList<RecordTab *> &tabs)
{
    QStringList dirty;
    for (RecordTab *tab : tabs)
        if (tab->isDirty())
            dirty << tab->record()->id();
    if (dirty.isEmpty())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"), tr("These records have unsaved changes:\n%1").arg(dirty.join(QLatin1Char('\n'))),
        QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::SaveAll);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard) {
        for (RecordTab *tab : tabs) {
            QString message;
            if (tab->isDirty() && !tab->session()->revert(&message) && tab->record()->originalText().isEmpty())
                continue; // never saved: dropped with its tab
        }
        return true;
    }
    for (RecordTab *tab : tabs) {
        if (tab->isDirty() && !save(tab))
            return false;
    }
    return true;
}

void MainWindow::closeTab(int index)
{
    auto *widget = qobject_cast<RecordTab *>(m_tabs->widget(index));
    if (!widget || !settleUnsaved({widget}))
        return;
    if (widget->session())
        m_undoGroup->removeStack(widget->session()->undoStack());
    m_tabs->removeTab(index);
    delete widget;
    updateCenter();
}

void MainWindow::updateCenter()
{
    if (isReviewMode())
        m_center->setCurrentWidget(m_review);
    else
        m_center->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget *>(m_tabs) : m_welcome);
}

QString MainWindow::welcomeText() const
{
    return tr("<h2>Find a record</h2>"
              "<p>Type in the search field (<b>Ctrl+K</b>): words from the signature, id, root cause, "
              "dead ends or workarounds, in English or Chinese. <b>Enter</b> opens the best match; "
              "<b>Up</b> and <b>Down</b> move through the results.</p>"
              "<p>Filters combine with words: <code>domain:pytorch</code> <code>category:oom</code> "
              "<code>tier:ai_generated</code> <code>resolvable:partial</code> <code>fix&lt;0.5</code> "
              "<code>confidence&gt;=0.8</code> <code>has:zh</code> <code>-has:zh</code> "
              "<code>severity:warning</code> <code>stale</code></p>"
              "<p>Open another KB folder with <b>Ctrl+O</b>; reload it with <b>F5</b>.</p>");
}

void MainWindow::restoreTabs(const QStringList &ids)
{
    for (const QString &id : ids) {
        if (const Record *record = m_kb->find(id))
            openRecordTab(record);
    }
}

// Keeps the search index and the status bar current while records are
// edited, added, renamed or deleted.
void MainWindow::followKnowledgeBase()
{
    const auto reindex = [this](const Record *record) {
        m_index->update(*m_kb, record);
        m_refreshTimer.start();
    };
    new LinkRevalidator(m_kb.get(), m_validator.get(), m_kb.get()); // owned by the KB
    connect(m_kb.get(), &KnowledgeBase::recordChanged, this, [this](const Record *record) {
        if (currentTab() && currentTab()->record() == record)
            m_graph->showRecord(record->id()); // follows a rename
    });
    connect(m_kb.get(), &KnowledgeBase::recordAdded, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::recordChanged, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::problemsChanged, this, reindex);
    connect(m_kb.get(), &KnowledgeBase::manyProblemsChanged, this, [this] {
        m_index->refresh(*m_kb, QDate::currentDate()); // the severities; no text changed
        m_refreshTimer.start();
    });
    connect(m_kb.get(), &KnowledgeBase::recordAboutToBeRemoved, this, [this](const Record *record) {
        m_index->remove(record);
        m_refreshTimer.start();
    });
}

// Files changed by someone else: unmodified records reload by themselves,
// modified ones get the conflict bar.
void MainWindow::watchDisk()
{
    delete m_watcher;
    m_watcher = new KnowledgeBaseWatcher(m_kb.get(), this);
    connect(m_watcher, &KnowledgeBaseWatcher::reloaded, this, [this](Record *record) {
        statusBar()->showMessage(tr("%1 changed on disk and was reloaded.").arg(record->id()), 5000);
    });
    connect(m_watcher, &KnowledgeBaseWatcher::conflict, this, [this](Record *record) {
        if (RecordTab *tab = tabFor(record))
            tab->showConflict();
    });
    connect(m_watcher, &KnowledgeBaseWatcher::removedOnDisk, this, [this](Record *record) {
        statusBar()->showMessage(tr("The file of %1 was removed on disk.").arg(record->id()), 8000);
    });
    connect(m_watcher, &KnowledgeBaseWatcher::added, this,
            [this](Record *record) { statusBar()->showMessage(tr("New record on disk: %1").arg(record->id()), 5000); });
    connect(m_watcher, &KnowledgeBaseWatcher::loadFailed, this, [this](const QString &file, const QString &message) {
        statusBar()->showMessage(tr("%1: %2").arg(m_kb->relativePath(file), message), 8000);
    });
}

// Unsaved edits left by a run that did not end cleanly.
void MainWindow::offerRecovery()
{
    const QList<RecoveryStore::Entry> entries = m_recovery->entries(m_kb->root());
    if (entries.isEmpty())
        return;
    QStringList names;
    for (const RecoveryStore::Entry &entry : entries)
        names << QStringLiteral("%1 (%2)").arg(entry.id,
                                               QLocale().toString(entry.time.toLocalTime(), QLocale::ShortFormat));
    const auto answer = QMessageBox::question(
        this, tr("Restore unsaved edits?"),
        tr("Errata did not close normally. Unsaved edits of these records were kept:\n%1\n\nRestore them?")
            .arg(names.join(QLatin1Char('\n'))),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        m_recovery->clearAll(m_kb->root());
        return;
    }
    for (const RecoveryStore::Entry &entry : entries) {
        Record restored;
        QString error;
        if (!m_recovery->restore(m_kb->root(), entry.filePath, &restored, &error)) {
            QMessageBox::warning(this, tr("Restore"), error);
            continue;
        }
        Record *existing = m_kb->findFile(entry.filePath);
        if (existing)
            m_kb->replaceRecord(existing, std::move(restored));
        else
            existing = m_kb->add(std::make_unique<Record>(std::move(restored)));
        editRecord(existing->id());
    }
}

void MainWindow::storeRecovery()
{
    if (m_kb->root().isEmpty())
        return;
    QString error;
    if (!m_recovery->store(*m_kb, &error))
        statusBar()->showMessage(tr("Could not keep a recovery copy: %1").arg(error), 8000);
}

void MainWindow::updateStatus()
{
    const KnowledgeBase::Counts counts = m_kb->counts();
    setWindowTitle(m_kb->root().isEmpty() ? tr("Errata") : tr("%1 — Errata").arg(QFileInfo(m_kb->root()).fileName()));
    m_pathLabel->setText(m_kb->root());
    m_countLabel->setText(tr("%Ln record(s)", nullptr, m_kb->count()));
    const QString errors = tr("%Ln error(s)", nullptr, counts.errors);
    const QString warnings = tr("%Ln warning(s)", nullptr, counts.warnings);
    const QString health = m_checks ? tr("%1, %2 (checking…)", "the counts so far, while records are checked")
                                    : tr("%1, %2", "the status bar's count of errors, then of warnings");
    m_healthLabel->setText(health.arg(errors, warnings));
}

void MainWindow::addRecent(const QString &folder)
{
    QSettings settings;
    QStringList recent = settings.value(Keys::Recent).toStringList();
    recent.removeAll(folder);
    recent.prepend(folder);
    settings.setValue(Keys::Recent, recent.mid(0, MaxRecent));
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(Keys::Recent).toStringList();
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
    QSettings settings;
    settings.setValue(Keys::Geometry, saveGeometry());
    settings.setValue(Keys::State, saveState());
    QStringList open;
    for (RecordTab *tab : allTabs())
        open << tab->record()->id();
    settings.setValue(Keys::Tabs, open);
    settings.setValue(Keys::Review, isReviewMode());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!settleUnsaved(allTabs())) {
        event->ignore();
        return;
    }
    storeRecovery(); // nothing unsaved is left: this clears the recovery folder
    saveSettings();
    stopChecks();
    event->accept();
}

} // namespace Errata
