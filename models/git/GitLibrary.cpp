#include "models/git/GitLibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <git2.h>

namespace Errata {

GitLibrary::GitLibrary()
{
    git_libgit2_init();
}

GitLibrary::~GitLibrary()
{
    git_libgit2_shutdown();
}

void GitLibrary::RepositoryDeleter::operator()(git_repository *repository) const
{
    git_repository_free(repository);
}

GitLibrary::Repository GitLibrary::open(const QString &folder)
{
    git_repository *repository = nullptr;
    if (folder.isEmpty() || git_repository_open_ext(&repository, nativePath(folder).constData(), 0, nullptr) != 0)
        return nullptr;
    return Repository(repository);
}

QString GitLibrary::workTreePath(git_repository *repository, const QString &root, const QString &path)
{
    const char *workdir = git_repository_workdir(repository);
    if (!workdir)
        return QString();
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
    const QString relative = QDir(QFileInfo(QString::fromUtf8(workdir)).canonicalFilePath())
                                 .relativeFilePath(path.isEmpty() ? canonicalRoot
                                                                  : canonicalRoot + QLatin1Char('/') + path);
    return relative.startsWith(QLatin1String("..")) ? QString() : relative;
}

QString GitLibrary::lastError()
{
    const git_error *error = git_error_last();
    return error && error->message ? QString::fromUtf8(error->message) : QString();
}

QByteArray GitLibrary::nativePath(const QString &path)
{
    return QFile::encodeName(QDir::toNativeSeparators(QDir(path).absolutePath()));
}

} // namespace Errata
