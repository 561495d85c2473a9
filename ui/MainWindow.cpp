#include "MainWindow.h"

#include "BrowserDock.h"
#include "ProblemsDock.h"
#include "KnowledgeBase.h"
#include "KnowledgeBaseLoader.h"
#include "Record.h"
#include "RecordCardView.h"
#include "RecordValidator.h"
#include "SearchIndex.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStackedWidget>
#include <QTabWidget>
#include <QThread>
#include <QToolButton>
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
} // namespace Keys

} // namespace

// What the background load hands to the window: a KB already validated
// and indexed, moved to the window's thread.
struct MainWindow::Loaded
{
    std::unique_ptr<KnowledgeBase> kb;
    std::unique_ptr<SearchIndex> index;
    bool cancelled = false;
};

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_kb(std::make_unique<KnowledgeBase>())
    , m_index(std::make_unique<SearchIndex>())
    , m_browser(new BrowserDock(this))
    , m_problems(new ProblemsDock(this))
    , m_tabs(new QTabWidget(this))
    , m_center(new QStackedWidget(this))
    , m_welcome(new QLabel(this))
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
    setCentralWidget(m_center);
    addDockWidget(Qt::LeftDockWidgetArea, m_browser);
    addDockWidget(Qt::BottomDockWidgetArea, m_problems);
    resizeDocks({m_browser}, {420}, Qt::Horizontal);
    resizeDocks({m_problems}, {160}, Qt::Vertical);
    createActions();
    createStatusBar();
    connect(m_browser, &BrowserDock::recordActivated, this, &MainWindow::openRecordTab);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_problems, &ProblemsDock::problemActivated, this, [this](const QString &id) {
        if (!id.isEmpty())
            openRecord(id);
    });
    connect(&m_loadWatcher, &QFutureWatcher<std::shared_ptr<Loaded>>::finished, this, &MainWindow::finishLoad);
    m_browser->setKnowledgeBase(m_kb.get(), m_index.get());
    m_problems->setKnowledgeBase(m_kb.get());
    QSettings settings;
    restoreGeometry(settings.value(Keys::Geometry).toByteArray());
    restoreState(settings.value(Keys::State).toByteArray());
    m_pendingTabs = settings.value(Keys::Tabs).toStringList();
    updateStatus();
    updateCenter();
}

MainWindow::~MainWindow()
{
    cancelLoad();
    m_loadWatcher.waitForFinished();
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

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(tr("&Find Record"), this, [this] {
        m_browser->show();
        m_browser->focusSearch();
    });
    find->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_K), QKeySequence::Find});
    QAction *closeTabAction = view->addAction(tr("&Close Tab"), this, [this] { closeTab(m_tabs->currentIndex()); });
    closeTabAction->setShortcut(QKeySequence::Close);
    view->addSeparator();
    view->addAction(m_browser->toggleViewAction());
    view->addAction(m_problems->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Errata"), this, [this] {
        QMessageBox::about(this, tr("About Errata"),
                           tr("<b>Errata</b> %1<br>Curate a knowledge base of error records.")
                               .arg(QCoreApplication::applicationVersion()));
    });
    updateRecentMenu();
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
    if (m_kb->root().isEmpty())
        return;
    QStringList open;
    for (int i = 0; i < m_tabs->count(); ++i)
        open << static_cast<RecordCardView *>(m_tabs->widget(i))->record()->id();
    m_pendingTabs = open;
    openKnowledgeBase(m_kb->root());
}

void MainWindow::openKnowledgeBase(const QString &folder)
{
    cancelLoad();
    m_loadWatcher.waitForFinished();
    m_cancel = false;
    m_loadingFolder = folder;
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_cancelButton->setVisible(true);
    statusBar()->showMessage(tr("Loading %1…").arg(folder));
    QThread *guiThread = thread();
    const auto progress = [this](int done, int total) {
        QMetaObject::invokeMethod(this, [this, done, total] { showLoadProgress(done, total); }, Qt::QueuedConnection);
    };
    m_loadWatcher.setFuture(QtConcurrent::run([folder, guiThread, progress, cancel = &m_cancel] {
        auto loaded = std::make_shared<Loaded>();
        loaded->kb = std::make_unique<KnowledgeBase>();
        loaded->kb->adopt(KnowledgeBaseLoader::load(folder, cancel, progress));
        loaded->cancelled = *cancel || !loaded->kb->validateAll(RecordValidator(), cancel);
        if (!loaded->cancelled) {
            loaded->index = std::make_unique<SearchIndex>();
            loaded->index->build(*loaded->kb);
        }
        loaded->kb->moveToThread(guiThread);
        return loaded;
    }));
}

