#include "ui/merge/ConflictResolver.h"

#include "models/git/GitStateTracker.h"
#include "models/kb/KnowledgeBase.h"
#include "models/merge/ConflictSession.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/text/DisplayName.h"
#include "ui/merge/ConflictMergeDialog.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

#include <memory>

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

ConflictResolver::~ConflictResolver()
{
    delete m_dialog; // before the session it shows
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
    if (!entry) { // the states may not be read yet
        m_git->refreshNow();
        entry = m_git->status()->find(path);
    }
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
    if (m_dialog)
        return; // one at a time
    auto conflict = std::make_unique<ConflictSession>();
    QString error;
    if (!conflict->open(m_session->knowledgeBase().root(), path, &error)) {
        QMessageBox::warning(m_window, tr("Resolve Merge Conflict"), error);
        return;
    }
    m_conflict = std::move(conflict);
    m_dialog = new ConflictMergeDialog(m_conflict.get(), &m_session->validator(), &m_session->knowledgeBase(),
                                       m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &QDialog::finished, this, [this, path](int result) {
        if (result == QDialog::Accepted) {
            emit message(tr("%1: the conflict is resolved and the file staged.").arg(DisplayName::of(path)));
            m_git->refresh();
        }
    });
    connect(m_dialog, &QObject::destroyed, this, [this] { m_conflict.reset(); });
    m_dialog->open();
}

} // namespace Errata
