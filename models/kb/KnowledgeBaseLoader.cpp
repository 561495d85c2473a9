#include "kb/KnowledgeBaseLoader.h"

#include "kb/SearchIndexCache.h"
#include "util/Parallel.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace Errata {

QStringList KnowledgeBaseLoader::recordFiles(const QString &root)
{
    QStringList files;
    QDirIterator it(root, {QStringLiteral("*.json")}, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir::cleanPath(it.next());
    files.sort();
    return files;
}

KnowledgeBaseLoader::Result KnowledgeBaseLoader::load(const QString &root, const std::atomic_bool *cancel,
                                                      const std::function<void(int, int)> &progress,
                                                      Documents documents, SearchIndexCache *cache)
{
    Result result;
    result.root = QDir::cleanPath(QFileInfo(root).absoluteFilePath());
    const QDir rootDir(result.root);
    const QString prefix = result.root.endsWith(QLatin1Char('/')) ? result.root : result.root + QLatin1Char('/');
    const auto relativePath = [&](const QString &file) {
        return file.startsWith(prefix) ? file.mid(prefix.size()) : rootDir.relativeFilePath(file);
    };
    const QStringList files = recordFiles(result.root);
    result.fileCount = int(files.size());
    std::vector<std::unique_ptr<Record>> loaded(size_t(files.size()));
    std::vector<Record::LoadError> errors(size_t(files.size()));
    const auto loadOne = [&](int i) {
        auto record = std::make_unique<Record>();
        record->setFilePath(files.at(i));
        QByteArray text;
        Record::LoadError &error = errors[size_t(i)];
        if (!Record::readFile(files.at(i), &text, &error.message))
            return;
        const bool cached = cache && cache->restore(relativePath(files.at(i)), text, *record);
        if (!cached && !record->parse(text, &error))
            return;
        if (documents == ReleaseDocuments)
            record->releaseDocument();
        loaded[size_t(i)] = std::move(record);
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, result.fileCount);
    };
    Parallel::forEach(result.fileCount, loadOne, cancel, report);
    result.cancelled = cancel && cancel->load();
    for (size_t i = 0; i < loaded.size(); ++i) {
        if (loaded[i]) {
            result.records.push_back(std::move(loaded[i]));
        } else if (!errors[i].message.isEmpty()) {
            const Record::LoadError &error = errors[i];
            result.problems << Problem{Problem::Error, files.at(qsizetype(i)), QString(), error.line, error.column,
                                       error.message,  QStringLiteral("file")};
        }
    }
    return result;
}

} // namespace Errata
