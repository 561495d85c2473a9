#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QMainWindow>
#include <QTimer>
#include <QUndoGroup>

#include "links/ReciprocalLinks.h"
#include "validation/RecordValidator.h"

#include <atomic>
#include <memory>
#include <vector>

class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class QUndoGroup;

namespace Errata {

class BrowserDock;
class LogMatcherDock;
class RegexWorkbenchDock;
class GraphDock;
class EditSession;
class KnowledgeBaseWatcher;
class OwnFindingsJob;
class RecoveryStore;
class ProblemsDock;
class KnowledgeBase;
class Record;
class RecordTab;
class RecordValidator;
class ReviewView;
class SearchIndex;
class SearchIndexCache;

// The main window: the record browser dock on the left, one tab per opened
// record in the middle, the KB and its health in the status bar. A KB is
// loaded, validated and indexed in the background; the window stays usable
// and the load can be cancelled. Geometry, docks, the last KB, recent KBs
// and open tabs are remembered between runs.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts loading `folder`; `loaded` is emitted when it is shown.
    void openKnowledgeBase(const QString &folder);
    // Blocks (running the event loop) until a load in progress has finished.
    void waitForLoad();

    const KnowledgeBase *knowledgeBase() const { return m_kb.get(); }
    BrowserDock *browser() const { return m_browser; }
    ProblemsDock *problems() const { return m_problems; }
    RegexWorkbenchDock *workbench() const { return m_workbench; }
    LogMatcherDock *logMatcher() const { return m_logMatcher; }
    GraphDock *graph() const { return m_graph; }
    // Shows the Graph dock, wide enough to read, for the current record.
    void showGraph();
    // Adds the missing link back (to missing.targetId) as an undoable edit
    // of that record, opened in its editor; false when it cannot be added.
    bool addReciprocal(const ReciprocalLinks::Missing &missing);
    // Lists every missing reciprocal of the KB and adds the chosen ones.
    void fixAllReciprocals();
    QTabWidget *tabs() const { return m_tabs; }
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
    // A KB was opened and all its records checked.
    void loaded();
    // A KB is shown, and `records` of its records, whose findings the
    // cache did not hold, are being checked in the background.
    void checking(int records);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    struct Loaded;

    void createActions();
    void createEditMenu();
    void createRecordMenu();
    void createToolsMenu();
    void showSettings();
    void activateRecord(const Record *record);
    // The edit session of a record edited in review mode (its tab is
    // opened behind the review, in edit mode, if it was not open).
    EditSession *reviewSession(Record *record);
    void reviewSelected(Record *record);
    void newRecord();
    void duplicateRecord();
    void renameRecord();
    void deleteRecord();
    bool save(RecordTab *tab);
    void revertCurrent();
    void toggleEditing();
    // Asks what to do with unsaved edits; false when the user cancels.
    bool settleUnsaved(const QList<RecordTab *> &tabs);
    QList<RecordTab *> allTabs() const;
    // The tab the Record menu acts on: the current one, or in review mode
    // that of the record under review (opened behind the review if needed).
    RecordTab *actionTab();
    void updateTabTitle(RecordTab *tab);
    void createStatusBar();
    void createToolDocks();
    void bindWorkbench();
    void setDocksKnowledgeBase(KnowledgeBase *kb);
    void chooseFolder();
    void reload();
    void cancelLoad();
    // What a load is busy with, as the status bar says.
    enum LoadPhase { Reading, Checking, Indexing };
    void showLoadProgress(LoadPhase phase, int done, int total);
    void finishLoad();
    bool isLoading() const;
    void startChecks(std::unique_ptr<SearchIndexCache> cache, const std::vector<const Record *> &records);
    void finishChecks();
    void stopChecks();
    void dropChecks();
    void openRecordTab(const Record *record);
    void closeTab(int index);
    void updateStatus();
    void followKnowledgeBase();
    void watchDisk();
    void offerRecovery();
    void storeRecovery();
    void updateCenter();
    QString welcomeText() const;
    void updateRecentMenu();
    void addRecent(const QString &folder);
    void restoreTabs(const QStringList &ids);
    void saveSettings();
    void showLoadProblems();

    std::unique_ptr<KnowledgeBase> m_kb;
    std::unique_ptr<SearchIndex> m_index;
    BrowserDock *m_browser;
    ProblemsDock *m_problems;
    RegexWorkbenchDock *m_workbench;
    LogMatcherDock *m_logMatcher;
    GraphDock *m_graph;
    QTabWidget *m_tabs;
    QStackedWidget *m_center;
    QLabel *m_welcome;
    ReviewView *m_review;
    QAction *m_reviewAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QUndoGroup *m_undoGroup = new QUndoGroup(this);
    std::unique_ptr<RecordValidator> m_validator = std::make_unique<RecordValidator>();
    QLabel *m_pathLabel;
    QLabel *m_countLabel;
    QLabel *m_healthLabel;
    QProgressBar *m_progress;
    QToolButton *m_cancelButton;
    QFutureWatcher<std::shared_ptr<Loaded>> m_loadWatcher;
    // The checks of the records shown before they were checked, and the
    // cache that keeps their findings once they are in.
    std::shared_ptr<OwnFindingsJob> m_checks;
    std::unique_ptr<SearchIndexCache> m_checksCache;
    QFutureWatcher<bool> m_checksWatcher;
    std::atomic_bool m_cancel{false};
    QString m_loadingFolder;
    QElapsedTimer m_loadClock; // since the opening began, for the errata.load log
    QStringList m_pendingTabs;
    QTimer m_refreshTimer;  // search and status after edits, coalesced
    QTimer m_recoveryTimer; // unsaved edits to the recovery folder
    std::unique_ptr<RecoveryStore> m_recovery;
    KnowledgeBaseWatcher *m_watcher = nullptr;
};

} // namespace Errata
