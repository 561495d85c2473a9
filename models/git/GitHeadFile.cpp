#include "git/GitHeadFile.h"

#include "git/GitLibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <git2.h>

namespace Errata {

bool GitHeadFile::read(const QString &root, const QString &path, QByteArray *text)
{
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    const char *workdir = repository ? git_repository_workdir(repository.get()) : nullptr;
    if (!workdir)
        return false;
    const QString relative = QDir(QFileInfo(QString::fromUtf8(workdir)).canonicalFilePath())
                                 .relativeFilePath(QFileInfo(root).canonicalFilePath() + QLatin1Char('/') + path);
    if (relative.startsWith(QLatin1String("..")))
        return false;
    const QByteArray spec = "HEAD:" + QFile::encodeName(relative);
    git_object *object = nullptr;
    if (git_revparse_single(&object, repository.get(), spec.constData()) != 0)
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
