#pragma once

#include <QString>

#include <memory>

struct git_repository;

namespace Errata {

// libgit2 set up for as long as an object of this class lives, and the
// repository that holds a folder.
//
// libgit2 is set up for each use and shut down after it: it works out the
// global and XDG search paths (from HOME and XDG_CONFIG_HOME) when set up,
// and the program may change them between two uses (tests do).
//
//   const GitLibrary library;
//   const GitLibrary::Repository repository = GitLibrary::open(folder);
//   if (repository) ...
class GitLibrary
{
public:
    GitLibrary();
    ~GitLibrary();
    GitLibrary(const GitLibrary &) = delete;
    GitLibrary &operator=(const GitLibrary &) = delete;

    struct RepositoryDeleter
    {
        void operator()(git_repository *repository) const;
    };
    using Repository = std::unique_ptr<git_repository, RepositoryDeleter>;

    // The repository holding `folder` (a work tree or a bare repository,
    // found the way git looks upwards for ".git", stopping at a file system
    // boundary), or null.
    static Repository open(const QString &folder);
    // Where `path` (below the KB's root `root`; empty: the root itself) lies
    // in the work tree of `repository`, as git names it ("kb/app/one.json";
    // "." for the work tree's own root). Null when the repository has no
    // work tree or the root lies outside it (a link out of it).
    static QString workTreePath(git_repository *repository, const QString &root, const QString &path = QString());
    // libgit2's message for the last error of this thread.
    static QString lastError();
    // A path as libgit2 takes it.
    static QByteArray nativePath(const QString &path);
};

} // namespace Errata
