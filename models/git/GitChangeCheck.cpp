#include "models/git/GitChangeCheck.h"

#include "models/git/GitIndexFiles.h"
#include "models/git/GitSummaryCache.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/util/CacheFolder.h"
#include "models/util/Parallel.h"
#include "models/validation/RecordValidator.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace Errata {

namespace {

// A file to read: a changed one, or one the cache does not know.
struct Read
{
    Read(const QString &path, const QByteArray &blob, bool changed)
        : path(path)
        , blob(blob)
        , changed(changed)
    {
    }

    QString path;    // below the root
    QByteArray blob; // unchanged files: their blob id
    bool changed = false;
    std::unique_ptr<Record> record;         // changed, or read for a changed one
    std::optional<Record::Summary> summary; // unchanged files that loaded
    Record::LoadError error;
};

// Reads and parses a file as the loader does (its rule for links and
// special files included). Of an unchanged file, only the summary is kept,
// and the record too when the rules read it (its id is in `keep`).
void load(const QString &root, Read &read, const QSet<QByteArray> &keep)
{
    const QString path = root + QLatin1Char('/') + read.path;
    const QString file = KnowledgeBaseLoader::fileToRead(root, path, &read.error.message);
    QByteArray text;
    auto record = std::make_unique<Record>();
    record->setFilePath(path);
    if (file.isEmpty() || !Record::readFile(file, &text, &read.error.message, Record::Links::Refuse)
        || !record->parse(text, &read.error))
        return;
    if (!read.changed) {
        read.summary = record->summary();
        if (!keep.contains(record->id().toUtf8()))
            return; // not kept while the others are read
        record->releaseDocument();
    }
    read.record = std::move(record);
}

std::unique_ptr<Record> summaryRecord(const QString &root, const QString &path, const Record::Summary &summary)
{
    auto record = std::make_unique<Record>();
    record->setFilePath(root + QLatin1Char('/') + path);
    record->restore(QByteArray(), summary); // the rules read no other record's text
    return record;
}

QSet<QString> changedPaths(const GitStatus &status)
{
    QSet<QString> paths;
    for (const GitStatus::Entry &entry : status.entries()) {
        paths.insert(entry.path);
        if (!entry.oldPath.isEmpty())
            paths.insert(entry.oldPath);
    }
    return paths;
}

// The ids whose records the rules read to check `records`, as UTF-8: each
// one's own (duplicates) and its link targets (dangling and one-way links).
QSet<QByteArray> idsRead(const std::vector<Read> &records)
{
    QSet<QByteArray> ids;
    for (const Read &read : records) {
        if (!read.record)
            continue;
        ids.insert(read.record->id().toUtf8());
        for (const Record::LinkTarget &link : read.record->summary().links)
            ids.insert(link.id.toUtf8());
    }
    return ids;
}

void loadAll(const QString &root, std::vector<Read> &reads, const QSet<QByteArray> &keep = {})
{
    Parallel::forEach(int(reads.size()), [&](int i) { load(root, reads[size_t(i)], keep); });
}

Problem loadProblem(const QString &root, const Read &read)
{
    const Record::LoadError &error = read.error;
    return Problem{Problem::Error,        root + QLatin1Char('/') + read.path,
                   error.pointer,         error.line,
                   error.column,          error.message,
                   QStringLiteral("file")};
}

} // namespace

QList<GitChangeCheck::Checked> GitChangeCheck::check(const QString &rootFolder, const GitStatus &status,
                                                     const Options &options, QString *cacheError, Counts *counts)
{
    const QString root = QDir::cleanPath(QFileInfo(rootFolder).absoluteFilePath());
    // The changed files first: the ids they link to say which of the
    // others the rules read.
    std::vector<Read> changed;
    for (const GitStatus::Entry &entry : status.entries()) {
        if (entry.state != GitStatus::State::Deleted)
            changed.emplace_back(entry.path, QByteArray(), true);
    }
    loadAll(root, changed);
    const QSet<QByteArray> ids = idsRead(changed);

    // The others: by blob id from the cache, or read (and then cached).
    GitSummaryCache cache;
    if (!options.cacheFile.isEmpty())
        cache.open(options.cacheFile);
    const QSet<QString> changedPath = changedPaths(status);
    KnowledgeBaseLoader::Result result;
    result.root = root;
    std::vector<Read> unknown;
    QList<QByteArray> blobs;
    for (const GitIndexFiles::File &file : GitIndexFiles::read(root)) {
        if (changedPath.contains(file.path))
            continue;
        blobs << file.blob;
        QByteArray id;
        const GitSummaryCache::Entry entry = file.regular ? cache.lookup(file.blob, &id)
                                                          : GitSummaryCache::Entry::Unknown;
        if (entry == GitSummaryCache::Entry::Unknown)
            unknown.emplace_back(file.path, file.blob, false);
        else if (entry == GitSummaryCache::Entry::Record && ids.contains(id))
            result.records.push_back(summaryRecord(root, file.path, *cache.find(file.blob)));
    }
    loadAll(root, unknown, ids);
    for (Read &read : unknown) {
        cache.insert(read.blob, read.summary);
        if (read.record)
            result.records.push_back(std::move(read.record));
    }

    QHash<QString, const Record *> changedRecords;
    for (Read &read : changed) {
        if (read.record) {
            changedRecords.insert(read.path, read.record.get());
            result.records.push_back(std::move(read.record));
        } else if (!read.error.message.isEmpty()) {
            result.problems << loadProblem(root, read);
        }
    }
    // In the loader's order, which the rules' messages list files in.
    std::sort(result.records.begin(), result.records.end(),
              [](const auto &a, const auto &b) { return a->filePath() < b->filePath(); });
    const QList<Problem> loadProblems = result.problems;
    KnowledgeBase kb; // what the rules read for the changed records, not the whole KB
    kb.adopt(std::move(result));

    const RecordValidator validator(options.today);
    QList<Checked> checked;
    for (const GitStatus::Entry &entry : status.entries()) {
        Checked item{entry, QString(), {}};
        const QString file = root + QLatin1Char('/') + entry.path;
        if (const Record *record = changedRecords.value(entry.path)) {
            item.id = record->id();
            item.findings = validator.validate(*record, &kb);
        }
        for (const Problem &problem : loadProblems) {
            if (problem.file == file)
                item.findings << problem;
        }
        checked << item;
    }
    if (!unknown.empty() && !options.cacheFile.isEmpty()) {
        cache.keepOnly(blobs);
        QString error;
        if (!cache.save(options.cacheFile, &error)) {
            if (cacheError)
                *cacheError = error;
        } else {
            CacheFolder::tidy(options.cacheFile, root);
        }
    }
    if (counts)
        *counts = Counts{int(blobs.size() - qsizetype(unknown.size())), int(changed.size() + unknown.size())};
    return checked;
}

} // namespace Errata
