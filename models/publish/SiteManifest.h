#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

namespace Errata {

// The list of the files errata publish wrote into a site, kept in the site as
// .errata-publish.json: what a later run may replace or remove (nothing else
// is ever deleted) and the key each file was made from (a later run reuses a
// file of the same key without rendering it again).
//
//     {"format": 1, "generator": "Errata 0.1.0", "files": [{"path": "404.html", "size": 812, "key": "0f…"}, …]}
//
// Files are sorted by path; a key is the hex of the caller's key bytes ("" for
// none); there are no times and no absolute paths, so the same site gives the
// same bytes.
class SiteManifest
{
public:
    static constexpr int Format = 1;
    // A manifest larger than this is not read (a site of 50,000 records
    // lists about 150,000 files in about 15 MiB).
    static constexpr qint64 MaxBytes = 32 * 1024 * 1024;
    // A key longer than this is not kept (the file is then never reused).
    static constexpr int MaxKeyBytes = 64;

    struct Entry
    {
        qint64 size = 0;
        QByteArray key; // the caller's bytes, not hex
    };

    static QString fileName() { return QStringLiteral(".errata-publish.json"); }
    // Whether `path` may be a file of a site: relative, "/"-separated, no
    // empty, "." or ".." segment, no NUL, valid UTF-16, and not a name that
    // starts with the manifest's (reserved for the writer's own files).
    static bool isSafePath(const QString &path);

    QString generator;
    QMap<QString, Entry> files; // by path

    QByteArray toJson() const;
    // Reads `bytes` (the file's whole text); false with `error` saying where
    // and what ("line 3, column 7: …", "files[2].path: …") when it is not a
    // manifest of this format, holds an unsafe or duplicate path, or is
    // larger than `maxBytes`.
    static bool parse(const QByteArray &bytes, SiteManifest *manifest, QString *error, qint64 maxBytes = MaxBytes);
};

} // namespace Errata
