#include "models/util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cerrno>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace Errata {

QString AtomicFile::specialKind(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat status = {};
    if (::lstat(QFile::encodeName(path).constData(), &status) != 0)
        return QString();
    switch (status.st_mode & S_IFMT) {
    case S_IFCHR: return tr("a character device");
    case S_IFBLK: return tr("a block device");
    case S_IFIFO: return tr("a FIFO (named pipe)");
    case S_IFSOCK: return tr("a socket");
    default: return QString();
    }
#else
    Q_UNUSED(path);
    return QString();
#endif
}

AtomicFile::AtomicFile(const QString &path, LinkPolicy links)
    : m_path(path)
    , m_links(links)
    , m_file(path)
{
}

AtomicFile::~AtomicFile()
{
    if (isOpen())
        discard();
}

bool AtomicFile::writeFile(const QString &path, const QByteArray &bytes, QString *error, LinkPolicy links)
{
    AtomicFile file(path, links);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    *error = file.errorString();
    file.close();
    return false;
}

QString AtomicFile::linkedFolder(const QString &root, const QString &path)
{
    const QString top = QDir::cleanPath(root);
    const QString prefix = top.endsWith(QLatin1Char('/')) ? top : top + QLatin1Char('/');
    QStringList folders;
    for (QString dir = QFileInfo(QDir::cleanPath(path)).path(); dir.startsWith(prefix) && dir.size() > prefix.size();
         dir = QFileInfo(dir).path())
        folders.prepend(dir);
    for (const QString &folder : folders) {
        if (QFileInfo(folder).isSymLink())
            return folder;
    }
    return QString();
}

bool AtomicFile::open(OpenMode mode)
{
    m_failure.clear();
    if ((mode & ~OpenMode(Unbuffered)) != OpenMode(WriteOnly))
        return fail(tr("it can only be written whole"));
    const QFileInfo info(m_path);
    if (info.isSymLink() && m_links == RefuseLink)
        return refuse(tr("%1 is a symbolic link; Errata does not write through links").arg(m_path));
    if (info.isDir() && !info.isSymLink())
        return refuse(tr("%1 is a folder, not a file").arg(m_path));
    const QString special = specialKind(m_path);
    if (!special.isEmpty())
        return refuse(tr("%1 is %2, not a regular file; Errata writes only to a regular file or a new path, and "
                         "left it as it was")
                          .arg(m_path, special));
    if (info.isSymLink() && !setLinkAside())
        return false;
    if (!m_file.open(QIODevice::WriteOnly)) {
        restoreLink();
        return fail(m_file.errorString());
    }
    // This device passes each write straight on, so that every count is
    // checked; QSaveFile buffers them, and commit() checks its flush.
    return QIODevice::open(WriteOnly | Unbuffered);
}

qint64 AtomicFile::readData(char *, qint64)
{
    return -1;
}

// A short count is a failure even without an error from Qt: its file engine
// returns what a partial write(2) wrote and sets no error.
qint64 AtomicFile::writeData(const char *data, qint64 size)
{
    if (!m_failure.isEmpty())
        return -1;
    errno = 0;
    const qint64 written = m_file.write(data, size);
    if (written == size)
        return written;
    const int code = errno;
    fail(m_file.error() != QFileDevice::NoError ? m_file.errorString()
             : code != 0                        ? qt_error_string(code)
                                                : tr("only part of the data could be written"));
    return -1;
}

bool AtomicFile::commit()
{
    if (!isOpen())
        return m_failure.isEmpty() ? fail(tr("it is not open for writing")) : false;
    // The checks QSaveFile::commit() leaves out: the buffer and the disk.
    if (m_failure.isEmpty() && !m_file.flush())
        fail(m_file.errorString());
    if (m_failure.isEmpty())
        syncToDisk();
    if (!m_failure.isEmpty()) {
        discard();
        return false;
    }
    QIODevice::close();
    if (!m_file.commit()) {
        restoreLink();
        return fail(m_file.errorString());
    }
    m_linkText.clear();
    return true;
}

void AtomicFile::close()
{
    if (isOpen())
        discard();
}

void AtomicFile::discard()
{
    m_file.cancelWriting();
    m_file.commit(); // cancelled: removes the temporary file and returns false
    restoreLink();
    QIODevice::close();
}

// A path Errata does not write at: the message stands on its own.
bool AtomicFile::refuse(const QString &message)
{
    m_failure = message;
    setErrorString(message);
    return false;
}

bool AtomicFile::fail(const QString &reason)
{
    if (m_failure.isEmpty()) {
        m_failure = reason;
        setErrorString(tr("%1: cannot be written: %2; the file on disk was left as it was").arg(m_path, reason));
    }
    return false;
}

// QSaveFile::commit() syncs too but ignores a failure; a file system that
// allocates late (NFS, a quota) may only report a full disk here.
bool AtomicFile::syncToDisk()
{
#ifdef Q_OS_UNIX
    int result = 0;
    do
        result = ::fdatasync(m_file.handle());
    while (result != 0 && errno == EINTR);
    if (result != 0 && errno != EINVAL && errno != EROFS) // EINVAL: a file that cannot be synced
        return fail(qt_error_string(errno));
#endif
    return true;
}

// ReplaceLink: the link goes before QSaveFile opens the path, or QSaveFile
// would write to the link's target; restoreLink() puts it back on a failure.
bool AtomicFile::setLinkAside()
{
#ifdef Q_OS_UNIX
    const QByteArray name = QFile::encodeName(m_path);
    QByteArray text(4096, '\0');
    const ssize_t size = ::readlink(name.constData(), text.data(), size_t(text.size()));
    if (size < 0 || ::unlink(name.constData()) != 0)
        return fail(qt_error_string(errno));
    m_linkText = text.left(size);
    return true;
#else
    return fail(tr("it is a symbolic link"));
#endif
}

void AtomicFile::restoreLink()
{
#ifdef Q_OS_UNIX
    if (!m_linkText.isEmpty() && ::symlink(m_linkText.constData(), QFile::encodeName(m_path).constData()) != 0)
        setErrorString(errorString()
                       + tr("; the symbolic link to %1 could not be put back: %2")
                             .arg(QFile::decodeName(m_linkText), qt_error_string(errno)));
#endif
    m_linkText.clear();
}

} // namespace Errata
