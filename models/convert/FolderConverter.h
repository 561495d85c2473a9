#pragma once

#include "models/kb/Problem.h"

#include <QList>
#include <QSet>
#include <QString>

namespace Errata {

// Converts a whole folder between deadends.dev canons and Errata records, each to <destination>/<id>.json (the id
// taken from the content), atomically (AtomicFile). An entry already at that path (a file, a symbolic link, a folder)
// is never written over unless `overwrite` is set; then a link is replaced, never written through, and a folder is a
// failure. A file that already holds exactly the output is skipped, so converting again changes nothing. A folder
// below the destination that is a symbolic link is never written into. A failed file is reported and the others are
// still converted. Source and destination must not overlap (symbolic links resolved): that is refused before anything
// is read, as it would write over sources not yet read, or read its own output.
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
