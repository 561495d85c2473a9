#include "models/git/GitStateTracker.h"

#include "models/git/GitLibrary.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/util/BackgroundJob.h"

#include <QFileSystemWatcher>
#include <QSet>
#include <QTimer>

#include <utility>

#include <git2.h>

namespace Errata {

namespace {

// The repository's own folder (".git", or where a worktree's points),
// whose entries HEAD and index git replaces on every commit, checkout and
// merge; empty when `root` is in none.
QString repositoryFolder(const QString &root)
{
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    return repository ? QString::fromUtf8(git_repository_path(repository.get())) : QString();
}

} // namespace

GitStateTracker::GitStateTracker(QObject *parent)
    : QObject(parent)
    , m_status(std::make_shared<const GitStatus>())
    , m_deleted(std::make_shared<const GitDeletedRecords>())
    , m_job(new BackgroundJob(this))
    , m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    m_delay->setInterval(DelayMs);
    connect(m_delay, &QTimer::timeout, this, &GitStateTracker::read);
}

GitStateTracker::~GitStateTracker() = default;

void GitStateTracker::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    m_root = kb ? kb->root() : QString();
    m_job->abandon();
    m_status = std::make_shared<const GitStatus>();
    m_deleted = std::make_shared<const GitDeletedRecords>();
    if (kb) {
        connect(kb, &KnowledgeBase::reset, this, [this] {
            m_root = m_kb->root();
            watchRepository();
            refresh();
        });
        connect(kb, &KnowledgeBase::recordSaved, this, &GitStateTracker::refresh);
        connect(kb, &KnowledgeBase::recordAdded, this, &GitStateTracker::refresh);
        connect(kb, &KnowledgeBase::recordAboutToBeRemoved, this, &GitStateTracker::refresh);
    }
    watchRepository();
    emit updated();
    refresh();
}

void GitStateTracker::refresh()
{
    if (!m_root.isEmpty())
        m_delay->start();
}

void GitStateTracker::refreshNow()
{
    m_delay->stop();
    read();
    m_job->finishNow();
}

void GitStateTracker::read()
{
    if (m_root.isEmpty())
        return;
    const QString root = m_root;
    m_job->start(
        [root](const BackgroundJob::Control &) {
            GitStatus status = GitStatus::read(root);
            GitDeletedRecords deleted = GitDeletedRecords::read(root, status);
            return std::make_pair(std::move(status), std::move(deleted));
        },
        [this](std::pair<GitStatus, GitDeletedRecords> state) {
            m_status = std::make_shared<const GitStatus>(std::move(state.first));
            // A file removed on disk keeps its record in the KB until it is
            // taken out: the tree shows that record, not the file in HEAD.
            if (m_kb && !state.second.isEmpty()) {
                QSet<QString> held;
                for (int i = 0; i < m_kb->count(); ++i)
                    held.insert(m_kb->relativePath(m_kb->recordAt(i)->filePath()));
                state.second.dropIf([&held](const GitDeletedRecords::Item &item) { return held.contains(item.path); });
            }
            if (!m_deleted->samePaths(state.second))
                m_deleted = std::make_shared<const GitDeletedRecords>(std::move(state.second));
            emit updated();
        });
}

void GitStateTracker::watchRepository()
{
    delete m_watcher;
    m_watcher = nullptr;
    const QString folder = m_root.isEmpty() ? QString() : repositoryFolder(m_root);
    if (folder.isEmpty())
        return;
    m_watcher = new QFileSystemWatcher({folder}, this);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &GitStateTracker::refresh);
}

} // namespace Errata
