#pragma once

#include <QString>

namespace Errata {

// What a server reading a KB in a git checkout needs to know of the checkout
// right now: the commit HEAD names, and whether git is in the middle of an
// operation that leaves the work tree half changed (a `git pull` writing
// files, a merge or rebase stopped on conflicts). Read with libgit2 for the
// repository and its commit; the operations by the files git keeps in its
// folder while they last, so that the message can name them.
class GitCheckoutState
{
public:
    struct State
    {
        bool repository = false; // the folder is inside a git checkout
        QString gitDir;          // its git folder ("/kb/.git"; a linked work tree's own), without a final "/"
        QString commit;          // HEAD's commit, 40 hex digits; "" on an unborn branch or outside git
        // "" or what git is doing, naming the file that says so:
        // "/kb/.git/MERGE_HEAD: a merge is in progress".
        QString operation;
    };

    static State read(const QString &folder);
    // The operation in progress in `gitDir` ("" when none), as State::operation.
    static QString operationIn(const QString &gitDir);
};

} // namespace Errata
