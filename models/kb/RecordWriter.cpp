#include "models/kb/RecordWriter.h"

#include "models/record/Record.h"
#include "models/util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Errata {

namespace {

bool isUtf8(const std::string &text)
{
    const QByteArray bytes = QByteArray::fromStdString(text);
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

QString escapedKey(const std::string &key)
{
    QString escaped = QString::fromUtf8(key.data(), qsizetype(key.size()));
    return escaped.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
}

// The JSON pointer of the first key or string that is not UTF-8, or "".
QString firstBadString(const OrderedJson &value, const QString &at)
{
    if (value.is_string())
        return isUtf8(value.get_ref<const std::string &>()) ? QString() : (at.isEmpty() ? QStringLiteral("/") : at);
    if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i) {
            const QString found = firstBadString(value[i], at + QLatin1Char('/') + QString::number(i));
            if (!found.isEmpty())
                return found;
        }
    } else if (value.is_object()) {
        for (const auto &[key, member] : value.items()) {
            const QString path = at + QLatin1Char('/') + escapedKey(key);
            const QString found = isUtf8(key) ? firstBadString(member, path) : path;
            if (!found.isEmpty())
                return found;
        }
    }
    return QString();
}

// The text of the file at `path`. A path that holds something else than a
// readable regular file (a FIFO, a dangling link) exists but has no text,
// so it conflicts with any text read before; nothing waits on it. A folder
// there counts as no file: the write then fails and says so.
QByteArray diskText(const QString &path, bool *exists)
{
    const QFileInfo info(path);
    *exists = (info.exists() || info.isSymLink()) && !info.isDir();
    QByteArray text;
    QString failure;
    return *exists && Record::readFile(path, &text, &failure) ? text : QByteArray();
}

// What a file held before apply() changed it, to put it back on a failure.
struct Previous
{
    QString path;
    bool existed = false;
    QByteArray text;
    QString createdFolder; // the outermost folder the write will create, if any
};

QString outermostMissingFolder(const QString &path)
{
    QString missing;
    for (QString dir = QFileInfo(path).absolutePath(); !QFileInfo::exists(dir); dir = QFileInfo(dir).absolutePath())
        missing = dir;
    return missing;
}

// Removes `file`, then the folders up to `createdFolder` that are now empty.
bool removeCreated(const QString &file, const QString &createdFolder)
{
    if (QFile::exists(file) && !QFile::remove(file))
        return false;
    if (createdFolder.isEmpty())
        return true;
    for (QString dir = QFileInfo(file).absolutePath(); QDir().rmdir(dir) && dir != createdFolder;)
        dir = QFileInfo(dir).absolutePath();
    return true;
}

bool readPrevious(const QString &path, Previous *previous, QString *error)
{
    previous->path = path;
    previous->existed = QFileInfo::exists(path);
    previous->createdFolder = outermostMissingFolder(path);
    if (!previous->existed)
        return true;
    QString failure;
    if (!Record::readFile(path, &previous->text, &failure)) {
        *error = RecordWriter::tr("%1: cannot be read to keep a copy: %2").arg(path, failure);
        return false;
    }
    return true;
}

bool applyOne(const RecordWriter::FileChange &change, QString *error)
{
    if (!change.remove)
        return RecordWriter::writeText(change.path, change.text, error);
    QFile file(change.path);
    if (file.exists() && !file.remove()) {
        *error = RecordWriter::tr("%1: cannot be removed: %2").arg(change.path, file.errorString());
        return false;
    }
    return true;
}

// Puts back the files in `done`, last first; adds to `error` what failed.
void rollBack(const QList<Previous> &done, QString *error)
{
    QStringList lost;
    for (auto it = done.crbegin(); it != done.crend(); ++it) {
        QString ignored;
        const bool restored = it->existed ? RecordWriter::writeText(it->path, it->text, &ignored)
                                          : removeCreated(it->path, it->createdFolder);
        if (!restored)
            lost << it->path;
    }
    if (!lost.isEmpty())
        *error += QStringLiteral("; these files could not be put back as they were: ")
            + lost.join(QStringLiteral(", "));
    else if (!done.isEmpty())
        *error += QStringLiteral("; the files already written were put back as they were");
}

} // namespace

bool RecordWriter::textOf(const Record &record, QByteArray *text, QString *error)
{
    try {
        *text = record.textToWrite();
        return true;
    } catch (const std::exception &e) {
        const QString field = firstBadString(record.json(), QString());
        *error = field.isEmpty()
            ? RecordWriter::tr("%1: cannot be written: %2").arg(record.filePath(), QString::fromUtf8(e.what()))
            : RecordWriter::tr("%1: cannot be written: %2 holds bytes that are not valid UTF-8")
                  .arg(record.filePath(), field);
        return false;
    }
}

bool RecordWriter::changedOnDisk(const Record &record)
{
    bool exists = false;
    const QByteArray onDisk = diskText(record.filePath(), &exists);
    // A record never read from disk (new) conflicts only with a file that appeared meanwhile.
    if (record.originalText().isEmpty())
        return exists;
    return !exists || onDisk != record.originalText();
}

QString RecordWriter::conflictMessage(const Record &record)
{
    const bool exists = QFileInfo::exists(record.filePath());
    if (record.originalText().isEmpty())
        return RecordWriter::tr("%1 already exists on disk (the record is new)").arg(record.filePath());
    if (!exists)
        return RecordWriter::tr("%1 was removed on disk since it was read").arg(record.filePath());
    return RecordWriter::tr("%1 changed on disk since it was read").arg(record.filePath());
}

bool RecordWriter::writeText(const QString &path, const QByteArray &text, QString *error)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = RecordWriter::tr("%1: cannot create its folder").arg(path);
        return false;
    }
    return AtomicFile::writeFile(path, text, error);
}

bool RecordWriter::apply(const QList<FileChange> &changes, QString *error)
{
    QList<Previous> done;
    for (const FileChange &change : changes) {
        Previous previous;
        if (!readPrevious(change.path, &previous, error) || !applyOne(change, error)) {
            rollBack(done, error);
            return false;
        }
        done << previous;
    }
    return true;
}

RecordWriter::Outcome RecordWriter::save(Record &record, Overwrite overwrite, QString *error)
{
    QByteArray text;
    if (!textOf(record, &text, error))
        return Failed;
    bool exists = false;
    const QByteArray onDisk = diskText(record.filePath(), &exists);
    if (exists && onDisk == text) {
        record.markSaved(text);
        return Unchanged;
    }
    if (overwrite == KeepTheirs && changedOnDisk(record)) {
        *error = conflictMessage(record);
        return Conflict;
    }
    if (!writeText(record.filePath(), text, error))
        return Failed;
    record.markSaved(text);
    return Written;
}

bool RecordWriter::saveAll(const QList<Record *> &records, QString *error)
{
    QList<QByteArray> texts;
    QList<FileChange> changes;
    for (const Record *record : records) {
        QByteArray text;
        if (!textOf(*record, &text, error))
            return false;
        bool exists = false;
        const QByteArray onDisk = diskText(record->filePath(), &exists);
        if (exists && onDisk == text) {
            texts << text;
            continue;
        }
        if (changedOnDisk(*record)) {
            *error = conflictMessage(*record);
            return false;
        }
        texts << text;
        changes << FileChange{record->filePath(), text};
    }
    if (!apply(changes, error))
        return false;
    for (int i = 0; i < records.size(); ++i)
        records.at(i)->markSaved(texts.at(i));
    return true;
}

} // namespace Errata
