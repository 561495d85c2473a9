#pragma once

#include <QDateTime>
#include <QString>

namespace Errata {

// One report of a coding agent (through `errata mcp`'s report_outcome):
// it tried a workaround or a dead end of a record, and it worked or not.
struct OutcomeReport
{
    enum Kind { Workaround, DeadEnd };

    QString key;    // unique: what a fold names ("r-" and a UUID)
    QDateTime time; // UTC
    QString client; // the MCP client's name, as it gave it
    QString recordId;
    Kind kind = Workaround;
    int index = 0; // into the record's "workarounds" or "dead_ends"
    bool worked = false;
    QString note;
};

} // namespace Errata
