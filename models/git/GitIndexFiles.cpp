#include "models/git/GitIndexFiles.h"

#include "models/git/GitLibrary.h"
#include "models/git/GitStatus.h"

#include <git2.h>

#include <memory>

namespace Errata {

namespace {

struct IndexDeleter
{
    void operator()(git_index *index) const { git_index_free(index); }
};

} // namespace

QList<GitIndexFiles::File> GitIndexFiles::read(const QString &root)
{
    QList<File> files;
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    const QString prefix = repository ? GitLibrary::workTreePath(repository.get(), root) : QString();
    git_index *raw = nullptr;
    if (prefix.isEmpty() || git_repository_index(&raw, repository.get()) != 0)
        return files;
    const std::unique_ptr<git_index, IndexDeleter> index(raw);
    const QByteArray below = prefix == QLatin1String(".") ? QByteArray() : prefix.toUtf8() + '/';
    const size_t count = git_index_entrycount(raw);
    files.reserve(qsizetype(count));
    for (size_t i = 0; i < count; ++i) {
        const git_index_entry *entry = git_index_get_byindex(raw, i);
        if (git_index_entry_stage(entry) != 0 || qstrncmp(entry->path, below.constData(), size_t(below.size())) != 0)
            continue;
        const QString path = QString::fromUtf8(entry->path + below.size());
        if (!GitStatus::isRecordPath(path))
            continue;
        files << File{path, QByteArray(reinterpret_cast<const char *>(entry->id.id), GIT_OID_RAWSZ),
                      (entry->mode & 0170000) == 0100000};
    }
    return files;
}

} // namespace Errata
