#include "models/serve/ServeWatcher.h"

#include "models/git/GitCheckoutState.h"

#include <QDir>
#include <QFileInfo>

namespace Errata {

namespace {

// Deeper than any KB is laid out; a bound on a hostile tree's recursion.
constexpr int MaxDepth = 64;

void scanFolder(const QString &folder, int depth, QStringList &folders, QStringList &files,
                QHash<QString, QStringList> &listings)
{
    folders << folder;
    const QDir dir(folder);
    QStringList listing;
    const QFileInfoList entries = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::NoDotAndDotDot,
                                                    QDir::Name);
    for (const QFileInfo &entry : entries) {
        files << entry.absoluteFilePath();
        listing << entry.fileName();
    }
    const QFileInfoList subfolders = dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks,
                                                       QDir::Name);
    for (const QFileInfo &entry : subfolders) {
        listing << entry.fileName() + QLatin1Char('/');
        if (depth < MaxDepth)
            scanFolder(entry.absoluteFilePath(), depth + 1, folders, files, listings);
    }
    listings.insert(folder, listing);
}

} // namespace

ServeWatcher::ServeWatcher(const QString &root, const QString &gitDir, QObject *parent)
    : QObject(parent)
    , m_root(QDir::cleanPath(QFileInfo(root).absoluteFilePath()))
    , m_gitDir(gitDir)
{
    m_quiet.setSingleShot(true);
    connect(&m_quiet, &QTimer::timeout, this, &ServeWatcher::settle);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &ServeWatcher::seen);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &path) {
        if (m_gitDir.isEmpty() || !path.startsWith(m_gitDir + QLatin1Char('/')))
            m_fileChanged = true; // a record file; HEAD counts only if the commit moved (settle())
        seen();
    });
}

void ServeWatcher::setDelays(int quietMs, int maxDelayMs)
{
    m_quietMs = quietMs;
    m_maxDelayMs = maxDelayMs;
}

void ServeWatcher::start()
{
    const Tree tree = scan();
    m_listings = tree.listings;
    m_gitState = gitState();
    watch(tree);
}

ServeWatcher::Tree ServeWatcher::scan() const
{
    Tree tree;
    scanFolder(m_root, 0, tree.folders, tree.files, tree.listings);
    return tree;
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

void ServeWatcher::watch(const Tree &tree)
{
    QStringList wanted = tree.folders + tree.files;
    if (!m_gitDir.isEmpty())
        wanted << m_gitDir << m_gitDir + QStringLiteral("/HEAD");
    const QSet<QString> watched =
        QSet<QString>(m_watcher.files().cbegin(), m_watcher.files().cend())
            .unite(QSet<QString>(m_watcher.directories().cbegin(), m_watcher.directories().cend()));
    const QSet<QString> wantedSet(wanted.cbegin(), wanted.cend());
    QStringList gone;
    for (const QString &path : watched)
        if (!wantedSet.contains(path))
            gone << path;
    if (!gone.isEmpty())
        m_watcher.removePaths(gone);
    QStringList added;
    for (const QString &path : wanted)
        if (!watched.contains(path))
            added << path;
    const QStringList refused = added.isEmpty() ? QStringList() : m_watcher.addPaths(added);
    m_unwatched = int(refused.size());
    if (m_unwatched > 0 && !m_warned) {
        m_warned = true;
        qWarning("errata serve: %d files and folders of %s are not watched (the system's limit of watches?), "
                 "first %s: a change there is seen with the next other change, or on SIGHUP",
                 m_unwatched, qPrintable(m_root), qPrintable(refused.first()));
    }
}

void ServeWatcher::seen()
{
    if (!m_quiet.isActive())
        m_sinceFirst.start();
    const qint64 left = m_maxDelayMs - m_sinceFirst.elapsed();
    m_quiet.start(int(qBound(qint64(0), left, qint64(m_quietMs))));
}

// The burst is over: was anything changed that a snapshot is made of?
void ServeWatcher::settle()
{
    const Tree tree = scan();
    const QString git = gitState();
    const bool changedNow = m_fileChanged || tree.listings != m_listings || git != m_gitState;
    m_fileChanged = false;
    m_listings = tree.listings;
    m_gitState = git;
    watch(tree);
    if (changedNow)
        emit changed();
}

} // namespace Errata
