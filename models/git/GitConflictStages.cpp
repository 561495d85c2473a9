#include "models/git/GitConflictStages.h"

#include "models/git/GitLibrary.h"

#include <QFile>

#include <git2.h>

#include <memory>

namespace Errata {

namespace {

struct IndexDeleter
{
    void operator()(git_index *index) const { git_index_free(index); }
};
using Index = std::unique_ptr<git_index, IndexDeleter>;

// The repository holding `root` and its index; false, with `error`, when
// there is none.
bool openIndex(const QString &root, GitLibrary::Repository *repository, Index *index, QString *error)
{
    *repository = GitLibrary::open(root);
    git_index *opened = nullptr;
    if (!*repository || git_repository_index(&opened, repository->get()) != 0) {
        *error = GitConflictStages::tr("%1 is in no git checkout").arg(root);
        return false;
    }
    index->reset(opened);
    return true;
}

// The name the index gives `path` (below `root`); empty when the root is
// not in the work tree.
QByteArray indexPath(git_repository *repository, const QString &root, const QString &path)
{
    return QFile::encodeName(GitLibrary::workTreePath(repository, root, path));
}

bool blobText(git_repository *repository, const git_index_entry *entry, QByteArray *text)
{
    git_blob *blob = nullptr;
    if (git_blob_lookup(&blob, repository, &entry->id) != 0)
        return false;
    *text = QByteArray(static_cast<const char *>(git_blob_rawcontent(blob)), qsizetype(git_blob_rawsize(blob)));
    git_blob_free(blob);
    return true;
}

} // namespace

bool GitConflictStages::read(const QString &root, const QString &path, Stages *stages, QString *error)
{
    const GitLibrary library;
    GitLibrary::Repository repository;
    Index index;
    if (!openIndex(root, &repository, &index, error))
        return false;
    const QByteArray name = indexPath(repository.get(), root, path);
    const git_index_entry *base = nullptr;
    const git_index_entry *ours = nullptr;
    const git_index_entry *theirs = nullptr;
    if (name.isEmpty() || git_index_conflict_get(&base, &ours, &theirs, index.get(), name.constData()) != 0) {
        *error = tr("%1 is not in conflict in git's index").arg(path);
        return false;
    }
    *stages = Stages();
    stages->hasBase = base && blobText(repository.get(), base, &stages->base);
    stages->hasOurs = ours && blobText(repository.get(), ours, &stages->ours);
    stages->hasTheirs = theirs && blobText(repository.get(), theirs, &stages->theirs);
    return true;
}

bool GitConflictStages::markResolved(const QString &root, const QString &path, QString *error)
{
    const GitLibrary library;
    GitLibrary::Repository repository;
    Index index;
    if (!openIndex(root, &repository, &index, error))
        return false;
    const QByteArray name = indexPath(repository.get(), root, path);
    if (name.isEmpty() || git_index_add_bypath(index.get(), name.constData()) != 0
        || git_index_write(index.get()) != 0) {
        *error = tr("cannot stage %1: %2").arg(path, GitLibrary::lastError());
        return false;
    }
    return true;
}

} // namespace Errata
