#pragma once

#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace Errata {

class GitStatus;
class KnowledgeBaseSession;

// The main window's status bar as it speaks of the KB: its folder, its
// record count and health (errors and warnings, "checking…" while its
// records are checked), an opening's progress, with a Cancel button that
// stops it, and the hint about the KB the user should read first (a folder
// of deadends.dev canons wants converting) whenever nothing else is said.
class KnowledgeBaseStatus : public QObject
{
    Q_OBJECT

public:
    KnowledgeBaseStatus(QStatusBar *bar, KnowledgeBaseSession *session);

    // The folder, the count and the health of the session's KB now, and its
    // hint when the bar says nothing else.
    void update();
    // What the user should know first about the KB shown, or "".
    QString hint() const;
    // A step of an opening (KnowledgeBaseSession::Stage), `done` of `total`.
    void showProgress(int stage, int done, int total);
    // An opening or checks begin: `total` steps, or 0 when not known yet.
    void startProgress(const QString &message, int total);
    void hideProgress();
    bool isProgressVisible() const;
    void setHealthDetails(const QString &text);
    // The branch and the count of changed records; nothing outside git.
    void setGitStatus(const GitStatus &status);

private:
    QStatusBar *m_bar;
    KnowledgeBaseSession *m_session;
    QLabel *m_pathLabel;
    QLabel *m_countLabel;
    QLabel *m_gitLabel;
    QLabel *m_healthLabel;
    QProgressBar *m_progress;
    QToolButton *m_cancelButton;
};

} // namespace Errata
