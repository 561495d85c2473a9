#pragma once

#include <QCoreApplication>
#include <QString>

namespace Errata {

// Brings back a record file that the KB's git checkout deleted, as the last
// commit (HEAD) has it, the way `git restore --staged --worktree` does: the
// file is written where it was (atomically, its folders made again) unless
// it is still on disk, and its entry in the index is put back when the
// deletion was staged. git then reports the file unchanged.
//
//   QString error;
//   if (!GitRestore::restore(kb.root(), QStringLiteral("python/import/no-module.json"), &error))
//       warn(error);
class GitRestore
{
    Q_DECLARE_TR_FUNCTIONS(Errata::GitRestore)
public:
    // `path` is below the KB's root `root`. On failure returns false and
    // says why, naming the file, in `error`.
    static bool restore(const QString &root, const QString &path, QString *error);
};

} // namespace Errata
