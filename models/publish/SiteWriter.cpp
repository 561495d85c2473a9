#include "models/publish/SiteWriter.h"

#include "models/publish/SiteFolder.h"
#include "models/util/Version.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Errata {

namespace {

const char markerName[] = ".errata-publish.json.partial";
const char markerText[] =
    "errata publish is writing a site here; a run that finds this folder left behind removes it\n";

QByteArray encoded(const QString &path)
{
    return QFile::encodeName(path);
}

// "folder/sub", "name" of "folder/sub/name"; "" for a file at the root.
QByteArray folderOf(const QByteArray &path)
{
    const int slash = path.lastIndexOf('/');
    return slash < 0 ? QByteArray() : path.left(slash);
}

QByteArray nameOf(const QByteArray &path)
{
    return path.mid(path.lastIndexOf('/') + 1);
}

bool isInside(const QString &path, const QString &folder)
{
    return folder == QLatin1String("/") || path.startsWith(folder + QLatin1Char('/'));
}

// The writer keeps a descriptor open per folder of the new tree (a few
// hundred for a large site): allow up to 65,536 open files when the system lets us.
void raiseOpenFileLimit()
{
    struct rlimit limit;
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 65536);
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

SiteWriter::SiteWriter()
    : m_generator(QStringLiteral("Errata ") + QLatin1String(Version::text))
{
}

SiteWriter::~SiteWriter()
{
    if (!m_swapped)
        abandon();
    closeAll();
}

QString SiteWriter::refusal(const QString &out, const QString &kb)
{
    if (out.isEmpty())
        return QStringLiteral("no folder to publish into was given");
    const QString path = QDir::cleanPath(QFileInfo(out).absoluteFilePath());
    const QString parent = QFileInfo(path).path();
    if (parent == path)
        return QStringLiteral("%1 is the root folder: publish into a folder of its own").arg(out);
    struct stat ps;
    if (::stat(encoded(parent).constData(), &ps) != 0 || !S_ISDIR(ps.st_mode))
        return QStringLiteral("%1: the folder above it, %2, does not exist; create it first").arg(out, parent);
    struct stat os;
    const bool exists = ::lstat(encoded(path).constData(), &os) == 0;
    if (exists && S_ISLNK(os.st_mode))
        return QStringLiteral("%1 is a symbolic link: give the folder itself (publish never writes through a link)")
            .arg(out);
    if (exists && !S_ISDIR(os.st_mode))
        return QStringLiteral("%1 is not a folder").arg(out);
    if (exists && os.st_dev != ps.st_dev)
        return QStringLiteral("%1 is a mount point: the new site is made next to it and swapped in, which cannot cross "
                              "file systems; publish into a folder inside it")
            .arg(out);
    const QString kbPath = QFileInfo(kb).canonicalFilePath();
    const QString outPath = exists
        ? QFileInfo(path).canonicalFilePath()
        : QFileInfo(parent).canonicalFilePath() + QLatin1Char('/') + QFileInfo(path).fileName();
    if (kbPath.isEmpty() || outPath.isEmpty())
        return QStringLiteral("%1: cannot tell where it is against the KB %2").arg(out, kb);
    if (outPath == kbPath)
        return QStringLiteral("%1 is the KB (%2): publish into a folder outside it").arg(out, kbPath);
    if (isInside(outPath, kbPath))
        return QStringLiteral("%1 is inside the KB (%2): publish into a folder outside it").arg(out, kbPath);
    if (isInside(kbPath, outPath))
        return QStringLiteral("%1 contains the KB (%2): publish into a folder outside it").arg(out, kbPath);
    if (!exists)
        return QString();
    int fd = ::open(encoded(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return QStringLiteral("%1 cannot be opened: %2").arg(out, SiteFolder::reason(errno));
    SiteManifest manifest;
    QString why;
    const int state = SiteFolder::readManifest(fd, &manifest, &why);
    const bool empty = SiteFolder::isEmptyFolder(fd);
    SiteFolder::closeFd(fd);
    if (state < 0)
        return QStringLiteral("%1/%2 cannot be read (%3): errata publish cannot tell which files of %1 it wrote, so it "
                              "changes nothing; move the folder away, or mend or delete the manifest")
            .arg(out, SiteManifest::fileName(), why);
    if (state == 0 && !empty)
        return QStringLiteral("%1 is not empty and errata publish did not write it (it has no %2): publish into a new "
                              "or empty folder, or one published before")
            .arg(out, SiteManifest::fileName());
    return QString();
}

QString SiteWriter::shown(const QByteArray &path) const
{
    return m_out + QLatin1Char('/') + QFile::decodeName(path);
}

bool SiteWriter::begin(const QString &out, const QString &kb, QString *error)
{
    const auto fail = [this, error](const QString &message) {
        *error = message;
        abandon();
        return false;
    };
    const QString why = refusal(out, kb);
    if (!why.isEmpty())
        return fail(why);
    m_out = out;
    const QString path = QDir::cleanPath(QFileInfo(out).absoluteFilePath());
    m_parentPath = QFileInfo(path).path();
    m_name = encoded(QFileInfo(path).fileName());
    raiseOpenFileLimit();
    m_parent = ::open(encoded(m_parentPath).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_parent < 0)
        return fail(QStringLiteral("%1 cannot be opened: %2").arg(m_parentPath, SiteFolder::reason(errno)));
    m_oldRoot = SiteFolder::openFolder(m_parent, m_name);
    if (m_oldRoot < 0 && errno != ENOENT)
        return fail(QStringLiteral("%1 cannot be opened: %2").arg(out, SiteFolder::reason(errno)));
    if (m_oldRoot >= 0 && !scanOld(error))
        return fail(*error);
    sweepLeftovers();
    QByteArray temp = encoded(m_parentPath) + '/' + '.' + m_name.left(200) + ".errata-new-XXXXXX";
    if (!::mkdtemp(temp.data()))
        return fail(QStringLiteral("cannot make the new site next to %1 in %2: %3")
                        .arg(out, m_parentPath, SiteFolder::reason(errno)));
    m_tempName = nameOf(temp);
    m_newRoot = SiteFolder::openFolder(m_parent, m_tempName);
    struct stat st;
    if (m_newRoot < 0 || (m_oldRoot >= 0 && ::fstat(m_oldRoot, &st) != 0))
        return fail(
            QStringLiteral("cannot open the new site %1: %2").arg(QFile::decodeName(temp), SiteFolder::reason(errno)));
    ::fchmod(m_newRoot, m_oldRoot >= 0 ? (st.st_mode & 07777) : 0755);
    m_marker = ::openat(m_newRoot, markerName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (m_marker < 0 || ::flock(m_marker, LOCK_EX | LOCK_NB) != 0
        || !SiteFolder::writeAll(m_marker, markerText, sizeof markerText - 1))
        return fail(QStringLiteral("cannot write in %1: %2").arg(QFile::decodeName(temp), SiteFolder::reason(errno)));
    return carryOver(error) || fail(*error);
}

bool SiteWriter::scanOld(QString *error)
{
    QString why;
    if (SiteFolder::readManifest(m_oldRoot, &m_oldManifest, &why) < 0) {
        *error = QStringLiteral("%1/%2 cannot be read (%3)").arg(m_out, SiteManifest::fileName(), why);
        return false;
    }
    return scanFolder(m_oldRoot, QByteArray(), 0, error);
}

bool SiteWriter::scanFolder(int fd, const QByteArray &prefix, int depth, QString *error)
{
    if (depth > MaxDepth) {
        *error = QStringLiteral("%1 holds folders nested more than %2 deep").arg(shown(prefix)).arg(MaxDepth);
        return false;
    }
    DIR *dir = ::fdopendir(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
    if (!dir) {
        *error = QStringLiteral("%1 cannot be listed: %2").arg(shown(prefix), SiteFolder::reason(errno));
        return false;
    }
    QList<QByteArray> names;
    while (const dirent *entry = ::readdir(dir))
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.append(QByteArray(entry->d_name));
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    if (names.isEmpty() && !prefix.isEmpty())
        m_carriedFolders.insert(prefix); // an empty folder the site does not need is the user's
    for (const QByteArray &name : names) {
        const QByteArray path = prefix.isEmpty() ? name : prefix + '/' + name;
        struct stat st;
        if (::fstatat(fd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT)
                continue;
            *error = QStringLiteral("%1 cannot be read: %2").arg(shown(path), SiteFolder::reason(errno));
            return false;
        }
        if (S_ISDIR(st.st_mode)) {
            m_oldFolders.append(path);
            int sub = SiteFolder::openFolder(fd, name);
            const bool ok = sub >= 0 && scanFolder(sub, path, depth + 1, error);
            if (sub < 0)
                *error = QStringLiteral("%1 cannot be opened: %2").arg(shown(path), SiteFolder::reason(errno));
            SiteFolder::closeFd(sub);
            if (!ok)
                return false;
        } else if (S_ISREG(st.st_mode)) {
            const QString text = QString::fromUtf8(path);
            const bool ours = prefix.isEmpty() && (name == markerName || text == SiteManifest::fileName());
            const bool listed = ours || (text.toUtf8() == path && m_oldManifest.files.contains(text));
            m_old.insert(path, {qint64(st.st_size), st.st_dev, st.st_ino, st.st_mtim, listed});
        } else {
            *error = QStringLiteral("%1 is %2: a published site holds only folders and regular files, and errata "
                                    "publish neither follows nor deletes what it did not write; move it out of %3 "
                                    "and publish again")
                         .arg(shown(path), SiteFolder::kindOf(st.st_mode), m_out);
            return false;
        }
    }
    return true;
}

void SiteWriter::sweepLeftovers()
{
    const QByteArray prefix = '.' + m_name.left(200) + ".errata-new-";
    DIR *dir = ::fdopendir(::fcntl(m_parent, F_DUPFD_CLOEXEC, 0));
    if (!dir)
        return;
    QList<QByteArray> names;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name.startsWith(prefix) && name.size() == prefix.size() + 6)
            names.append(name);
    }
    ::closedir(dir);
    for (const QByteArray &name : names) {
        int folder = SiteFolder::openFolder(m_parent, name);
        if (folder < 0)
            continue;
        int marker = ::openat(folder, markerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        struct stat st;
        if (marker >= 0 && ::fstat(marker, &st) == 0 && S_ISREG(st.st_mode)
            && ::flock(marker, LOCK_EX | LOCK_NB) == 0) {
            SiteFolder::removeContents(folder, 0);
            ::unlinkat(m_parent, name.constData(), AT_REMOVEDIR);
        }
        SiteFolder::closeFd(marker);
        SiteFolder::closeFd(folder);
    }
}

bool SiteWriter::carryOver(QString *error)
{
    QList<QByteArray> foreign;
    for (auto it = m_old.cbegin(); it != m_old.cend(); ++it)
        if (!it->listed)
            foreign.append(it.key());
    std::sort(foreign.begin(), foreign.end());
    for (const QByteArray &path : foreign) {
        const OldFile &old = m_old[path];
        if (!linkOld(path, old, nullptr)) {
            *error = QStringLiteral("%1, a file errata publish did not write, cannot be kept in the new site: %2")
                         .arg(shown(path), m_error.isEmpty() ? SiteFolder::reason(errno) : m_error);
            return false;
        }
        m_carried.insert(path);
        for (QByteArray folder = folderOf(path); !folder.isEmpty(); folder = folderOf(folder))
            m_carriedFolders.insert(folder);
        ++m_counts.carriedOver;
    }
    QList<QByteArray> folders(m_carriedFolders.cbegin(), m_carriedFolders.cend());
    std::sort(folders.begin(), folders.end());
    for (const QByteArray &folder : folders) {
        QString why;
        if (newFolder(folder, &why) < 0) {
            *error = why;
            return false;
        }
    }
    return true;
}

int SiteWriter::newFolder(const QByteArray &folder, QString *why)
{
    if (folder.isEmpty())
        return m_newRoot;
    QMutexLocker lock(&m_mutex);
    int at = m_newRoot;
    QByteArray path;
    for (const QByteArray &segment : folder.split('/')) {
        path += path.isEmpty() ? segment : '/' + segment;
        const auto found = m_newFolders.constFind(path);
        if (found != m_newFolders.cend()) {
            at = *found;
            continue;
        }
        if (::mkdirat(at, segment.constData(), 0755) != 0 && errno != EEXIST) {
            *why = QStringLiteral("cannot make the folder %1: %2").arg(shown(path), SiteFolder::reason(errno));
            return -1;
        }
        const int fd = SiteFolder::openFolder(at, segment);
        if (fd < 0) {
            *why = m_carried.contains(path)
                ? QStringLiteral("%1 is a file errata publish did not write, where the new "
                                 "site has a folder: move it away and publish again")
                      .arg(shown(path))
                : QStringLiteral("cannot open the folder %1: %2").arg(shown(path), SiteFolder::reason(errno));
            return -1;
        }
        m_newFolders.insert(path, fd);
        at = fd;
    }
    return at;
}

bool SiteWriter::isScanned(const struct stat &st, const OldFile &old)
{
    return st.st_dev == old.device && st.st_ino == old.inode && st.st_size == old.size
        && st.st_mtim.tv_sec == old.modified.tv_sec && st.st_mtim.tv_nsec == old.modified.tv_nsec;
}

// The old site's folder, opened once from its root without following a link
// (kept open: it is the same folder wherever the old site is moved); -1
// when it is not a folder of the old site now.
int SiteWriter::oldFolder(const QByteArray &folder)
{
    if (folder.isEmpty())
        return m_oldRoot;
    QMutexLocker lock(&m_mutex);
    int at = m_oldRoot;
    QByteArray path;
    for (const QByteArray &segment : folder.split('/')) {
        path += path.isEmpty() ? segment : '/' + segment;
        const auto found = m_oldFolderFds.constFind(path);
        if (found != m_oldFolderFds.cend()) {
            at = *found;
            continue;
        }
        const int fd = SiteFolder::openFolder(at, segment);
        if (fd < 0)
            return -1;
        m_oldFolderFds.insert(path, fd);
        at = fd;
    }
    return at;
}

// The old file at `path`, still the one scanned (and, with `bytes`, holding
// them), linked into the new tree; copied where hard links fail.
bool SiteWriter::linkOld(const QByteArray &path, const OldFile &old, const QByteArray *bytes)
{
    const QByteArray name = nameOf(path);
    const int folder = m_oldRoot < 0 ? -1 : oldFolder(folderOf(path));
    int fd = folder < 0 ? -1 : ::openat(folder, name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    bool ok = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == old.device && isScanned(st, old)
        && (!bytes || SiteFolder::sameBytes(fd, *bytes));
    QString why;
    const int target = ok ? newFolder(folderOf(path), &why) : -1;
    ok = target >= 0;
    if (ok && ::linkat(folder, name.constData(), target, name.constData(), 0) == 0) {
        struct stat linked;
        ok = ::fstatat(target, name.constData(), &linked, AT_SYMLINK_NOFOLLOW) == 0 && linked.st_ino == st.st_ino
            && linked.st_dev == st.st_dev;
        if (!ok)
            ::unlinkat(target, name.constData(), 0); // replaced between the check and the link
    } else if (ok) {
        ok = errno != EEXIST && SiteFolder::copyInto(fd, st, target, name);
    }
    SiteFolder::closeFd(fd);
    return ok;
}

bool SiteWriter::writeNew(const QByteArray &path, const QByteArray &bytes, QString *why)
{
    const int folder = newFolder(folderOf(path), why);
    if (folder < 0)
        return false;
    const QByteArray name = nameOf(path);
    const int fd = ::openat(folder, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST) {
        *why = m_carried.contains(path) || m_carriedFolders.contains(path)
            ? QStringLiteral("%1 is a file or folder errata publish did not write (it is not in %2), and the new "
                             "site has a file there: move it away and publish again")
                  .arg(shown(path), SiteManifest::fileName())
            : QStringLiteral("%1 was written twice").arg(shown(path));
        return false;
    }
    if (fd < 0) {
        *why = QStringLiteral("cannot write %1: %2").arg(shown(path), SiteFolder::reason(errno));
        return false;
    }
    bool ok = SiteFolder::writeAll(fd, bytes.constData(), bytes.size());
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        ::unlinkat(folder, name.constData(), 0);
        *why = QStringLiteral("cannot write %1: %2").arg(shown(path), SiteFolder::reason(error));
    }
    return ok;
}

void SiteWriter::record(const QString &path, qint64 size, const QByteArray &key, bool unchanged)
{
    QMutexLocker lock(&m_mutex);
    m_newManifest.files.insert(path, {size, key.size() <= SiteManifest::MaxKeyBytes ? key : QByteArray()});
    ++(unchanged ? m_counts.unchanged : m_counts.written);
    m_counts.bytes += size;
}

void SiteWriter::setFailure(const QString &message)
{
    QMutexLocker lock(&m_mutex);
    if (m_error.isEmpty())
        m_error = message;
    m_failed = true;
}

bool SiteWriter::checkPath(const QString &path)
{
    if (m_newRoot < 0) {
        setFailure(QStringLiteral("%1: the site was not begun").arg(path));
        return false;
    }
    if (SiteManifest::isSafePath(path))
        return true;
    setFailure(QStringLiteral("\"%1\" is not a path inside the site (relative, \"/\"-separated, no empty, \".\" or "
                              "\"..\" segment, not %2)")
                   .arg(path, SiteManifest::fileName()));
    return false;
}

QString SiteWriter::error() const
{
    QMutexLocker lock(&m_mutex);
    return m_error;
}

void SiteWriter::add(const QString &path, const QByteArray &bytes)
{
    add(path, bytes, QByteArray());
}

void SiteWriter::add(const QString &path, const QByteArray &bytes, const QByteArray &key)
{
    if (failed() || !checkPath(path))
        return;
    const QByteArray file = encoded(path);
    const auto old = m_old.constFind(file);
    if (old != m_old.cend() && old->listed && old->size == bytes.size() && linkOld(file, *old, &bytes)) {
        record(path, bytes.size(), key, true);
        return;
    }
    QString why;
    if (writeNew(file, bytes, &why))
        record(path, bytes.size(), key, false);
    else
        setFailure(why);
}

bool SiteWriter::reuse(const QString &path, const QByteArray &key)
{
    if (failed() || key.isEmpty() || m_newRoot < 0 || !SiteManifest::isSafePath(path))
        return false;
    const auto entry = m_oldManifest.files.constFind(path);
    const auto old = m_old.constFind(encoded(path));
    if (entry == m_oldManifest.files.cend() || entry->key != key || old == m_old.cend() || !old->listed
        || old->size != entry->size || !linkOld(old.key(), *old, nullptr))
        return false;
    record(path, old->size, key, true);
    return true;
}

SiteWriter::Counts SiteWriter::counts() const
{
    QMutexLocker lock(&m_mutex);
    return m_counts;
}

QStringList SiteWriter::notes() const
{
    QMutexLocker lock(&m_mutex);
    return m_notes;
}

int SiteWriter::countRemoved() const
{
    int removed = 0;
    for (auto it = m_oldManifest.files.cbegin(); it != m_oldManifest.files.cend(); ++it)
        if (!m_newManifest.files.contains(it.key()) && m_old.contains(encoded(it.key())))
            ++removed;
    return removed;
}

bool SiteWriter::commit(QString *error)
{
    const auto fail = [this, error](const QString &message) {
        *error = message;
        abandon();
        return false;
    };
    if (m_newRoot < 0)
        return fail(QStringLiteral("%1: the site was not begun").arg(m_out));
    if (failed())
        return fail(this->error());
    m_newManifest.generator = m_generator;
    QString why;
    if (!writeNew(encoded(SiteManifest::fileName()), m_newManifest.toJson(), &why))
        return fail(why);
    if (::syncfs(m_newRoot) != 0)
        return fail(QStringLiteral("cannot write the new site to disk: %1").arg(SiteFolder::reason(errno)));
    if (!swapIn(error))
        return fail(*error);
    m_swapped = true;
    ::unlinkat(m_newRoot, markerName, 0);
    SiteFolder::closeFd(m_marker);
    ::fsync(m_parent);
    m_counts.removed = countRemoved();
    cleanOld();
    closeAll();
    return true;
}

QByteArray SiteWriter::freeOldName() const
{
    for (int n = 1;; ++n) {
        const QByteArray name = '.' + m_name.left(200) + ".errata-old-" + QByteArray::number(n);
        struct stat st;
        if (::fstatat(m_parent, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
            return name;
    }
}

bool SiteWriter::swapIn(QString *error)
{
    const char *temp = m_tempName.constData();
    const char *out = m_name.constData();
    if (m_oldRoot < 0) {
        if (!m_noExchange && ::renameat2(m_parent, temp, m_parent, out, RENAME_NOREPLACE) == 0)
            return true;
        struct stat st;
        if (m_noExchange || errno == EINVAL || errno == ENOSYS) {
            if (::fstatat(m_parent, out, &st, AT_SYMLINK_NOFOLLOW) == 0)
                errno = EEXIST;
            else if (errno == ENOENT && ::renameat(m_parent, temp, m_parent, out) == 0)
                return true;
        }
        *error = errno == EEXIST
            ? QStringLiteral("%1 appeared during the run; nothing was changed").arg(m_out)
            : QStringLiteral("cannot rename the new site to %1: %2").arg(m_out, SiteFolder::reason(errno));
        return false;
    }
    struct stat now, then;
    if (::fstatat(m_parent, out, &now, AT_SYMLINK_NOFOLLOW) != 0 || ::fstat(m_oldRoot, &then) != 0
        || now.st_ino != then.st_ino || now.st_dev != then.st_dev) {
        *error = QStringLiteral("%1 was moved or replaced during the run; nothing was changed").arg(m_out);
        return false;
    }
    if (!m_noExchange && ::renameat2(m_parent, temp, m_parent, out, RENAME_EXCHANGE) == 0) {
        m_oldName = m_tempName;
        return true;
    }
    if (!m_noExchange && errno != EINVAL && errno != ENOSYS) {
        *error = QStringLiteral("cannot swap the new site in for %1: %2").arg(m_out, SiteFolder::reason(errno));
        return false;
    }
    const QByteArray aside = freeOldName();
    if (::renameat(m_parent, out, m_parent, aside.constData()) != 0) {
        *error = QStringLiteral("cannot move %1 aside: %2").arg(m_out, SiteFolder::reason(errno));
        return false;
    }
    if (::renameat(m_parent, temp, m_parent, out) != 0) {
        *error = QStringLiteral("cannot rename the new site to %1: %2").arg(m_out, SiteFolder::reason(errno));
        ::renameat(m_parent, aside.constData(), m_parent, out);
        return false;
    }
    m_oldName = aside;
    QMutexLocker lock(&m_mutex);
    m_notes.append(
        QStringLiteral("this file system cannot swap two folders in one step (renameat2 RENAME_EXCHANGE): "
                       "the old %1 was moved aside and the new site renamed in, so for a moment there was no %1")
            .arg(m_out));
    return true;
}

// Removes from the old site, wherever it now is, only what it listed and what
// was carried across, each only if it is still the file scanned; the folders
// left empty; the old site's folder if nothing else is left, else keeps it.
void SiteWriter::cleanOld()
{
    if (m_oldRoot < 0)
        return;
    for (auto it = m_old.cbegin(); it != m_old.cend(); ++it) {
        const int folder = oldFolder(folderOf(it.key()));
        const QByteArray name = nameOf(it.key());
        struct stat st;
        if (folder >= 0 && ::fstatat(folder, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode)
            && isScanned(st, *it))
            ::unlinkat(folder, name.constData(), 0);
    }
    for (auto it = m_oldFolders.crbegin(); it != m_oldFolders.crend(); ++it) {
        const int folder = oldFolder(folderOf(*it));
        if (folder >= 0)
            ::unlinkat(folder, nameOf(*it).constData(), AT_REMOVEDIR);
    }
    if (::unlinkat(m_parent, m_oldName.constData(), AT_REMOVEDIR) != 0) {
        QByteArray kept = m_oldName;
        if (m_oldName == m_tempName) {
            kept = freeOldName();
            if (::renameat2(m_parent, m_oldName.constData(), m_parent, kept.constData(), RENAME_NOREPLACE) != 0)
                kept = m_oldName;
        }
        QMutexLocker lock(&m_mutex);
        m_notes.append(QStringLiteral("the old site held files errata publish did not write that appeared during the "
                                      "run: it was kept as %1")
                           .arg(m_parentPath + QLatin1Char('/') + QFile::decodeName(kept)));
    }
    ::fsync(m_parent);
}

void SiteWriter::abandon()
{
    if (m_swapped || m_parent < 0) {
        closeAll();
        return;
    }
    if (m_newRoot >= 0) {
        SiteFolder::removeContents(m_newRoot, 0);
        ::unlinkat(m_parent, m_tempName.constData(), AT_REMOVEDIR);
    }
    closeAll();
}

void SiteWriter::closeAll()
{
    QMutexLocker lock(&m_mutex);
    for (int fd : std::as_const(m_newFolders))
        ::close(fd);
    m_newFolders.clear();
    for (int fd : std::as_const(m_oldFolderFds))
        ::close(fd);
    m_oldFolderFds.clear();
    SiteFolder::closeFd(m_marker);
    SiteFolder::closeFd(m_newRoot);
    SiteFolder::closeFd(m_oldRoot);
    SiteFolder::closeFd(m_parent);
}

} // namespace Errata
