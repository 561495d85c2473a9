#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QSaveFile>
#include <QString>

namespace Errata {

// The one way Errata replaces a file. The bytes go to a temporary file in the same folder, renamed over the old file
// only once every byte is known to be on disk; any failure (a short write, a failed flush or sync, a full disk, a file
// size limit) leaves the old file as it was and errorString() says why. QSaveFile alone is not enough: in Qt 6.4 its
// commit() ignores a failed flush of its write buffer (QTBUG-75077), and it writes through a symbolic link, even a
// dangling one. Here a link at the path is refused, or with ReplaceLink replaced by a regular file (put back when the
// write fails); a folder, a device, a FIFO or a socket at the path is refused (renaming over it would replace, say,
// /dev/null for every program). Use writeFile() for bytes at hand; for a stream, open(), write through
// a QDataStream, then commit(); close() without commit() drops what was written.
class AtomicFile : public QIODevice
{
    Q_OBJECT

public:
    enum LinkPolicy { RefuseLink, ReplaceLink };

    explicit AtomicFile(const QString &path, LinkPolicy links = RefuseLink);
    ~AtomicFile() override;

    // Replaces the file at `path` with `bytes`; false with `error` set when
    // anything failed (the file is then as it was). The folder must exist.
    static bool writeFile(const QString &path, const QByteArray &bytes, QString *error, LinkPolicy links = RefuseLink);

    // The first folder below `root` on the way to `path` that is a symbolic
    // link, or "". Writing at `path` would go through it: out of the tree
    // below `root`, or where a load (which does not follow folder links)
    // never looks. Both paths are taken as written, cleaned.
    static QString linkedFolder(const QString &root, const QString &path);
    // "a FIFO (named pipe)", "a character device"…: what `path` is when it is
    // a special file (not followed when a link), or "" (a regular file, a
    // folder, a link, nothing).
    static QString specialKind(const QString &path);

    QString path() const { return m_path; }
    // Only QIODevice::WriteOnly: the file is always written whole.
    bool open(OpenMode mode) override;
    // Puts what was written in place of the old file; false when any step
    // failed (errorString() says which), and the old file is then intact.
    bool commit();
    // Drops what was written; the old file stays.
    void close() override;
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool refuse(const QString &message);
    bool fail(const QString &reason);
    bool setLinkAside();
    void restoreLink();
    bool syncToDisk();
    void discard();

    QString m_path;
    LinkPolicy m_links;
    QSaveFile m_file;
    QString m_failure;     // the first thing that went wrong, if anything did
    QByteArray m_linkText; // the link ReplaceLink removed, as it was written
};

} // namespace Errata
