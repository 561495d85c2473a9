#pragma once

#include <QString>

namespace Errata {

// Who accepts a translation review, as the review file records it. The
// first that gives a name: the reviewer name set in Settings (Edit ▸
// Settings…); git's user.name where the KB is (GitIdentity: the repository's
// configuration when the KB is a git checkout, else the global one); the
// user's account, as git itself falls back to it (the full name of the
// account, else the login name). Errata never asks: accepting stays one
// keystroke, and the Settings dialog shows which name an empty setting
// gives. When none gives a name, the review is recorded without one.
class Reviewer
{
public:
    enum Source { FromSettings, FromGit, FromAccount, Nobody };
    struct Identity
    {
        QString name;
        Source source = Nobody;
    };

    // The reviewer for the KB at `root` now.
    static Identity current(const QString &root);
    // What an empty setting gives: git's user.name, then the account.
    static Identity fallback(const QString &root);
    // The user's full name from the account database, else the login name.
    static QString accountName();
};

} // namespace Errata
