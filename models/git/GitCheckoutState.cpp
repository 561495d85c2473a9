#include "models/git/GitCheckoutState.h"

#include "models/git/GitLibrary.h"

#include <QFileInfo>

#include <git2.h>

namespace Errata {

namespace {

struct Marker
{
    const char *name;
    const char *what;
};

// The files git leaves in its folder while an operation is unfinished. A
// lock is held while git writes the index or moves HEAD (every checkout,
// pull and merge); the others stay until the operation is concluded or
// aborted.
constexpr Marker Markers[] = {
    {"index.lock", "git is writing the index and the work tree"},
    {"HEAD.lock", "git is moving HEAD"},
    {"MERGE_HEAD", "a merge is in progress"},
    {"rebase-merge", "a rebase is in progress"},
    {"rebase-apply", "a rebase or git am is in progress"},
    {"CHERRY_PICK_HEAD", "a cherry-pick is in progress"},
    {"REVERT_HEAD", "a revert is in progress"},
};

} // namespace

QString GitCheckoutState::operationIn(const QString &gitDir)
{
    if (gitDir.isEmpty())
        return QString();
    for (const Marker &marker : Markers) {
        const QString path = gitDir + QLatin1Char('/') + QLatin1String(marker.name);
        if (QFileInfo::exists(path))
            return path + QStringLiteral(": ") + QLatin1String(marker.what);
    }
    return QString();
}

GitCheckoutState::State GitCheckoutState::read(const QString &folder)
{
    State state;
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(folder);
    if (!repository)
        return state;
    state.repository = true;
    QString gitDir = QString::fromUtf8(git_repository_path(repository.get()));
    while (gitDir.endsWith(QLatin1Char('/')))
        gitDir.chop(1);
    state.gitDir = gitDir;
    git_oid oid;
    if (git_reference_name_to_id(&oid, repository.get(), "HEAD") == 0) {
        char hex[GIT_OID_HEXSZ + 1] = {};
        git_oid_tostr(hex, sizeof hex, &oid);
        state.commit = QString::fromLatin1(hex);
    }
    state.operation = operationIn(state.gitDir);
    return state;
}

} // namespace Errata
