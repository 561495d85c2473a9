#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include "models/merge/RecordMerge.h"

namespace Errata {

class Record;

// The text a record's file should hold after a three-way merge (RecordMerge) of its BASE, OURS and THEIRS versions,
// in OURS's layout: what `errata merge-driver` writes in place of OURS. Clean with nothing from THEIRS: OURS's bytes
// as they are. Clean otherwise: the merged document written as Errata saves a record, with OURS's indent unit and byte
// order mark, so that only the merged members differ (unless OURS was laid out otherwise than Errata writes). With
// conflicts: each conflicting member between git's markers (ConflictText), OURS's above THEIRS's, which is not JSON
// until the markers are resolved.
class RecordFileMerge
{
public:
    struct Result
    {
        QByteArray text;
        bool changed = false; // text is not OURS's bytes
        // With pointers into the document with every conflict taken as OURS.
        QList<RecordMerge::Conflict> conflicts;
    };

    // `base` may be null (no common ancestor). False, with `error`, when a
    // text cannot be serialised (a string that is not UTF-8: not from a
    // parsed file).
    static bool merge(const Record *base, const Record &ours, const Record &theirs, Result *result, QString *error);

    // The text of `document`, a resolved merge (RecordMerge::outcome()), in
    // `ours`'s layout, as merge() writes a clean one. False, with `error`,
    // as merge().
    static bool resolvedText(const Record &ours, const OrderedJson &document, QByteArray *text, QString *error);

    // The indentation unit of a JSON text: the white space before its first
    // indented line when that is a tab or 1 to 8 spaces; else (no indented
    // line, several tabs, spaces and tabs mixed, alignment) "  ".
    static QByteArray indentUnitOf(const QByteArray &text);
    // `text`, written with 2 spaces per level, with `unit` per level instead.
    static QByteArray reindented(const QByteArray &text, const QByteArray &unit);
};

} // namespace Errata
