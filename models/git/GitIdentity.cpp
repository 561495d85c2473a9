#include "models/git/GitIdentity.h"

#include "models/git/GitLibrary.h"

#include <git2.h>

namespace Errata {

namespace {

// The configuration git uses in `folder`: the repository's, which layers
// its own file over the global, XDG and system ones, or those alone.
git_config *openConfig(const QString &folder)
{
    git_config *config = nullptr;
    if (const GitLibrary::Repository repository = GitLibrary::open(folder)) {
        if (git_repository_config_snapshot(&config, repository.get()) == 0)
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
    const GitLibrary library;
    return GitLibrary::open(folder) != nullptr;
}

QString GitIdentity::configString(const QString &folder, const char *key)
{
    const GitLibrary library;
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
