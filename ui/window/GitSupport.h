#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace Errata {

class BrowserDock;
class ConflictResolver;
class DeletedRecordRestorer;
class GitStateTracker;
class KnowledgeBase;
class KnowledgeBaseSession;
class KnowledgeBaseStatus;
class KnowledgeBaseWatcher;

// The window's git support for the open KB: the states of its files
// (GitStateTracker), shown in the tree and the status bar; the conflict
// view (ConflictResolver); deleted records listed and restored
// (DeletedRecordRestorer); and the Record menu's actions for them.
class GitSupport : public QObject
{
    Q_OBJECT

public:
    GitSupport(QWidget *window, KnowledgeBaseSession *session, BrowserDock *browser, KnowledgeBaseStatus *status);

    GitStateTracker *tracker() const { return m_tracker; }
    ConflictResolver *conflicts() const { return m_conflicts; }
    DeletedRecordRestorer *restorer() const { return m_restorer; }
    QList<QAction *> actions() const;

    // The KB shown now; null lets go of the last one.
    void setKnowledgeBase(const KnowledgeBase *kb);
    // Reads the states again when files change on disk, and hands restored
    // files to `watcher` to be loaded.
    void follow(KnowledgeBaseWatcher *watcher);

signals:
    void message(const QString &text);
    void recordRestored(const QString &id);

private:
    void showStatus();

    BrowserDock *m_browser;
    KnowledgeBaseStatus *m_status;
    GitStateTracker *m_tracker;
    ConflictResolver *m_conflicts;
    DeletedRecordRestorer *m_restorer;
    QPointer<KnowledgeBaseWatcher> m_watcher;
};

} // namespace Errata
