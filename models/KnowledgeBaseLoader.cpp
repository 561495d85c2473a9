#include "KnowledgeBaseLoader.h"

#include "Parallel.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace Errata {

QStringList KnowledgeBaseLoader::recordFiles(const QString &root)
{
    QStringList files;
    QDirIterator it(root, {QStringLiteral("*.json")}, QDir::Files | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir::cleanPath(it.next());
    files.sort();
    return files;
}

KnowledgeBaseLoader::Result KnowledgeBaseLoader::load(const QString &root, const std::atomic_bool *cancel,
                                                      const std::function<void(int, int)> &progress,
                                                      Documents documents)
{
    Result result;
    result.root = QDir::cleanPath(QFileInfo(root).absoluteFilePath());
    const QStringList files = recordFiles(result.root);
    result.fileCount = int(files.size());
    std::vector<std::unique_ptr<Record>> loaded(size_t(files.size()));
    std::vector<Record::LoadError> errors(size_t(files.size()));
    const auto loadOne = [&](int i) {
        auto record = std::make_unique<Record>();
        if (!record->load(files.at(i), &errors[size_t(i)]))
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
            result.problems << Problem{Problem::Error, files.at(qsizetype(i)), QString(), error.line,
                                       error.column, error.message, QStringLiteral("file")};
        }
    }
    return result;
}

} // namespace Errata
