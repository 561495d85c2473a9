#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

struct git_repository;

namespace Errata::TestSupport {

// A git repository in a folder, made and changed with libgit2 as git
// would (no git executable needed): files written, staged, committed,
// removed, and an unfinished merge's conflict stages put in the index.
//
//   QTemporaryDir dir;
//   GitTestRepository repository(dir.path());
//   repository.write("app/one.json", text);
//   repository.commitAll("first");
class GitTestRepository
{
public:
    explicit GitTestRepository(const QString &folder, const QString &branch = QStringLiteral("main"));
    ~GitTestRepository();
    GitTestRepository(const GitTestRepository &) = delete;
    GitTestRepository &operator=(const GitTestRepository &) = delete;

    bool isValid() const { return m_repository != nullptr; }
    QString folder() const { return m_folder; }
    // Writes a file of the work tree (folders made as needed).
    bool write(const QString &path, const QByteArray &bytes);
    bool removeFile(const QString &path);
    // git add / git rm --cached.
    bool stage(const QString &path);
    bool unstage(const QString &path);
    // Stages every file of the work tree (git add -A) and commits on the
    // branch checked out. The commit's id, or an empty text on failure.
    QByteArray commitAll(const QString &message);
    // Puts the three stages of a conflicted file in the index (an empty
    // text: that stage is missing), and the work tree's file with markers.
    bool conflict(const QString &path, const QByteArray &base, const QByteArray &ours, const QByteArray &theirs,
                  const QByteArray &workTree);
    // HEAD detached at the current commit.
    bool detachHead();

    // What libgit2 cannot make here (a submodule): git itself, run in
    // `folder` with no configuration but the repository's own; false (and
    // a warning with git's output) when it fails. hasGit(): whether it is
    // installed, for a QSKIP.
    static bool hasGit();
    static bool runGit(const QString &folder, const QStringList &arguments);
    // A repository at `folder` holding `files` (path, text) in one commit,
    // made by git, added as the submodule `path` of the repository at
    // `into` and committed there.
    static bool addSubmodule(const QString &into, const QString &path, const QString &folder,
                             const QList<QPair<QString, QByteArray>> &files);

private:
    QString m_folder;
    git_repository *m_repository = nullptr;
};

} // namespace Errata::TestSupport
