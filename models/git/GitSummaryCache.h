#pragma once

#include "models/record/Record.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QString>

#include <optional>

namespace Errata {

// What the KB-wide rules read of a record (its id and its links), kept on disk by the id of the git blob it was read
// from, so that `errata status` need not read the files git reports unchanged (GitChangeCheck). A blob id names one
// content for ever: an entry never goes stale, and a file that does not load is kept as such (no summary).
//
// One file per KB in the user's cache folder, sorted by blob id and used as it is read: a lookup is a binary search
// that decodes only the entries asked for, so a large KB costs little memory. It is written whole (AtomicFile) with the
// entries of the run's files only. A file of another format or program version is not used; a damaged entry is not
// found, so its file is read again.
class GitSummaryCache
{
    Q_DECLARE_TR_FUNCTIONS(Errata::GitSummaryCache)
public:
    // Bump when what a text must be to load, or what the summary holds,
    // changes.
    static constexpr quint32 FormatVersion = 1;
    static constexpr int BlobSize = 20; // a SHA-1 blob id, raw

    // <user cache folder>/git-summaries/<hash of the root's path>.sum; ""
    // when no home is known (CacheFolder::location()): no cache then.
    static QString fileFor(const QString &root);

    // Reads `file`; false (and no entries) when it is missing or not usable:
    // not a regular file (a FIFO, a link), damaged, of another version.
    bool open(const QString &file);
    enum class Entry { Unknown, NoRecord, Record };
    // What the cache knows of a blob: nothing (or a damaged entry), that its
    // file did not load, or a record, whose id it then gives as UTF-8 in
    // `id` without decoding the rest (valid while the cache lives).
    Entry lookup(const QByteArray &blob, QByteArray *id = nullptr) const;
    // Its summary (none: it did not load, or is unknown).
    std::optional<Record::Summary> find(const QByteArray &blob) const;
    void insert(const QByteArray &blob, const std::optional<Record::Summary> &summary);
    // Keeps only the entries of `blobs` (the files of the KB now).
    void keepOnly(const QList<QByteArray> &blobs);
    bool save(const QString &file, QString *error) const;

private:
    // Where the entry of `blob` starts in m_bytes (its payload), or -1.
    qsizetype payloadOf(const QByteArray &blob) const;

    QByteArray m_bytes;                                        // the file as read
    qsizetype m_table = 0;                                     // where its table (blob, payload offset) starts
    qsizetype m_count = 0;                                     // rows of the table
    qsizetype m_payloads = 0;                                  // where the payloads start
    QHash<QByteArray, std::optional<Record::Summary>> m_added; // since (and before m_bytes' rows)
    QHash<QByteArray, bool> m_dropped;                         // rows of m_bytes left out by keepOnly
};

} // namespace Errata
