#include "models/git/GitHeadFile.h"

#include "models/git/GitLibrary.h"

#include <QFile>

#include <git2.h>

namespace Errata {

GitHeadFile::Result GitHeadFile::read(const QString &root, const QString &path, QByteArray *text)
{
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    const QString relative = repository ? GitLibrary::workTreePath(repository.get(), root, path) : QString();
    if (relative.isEmpty())
        return NoRepository;
    return read(repository.get(), relative, text) ? Read : NotInHead;
}

bool GitHeadFile::read(git_repository *repository, const QString &path, QByteArray *text)
{
    const QByteArray spec = "HEAD:" + QFile::encodeName(path);
    git_object *object = nullptr;
    if (git_revparse_single(&object, repository, spec.constData()) != 0)
        return false;
    const bool blob = git_object_type(object) == GIT_OBJECT_BLOB;
    if (blob) {
        const auto *file = reinterpret_cast<const git_blob *>(object);
        *text = QByteArray(static_cast<const char *>(git_blob_rawcontent(file)), qsizetype(git_blob_rawsize(file)));
    }
    git_object_free(object);
    return blob;
}

} // namespace Errata
