#pragma once

#include <QElapsedTimer>
#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace Errata {

// Follows a served KB on disk, for ServeReloader: every non-hidden folder
// below the root (links to folders are not followed, as the loader does not
// follow them) and every *.json file in them, and the checkout's git folder
// (its HEAD, its locks and the files of a merge or rebase). After QuietMs
// without a new event (at most MaxDelayMs after the first), it says
// changed() when something a snapshot is made of did change: a record file
// written, a *.json file or folder added, removed or renamed, the commit
// HEAD names, an operation of git begun or ended. What changes nothing of
// that (an editor's backup file, a `git status` that took and dropped the
// index's lock) is let go. Folders and files that appear are watched from
// then on.
class ServeWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int QuietMs = 300;
    static constexpr int MaxDelayMs = 2000;

    // `gitDir`: the checkout's git folder, "" outside git.
    ServeWatcher(const QString &root, const QString &gitDir, QObject *parent = nullptr);

    // Other delays than QuietMs and MaxDelayMs (tests); before start().
    void setDelays(int quietMs, int maxDelayMs);
    void start();
    // Files and folders the system would not watch (inotify's limit of
    // watches reached): a change there is seen only when something else
    // changes, or on an explicit reload.
    int unwatchedCount() const { return m_unwatched; }

signals:
    void changed();

private:
    struct Tree
    {
        QStringList folders;                  // absolute, the root first
        QStringList files;                    // absolute
        QHash<QString, QStringList> listings; // folder -> its *.json files and folders, sorted
    };

    Tree scan() const;
    QString gitState() const;
    void watch(const Tree &tree);
    void seen();
    void settle();

    QString m_root;
    QString m_gitDir;
    QFileSystemWatcher m_watcher;
    int m_quietMs = QuietMs;
    int m_maxDelayMs = MaxDelayMs;
    QTimer m_quiet;
    QElapsedTimer m_sinceFirst;
    QHash<QString, QStringList> m_listings;
    QString m_gitState;
    bool m_fileChanged = false;
    int m_unwatched = 0;
    bool m_warned = false;
};

} // namespace Errata
