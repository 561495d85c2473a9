#pragma once

#include <QCoreApplication>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace Errata {

class KnowledgeBase;
class Record;

// Keeps the unsaved edits of a KB's records on disk so that they survive a crash. The caller stores every few
// seconds; after a crash the next run lists the entries and restores the ones the user wants. The layout is in
// docs/record-format.md, "Recovery folder"; every file is written with AtomicFile, the manifest last, so a failed
// write (a full disk) keeps the entry stored before restorable. Entries are keyed by the record's file path, which
// stays the same while a record has unsaved edits (its id may be one of them).
//
// Every file of the store is untrusted when read back: only a regular file is read (not a link put in its place,
// not a FIFO), and none larger than maxCopyBytes() (by default Record::MaxFileSize, what a record file may be): a
// record whose text is larger gets no copy, and store() says so.
class RecoveryStore
{
    Q_DECLARE_TR_FUNCTIONS(Errata::RecoveryStore)

public:
    struct Entry
    {
        QString id;         // the id in the stored text
        QString filePath;   // the record's file
        QDateTime time;     // when that text was first stored (UTC)
        bool isNew = false; // never saved: there is no original text
    };

    // `baseDir` defaults to QStandardPaths::AppDataLocation + "/recovery".
    explicit RecoveryStore(const QString &baseDir = QString());

    QString baseDir() const { return m_baseDir; }
    qint64 maxCopyBytes() const { return m_maxCopyBytes; }
    // Lowers the limit (for tests); never above Record::MaxFileSize.
    void setMaxCopyBytes(qint64 bytes);
    QString folder(const QString &kbRoot) const;
    // The lock (see KnowledgeBaseLock) of the window that owns the folder:
    // "<folder>.lock", beside it, as the folder goes when it is empty.
    QString lockFile(const QString &kbRoot) const;

    // Makes the store hold exactly the modified records among `records`:
    // their texts are written (skipped when unchanged), the entries of every
    // other record are dropped. Offer what entries() lists before the first
    // store() of a session, or it is gone. A record that cannot be
    // serialised keeps its previous entry; the error names it.
    bool store(const QString &kbRoot, const QList<const Record *> &records, QString *error);
    // store() over every record of the KB.
    bool store(const KnowledgeBase &kb, QString *error);
    // Drops the entry of the record at `filePath` (after a save or a revert).
    bool clear(const QString &kbRoot, const QString &filePath, QString *error = nullptr);
    // Drops every entry of the KB.
    bool clearAll(const QString &kbRoot);

    // What can be restored, sorted by file path.
    QList<Entry> entries(const QString &kbRoot) const;
    // The stored texts of the record at `filePath`; `originalText` is empty
    // for a record never saved.
    bool read(const QString &kbRoot, const QString &filePath, QByteArray *text, QByteArray *originalText,
              QString *error) const;
    // The record as it was stored: the original text parsed (so that
    // originalText and a later conflict check refer to the file as it was
    // read) with the stored document on top, modified. Apply it with
    // KnowledgeBase::replaceRecord (or add for a new record).
    bool restore(const QString &kbRoot, const QString &filePath, Record *record, QString *error) const;

private:
    QString m_baseDir;
    qint64 m_maxCopyBytes;
};

} // namespace Errata
