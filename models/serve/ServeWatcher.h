#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>

class QSocketNotifier;

namespace Errata {

// Follows a served KB on disk, for ServeReloader, with one inotify watch per
// folder (Linux): every non-hidden folder below the root (links to folders
// are not followed, as the loader does not follow them) and the checkout's
// git folder. The events name the entry that changed, so that no file needs
// a watch of its own and no listing is compared: 50,000 records in 50
// folders take 50 watches. After QuietMs without a new event (at most
// MaxDelayMs after the first), it says changed() when something a snapshot
// is made of did change: a *.json file (not hidden) written, added, removed
// or renamed, a folder added, removed or renamed, the commit HEAD names or
// an operation of git begun or ended (GitCheckoutState, compared with what
// it was). What changes nothing of that (an editor's backup or swap file, a
// `git status` that took and dropped the index's lock, a fetch) is let go.
// Folders that appear are watched from then on. When the kernel's queue of
// events overflows, everything is taken as changed.
class ServeWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int QuietMs = 300;
    static constexpr int MaxDelayMs = 2000;
    // Folders deeper than this below the root are not watched.
    static constexpr int MaxDepth = 64;

    // `gitDir`: the checkout's git folder, "" outside git.
    ServeWatcher(const QString &root, const QString &gitDir, QObject *parent = nullptr);
    ~ServeWatcher() override;

    // Other delays than QuietMs and MaxDelayMs (tests); before start().
    void setDelays(int quietMs, int maxDelayMs);
    void start();
    // Folders the system would not watch (inotify's limit of watches
    // reached, or inotify missing): a change there is seen only when
    // something else changes, or on an explicit reload.
    int unwatchedCount() const { return m_unwatched; }

signals:
    void changed();

private:
    void scanTree(const QString &folder, int depth, QStringList &folders) const;
    void watchTree();
    void watchFolder(const QString &folder, bool git);
    void readEvents();
    void seen();
    void settle();
    QString gitState() const;

    QString m_root;
    QString m_gitDir;
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
    QHash<int, QString> m_folders; // watch descriptor -> folder
    QSet<QString> m_watched;
    int m_gitWatch = -1;
    int m_quietMs = QuietMs;
    int m_maxDelayMs = MaxDelayMs;
    QTimer m_quiet;
    QElapsedTimer m_sinceFirst;
    QString m_gitState;
    bool m_changed = false;    // a record file or folder changed in this burst
    bool m_gitChanged = false; // something happened in the git folder
    bool m_newFolders = false; // folders to look for (added, or the queue overflowed)
    int m_unwatched = 0;
    bool m_warned = false;
};

} // namespace Errata
