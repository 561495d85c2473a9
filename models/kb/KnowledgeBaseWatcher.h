#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QFileSystemWatcher>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTimer>

namespace Errata {

class KnowledgeBase;
class Record;

// Follows a KB's folder on disk while it is open: record files and (non-hidden) folders are watched, and bursts of
// changes are handled together after DebounceMs of quiet. A changed record file is reloaded when unmodified
// (reloaded), left alone when modified (conflict, once per new content); a file gone is removedOnDisk (the record
// stays); a new *.json file or folder is loaded and added (added, or loadFailed). Errata's own writes leave the file
// equal to Record::originalText, so they cause no signal. Records added, taken or moved through the KB are followed.
class KnowledgeBaseWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int DebounceMs = 200;
    // A stream of changes is handled at least this often.
    static constexpr int MaxDelayMs = 1000;
    // Record files are watched this many at once when the KB is (re)read, then a batch per turn of the event loop:
    // watching one file costs two system calls, and a large KB at once would freeze the window. Until its batch comes,
    // a change to a file is not noticed.
    static constexpr int FirstBatch = 2000;
    static constexpr int Batch = 500;

    explicit KnowledgeBaseWatcher(KnowledgeBase *kb, QObject *parent = nullptr);

    // Starts over with the KB's current folder and records (after a reset).
    void rewatch();
    // Handles what is pending now instead of after the debounce.
    void checkNow();
    // A record file the program put in place outside the KB (a record
    // restored from git): read now, added (added) or refused (loadFailed)
    // as a new file found on disk is.
    void fileAppeared(const QString &path);
    // False while record files still wait for their batch.
    bool watchesEveryFile() const { return m_unwatched.isEmpty(); }
    // While held, changes seen on disk are kept pending and the KB is left as it is: checkNow() handles nothing and
    // says changesWaiting() once. For a KB that other threads are reading (`errata mcp`'s tool calls). Releasing
    // handles what waits at once.
    void setHeld(bool held);
    bool isHeld() const { return m_held; }

signals:
    void reloaded(Errata::Record *record);
    void conflict(Errata::Record *record);
    void removedOnDisk(Errata::Record *record);
    void added(Errata::Record *record);
    void loadFailed(const QString &filePath, const QString &message);
    // Changes wait while the watcher is held (setHeld()).
    void changesWaiting();

private:
    void fileChanged(const QString &path);
    void directoryChanged(const QString &path);
    void schedule();
    void followRecord(const Record *record);
    void forgetRecord(const Record *record);

    // Signals wait until a batch is handled, so that a slot that takes a
    // record out of the KB cannot pull it from under the scan.
    struct Event
    {
        enum Kind { Reloaded, Conflict, Removed, Added, LoadFailed };
        Kind kind;
        Record *record;
        QString path;
        QString message;
    };
    void post(Event::Kind kind, Record *record, const QString &path, const QString &message = QString());
    void deliver(const Event &event);

    QHash<QString, Record *> recordsByPath() const;
    void checkFile(const QString &path, Record *record);
    void contentChanged(Record *record, const QByteArray &onDisk);
    void scanDirectory(const QString &dir, const QHash<QString, Record *> &byPath);
    void addNewFile(const QString &path);
    void watchTree(const QString &dir);
    void watchBatch(int size);

    QPointer<KnowledgeBase> m_kb;
    QFileSystemWatcher m_watcher;
    QTimer m_debounce;
    QElapsedTimer m_sinceFirstPending;
    QSet<QString> m_pendingFiles;
    QSet<QString> m_pendingDirectories;
    QList<Event> m_events;
    QTimer m_batches;
    QStringList m_unwatched;                       // record files waiting for their batch, last first
    QSet<QString> m_forgotten;                     // ... of which these need no watching any more
    QHash<const Record *, QString> m_paths;        // the file each record was last watched at
    QSet<const Record *> m_missing;                // reported as removed on disk
    QHash<const Record *, QByteArray> m_conflicts; // disk content reported as a conflict
    bool m_held = false;
    bool m_waiting = false; // changes were due while held
};

} // namespace Errata
