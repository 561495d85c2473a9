#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace Errata {

// The record files of a KB as git's index holds them: each path below the
// KB's root and the id of its blob (the hash of its content), read with
// libgit2. For a file git status reports unchanged, the blob id names what
// is on disk, so what was worked out from a text can be found again by it
// without reading the file (GitSummaryCache).
//
// Only merged entries (no conflict stages) of files the loader reads are
// listed (GitStatus::isRecordPath); links are marked, as the loader follows
// its own rule for them.
class GitIndexFiles
{
public:
    struct File
    {
        QString path;        // below the KB's root, with '/'
        QByteArray blob;     // the blob id, 20 raw bytes
        bool regular = true; // a file, not a link
    };

    // Empty when `root` is in no repository's work tree.
    static QList<File> read(const QString &root);
};

} // namespace Errata
