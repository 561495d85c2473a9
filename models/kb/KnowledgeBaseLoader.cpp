#include "kb/KnowledgeBaseLoader.h"

#include "kb/SearchIndexCache.h"
#include "util/Parallel.h"

#include <QDir>
#include <QFileInfo>

#include <cctype>
#include <filesystem>
#include <string_view>

namespace Errata {

namespace {

bool hasJsonSuffix(const std::string &name)
{
    constexpr std::string_view suffix = ".json";
    if (name.size() < suffix.size())
        return false;
    for (size_t i = 0; i < suffix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(name[name.size() - suffix.size() + i])) != suffix[i])
            return false;
    }
    return true;
}

} // namespace

// As QDirIterator(root, {"*.json"}, QDir::Files, Subdirectories) lists them
// (hidden entries and folders left out, folder links not followed, links to
// files followed), but from the type each directory entry already gives:
// QDirIterator asks the file system about every file, which took a fifth of
// a lookup's time at 2,000 records.
QStringList KnowledgeBaseLoader::recordFiles(const QString &root)
{
    namespace fs = std::filesystem;
    QStringList files;
    std::error_code error;
    fs::recursive_directory_iterator it(root.toStdString(), fs::directory_options::skip_permission_denied, error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        const std::string name = it->path().filename().string();
        const bool hidden = !name.empty() && name.front() == '.';
        if (it->is_directory(error) && !it->is_symlink(error)) {
            if (hidden)
                it.disable_recursion_pending();
            continue;
        }
        if (!hidden && hasJsonSuffix(name) && it->is_regular_file(error))
            files << QDir::cleanPath(QString::fromStdString(it->path().string()));
        error.clear();
    }
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
