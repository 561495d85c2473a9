#include "git/GitConflictStages.h"

#include "git/GitLibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <git2.h>

#include <memory>

namespace Errata {

namespace {

struct IndexDeleter
{
    void operator()(git_index *index) const { git_index_free(index); }
};
using Index = std::unique_ptr<git_index, IndexDeleter>;

// The path of `path` (below `root`) in the work tree of `repository`, as
// the index names it; empty when `root` is not in the work tree.
QByteArray indexPath(git_repository *repository, const QString &root, const QString &path)
{
    const char *workdir = git_repository_workdir(repository);
    if (!workdir)
        return QByteArray();
    const QString relative = QDir(QFileInfo(QString::fromUtf8(workdir)).canonicalFilePath())
                                 .relativeFilePath(QFileInfo(root).canonicalFilePath() + QLatin1Char('/') + path);
    return relative.startsWith(QLatin1String("..")) ? QByteArray() : QFile::encodeName(relative);
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
    const GitLibrary::Repository repository = GitLibrary::open(root);
    git_index *index = nullptr;
    if (!repository || git_repository_index(&index, repository.get()) != 0) {
        *error = tr("%1 is in no git checkout").arg(root);
        return false;
    }
    const Index owned(index);
    const QByteArray name = indexPath(repository.get(), root, path);
    const git_index_entry *base = nullptr;
    const git_index_entry *ours = nullptr;
    const git_index_entry *theirs = nullptr;
    if (name.isEmpty() || git_index_conflict_get(&base, &ours, &theirs, index, name.constData()) != 0) {
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
    const GitLibrary::Repository repository = GitLibrary::open(root);
    git_index *index = nullptr;
    if (!repository || git_repository_index(&index, repository.get()) != 0) {
        *error = tr("%1 is in no git checkout").arg(root);
        return false;
    }
    const Index owned(index);
    const QByteArray name = indexPath(repository.get(), root, path);
    if (name.isEmpty() || git_index_add_bypath(index, name.constData()) != 0 || git_index_write(index) != 0) {
        *error = tr("cannot stage %1: %2").arg(path, GitLibrary::lastError());
        return false;
    }
    return true;
}

} // namespace Errata
