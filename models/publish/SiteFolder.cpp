#include "models/publish/SiteFolder.h"

#include "models/publish/SiteManifest.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace Errata {

QString SiteFolder::reason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

int SiteFolder::openFolder(int at, const QByteArray &name)
{
    return ::openat(at, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

void SiteFolder::closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

QString SiteFolder::kindOf(mode_t mode)
{
    if (S_ISLNK(mode))
        return QStringLiteral("a symbolic link");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO (named pipe)");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    return QStringLiteral("a special file");
}

// Reads the whole file `fd` (at most `limit` bytes); false with `why`.
bool SiteFolder::readAll(int fd, qint64 limit, QByteArray *bytes, QString *why)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        *why = QStringLiteral("it is not a regular file");
        return false;
    }
    if (st.st_size > limit) {
        *why = QStringLiteral("larger than %1 bytes, the most a manifest may be").arg(limit);
        return false;
    }
    bytes->resize(qsizetype(st.st_size));
    qint64 done = 0;
    while (done < st.st_size) {
        const ssize_t n = ::read(fd, bytes->data() + done, size_t(st.st_size - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *why = n < 0 ? reason(errno) : QStringLiteral("it became shorter while read");
            return false;
        }
        done += n;
    }
    return true;
}

// 0: no manifest; 1: read into `manifest`; -1: there is one that cannot be read (`why`).
int SiteFolder::readManifest(int folder, SiteManifest *manifest, QString *why)
{
    const int fd = ::openat(folder, QFile::encodeName(SiteManifest::fileName()).constData(),
                            O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT)
        return 0;
    if (fd < 0) {
        *why = errno == ELOOP ? QStringLiteral("it is a symbolic link") : reason(errno);
        return -1;
    }
    QByteArray bytes;
    const bool read = readAll(fd, SiteManifest::MaxBytes, &bytes, why);
    ::close(fd);
    return read && SiteManifest::parse(bytes, manifest, why) ? 1 : -1;
}

bool SiteFolder::isEmptyFolder(int fd)
{
    DIR *dir = ::fdopendir(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
    if (!dir)
        return false;
    bool empty = true;
    while (const dirent *entry = ::readdir(dir))
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            empty = false;
    ::closedir(dir);
    return empty;
}

// Everything below the folder `fd`, never following a link (a link is
// removed, not what it points to).
void SiteFolder::removeContents(int fd, int depth)
{
    DIR *dir = ::fdopendir(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
    if (!dir)
        return;
    QList<QByteArray> names;
    while (const dirent *entry = ::readdir(dir))
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.append(QByteArray(entry->d_name));
    ::closedir(dir);
    for (const QByteArray &name : names) {
        if (::unlinkat(fd, name.constData(), 0) == 0 || errno != EISDIR || depth > MaxRemoveDepth)
            continue;
        int sub = openFolder(fd, name);
        if (sub >= 0) {
            removeContents(sub, depth + 1);
            closeFd(sub);
        }
        ::unlinkat(fd, name.constData(), AT_REMOVEDIR);
    }
}

bool SiteFolder::writeAll(int fd, const char *data, qint64 size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size_t(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC;
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

// The rest of the file `from` is the same as `bytes`.
bool SiteFolder::sameBytes(int from, const QByteArray &bytes)
{
    char buffer[65536];
    qint64 done = 0;
    for (;;) {
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            return done == bytes.size();
        if (done + n > bytes.size() || std::memcmp(buffer, bytes.constData() + done, size_t(n)) != 0)
            return false;
        done += n;
    }
}

// A copy of the open file `from` as `name` in `folder`, with its time.
bool SiteFolder::copyInto(int from, const struct stat &st, int folder, const QByteArray &name)
{
    if (::lseek(from, 0, SEEK_SET) != 0)
        return false;
    const int to = ::openat(folder, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (to < 0)
        return false;
    char buffer[65536];
    bool ok = true;
    for (;;) {
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ok = n == 0;
            break;
        }
        if (!writeAll(to, buffer, n)) {
            ok = false;
            break;
        }
    }
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    ok = ok && ::futimens(to, times) == 0;
    ok = ::close(to) == 0 && ok;
    if (!ok)
        ::unlinkat(folder, name.constData(), 0);
    return ok;
}

} // namespace Errata