void MainWindow::waitForLoad()
{
    while (m_loadWatcher.isRunning() || m_progress->isVisible())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

void MainWindow::cancelLoad()
{
    m_cancel = true;
}

void MainWindow::showLoadProgress(int done, int total)
{
    if (!m_loadWatcher.isRunning())
        return;
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
    while (m_tabs->count() > 0)
        closeTab(0);
    m_browser->setKnowledgeBase(nullptr, nullptr);
    m_problems->setKnowledgeBase(nullptr);
    m_kb = std::move(result->kb);
    m_index = std::move(result->index);
    m_browser->setKnowledgeBase(m_kb.get(), m_index.get());
    m_problems->setKnowledgeBase(m_kb.get());
    QSettings().setValue(Keys::LastKb, m_kb->root());
    addRecent(m_kb->root());
    restoreTabs(tabsToOpen);
    updateStatus();
    if (!m_kb->loadProblems().isEmpty())
        showLoadProblems();
    emit loaded();
}

void MainWindow::showLoadProblems()
{
    QStringList lines;
    for (const Problem &problem : m_kb->loadProblems())
        lines << problem.toText();
    const int shown = 20;
    QString text = lines.mid(0, shown).join(QLatin1Char('\n'));
    if (lines.size() > shown)
        text += tr("\n… and %n more", nullptr, int(lines.size() - shown));
    statusBar()->showMessage(tr("%n file(s) could not be loaded; see Problems", nullptr, int(lines.size())), 10000);
    m_healthLabel->setToolTip(text);
    m_problems->show();
}

bool MainWindow::openRecord(const QString &id)
{
    const Record *record = m_kb->find(id);
    if (record)
        openRecordTab(record);
    else
        statusBar()->showMessage(tr("No record \"%1\" in this KB.").arg(id), 5000);
    return record;
}

void MainWindow::openRecordTab(const Record *record)
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (static_cast<RecordCardView *>(m_tabs->widget(i))->record() == record) {
            m_tabs->setCurrentIndex(i);
            return;
        }
    }
    auto *card = new RecordCardView(record, m_kb.get());
    connect(card, &RecordCardView::recordLinkActivated, this, &MainWindow::openRecord);
    const int index = m_tabs->addTab(card, record->id().section(QLatin1Char('/'), -1));
    m_tabs->setTabToolTip(index, record->id() + QLatin1Char('\n') + record->signature());
    m_tabs->setCurrentIndex(index);
    m_browser->selectRecord(record);
    updateCenter();
}

void MainWindow::closeTab(int index)
{
    QWidget *widget = m_tabs->widget(index);
    if (!widget)
        return;
    m_tabs->removeTab(index);
    delete widget;
    updateCenter();
}

void MainWindow::updateCenter()
{
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

void MainWindow::updateStatus()
{
    const KnowledgeBase::Counts counts = m_kb->counts();
    setWindowTitle(m_kb->root().isEmpty() ? tr("Errata") : tr("%1 — Errata").arg(QFileInfo(m_kb->root()).fileName()));
    m_pathLabel->setText(m_kb->root());
    m_countLabel->setText(tr("%n record(s)", nullptr, m_kb->count()));
    m_healthLabel->setText(tr("%n error(s), %1 warning(s)", nullptr, counts.errors).arg(counts.warnings));
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
        QAction *action = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(folder),
                                                  this, [this, folder] { openKnowledgeBase(folder); });
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
    for (int i = 0; i < m_tabs->count(); ++i)
        open << static_cast<RecordCardView *>(m_tabs->widget(i))->record()->id();
    settings.setValue(Keys::Tabs, open);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    event->accept();
}

} // namespace Errata
