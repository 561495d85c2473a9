#include "ui/git/DeletedRecordRestorer.h"

#include "models/git/GitRestore.h"
#include "models/git/GitStateTracker.h"
#include "models/kb/KnowledgeBase.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/text/DisplayName.h"
#include "ui/browser/BrowserDock.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

namespace Errata {

DeletedRecordRestorer::DeletedRecordRestorer(QWidget *window, KnowledgeBaseSession *session, GitStateTracker *git,
                                             BrowserDock *browser)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_git(git)
    , m_browser(browser)
    , m_action(new QAction(tr("Res&tore Deleted Record…"), this))
{
    m_action->setEnabled(false);
    m_action->setStatusTip(tr("Bring back a record file deleted since the last commit, as the commit has it"));
    connect(m_action, &QAction::triggered, this, &DeletedRecordRestorer::restoreCurrentOrChosen);
    connect(m_git, &GitStateTracker::updated, this, &DeletedRecordRestorer::updateAction);
}

void DeletedRecordRestorer::updateAction()
{
    m_action->setEnabled(!m_git->deletedRecords()->isEmpty());
}

bool DeletedRecordRestorer::restore(const QString &path)
{
    const QString root = m_session->knowledgeBase().root();
    const auto deleted = m_git->deletedRecords(); // kept while `item` is used
    const GitDeletedRecords::Item *item = deleted->find(path);
    const QString id = item ? item->id : path;
    QString error;
    if (root.isEmpty() || !GitRestore::restore(root, path, &error)) {
        QMessageBox::warning(m_window, tr("Restore Deleted Record"), error.isEmpty() ? tr("No KB is open.") : error);
        return false;
    }
    emit restored(root + QLatin1Char('/') + path, id); // loaded now: the watcher says "new record", then this
    emit message(tr("%1 restored from the last commit.").arg(DisplayName::of(id)));
    m_git->refresh();
    return true;
}

void DeletedRecordRestorer::askToRestore(const QString &path)
{
    const auto deleted = m_git->deletedRecords();
    const GitDeletedRecords::Item *item = deleted->find(path);
    if (!item)
        return;
    const auto answer = QMessageBox::question(
        m_window, tr("Restore Deleted Record"),
        tr("%1 was deleted since the last commit (%2).\nRestore it as the last commit has it?")
            .arg(DisplayName::of(item->id), DisplayName::of(path)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        restore(path);
}

void DeletedRecordRestorer::restoreCurrentOrChosen()
{
    QString path = m_browser->currentDeletedPath();
    if (path.isEmpty()) {
        QStringList paths;
        for (const GitDeletedRecords::Item &item : m_git->deletedRecords()->items())
            paths << item.path;
        if (paths.isEmpty())
            return;
        bool chosen = true;
        path = paths.size() == 1
            ? paths.first()
            : QInputDialog::getItem(m_window, tr("Restore Deleted Record"),
                                    tr("Record file deleted since the last commit:"), paths, 0, false, &chosen);
        if (!chosen)
            return;
    }
    restore(path);
}

} // namespace Errata
