#pragma once

#include <QStringList>

namespace Errata {

// errata import-deadends SRC DST [--force] [--format text|json]
// errata export-deadends SRC DST [--force] [--format text|json]
// Converts a whole folder; reports each file that fails, and counts the
// files converted, skipped (DST held the conversion already: a second run
// skips them all) and failed. Exit code 0: nothing failed; 1: some files
// failed; 2: bad usage, an unreadable source, or SRC and DST overlapping
// (nothing is written then).
class ConvertCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
