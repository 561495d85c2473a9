#include "models/util/CacheFolder.h"

#include "models/util/AtomicFile.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Errata {

namespace {

struct Kind
{
    const char *folder;
    const char *suffix;
};

// Every kind of cache Errata keeps; tidy() looks at these only.
constexpr Kind Kinds[] = {{"search-index", ".idx"}, {"git-summaries", ".sum"}};

const QString RootsFolder = QStringLiteral("roots");
constexpr qint64 MaxRootFileSize = 64 * 1024;

struct CacheEntry
{
    QString path;
    QString key; // the file name without its suffix: the SHA-1 of its KB's path
    qint64 size = 0;
    qint64 modified = 0; // seconds since the epoch
};

// What lstat() says of the files of `folder` whose names end with `suffix`.
void listCaches(const QString &folder, const QString &suffix, std::vector<CacheEntry> &out)
{
    const QStringList names = QDir(folder).entryList({QLatin1Char('*') + suffix},
                                                     QDir::Files | QDir::System | QDir::Hidden);
    for (const QString &name : names) {
        const QString path = QDir(folder).filePath(name);
        struct stat status = {};
        if (::lstat(QFile::encodeName(path).constData(), &status) != 0)
            continue;
        out.push_back({path, name.chopped(suffix.size()), qint64(status.st_size), qint64(status.st_mtime)});
    }
}

// The KB path a roots/ file holds, or "" when it cannot be read.
QString readRoot(const QString &path)
{
    QFile file;
    QString why;
    if (!CacheFolder::openRegular(file, path, &why) || file.size() > MaxRootFileSize)
        return QString();
    return QString::fromUtf8(file.read(MaxRootFileSize));
}

void noteRoot(const QString &rootsFolder, const QString &key, const QString &root)
{
    const QString path = QDir(rootsFolder).filePath(key);
    const QByteArray text = root.toUtf8();
    if (readRoot(path).toUtf8() == text || !QDir().mkpath(rootsFolder))
        return;
    QString ignored; // the note only helps tidying; the cache is written
    AtomicFile::writeFile(path, text, &ignored);
}

// The keys whose KB folder is gone, as roots/ notes them.
QSet<QString> goneKeys(const QString &rootsFolder, const QString &kept)
{
    QSet<QString> gone;
    const QStringList names = QDir(rootsFolder).entryList(QDir::Files | QDir::System | QDir::Hidden);
    for (const QString &name : names) {
        const QString root = readRoot(QDir(rootsFolder).filePath(name));
        if (name != kept && !root.isEmpty() && !QFileInfo(root).isDir())
            gone.insert(name);
    }
    return gone;
}

} // namespace

QString CacheFolder::location()
{
    const QString cacheHome = qEnvironmentVariable("XDG_CACHE_HOME");
    const QString home = qEnvironmentVariable("HOME");
    const bool homeKnown = QDir::isAbsolutePath(cacheHome)
        || (!home.isEmpty() && QDir::cleanPath(home) != QLatin1String("/"));
    return homeKnown ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation) : QString();
}

QString CacheFolder::fileFor(const QString &kind, const QString &root, const QString &suffix)
{
    const QString top = location();
    if (top.isEmpty())
        return QString();
    const QString path = QDir::cleanPath(QFileInfo(root).absoluteFilePath());
    const QByteArray name = QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex();
    return top + QLatin1Char('/') + kind + QLatin1Char('/') + QString::fromLatin1(name) + suffix;
}

bool CacheFolder::openRegular(QFile &file, const QString &path, QString *why)
{
    why->clear();
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int code = errno;
        if (code == ENOENT)
            return false;
        *why = code == ELOOP ? tr("%1 is a symbolic link; a cache is read only from a regular file").arg(path)
                             : tr("%1: %2").arg(path, qt_error_string(code));
        return false;
    }
    struct stat status = {};
    if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(fd);
        *why = tr("%1 is not a regular file; it is not read as a cache").arg(path);
        return false;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *why = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void CacheFolder::touch(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat status = {};
    if (::lstat(name.constData(), &status) != 0 || !S_ISREG(status.st_mode))
        return;
    // A link put in its place since is changed itself, never its target.
    ::utimensat(AT_FDCWD, name.constData(), nullptr, AT_SYMLINK_NOFOLLOW);
}

void CacheFolder::tidy(const QString &file, const QString &root)
{
    tidy(file, root, Limits());
}

// Below a cache folder of the usual layout, every kind and roots/ are
// looked at; a cache file elsewhere (given by a test, say) has only the
// files beside it with its suffix, and no roots/.
void CacheFolder::tidy(const QString &file, const QString &root, const Limits &limits)
{
    const QFileInfo kept(file);
    const QString folder = kept.absolutePath();
    const QString top = QFileInfo(folder).path();
    const QString suffix = QLatin1Char('.') + kept.suffix();
    const bool usual = std::any_of(std::begin(Kinds), std::end(Kinds), [&](const Kind &kind) {
        return QFileInfo(folder).fileName() == QLatin1String(kind.folder) && suffix == QLatin1String(kind.suffix);
    });
    std::vector<CacheEntry> caches;
    listCaches(folder, suffix, caches);
    const QString rootsFolder = usual ? QDir(top).filePath(RootsFolder) : QString();
    const QString keptKey = kept.completeBaseName();
    QSet<QString> gone;
    if (usual) {
        for (const Kind &kind : Kinds) {
            const QString other = QDir(top).filePath(QLatin1String(kind.folder));
            if (other != folder)
                listCaches(other, QLatin1String(kind.suffix), caches);
        }
        noteRoot(rootsFolder, keptKey, QDir::cleanPath(QFileInfo(root).absoluteFilePath()));
        gone = goneKeys(rootsFolder, keptKey);
    }
    const qint64 oldest = QDateTime::currentSecsSinceEpoch() - qint64(limits.maxAgeDays) * 24 * 3600;
    std::sort(caches.begin(), caches.end(),
              [](const CacheEntry &a, const CacheEntry &b) { return a.modified < b.modified; });
    qint64 total = 0;
    for (const CacheEntry &cache : caches)
        total += cache.size;
    QSet<QString> left{keptKey};
    for (const CacheEntry &cache : caches) {
        const bool isKept = QFileInfo(cache.path).absoluteFilePath() == kept.absoluteFilePath();
        if (!isKept && (cache.modified < oldest || gone.contains(cache.key) || total > limits.maxBytes)
            && QFile::remove(cache.path)) {
            total -= cache.size;
            continue;
        }
        left.insert(cache.key);
    }
    if (!usual)
        return;
    const QStringList notes = QDir(rootsFolder).entryList(QDir::Files | QDir::System | QDir::Hidden);
    for (const QString &key : notes) {
        if (!left.contains(key)) // no cache of that KB is left
            QFile::remove(QDir(rootsFolder).filePath(key));
    }
}

} // namespace Errata
