#pragma once

#include <QElapsedTimer>
#include <QMainWindow>
#include <QTimer>

#include "models/links/ReciprocalLinks.h"

#include <memory>

class QMenu;
class QStackedWidget;
class QTabWidget;
class QUndoGroup;

namespace Errata {

class BrowserDock;
class ConflictResolver;
class DiskWatch;
class GitSupport;
class GraphDock;
class KnowledgeBase;
class KnowledgeBaseSession;
class KnowledgeBaseStatus;
class LogMatcherDock;
class LookupEngine;
class ProblemsDock;
class Record;
class RecordActions;
class RecordTab;
class RecordTabs;
class DockLayout;
class RecoveryKeeper;
class RegexWorkbenchDock;
class ReviewView;
class WelcomePage;
class EditSession;

// The main window: the record browser dock on the left, one tab per opened
// record in the middle (or the translation review), the KB and its health
// in the status bar. The KB is opened by a KnowledgeBaseSession in the
// background; the window stays usable and the opening can be cancelled.
// RecordTabs holds the tabs, RecordActions what the menus do to records.
// Geometry, docks, the last KB, recent KBs and open tabs are remembered
// between runs (Settings).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts opening `folder`; `loaded` is emitted when it is checked.
    void openKnowledgeBase(const QString &folder);
    // Blocks (running the event loop) until an opening in progress has
    // finished.
    void waitForLoad();

    const KnowledgeBase *knowledgeBase() const;
    BrowserDock *browser() const { return m_browser; }
    ConflictResolver *conflicts() const;
    GitSupport *git() const { return m_git; }
    ProblemsDock *problems() const { return m_problems; }
    RegexWorkbenchDock *workbench() const { return m_workbench; }
    LogMatcherDock *logMatcher() const { return m_logMatcher; }
    GraphDock *graph() const { return m_graph; }
    // Shows the Graph dock, wide enough to read, for the current record.
    void showGraph();
    bool addReciprocal(const ReciprocalLinks::Missing &missing);
    void fixAllReciprocals();
    QTabWidget *tabs() const;
    bool openRecord(const QString &id);
    RecordTab *currentTab() const;
    RecordTab *tabFor(const Record *record) const;
    // Opens the record in edit mode with the field at `pointer` focused.
    bool editRecord(const QString &id, const QString &pointer = QString());
    bool saveCurrent();
    bool saveAll();
    // Review mode (View ▸ Translation Review) replaces the record tabs in the
    // middle of the window with the bilingual review table.
    void setReviewMode(bool on);
    bool isReviewMode() const;
    ReviewView *review() const { return m_review; }

signals:
    // A KB was opened, all its records checked and its lookup index built.
    void loaded();
    // A KB is shown, and `records` of its records, whose findings the
    // cache did not hold, are being checked in the background.
    void checking(int records);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void waitForOpening();
    KnowledgeBase &kb() const;
    void createActions();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createRecordMenu();
    void createToolsMenu();
    void connectSession();
    void connectTabs();
    void showSettings();
    void activateRecord(const Record *record);
    // The edit session of a record edited in review mode (its tab is
    // opened behind the review, in edit mode, if it was not open).
    EditSession *reviewSession(Record *record);
    void reviewSelected(Record *record);
    void toggleEditing();
    void createToolDocks();
    void bindWorkbench();
    void setDocksKnowledgeBase(KnowledgeBase *kb, const std::shared_ptr<const LookupEngine> &lookup);
    std::shared_ptr<const LookupEngine> lookupEngine() const;
    void chooseFolder();
    void reload();
    void letGoOfKnowledgeBase();
    void showKnowledgeBase();
    void startedChecks(int records);
    void finishedChecks(bool cancelled, int notChecked);
    void closeTab(int index);
    void updateStatus();
    void watchDisk();
    void connectRecovery();
    void connectDiskWatch();
    void updateCenter();
    void updateRecentMenu();
    void saveSettings();
    void showLoadProblems();

    QUndoGroup *m_undoGroup;
    KnowledgeBaseSession *m_session;
    BrowserDock *m_browser;
    ProblemsDock *m_problems;
    RegexWorkbenchDock *m_workbench;
    LogMatcherDock *m_logMatcher;
    GraphDock *m_graph;
    RecordTabs *m_tabs;
    RecordActions *m_actions;
    QStackedWidget *m_center;
    WelcomePage *m_welcome;
    ReviewView *m_review;
    QAction *m_reviewAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    KnowledgeBaseStatus *m_status;
    GitSupport *m_git;         // the states of the KB's files in git, conflicts, deleted records
    QElapsedTimer m_loadClock; // since the opening began, for the errata.load log
    QStringList m_pendingTabs;
    QTimer m_refreshTimer;          // search and status after edits, coalesced
    RecoveryKeeper *m_recovery;     // unsaved edits to the recovery folder
    DiskWatch *m_disk;              // the KB's files changed by someone else
    DockLayout *m_layout = nullptr; // first start, readable dock sizes
};

} // namespace Errata
