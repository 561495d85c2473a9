#include "ui/window/GitSupport.h"

#include "models/git/GitStateTracker.h"
#include "models/kb/KnowledgeBaseWatcher.h"
#include "models/record/Record.h"
#include "ui/browser/BrowserDock.h"
#include "ui/git/DeletedRecordRestorer.h"
#include "ui/merge/ConflictResolver.h"
#include "ui/window/KnowledgeBaseStatus.h"

#include <QWidget>

namespace Errata {

GitSupport::GitSupport(QWidget *window, KnowledgeBaseSession *session, BrowserDock *browser,
                       KnowledgeBaseStatus *status)
    : QObject(window)
    , m_browser(browser)
    , m_status(status)
    , m_tracker(new GitStateTracker(this))
    , m_conflicts(new ConflictResolver(window, session, m_tracker))
    , m_restorer(new DeletedRecordRestorer(window, session, m_tracker, browser))
{
    connect(m_tracker, &GitStateTracker::updated, this, &GitSupport::showStatus);
    connect(m_conflicts, &ConflictResolver::message, this, &GitSupport::message);
    connect(m_restorer, &DeletedRecordRestorer::message, this, &GitSupport::message);
    connect(m_browser, &BrowserDock::deletedRecordActivated, m_restorer, &DeletedRecordRestorer::askToRestore);
    connect(m_restorer, &DeletedRecordRestorer::restored, this, [this](const QString &file, const QString &id) {
        if (m_watcher)
            m_watcher->fileAppeared(file); // in the KB at once, not after the watcher's delay
        emit recordRestored(id);
    });
}

QList<QAction *> GitSupport::actions() const
{
    return {m_conflicts->action(), m_restorer->action()};
}

void GitSupport::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (!kb)
        m_watcher = nullptr;
    m_tracker->setKnowledgeBase(kb);
}

void GitSupport::follow(KnowledgeBaseWatcher *watcher)
{
    m_watcher = watcher;
    connect(watcher, &KnowledgeBaseWatcher::reloaded, m_tracker, &GitStateTracker::refresh);
    connect(watcher, &KnowledgeBaseWatcher::conflict, m_tracker, &GitStateTracker::refresh);
    connect(watcher, &KnowledgeBaseWatcher::loadFailed, m_tracker, &GitStateTracker::refresh);
    connect(watcher, &KnowledgeBaseWatcher::added, m_tracker, &GitStateTracker::refresh);
    connect(watcher, &KnowledgeBaseWatcher::removedOnDisk, m_tracker, &GitStateTracker::refresh);
}

void GitSupport::showStatus()
{
    m_browser->setGitStatus(m_tracker->status(), m_tracker->deletedRecords());
    m_status->setGitStatus(*m_tracker->status());
}

} // namespace Errata
