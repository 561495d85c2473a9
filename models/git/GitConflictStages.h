#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace Errata {

// The three versions of a file in an unfinished merge, as git keeps them
// in its index (stage 1: the common ancestor, 2: ours, 3: theirs), and the
// step that ends the conflict (git add). Read and written with libgit2.
//
//   GitConflictStages::Stages stages;
//   if (GitConflictStages::read(kbRoot, "app/one.json", &stages, &error))
//       ... merge stages.base, stages.ours, stages.theirs, write the file ...
//   GitConflictStages::markResolved(kbRoot, "app/one.json", &error);
class GitConflictStages
{
    Q_DECLARE_TR_FUNCTIONS(Errata::GitConflictStages)
public:
    struct Stages
    {
        QByteArray base; // empty with !hasBase: added on both sides
        QByteArray ours;
        QByteArray theirs;
        bool hasBase = false;
        bool hasOurs = false;
        bool hasTheirs = false;
    };

    // The stages of the file at `path` (below the KB's root `root`). False,
    // with `error`, when the KB is in no repository or the file is not in
    // conflict.
    static bool read(const QString &root, const QString &path, Stages *stages, QString *error);
    // Stages the file as it is on disk, which removes its conflict from the
    // index, as `git add` does.
    static bool markResolved(const QString &root, const QString &path, QString *error);
};

} // namespace Errata
