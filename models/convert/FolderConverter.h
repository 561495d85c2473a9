#pragma once

#include "validation/Problem.h"

#include <QList>
#include <QSet>
#include <QString>

namespace Errata {

// Converts a whole folder between deadends.dev canons and Errata records.
// Each output file is written at <destination>/<id>.json (the id taken from
// the content, which also puts flat-layout canons in their nested place),
// atomically, and never over an existing file unless `overwrite` is set.
// A file that fails is reported and the others are still converted.
class FolderConverter
{
public:
    enum Direction { ImportCanons, ExportCanons };

    struct Report
    {
        int converted = 0;
        QList<Problem> problems;
    };

    static Report convert(Direction direction, const QString &source, const QString &destination, bool overwrite);

private:
    static bool convertFile(Direction direction, const QString &file, const QString &destination, bool overwrite,
                            QSet<QString> &written, QList<Problem> &problems);
};

} // namespace Errata
