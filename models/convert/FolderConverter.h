#pragma once

#include "models/kb/Problem.h"

#include <QList>
#include <QSet>
#include <QString>

namespace Errata {

// Converts a whole folder between deadends.dev canons and Errata records.
// Each output file is written at <destination>/<id>.json (the id taken from
// the content, which also puts flat-layout canons in their nested place),
// atomically (AtomicFile), and never over an existing entry unless
// `overwrite` is set. A file that already holds exactly what would be
// written is skipped, not failed: converting the same folder again changes
// nothing and fails nothing (with `overwrite` it is written again). Any
// other entry at that path counts as existing: a file, a
// symbolic link (even a dangling one) or a folder. With `overwrite` a link
// is replaced by a regular file, never written through, and a folder is a
// failure; a folder below the destination that is a symbolic link is never
// written into. A file that fails (a full disk included) is reported and
// the others are still converted.
//
// Source and destination must not overlap (the same folder, or one inside
// the other, symbolic links resolved): the conversion is then refused
// before anything is read or written, since it would write over sources
// not yet read, or read its own output.
class FolderConverter
{
public:
    enum Direction { ImportCanons, ExportCanons };

    struct Report
    {
        int converted = 0;
        int skipped = 0; // files that held the conversion already
        QList<Problem> problems;
        QString refused; // why nothing was converted (overlapping folders); empty otherwise
    };

    static Report convert(Direction direction, const QString &source, const QString &destination, bool overwrite);

    // Why `source` and `destination` overlap, or "" when they do not.
    static QString overlap(const QString &source, const QString &destination);

private:
    enum Outcome { Converted, Skipped, Failed };

    static Outcome convertFile(Direction direction, const QString &file, const QString &destination, bool overwrite,
                               QSet<QString> &written, QList<Problem> &problems);
};

} // namespace Errata
