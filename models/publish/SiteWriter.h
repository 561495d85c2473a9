#pragma once

#include "models/publish/SiteManifest.h"
#include "models/publish/SiteSink.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QStringList>

#include <atomic>
#include <sys/stat.h>
#include <sys/types.h>

namespace Errata {

// Writes a site as a whole new folder next to OUT and swaps it in at the end
// (docs/site.md, "Safety"): a reader never sees half a site, a failed or
// cancelled run leaves OUT as it was, nothing outside OUT changes, no
// symbolic link is followed, and no file errata publish did not write (one
// not in OUT's manifest) is ever deleted.
//
//     if (!writer.begin(out, kb, &error)) …; writer.add(path, bytes) …;
//     if (writer.failed()) writer.abandon(); else writer.commit(&error);
//
// The new tree is <parent>/.<name>.errata-new-XXXXXX with a marker file
// (.errata-publish.json.partial, locked while the writer lives); begin()
// removes leftovers of a crashed run that hold an unlocked marker and leaves
// every other look-alike alone. A file whose bytes equal the old site's is a
// hard link to the old file (its time stays); foreign regular files of OUT
// are hard-linked across; a symbolic link, FIFO, socket or device anywhere
// in OUT is refused by begin(), naming it.
class SiteWriter : public SiteSink
{
public:
    struct Counts
    {
        int written = 0;
        int unchanged = 0;
        int removed = 0;
        int carriedOver = 0;
        qint64 bytes = 0; // of the site's files (written and unchanged), the manifest left out
    };
    // Folders nested deeper than this in OUT are refused.
    static constexpr int MaxDepth = 64;

    SiteWriter();
    ~SiteWriter() override;
    SiteWriter(const SiteWriter &) = delete;
    SiteWriter &operator=(const SiteWriter &) = delete;

    // "" when OUT may be published into; else a sentence naming the folder:
    // OUT is the KB, inside it, contains it, is a symbolic link, is not a
    // folder, is a mount point, its parent does not exist, or it is a
    // non-empty folder errata publish did not write (no manifest) or whose
    // manifest cannot be read.
    static QString refusal(const QString &out, const QString &kb);
    // The manifest's generator ("Errata <version>" unless set before begin()).
    void setGenerator(const QString &generator) { m_generator = generator; }
    // Tests: behave as on a file system without RENAME_EXCHANGE.
    void setNoExchangeForTests(bool noExchange) { m_noExchange = noExchange; }

    // Makes the new tree next to OUT (after refusal(), the leftover sweep
    // and the scan of the old site); false with `error` when it cannot.
    bool begin(const QString &out, const QString &kb, QString *error);
    // Thread-safe; a failure (an unsafe path, a path taken by a foreign
    // file, a write error) is kept in error() and later adds do nothing.
    void add(const QString &path, const QByteArray &bytes) override;
    void add(const QString &path, const QByteArray &bytes, const QByteArray &key) override;
    // True when the old site has `path` with this key in its manifest and the
    // old file is intact (regular, same size, not replaced since begin()):
    // it is carried into the new tree and counted unchanged, the key kept.
    bool reuse(const QString &path, const QByteArray &key) override;
    bool failed() const { return m_failed.load(); }
    QString error() const;
    // Manifest last, syncfs, swap in, fsync the parent, then removes from the
    // old tree only the files its manifest listed (unchanged since begin())
    // and the carried-over names. False with `error` when the site could not
    // be swapped in: OUT is then as it was and the new tree is gone.
    bool commit(QString *error);
    // Removes the new tree; OUT stays as it was.
    void abandon();
    Counts counts() const;
    // What commit() wants the user told although it succeeded: the swap was
    // not atomic, or the old site was kept as <parent>/.<name>.errata-old-N
    // because it held files that appeared during the run.
    QStringList notes() const;

private:
    struct OldFile
    {
        qint64 size = 0;
        dev_t device = 0;
        ino_t inode = 0;
        struct timespec modified = {}; // with the inode and size: still the file scanned (an inode number is reused)
        bool listed = false;
    };

    bool scanOld(QString *error);
    bool scanFolder(int fd, const QByteArray &prefix, int depth, QString *error);
    bool carryOver(QString *error);
    void sweepLeftovers();
    int newFolder(const QByteArray &folder, QString *why);
    int oldFolder(const QByteArray &folder);
    static bool isScanned(const struct stat &st, const OldFile &old);
    bool linkOld(const QByteArray &path, const OldFile &old, const QByteArray *bytes);
    QByteArray freeOldName() const;
    bool writeNew(const QByteArray &path, const QByteArray &bytes, QString *why);
    void record(const QString &path, qint64 size, const QByteArray &key, bool unchanged);
    void setFailure(const QString &message);
    bool checkPath(const QString &path);
    QString shown(const QByteArray &path) const;
    bool swapIn(QString *error);
    void cleanOld();
    int countRemoved() const;
    void closeAll();

    QString m_generator;
    bool m_noExchange = false;
    QString m_out;        // as given, for messages
    QString m_parentPath; // absolute, cleaned
    QByteArray m_name;    // OUT's name in its parent
    QByteArray m_tempName;
    QByteArray m_oldName; // where the old site is after the swap
    int m_parent = -1;
    int m_oldRoot = -1; // OUT when it existed at begin()
    int m_newRoot = -1;
    int m_marker = -1;
    bool m_swapped = false;

    SiteManifest m_oldManifest;
    QHash<QByteArray, OldFile> m_old; // regular files of the old site by path
    QList<QByteArray> m_oldFolders;   // every folder of the old site, parents first
    QSet<QByteArray> m_carried;       // foreign files hard-linked (or copied) into the new tree
    QSet<QByteArray> m_carriedFolders;

    mutable QMutex m_mutex;
    QHash<QByteArray, int> m_newFolders;
    QHash<QByteArray, int> m_oldFolderFds;
    SiteManifest m_newManifest;
    Counts m_counts;
    QString m_error;
    std::atomic_bool m_failed{false};
    QStringList m_notes;
};

} // namespace Errata
