#pragma once

#include <QStringList>

namespace Errata {

// errata merge-driver BASE OURS THEIRS [-o OUT] [--name NAME]
// git's merge driver for record files (merge.errata.driver =
// "errata merge-driver %O %A %B"): merges the three versions of one record
// field by field (RecordMerge) and writes the result in OURS's layout
// (RecordFileMerge), atomically, to OURS or OUT. An empty BASE means the
// record was added on both sides. Exit code 0: merged cleanly; 1: written
// with git's conflict markers around each conflicting member, each conflict
// named on stderr (file and JSON pointer); 2: bad usage, or a version that
// cannot be read or is not a record (the message names the file, the line
// and the column), or the result could not be written: nothing is written
// then.
class MergeDriverCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
