#include "models/kb/KnowledgeBaseWatcher.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <memory>
#include <utility>

namespace Errata {

namespace {

bool isRecordFile(const QFileInfo &info)
{
    return info.isFile() && !info.isHidden() && info.fileName().endsWith(QLatin1String(".json"));
}

QString loadMessage(const Record::LoadError &error)
{
    if (error.line <= 0)
        return error.message;
    return QStringLiteral("%1 (line %2, column %3)").arg(error.message).arg(error.line).arg(error.column);
}

} // namespace

KnowledgeBaseWatcher::KnowledgeBaseWatcher(KnowledgeBase *kb, QObject *parent)
    : QObject(parent)
    , m_kb(kb)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(DebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &KnowledgeBaseWatcher::checkNow);
    m_batches.setInterval(0);
    connect(&m_batches, &QTimer::timeout, this, [this] { watchBatch(Batch); });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &KnowledgeBaseWatcher::fileChanged);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &KnowledgeBaseWatcher::directoryChanged);
    connect(m_kb, &KnowledgeBase::reset, this, &KnowledgeBaseWatcher::rewatch);
    connect(m_kb, &KnowledgeBase::recordAdded, this, &KnowledgeBaseWatcher::followRecord);
    connect(m_kb, &KnowledgeBase::recordChanged, this, &KnowledgeBaseWatcher::followRecord);
    connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, &KnowledgeBaseWatcher::forgetRecord);
    rewatch();
}

void KnowledgeBaseWatcher::rewatch()
{
    const QStringList watched = m_watcher.files() + m_watcher.directories();
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
    m_debounce.stop();
    m_batches.stop();
    m_unwatched.clear();
    m_forgotten.clear();
    m_pendingFiles.clear();
    m_pendingDirectories.clear();
    m_paths.clear();
    m_missing.clear();
    m_conflicts.clear();
    if (!m_kb || m_kb->root().isEmpty())
        return;
    watchTree(QDir::cleanPath(m_kb->root()));
    m_unwatched.reserve(m_kb->count());
    for (int i = m_kb->count() - 1; i >= 0; --i) {
        const Record *record = m_kb->recordAt(i);
        const QString path = QDir::cleanPath(record->filePath());
        m_paths.insert(record, path);
        m_unwatched << path;
    }
    watchBatch(FirstBatch);
}

// Files that are gone are refused by addPaths() and not watched.
void KnowledgeBaseWatcher::watchBatch(int size)
{
    QStringList batch;
    while (!m_unwatched.isEmpty() && batch.size() < size) {
        const QString path = m_unwatched.takeLast();
        if (!m_forgotten.remove(path))
            batch << path;
    }
    if (!batch.isEmpty())
        m_watcher.addPaths(batch);
    if (m_unwatched.isEmpty()) {
        m_batches.stop();
        m_forgotten.clear();
    } else {
        m_batches.start();
    }
}

