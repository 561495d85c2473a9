#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;
class QWidget;

namespace Errata {

class ConflictMergeDialog;
class ConflictSession;
class GitStateTracker;
class KnowledgeBaseSession;

// Opens the conflict view (ConflictMergeDialog) for a KB's record files
// left in conflict by a git merge: from Record ▸ Resolve Merge Conflict…
// (enabled while git reports one; with several, the file is chosen), and
// for a conflicted file's problem activated in the Problems dock.
class ConflictResolver : public QObject
{
    Q_OBJECT

public:
    ConflictResolver(QWidget *window, KnowledgeBaseSession *session, GitStateTracker *git);
    ~ConflictResolver() override;

    QAction *action() const { return m_action; }
    // Opens the view (window-modal) for `file` (absolute) if git reports it
    // in conflict; false when it does not.
    bool resolveFile(const QString &file);
    void resolveAny();

signals:
    void message(const QString &text);

private:
    void updateAction();
    void resolve(const QString &path);

    QWidget *m_window;
    KnowledgeBaseSession *m_session;
    GitStateTracker *m_git;
    QAction *m_action;
    std::unique_ptr<ConflictSession> m_conflict; // of the view open now
    QPointer<ConflictMergeDialog> m_dialog;
};

} // namespace Errata
