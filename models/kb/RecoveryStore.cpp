#include "models/kb/RecoveryStore.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "models/record/RecordTemplate.h"
#include "models/util/AtomicFile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>

namespace Errata {

namespace {

const QString ManifestName = QStringLiteral("manifest.json");

struct Item
{
    RecoveryStore::Entry entry;
    QString name; // file name stem in the folder
};

QString sha1(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QString cleanRoot(const QString &kbRoot)
{
    return QDir::cleanPath(QFileInfo(kbRoot).absoluteFilePath());
}

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

// A file of the store, read only if it is a regular file (not a link put in
// its place, not a FIFO) of at most `limit` bytes (and never more than
// Record::MaxFileSize are read).
bool readBytes(const QString &path, qint64 limit, QByteArray *bytes, QString *failure = nullptr)
{
    QString why;
    if (Record::readFile(path, bytes, &why, Record::Links::Refuse) && bytes->size() > limit)
        why = RecoveryStore::tr("the file is %1, more than the %2 a recovery copy may hold")
                  .arg(sizeText(bytes->size()), sizeText(limit));
    if (why.isEmpty())
        return true;
    bytes->clear();
    if (failure)
        *failure = why;
    return false;
}

QList<Item> readManifest(const QString &folder)
{
    QList<Item> items;
    QByteArray bytes;
    if (!readBytes(QDir(folder).filePath(ManifestName), Record::MaxFileSize, &bytes))
        return items;
    const QJsonArray entries = QJsonDocument::fromJson(bytes).object().value(QLatin1String("entries")).toArray();
    for (const QJsonValue &value : entries) {
        const QJsonObject object = value.toObject();
        Item item;
        item.entry.id = object.value(QLatin1String("id")).toString();
        item.entry.filePath = object.value(QLatin1String("file")).toString();
        item.entry.time = QDateTime::fromString(object.value(QLatin1String("time")).toString(), Qt::ISODateWithMs);
        item.entry.isNew = object.value(QLatin1String("new")).toBool();
        item.name = object.value(QLatin1String("name")).toString();
        // The name is the one storeOne() gives the file, never a path from
        // a damaged manifest ("../x", "/etc/x") that leads out of the folder.
        if (!item.entry.filePath.isEmpty() && item.name == sha1(item.entry.filePath))
            items << item;
    }
    return items;
}

QByteArray manifestText(const QString &root, const QList<Item> &items)
{
    QJsonArray entries;
    for (const Item &item : items) {
        entries.append(QJsonObject{{QStringLiteral("id"), item.entry.id},
                                   {QStringLiteral("file"), item.entry.filePath},
                                   {QStringLiteral("name"), item.name},
                                   {QStringLiteral("time"), item.entry.time.toString(Qt::ISODateWithMs)},
                                   {QStringLiteral("new"), item.entry.isNew}});
    }
    const QJsonObject manifest{{QStringLiteral("root"), root}, {QStringLiteral("entries"), entries}};
    return QJsonDocument(manifest).toJson(QJsonDocument::Indented);
}

// Writes the manifest and removes the files no entry uses; with no entry
// left the folder goes.
bool writeManifest(const QString &folder, const QString &root, const QList<Item> &items, QString *error)
{
    if (items.isEmpty())
        return QDir(folder).removeRecursively() || !QFileInfo::exists(folder);
    if (!AtomicFile::writeFile(QDir(folder).filePath(ManifestName), manifestText(root, items), error))
        return false;
    QSet<QString> used{ManifestName};
    for (const Item &item : items)
        used << item.name + QStringLiteral(".json") << item.name + QStringLiteral(".orig");
    for (const QString &name : QDir(folder).entryList(QDir::Files | QDir::Hidden)) {
        if (!used.contains(name))
            QFile::remove(QDir(folder).filePath(name));
    }
    return true;
}

// Writes `bytes` at `path` unless it holds them already; whether it changed.
// A file of another size is not read.
bool writeIfChanged(const QString &path, const QByteArray &bytes, bool *changed, QString *error)
{
    QByteArray current;
    *changed = QFileInfo(path).size() != bytes.size() || !readBytes(path, bytes.size(), &current) || current != bytes;
    return !*changed || AtomicFile::writeFile(path, bytes, error);
}

qsizetype indexOf(const QList<Item> &items, const QString &filePath)
{
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (items.at(i).entry.filePath == filePath)
            return i;
    }
    return -1;
}

// Stores one modified record; `item` is its previous entry, if any.
bool storeOne(const QString &folder, const Record &record, qint64 maxBytes, Item *item, QString *error)
{
    QByteArray text;
    if (!RecordWriter::textOf(record, &text, error))
        return false;
    const QString path = QDir::cleanPath(record.filePath());
    if (text.size() > maxBytes) {
        *error = RecoveryStore::tr("%1: its text is %2, more than the %3 a recovery copy may hold (and a record "
                                   "file may be); no copy of its unsaved edits is kept: save it or shorten it")
                     .arg(path, sizeText(text.size()), sizeText(maxBytes));
        return false;
    }
    item->name = sha1(path);
    item->entry.filePath = path;
    item->entry.id = record.id();
    item->entry.isNew = record.originalText().isEmpty();
    bool textChanged = false;
    bool originalChanged = false;
    const QString stem = QDir(folder).filePath(item->name);
    if (!writeIfChanged(stem + QStringLiteral(".json"), text, &textChanged, error))
        return false;
    if (!item->entry.isNew
        && !writeIfChanged(stem + QStringLiteral(".orig"), record.originalText(), &originalChanged, error))
        return false;
    if (textChanged || originalChanged || !item->entry.time.isValid())
        item->entry.time = QDateTime::currentDateTimeUtc();
    return true;
}

} // namespace

RecoveryStore::RecoveryStore(const QString &baseDir)
    : m_baseDir(baseDir.isEmpty()
                    ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery")
                    : baseDir)
    , m_maxCopyBytes(Record::MaxFileSize)
{
}

void RecoveryStore::setMaxCopyBytes(qint64 bytes)
{
    m_maxCopyBytes = qBound<qint64>(0, bytes, Record::MaxFileSize);
}

QString RecoveryStore::folder(const QString &kbRoot) const
{
    return QDir(m_baseDir).filePath(sha1(cleanRoot(kbRoot)));
}

QString RecoveryStore::lockFile(const QString &kbRoot) const
{
    return folder(kbRoot) + QStringLiteral(".lock");
}

bool RecoveryStore::store(const KnowledgeBase &kb, QString *error)
{
    QList<const Record *> records;
    for (int i = 0; i < kb.count(); ++i)
        records << kb.recordAt(i);
    return store(kb.root(), records, error);
}

bool RecoveryStore::store(const QString &kbRoot, const QList<const Record *> &records, QString *error)
{
    const QString dir = folder(kbRoot);
    const QList<Item> previous = readManifest(dir);
    const bool anyModified = std::any_of(records.cbegin(), records.cend(),
                                         [](const Record *record) { return record->isModified(); });
    if (!anyModified && previous.isEmpty())
        return true;
    if (!QDir().mkpath(dir)) {
        *error = RecoveryStore::tr("%1: cannot create the recovery folder").arg(dir);
        return false;
    }
    QList<Item> items;
    QStringList failures;
    for (const Record *record : records) {
        if (!record->isModified())
            continue;
        const qsizetype known = indexOf(previous, QDir::cleanPath(record->filePath()));
        Item item = known >= 0 ? previous.at(known) : Item();
        QString failure;
        if (storeOne(dir, *record, m_maxCopyBytes, &item, &failure)) {
            items << item;
            continue;
        }
        failures << failure;
        if (known >= 0)
            items << previous.at(known); // keep what was stored before
    }
    QString failure;
    if (!writeManifest(dir, cleanRoot(kbRoot), items, &failure))
        failures << failure;
    *error = failures.join(QLatin1Char('\n'));
    return failures.isEmpty();
}

bool RecoveryStore::clear(const QString &kbRoot, const QString &filePath, QString *error)
{
    const QString dir = folder(kbRoot);
    QList<Item> items = readManifest(dir);
    const qsizetype at = indexOf(items, QDir::cleanPath(filePath));
    if (at < 0)
        return true;
    items.removeAt(at);
    QString failure;
    const bool ok = writeManifest(dir, cleanRoot(kbRoot), items, &failure);
    if (error)
        *error = failure;
    return ok;
}

bool RecoveryStore::clearAll(const QString &kbRoot)
{
    return QDir(folder(kbRoot)).removeRecursively();
}

QList<RecoveryStore::Entry> RecoveryStore::entries(const QString &kbRoot) const
{
    const QString dir = folder(kbRoot);
    QList<Entry> list;
    for (const Item &item : readManifest(dir)) {
        if (QFileInfo::exists(QDir(dir).filePath(item.name + QStringLiteral(".json"))))
            list << item.entry;
    }
    std::sort(list.begin(), list.end(), [](const Entry &a, const Entry &b) { return a.filePath < b.filePath; });
    return list;
}

bool RecoveryStore::read(const QString &kbRoot, const QString &filePath, QByteArray *text, QByteArray *originalText,
                         QString *error) const
{
    const QString dir = folder(kbRoot);
    const QList<Item> items = readManifest(dir);
    const qsizetype at = indexOf(items, QDir::cleanPath(filePath));
    if (at < 0) {
        *error = RecoveryStore::tr("%1: nothing to recover").arg(filePath);
        return false;
    }
    const QString stem = QDir(dir).filePath(items.at(at).name);
    originalText->clear();
    QString why;
    if (!readBytes(stem + QStringLiteral(".json"), m_maxCopyBytes, text, &why)
        || (!items.at(at).entry.isNew
            && !readBytes(stem + QStringLiteral(".orig"), m_maxCopyBytes, originalText, &why))) {
        *error = RecoveryStore::tr("%1: the recovered text cannot be read from %2: %3").arg(filePath, dir, why);
        return false;
    }
    return true;
}

bool RecoveryStore::restore(const QString &kbRoot, const QString &filePath, Record *record, QString *error) const
{
    QByteArray text;
    QByteArray original;
    if (!read(kbRoot, filePath, &text, &original, error))
        return false;
    Record stored;
    Record::LoadError loadError;
    if (!stored.parse(text, &loadError)) {
        *error = RecoveryStore::tr("%1: the recovered text is not a record: %2").arg(filePath, loadError.message);
        return false;
    }
    Record restored = RecordTemplate::unsavedRecord(OrderedJson::object(), filePath, text.endsWith('\n'),
                                                    text.contains("\r\n"));
    if (!original.isEmpty() && !restored.parse(original, &loadError)) {
        *error =
            RecoveryStore::tr("%1: the recovered original text is not a record: %2").arg(filePath, loadError.message);
        return false;
    }
    restored.setJson(stored.json());
    restored.setFilePath(QDir::cleanPath(filePath));
    *record = std::move(restored);
    return true;
}

} // namespace Errata
