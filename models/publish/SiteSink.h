#pragma once

#include <QByteArray>
#include <QMap>
#include <QMutex>
#include <QString>

namespace Errata {

// Where the files of a site go, one path at a time. The path is relative to
// the site's root, "/"-separated, built by SitePaths (never from a record's
// text unchecked). add() may be called from several threads at once.
class SiteSink
{
public:
    virtual ~SiteSink() = default;
    virtual void add(const QString &path, const QByteArray &bytes) = 0;
    // Incremental runs. `key` names everything the file is made from (the
    // publisher's recipe key): a sink that still has `path` made from the
    // same key keeps it and answers true, and the caller does not make it
    // again; add() with the key records it for the next run.
    virtual bool reuse(const QString &path, const QByteArray &key)
    {
        Q_UNUSED(path);
        Q_UNUSED(key);
        return false;
    }
    virtual void add(const QString &path, const QByteArray &bytes, const QByteArray &key)
    {
        Q_UNUSED(key);
        add(path, bytes);
    }
};

// A site kept in memory: for tests, and for a server that answers from it.
class MemorySiteSink : public SiteSink
{
public:
    using SiteSink::add;
    void add(const QString &path, const QByteArray &bytes) override;
    // The files by path; a path added twice keeps the last bytes and is
    // counted in duplicates().
    QMap<QString, QByteArray> files() const;
    QByteArray file(const QString &path) const;
    bool contains(const QString &path) const;
    int duplicates() const;

private:
    mutable QMutex m_mutex;
    QMap<QString, QByteArray> m_files;
    int m_duplicates = 0;
};

} // namespace Errata
