#pragma once

#include <QByteArray>
#include <QString>

struct git_repository;

namespace Errata {

// A file as the last commit (HEAD) of the git checkout that holds it has
// it, read with libgit2: what the Changes view compares an edited record
// with, besides the file on disk.
class GitHeadFile
{
public:
    enum Result {
        Read,         // `text` holds it
        NotInHead,    // HEAD has no such file (a new record), or is not born yet
        NoRepository, // the KB is in no git checkout (or outside its work tree)
    };

    // The text of `path` (below the KB's root `root`) in HEAD.
    static Result read(const QString &root, const QString &path, QByteArray *text);
    // The same in an open repository, `path` as git names it in the work
    // tree (GitLibrary::workTreePath); false when HEAD has no such file.
    static bool read(git_repository *repository, const QString &path, QByteArray *text);
};

} // namespace Errata
