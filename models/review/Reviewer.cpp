#include "models/review/Reviewer.h"

#include "models/git/GitIdentity.h"
#include "models/settings/Settings.h"

#include <QtGlobal>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace Errata {

Reviewer::Identity Reviewer::current(const QString &root)
{
    const QString configured = Settings::reviewerName();
    return configured.isEmpty() ? fallback(root) : Identity{configured, FromSettings};
}

Reviewer::Identity Reviewer::fallback(const QString &root)
{
    const QString git = GitIdentity::userName(root);
    if (!git.isEmpty())
        return {git, FromGit};
    const QString account = accountName();
    return account.isEmpty() ? Identity{} : Identity{account, FromAccount};
}

// As git does without user.name: the account's full name (the first field
// of its GECOS entry), else its login name.
QString Reviewer::accountName()
{
#ifdef Q_OS_UNIX
    if (const passwd *entry = getpwuid(geteuid())) {
        const QString gecos = QString::fromLocal8Bit(entry->pw_gecos ? entry->pw_gecos : "");
        const QString fullName = gecos.section(QLatin1Char(','), 0, 0).trimmed();
        if (!fullName.isEmpty())
            return fullName;
        const QString login = QString::fromLocal8Bit(entry->pw_name ? entry->pw_name : "").trimmed();
        if (!login.isEmpty())
            return login;
    }
#endif
    for (const char *variable : {"USER", "USERNAME", "LOGNAME"}) {
        const QString name = qEnvironmentVariable(variable).trimmed();
        if (!name.isEmpty())
            return name;
    }
    return QString();
}

} // namespace Errata
