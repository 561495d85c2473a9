#pragma once

#include <QCoreApplication>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

class Record;

// Writes records to their files safely: the text goes to a temporary file
// that is flushed and renamed over the old one (AtomicFile), so a crash or a
// full disk never leaves half a record on disk. A record whose text would
// not change is not written at all, and a file that changed on disk since
// it was read is not overwritten unless the caller says so. A record file
// that is a symbolic link is read-only: saving it fails and neither the
// link nor its target changes.
class RecordWriter
{
    Q_DECLARE_TR_FUNCTIONS(Errata::RecordWriter)

public:
    enum Outcome {
        Written,   // the new text is on disk
        Unchanged, // nothing to write: the file already holds this text
        Conflict,  // the file changed on disk since it was read; nothing written
        Failed,    // could not write (see error); the old file is intact
    };

    enum Overwrite { KeepTheirs, OverwriteTheirs };

    // One step of apply(): replace `path` with `text`, or remove it.
    struct FileChange
    {
        QString path;
        QByteArray text;
        bool remove = false;
    };

    static Outcome save(Record &record, Overwrite overwrite, QString *error);

    // Writes several records as one step as far as the file system allows:
    // every text is serialised and every conflict checked before the first
    // file is replaced, and a failure part way puts the files already
    // written back as they were. Records whose file already holds their text
    // are not rewritten. Returns false (nothing changed on disk) on a
    // conflict, a text that cannot be serialised or a failed write.
    static bool saveAll(const QList<Record *> &records, QString *error);

    // Applies `changes` in order, each file replaced atomically or removed.
    // On a failure the files already changed get their old content back (new
    // ones are removed) as far as possible; the message names the file that
    // failed and any that could not be restored.
    static bool apply(const QList<FileChange> &changes, QString *error);
    // Replaces one file atomically (AtomicFile), creating its folder; a
    // symbolic link at `path` is refused.
    static bool writeText(const QString &path, const QByteArray &text, QString *error);

    // The text `record` would be written as now; false when a string holds
    // bytes that are not UTF-8 (the message names the file and the field).
    static bool textOf(const Record &record, QByteArray *text, QString *error);

    // Whether the file no longer holds the text the record was read from
    // (for a new record: whether a file appeared at its path).
    static bool changedOnDisk(const Record &record);
    // "<file> changed on disk since it was read" and its variants.
    static QString conflictMessage(const Record &record);
};

} // namespace Errata
