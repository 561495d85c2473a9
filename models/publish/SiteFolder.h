#pragma once

#include <QByteArray>
#include <QString>

#include <sys/stat.h>

namespace Errata {

class SiteManifest;

// The file operations SiteWriter does, each relative to a folder descriptor
// and never following a symbolic link: folders are opened with
// O_DIRECTORY|O_NOFOLLOW, files are created with O_CREAT|O_EXCL|O_NOFOLLOW
// and read with O_NOFOLLOW|O_NONBLOCK (a FIFO is never waited on).
class SiteFolder
{
public:
    // removeContents() goes no deeper than this.
    static constexpr int MaxRemoveDepth = 80;

    static QString reason(int error); // strerror
    static int openFolder(int at, const QByteArray &name);
    static void closeFd(int &fd); // closes and sets -1
    // "a symbolic link", "a FIFO (named pipe)", "a socket", "a character device"…
    static QString kindOf(mode_t mode);
    // The whole of the regular file `fd`, at most `limit` bytes; false with `why`.
    static bool readAll(int fd, qint64 limit, QByteArray *bytes, QString *why);
    // The manifest in `folder`: 0 when there is none, 1 when read, -1 when
    // there is one that cannot be read or parsed (`why`).
    static int readManifest(int folder, SiteManifest *manifest, QString *why);
    static bool isEmptyFolder(int fd);
    // Everything below the folder `fd`; a link is removed, never followed.
    static void removeContents(int fd, int depth = 0);
    // Every byte, retrying short writes and EINTR; errno set on failure.
    static bool writeAll(int fd, const char *data, qint64 size);
    // The rest of the file `from` holds exactly `bytes`.
    static bool sameBytes(int from, const QByteArray &bytes);
    // A copy of the open file `from` as `name` in `folder`, with its times
    // (where a file system has no hard links).
    static bool copyInto(int from, const struct stat &st, int folder, const QByteArray &name);
};

} // namespace Errata
