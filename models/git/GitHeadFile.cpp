#include "git/GitHeadFile.h"

#include "git/GitLibrary.h"

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
    const QByteArray spec = "HEAD:" + QFile::encodeName(relative);
    git_object *object = nullptr;
    if (git_revparse_single(&object, repository.get(), spec.constData()) != 0)
        return NotInHead;
    const bool blob = git_object_type(object) == GIT_OBJECT_BLOB;
    if (blob) {
        const auto *file = reinterpret_cast<const git_blob *>(object);
        *text = QByteArray(static_cast<const char *>(git_blob_rawcontent(file)), qsizetype(git_blob_rawsize(file)));
    }
    git_object_free(object);
    return blob ? Read : NotInHead;
}

} // namespace Errata
