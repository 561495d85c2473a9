#pragma once

#include <QByteArray>
#include <QString>

namespace Errata {

// A file as the last commit (HEAD) of the git checkout that holds it has
// it, read with libgit2: what the Changes view compares an edited record
// with, besides the file on disk.
class GitHeadFile
{
public:
    // The text of `path` (below the KB's root `root`) in HEAD. False when
    // the KB is in no repository, HEAD is not born yet, or HEAD has no such
    // file (a new record).
    static bool read(const QString &root, const QString &path, QByteArray *text);
};

} // namespace Errata
