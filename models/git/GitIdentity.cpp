#include "git/GitIdentity.h"

#include <QDir>
#include <QFile>

#include <git2.h>

namespace Errata {

namespace {

// libgit2 is set up for each use and shut down after it: it works out the
// global and XDG search paths (from HOME and XDG_CONFIG_HOME) when set up,
// and the program may change them between two uses (tests do).
class Library
{
public:
    Library() { git_libgit2_init(); }
    ~Library() { git_libgit2_shutdown(); }
    Library(const Library &) = delete;
    Library &operator=(const Library &) = delete;
};

QByteArray nativePath(const QString &folder)
{
    return QFile::encodeName(QDir::toNativeSeparators(QDir(folder).absolutePath()));
}

// The repository holding `folder`, or null; the search stops at a file
// system boundary, as git's does.
git_repository *openRepository(const QString &folder)
{
    git_repository *repository = nullptr;
    if (folder.isEmpty() || git_repository_open_ext(&repository, nativePath(folder).constData(), 0, nullptr) != 0)
        return nullptr;
    return repository;
}

// The configuration git uses in `folder`: the repository's, which layers
// its own file over the global, XDG and system ones, or those alone.
git_config *openConfig(const QString &folder)
{
    git_config *config = nullptr;
    if (git_repository *repository = openRepository(folder)) {
        const int failed = git_repository_config_snapshot(&config, repository);
        git_repository_free(repository);
        if (failed == 0)
            return config;
        config = nullptr;
    }
    git_config *live = nullptr;
    if (git_config_open_default(&live) != 0)
        return nullptr;
    const int failed = git_config_snapshot(&config, live);
    git_config_free(live);
    return failed == 0 ? config : nullptr;
}

} // namespace

QString GitIdentity::userName(const QString &folder)
{
    return configString(folder, "user.name");
}

QString GitIdentity::userEmail(const QString &folder)
{
    return configString(folder, "user.email");
}

bool GitIdentity::isInRepository(const QString &folder)
{
    const Library library;
    git_repository *repository = openRepository(folder);
    git_repository_free(repository);
    return repository != nullptr;
}

QString GitIdentity::configString(const QString &folder, const char *key)
{
    const Library library;
    git_config *config = openConfig(folder);
    if (!config)
        return QString();
    const char *value = nullptr;
    QString text;
    if (git_config_get_string(&value, config, key) == 0 && value)
        text = QString::fromUtf8(value).trimmed();
    git_config_free(config);
    return text;
}

} // namespace Errata
