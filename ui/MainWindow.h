#pragma once

#include <QFutureWatcher>
#include <QMainWindow>

#include <atomic>
#include <memory>

class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace Errata {

class BrowserDock;
class ProblemsDock;
class KnowledgeBase;
class Record;
class SearchIndex;

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
    QTabWidget *tabs() const { return m_tabs; }
    bool openRecord(const QString &id);

signals:
    void loaded();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    struct Loaded;

    void createActions();
    void createStatusBar();
    void chooseFolder();
    void reload();
    void cancelLoad();
    void showLoadProgress(int done, int total);
    void finishLoad();
    void openRecordTab(const Record *record);
    void closeTab(int index);
    void updateStatus();
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
    QTabWidget *m_tabs;
    QStackedWidget *m_center;
    QLabel *m_welcome;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_pathLabel;
    QLabel *m_countLabel;
    QLabel *m_healthLabel;
    QProgressBar *m_progress;
    QToolButton *m_cancelButton;
    QFutureWatcher<std::shared_ptr<Loaded>> m_loadWatcher;
    std::atomic_bool m_cancel{false};
    QString m_loadingFolder;
    QStringList m_pendingTabs;
};

} // namespace Errata
