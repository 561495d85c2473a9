#include "merge/ConflictResolver.h"

#include "git/GitStateTracker.h"
#include "kb/KnowledgeBase.h"
#include "kb/KnowledgeBaseSession.h"
#include "merge/ConflictMergeDialog.h"
#include "merge/ConflictSession.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

namespace Errata {

namespace {

QStringList conflictedPaths(const GitStatus &status)
{
    QStringList paths;
    for (const GitStatus::Entry &entry : status.entries()) {
        if (entry.state == GitStatus::State::Conflicted)
            paths << entry.path;
    }
    return paths;
}

} // namespace

ConflictResolver::ConflictResolver(QWidget *window, KnowledgeBaseSession *session, GitStateTracker *git)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_git(git)
    , m_action(new QAction(tr("Resolve &Merge Conflict…"), this))
{
    m_action->setEnabled(false);
    m_action->setStatusTip(tr("Merge a record file that git left in conflict, field by field"));
    connect(m_action, &QAction::triggered, this, &ConflictResolver::resolveAny);
    connect(m_git, &GitStateTracker::updated, this, &ConflictResolver::updateAction);
}

void ConflictResolver::updateAction()
{
    m_action->setEnabled(!conflictedPaths(*m_git->status()).isEmpty());
}

bool ConflictResolver::resolveFile(const QString &file)
{
    const QString root = m_session->knowledgeBase().root();
    if (!file.startsWith(root + QLatin1Char('/')))
        return false;
    const QString path = file.mid(root.size() + 1);
    const GitStatus::Entry *entry = m_git->status()->find(path);
    if (!entry || entry->state != GitStatus::State::Conflicted)
        return false;
    resolve(path);
    return true;
}

void ConflictResolver::resolveAny()
{
    const QStringList paths = conflictedPaths(*m_git->status());
    if (paths.isEmpty())
        return;
    bool chosen = true;
    const QString path = paths.size() == 1
        ? paths.first()
        : QInputDialog::getItem(m_window, tr("Resolve Merge Conflict"), tr("Record file in conflict:"), paths, 0, false,
                                &chosen);
    if (chosen)
        resolve(path);
}

void ConflictResolver::resolve(const QString &path)
{
    ConflictSession session;
    QString error;
    if (!session.open(m_session->knowledgeBase().root(), path, &error)) {
        QMessageBox::warning(m_window, tr("Resolve Merge Conflict"), error);
        return;
    }
    ConflictMergeDialog dialog(&session, &m_session->validator(), &m_session->knowledgeBase(), m_window);
    if (dialog.exec() == QDialog::Accepted) {
        emit message(tr("%1: the conflict is resolved and the file staged.").arg(path));
        m_git->refresh();
    }
}

} // namespace Errata