void KnowledgeBaseWatcher::watchTree(const QString &dir)
{
    QStringList dirs{dir};
    QDirIterator it(dir, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        dirs << QDir::cleanPath(it.next());
    m_watcher.addPaths(dirs);
}

// Watches the record's file; a record whose file moved (a rename) is
// followed at its new path.
void KnowledgeBaseWatcher::followRecord(const Record *record)
{
    const QString path = QDir::cleanPath(record->filePath());
    if (m_paths.value(record) == path)
        return;
    m_paths.insert(record, path);
    if (QFileInfo::exists(path))
        m_watcher.addPath(path);
}

void KnowledgeBaseWatcher::forgetRecord(const Record *record)
{
    const QString path = m_paths.take(record);
    if (!path.isEmpty() && m_watcher.files().contains(path))
        m_watcher.removePath(path);
    else if (!path.isEmpty() && m_batches.isActive())
        m_forgotten.insert(path);
    m_missing.remove(record);
    m_conflicts.remove(record);
}

void KnowledgeBaseWatcher::fileChanged(const QString &path)
{
    m_pendingFiles.insert(path);
    schedule();
}

void KnowledgeBaseWatcher::directoryChanged(const QString &path)
{
    m_pendingDirectories.insert(path);
    schedule();
}

// Every event restarts the quiet period, up to MaxDelayMs after the first.
void KnowledgeBaseWatcher::schedule()
{
    if (!m_debounce.isActive())
        m_sinceFirstPending.start();
    if (m_sinceFirstPending.elapsed() < MaxDelayMs - DebounceMs)
        m_debounce.start();
}

QHash<QString, Record *> KnowledgeBaseWatcher::recordsByPath() const
{
    QHash<QString, Record *> byPath;
    for (int i = 0; i < m_kb->count(); ++i)
        byPath.insert(QDir::cleanPath(m_kb->recordAt(i)->filePath()), m_kb->recordAt(i));
    return byPath;
}

void KnowledgeBaseWatcher::setHeld(bool held)
{
    m_held = held;
    if (!held && std::exchange(m_waiting, false))
        checkNow();
}

void KnowledgeBaseWatcher::checkNow()
{
    m_debounce.stop();
    if (m_held) {
        if (!m_waiting && (!m_pendingFiles.isEmpty() || !m_pendingDirectories.isEmpty())) {
            m_waiting = true;
            emit changesWaiting();
        }
        return;
    }
    const QSet<QString> files = std::exchange(m_pendingFiles, {});
    const QSet<QString> directories = std::exchange(m_pendingDirectories, {});
    if (!m_kb)
        return;
    const QHash<QString, Record *> byPath = recordsByPath();
    for (const QString &path : files) {
        Record *record = byPath.value(QDir::cleanPath(path));
        if (record)
            checkFile(path, record);
        else if (isRecordFile(QFileInfo(path)))
            addNewFile(path);
    }
    for (const QString &dir : directories)
        scanDirectory(QDir::cleanPath(dir), byPath);
    for (const Event &event : std::exchange(m_events, {}))
        deliver(event);
}

void KnowledgeBaseWatcher::fileAppeared(const QString &path)
{
    m_pendingFiles.insert(QDir::cleanPath(path));
    checkNow();
}

void KnowledgeBaseWatcher::post(Event::Kind kind, Record *record, const QString &path, const QString &message)
{
    m_events.append(Event{kind, record, path, message});
}

void KnowledgeBaseWatcher::deliver(const Event &event)
{
    if (!m_kb || (event.record && m_kb->findFile(event.path) != event.record))
        return; // taken out of the KB by an earlier slot
    switch (event.kind) {
    case Event::Reloaded: emit reloaded(event.record); break;
    case Event::Conflict: emit conflict(event.record); break;
    case Event::Removed: emit removedOnDisk(event.record); break;
    case Event::Added: emit added(event.record); break;
    case Event::LoadFailed: emit loadFailed(event.path, event.message); break;
    }
}

void KnowledgeBaseWatcher::checkFile(const QString &path, Record *record)
{
    if (!QFileInfo::exists(path)) {
        if (!m_missing.contains(record)) {
            m_missing.insert(record);
            post(Event::Removed, record, record->filePath());
        }
        return;
    }
    m_missing.remove(record);
    // By the loader's rule: a file turned into a link leading out of the KB,
    // or into a FIFO, is not read (a FIFO would block the window's thread).
    QString why;
    const QString file = KnowledgeBaseLoader::fileToRead(m_kb->root(), path, &why);
    if (file.isEmpty()) {
        post(Event::LoadFailed, nullptr, record->filePath(), why);
        return;
    }
    QByteArray onDisk;
    if (!Record::readFile(file, &onDisk, &why, Record::Links::Refuse))
        return;              // unreadable for now
    m_watcher.addPath(path); // a file replaced by a rename is no longer watched
    if (onDisk == record->originalText()) {
        m_conflicts.remove(record);
        return; // our own write, or no change
    }
    contentChanged(record, onDisk);
}

void KnowledgeBaseWatcher::contentChanged(Record *record, const QByteArray &onDisk)
{
    if (record->isModified()) {
        const auto reported = m_conflicts.constFind(record);
        if (reported != m_conflicts.constEnd() && *reported == onDisk)
            return;
        m_conflicts.insert(record, onDisk);
        post(Event::Conflict, record, record->filePath());
        return;
    }
    // Parsed from the bytes just read: reading the file again could read
    // something else (even through a link put there since).
    Record fresh;
    fresh.setFilePath(record->filePath());
    Record::LoadError error;
    if (!fresh.parse(onDisk, &error)) {
        post(Event::LoadFailed, nullptr, record->filePath(), loadMessage(error));
        return;
    }
    m_kb->replaceRecord(record, std::move(fresh));
    m_conflicts.remove(record);
    post(Event::Reloaded, record, record->filePath());
}

// New files and folders below `dir`; known records in it are checked too
// (a file replaced by a rename shows up here).
void KnowledgeBaseWatcher::scanDirectory(const QString &dir, const QHash<QString, Record *> &byPath)
{
    for (auto it = byPath.constBegin(); it != byPath.constEnd(); ++it) {
        if (QFileInfo(it.key()).path() == dir)
            checkFile(it.key(), it.value());
    }
    if (!QFileInfo(dir).isDir())
        return;
    const QStringList watchedDirs = m_watcher.directories();
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &entry : entries) {
        const QString path = QDir::cleanPath(entry.absoluteFilePath());
        if (entry.isDir() && !watchedDirs.contains(path)) {
            watchTree(path);
            QDirIterator files(path, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
            while (files.hasNext())
                addNewFile(QDir::cleanPath(files.next()));
        } else if (isRecordFile(entry) && !byPath.contains(path)) {
            addNewFile(path);
        }
    }
}

void KnowledgeBaseWatcher::addNewFile(const QString &path)
{
    if (m_kb->findFile(path))
        return;
    auto record = std::make_unique<Record>();
    record->setFilePath(path);
    QByteArray text;
    Record::LoadError error;
    const QString file = KnowledgeBaseLoader::fileToRead(m_kb->root(), path, &error.message);
    if (file.isEmpty() || !Record::readFile(file, &text, &error.message, Record::Links::Refuse)
        || !record->parse(text, &error)) {
        m_watcher.addPath(path); // it may still be being written
        post(Event::LoadFailed, nullptr, path, loadMessage(error));
        return;
    }
    Record *raw = m_kb->add(std::move(record));
    post(Event::Added, raw, raw->filePath());
}

} // namespace Errata
