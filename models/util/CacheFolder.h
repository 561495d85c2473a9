#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QString>

namespace Errata {

// Where Errata keeps its caches between runs, and how it reads and tidies
// them. The caches are files named after the SHA-1 of a KB's path, one
// folder per kind below the user's cache folder:
//
//   <cache>/search-index/<sha1>.idx   (SearchIndexCache)
//   <cache>/git-summaries/<sha1>.sum  (GitSummaryCache)
//   <cache>/roots/<sha1>              the KB's path, to drop caches whose KB is gone
//
// A cache is untrusted like any other file: it is read only when it is a
// regular file (never through a link, never waiting on a FIFO), and the
// folder is kept small: caches unused for MaxAgeDays, caches whose KB folder
// is gone, and the oldest beyond MaxBytes in all are removed whenever one is
// written.
class CacheFolder
{
    Q_DECLARE_TR_FUNCTIONS(Errata::CacheFolder)

public:
    static constexpr int MaxAgeDays = 60;
    static constexpr qint64 MaxBytes = qint64(256) << 20; // 256 MiB, every cache of every KB

    struct Limits
    {
        int maxAgeDays = MaxAgeDays;
        qint64 maxBytes = MaxBytes;
    };

    // The user's cache folder for Errata ($XDG_CACHE_HOME/Errata/Errata, or
    // ~/.cache/Errata/Errata), or "" when no home is known: XDG_CACHE_HOME
    // unset (or not an absolute path) and HOME unset, empty or "/" (cron,
    // systemd, `env -i`, containers), where Qt would answer /.cache. No cache
    // is kept then.
    static QString location();
    // location()/<kind>/<SHA-1 of root's absolute path><suffix>; "" when
    // location() is.
    static QString fileFor(const QString &kind, const QString &root, const QString &suffix);

    // Opens `path` read-only when it is a regular file: without following a
    // link (O_NOFOLLOW) and without waiting (O_NONBLOCK, then fstat). False
    // with `why` set ("" when there is no file at all).
    static bool openRegular(QFile &file, const QString &path, QString *why);
    // Sets the modification time of `path` to now when it is a regular file;
    // a link is never followed (nor touched), nothing is opened.
    static void touch(const QString &path);

    // After `file`, the cache of the KB at `root`, was written: notes the
    // KB's path in roots/ and removes, in the cache folder above `file`'s
    // folder, the caches of the known kinds (never `file`) that are older
    // than limits.maxAgeDays or whose KB folder is gone, then the oldest
    // until all of them take at most limits.maxBytes. Only files named as
    // caches are looked at.
    static void tidy(const QString &file, const QString &root, const Limits &limits);
    static void tidy(const QString &file, const QString &root);
};

} // namespace Errata
