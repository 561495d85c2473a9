#include "models/serve/ServeWatcher.h"

#include "models/git/GitCheckoutState.h"

#include <QDir>
#include <QFileInfo>
#include <QSocketNotifier>

#include <cerrno>
#include <cstring>
#include <utility>

#include <sys/inotify.h>
#include <unistd.h>

namespace Errata {

namespace {

constexpr uint32_t FolderEvents = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
    | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW;
constexpr uint32_t GitEvents = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR
    | IN_DONT_FOLLOW;

bool isRecordEntry(const QString &name, bool folder)
{
    return !name.isEmpty() && !name.startsWith(QLatin1Char('.')) && (folder || name.endsWith(QLatin1String(".json")));
}

} // namespace

ServeWatcher::ServeWatcher(const QString &root, const QString &gitDir, QObject *parent)
    : QObject(parent)
    , m_root(QDir::cleanPath(QFileInfo(root).absoluteFilePath()))
    , m_gitDir(gitDir)
{
    m_quiet.setSingleShot(true);
    connect(&m_quiet, &QTimer::timeout, this, &ServeWatcher::settle);
}

ServeWatcher::~ServeWatcher()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void ServeWatcher::setDelays(int quietMs, int maxDelayMs)
{
    m_quietMs = quietMs;
    m_maxDelayMs = maxDelayMs;
}

void ServeWatcher::start()
{
    if (m_fd >= 0)
        return;
    m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_fd < 0) {
        m_unwatched = 1;
        qWarning("errata serve: %s is not watched (inotify: %s): reload it with SIGHUP", qPrintable(m_root),
                 strerror(errno));
        return;
    }
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &ServeWatcher::readEvents);
    watchTree();
    if (!m_gitDir.isEmpty())
        watchFolder(m_gitDir, true);
    m_gitState = gitState();
}

// The folders below `folder` (itself included) that a snapshot reads;
// listing a folder reads its entries' types, not the files.
void ServeWatcher::scanTree(const QString &folder, int depth, QStringList &folders) const
{
    folders << folder;
    if (depth >= MaxDepth)
        return;
    const QStringList subfolders = QDir(folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QString &name : subfolders)
        scanTree(folder + QLatin1Char('/') + name, depth + 1, folders);
}

// Watches the folders of the tree as it is now, and no others: a folder
// moved within the KB keeps its watch (inotify follows the folder, not its
// name) under its new name; one moved out of it or removed loses its own.
void ServeWatcher::watchTree()
{
    QStringList folders;
    if (QFileInfo(m_root).isDir())
        scanTree(m_root, 0, folders);
    for (const QString &folder : folders)
        if (!m_watched.contains(folder))
            watchFolder(folder, false);
    const QSet<QString> wanted(folders.cbegin(), folders.cend());
    for (auto it = m_folders.begin(); it != m_folders.end();) {
        if (it.key() != m_gitWatch && !wanted.contains(it.value())) {
            inotify_rm_watch(m_fd, it.key());
            m_watched.remove(it.value());
            it = m_folders.erase(it);
        } else {
            ++it;
        }
    }
}

void ServeWatcher::watchFolder(const QString &folder, bool git)
{
    const int wd = inotify_add_watch(m_fd, QFile::encodeName(folder).constData(), git ? GitEvents : FolderEvents);
    if (wd < 0) {
        ++m_unwatched;
        if (!m_warned) {
            m_warned = true;
            qWarning("errata serve: %s is not watched (%s; fs.inotify.max_user_watches?): a change there is seen "
                     "with the next other change, or on SIGHUP",
                     qPrintable(folder), strerror(errno));
        }
        return;
    }
    m_watched.remove(m_folders.value(wd)); // the same folder under another name: moved
    m_folders.insert(wd, folder);
    m_watched.insert(folder);
    if (git)
        m_gitWatch = wd;
}

void ServeWatcher::readEvents()
{
    alignas(inotify_event) char buffer[16 * 1024];
    for (;;) {
        const ssize_t count = ::read(m_fd, buffer, sizeof buffer);
        if (count <= 0)
            break; // EAGAIN: all read
        for (ssize_t at = 0; at + ssize_t(sizeof(inotify_event)) <= count;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            at += ssize_t(sizeof(inotify_event) + event->len);
            if (event->mask & IN_Q_OVERFLOW) {
                m_changed = m_gitChanged = m_newFolders = true;
                continue;
            }
            if (event->mask & IN_IGNORED) { // the folder is gone, or moved away
                m_watched.remove(m_folders.take(event->wd));
                continue;
            }
            if (event->wd == m_gitWatch) {
                m_gitChanged = true;
                continue;
            }
            if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
                m_changed = m_newFolders = true; // the watches are put right at the end of the burst
                continue;
            }
            const QString name = event->len ? QFile::decodeName(event->name) : QString();
            const bool folder = event->mask & IN_ISDIR;
            if (!isRecordEntry(name, folder))
                continue;
            m_changed = true;
            if (folder)
                m_newFolders = true;
        }
    }
    seen();
}

void ServeWatcher::seen()
{
    if (!m_changed && !m_gitChanged)
        return;
    if (!m_quiet.isActive())
        m_sinceFirst.start();
    const qint64 left = m_maxDelayMs - m_sinceFirst.elapsed();
    m_quiet.start(int(qBound(qint64(0), left, qint64(m_quietMs))));
}

// What of the git folder a snapshot depends on: the commit, and the
// operations in progress.
QString ServeWatcher::gitState() const
{
    if (m_gitDir.isEmpty())
        return QString();
    const GitCheckoutState::State state = GitCheckoutState::read(m_root);
    return state.commit + QLatin1Char('\n') + state.operation;
}

// The burst is over: was anything changed that a snapshot is made of?
void ServeWatcher::settle()
{
    if (std::exchange(m_newFolders, false))
        watchTree();
    bool changedNow = std::exchange(m_changed, false);
    if (std::exchange(m_gitChanged, false)) {
        const QString git = gitState();
        changedNow = changedNow || git != m_gitState;
        m_gitState = git;
    }
    if (changedNow)
        emit changed();
}

} // namespace Errata
