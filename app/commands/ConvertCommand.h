#pragma once

#include <QStringList>

namespace Errata {

// errata import-deadends SRC DST [--force]
// errata export-deadends SRC DST [--force]
// Converts a whole folder; reports each file that fails. Exit code 0: all
// converted; 1: some files failed; 2: bad usage, an unreadable source, or
// SRC and DST overlapping (nothing is written then).
class ConvertCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
