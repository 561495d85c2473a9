#pragma once

#include <QString>

namespace Errata {

// Who git says the user is, read with libgit2 as git itself reads it: in a
// folder inside a git checkout, from the repository's configuration
// (.git/config over ~/.gitconfig over $XDG_CONFIG_HOME/git/config, or
// ~/.config/git/config, over the system's gitconfig); elsewhere from the
// global and system files alone. Nothing is cached: each call reads the
// files as they are now (HOME and XDG_CONFIG_HOME included).
class GitIdentity
{
public:
    // user.name, trimmed; empty when no configuration sets it or it cannot
    // be read.
    static QString userName(const QString &folder);
    // user.email, the same way.
    static QString userEmail(const QString &folder);
    // Whether `folder` is inside a git checkout (a work tree or a bare
    // repository, found the way git looks upwards for ".git").
    static bool isInRepository(const QString &folder);

private:
    static QString configString(const QString &folder, const char *key);
};

} // namespace Errata
