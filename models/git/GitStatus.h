#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

struct git_repository;
struct git_status_list;

namespace Errata {

// The state of a KB's record files against the HEAD of the git checkout that holds the KB, read with libgit2 (no git
// executable needed). Only the files the loader reads count (".json", outside hidden folders, below the KB's root); a
// folder outside any repository has none (isRepository() false).
//
// One state per file, as a curator reads it: conflicted (the index holds an unfinished merge's stages); renamed (moved
// since HEAD, staged or found by content: a deleted and a new file at least RenameThreshold percent alike); added (in
// the index, not HEAD); untracked (only on disk); deleted (in HEAD, gone from the index or the disk); modified
// (anything else that differs from HEAD). A file added to the index and then deleted from the disk is left out.
//
// As git does, a deleted and a new file of identical content are a rename however many there are (libgit2 alone
// stops comparing at diff.renameLimit, 1000 by default), and past that limit so are a deleted and a new file of one
// name (each the only one of it) at least RenameThreshold percent alike; other files are compared only up to the
// limit, and notCovered() says so when it was reached. Records in a git submodule are not in this checkout's state:
// they are named by submodules() and notCovered().
//
//   for (const GitStatus::Entry &entry : GitStatus::read(kbRoot).entries())
//       qInfo() << entry.path << GitStatus::stateName(entry.state);
class GitStatus
{
    Q_DECLARE_TR_FUNCTIONS(Errata::GitStatus)
public:
    enum class State { Modified, Added, Untracked, Deleted, Renamed, Conflicted };
    static constexpr int RenameThreshold = 70;
    struct Entry
    {
        QString path;    // below the KB's root, with '/'
        QString oldPath; // renamed: the path in HEAD; else empty
        State state = State::Modified;
    };

    // Reads the state now. Never fails loudly: an unreadable repository
    // gives error() and no entries.
    static GitStatus read(const QString &root);
    // The same against the commit `revision` names ("HEAD~3", "main", a
    // commit id) instead of HEAD: what changed since, in commits, in the
    // index and on disk. An unknown revision gives error().
    static GitStatus read(const QString &root, const QString &revision);

    bool isRepository() const { return m_repository; }
    // The branch checked out ("main"), "HEAD detached at 1a2b3c4" (short
    // commit id), or the branch that is not born yet in a new repository.
    QString branch() const { return m_branch; }
    // Why the state could not be read; empty when it was.
    QString error() const { return m_error; }
    // Sorted by path.
    const QList<Entry> &entries() const { return m_entries; }
    // The submodules below the KB's root (paths below it, with '/'), whose
    // records git's state of this checkout does not cover.
    const QStringList &submodules() const { return m_submodules; }
    // What the state does not cover, a sentence each (submodules, renames
    // past the rename limit); empty when it covers every record file.
    QStringList notCovered() const;
    // The entry of `path` (below the root), or null when it is unchanged.
    const Entry *find(const QString &path) const;

    // Whether the loader reads a file at `path` (below the KB's root): a
    // ".json" name, in no hidden folder.
    static bool isRecordPath(const QString &path);

    // "modified", "added", "untracked", "deleted", "renamed", "conflicted":
    // the names of `errata status --format json`.
    static QString stateName(State state);
    // The same, translated, for the window and the text output.
    static QString stateText(State state);

private:
    // Fills m_entries from libgit2's list (`below`: the KB's path in the
    // work tree with a final '/', or ""), renames of identical content paired.
    void collect(git_repository *repository, git_status_list *list, const QString &below);

    bool m_repository = false;
    QString m_branch;
    QString m_error;
    QList<Entry> m_entries;
    QStringList m_submodules;
    int m_renameLimit = 0;  // git's diff.renameLimit
    int m_unpairedNew = 0;  // added or untracked record files left unpaired past the limit
    int m_unpairedGone = 0; // deleted record files, the same
};

} // namespace Errata
