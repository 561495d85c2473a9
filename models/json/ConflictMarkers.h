#pragma once

#include <QByteArray>
#include <QList>

namespace Errata {

// The merge-conflict blocks git (or `errata merge-driver`) leaves in a file it could not merge:
//
//   <<<<<<< ours / "root_cause": "A", / ||||||| base (diff3 only) / "B", / ======= / "C", / >>>>>>> theirs
//
// A marker is seven '<', '|', '=' or '>' at the start of a line, then the end of the line ('=') or a space or the end
// of the line (the others). No line of valid JSON starts so: a record file holding a block is a conflict to resolve,
// not a malformed record.
class ConflictMarkers
{
public:
    struct Block
    {
        int firstLine = 0; // 1-based: the "<<<<<<<" line
        int lastLine = 0;  // the ">>>>>>>" line
    };

    // Every complete block of `text`, in order.
    static QList<Block> find(const QByteArray &text);
};

} // namespace Errata
