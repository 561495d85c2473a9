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
};

// A site kept in memory: for tests, and for a server that answers from it.
class MemorySiteSink : public SiteSink
{
public:
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
