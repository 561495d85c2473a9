#pragma once

#include <QObject>

class QAction;
class QWidget;

namespace Errata {

class BrowserDock;
class GitStateTracker;
class KnowledgeBaseSession;

// Brings back record files that the KB's git checkout deleted, as the last
// commit has them (GitRestore): from Record ▸ Restore Deleted Record… (the
// deleted file of the tree's current row, or one chosen from the list;
// enabled while git reports one), and from Enter or a double click on a
// deleted file's row in the tree, which asks first.
class DeletedRecordRestorer : public QObject
{
    Q_OBJECT

public:
    DeletedRecordRestorer(QWidget *window, KnowledgeBaseSession *session, GitStateTracker *git, BrowserDock *browser);

    QAction *action() const { return m_action; }
    // Restores `path` (below the KB's root) now; false, after saying why,
    // when it cannot.
    bool restore(const QString &path);
    // Asks whether to restore `path`, then does.
    void askToRestore(const QString &path);
    void restoreCurrentOrChosen();

signals:
    void message(const QString &text);
    // The file is back on disk (absolute path) and git's index has it.
    void restored(const QString &file, const QString &id);

private:
    void updateAction();

    QWidget *m_window;
    KnowledgeBaseSession *m_session;
    GitStateTracker *m_git;
    BrowserDock *m_browser;
    QAction *m_action;
};

} // namespace Errata
