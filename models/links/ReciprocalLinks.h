#pragma once

#include <QCoreApplication>

#include "models/json/OrderedJson.h"
#include "models/record/Link.h"

#include <QList>
#include <QString>

namespace Errata {

class KnowledgeBase;
class Record;

// Directed links without their counterpart: A leads_to B while B has no
// preceded_by A, or A preceded_by B while B has no leads_to A (the rule
// "link-reciprocal"; frequently_confused_with is not directed). Finding
// them, and the edit that adds the missing link to B.
//
// Example: oomkilled leads_to crashloopbackoff, crashloopbackoff lists no
// preceded_by oomkilled -> Missing{"kubernetes/oomkilled", LeadsTo,
// "kubernetes/crashloopbackoff"}; the fix appends {"error_id":
// "kubernetes/oomkilled"} to crashloopbackoff's preceded_by.
class ReciprocalLinks
{
    Q_DECLARE_TR_FUNCTIONS(Errata::ReciprocalLinks)

public:
    struct Missing
    {
        QString sourceId; // the record that has the link
        Link::Kind kind = Link::LeadsTo;
        QString targetId; // the record that lacks the way back

        Link::Kind missingKind() const { return Link::reverse(kind); }
        bool operator==(const Missing &other) const
        {
            return sourceId == other.sourceId && kind == other.kind && targetId == other.targetId;
        }
    };

    struct Change
    {
        Record *record = nullptr;
        QString pointer;   // "/transition_graph/preceded_by"
        OrderedJson value; // the whole list with the new link appended
    };

    // Every missing reciprocal of the KB, sorted by target, kind and source.
    static QList<Missing> all(const KnowledgeBase &kb);
    // Those that concern `id`: its own links without a way back, and links
    // to it that it does not return.
    static QList<Missing> of(const KnowledgeBase &kb, const QString &id);

    // The edit that adds the reciprocal to `target`'s document as it is now.
    // False (with `error`) when the target's transition_graph or list is not
    // of the right type to take it, or the link is already there.
    static bool change(const Record &target, const Missing &missing, Change *out, QString *error);
    // Adds every reciprocal and writes the changed records as one step
    // (RecordWriter::saveAll). Refuses, changing nothing, when a record to
    // change has unsaved edits, cannot take a link, or cannot be written.
    static bool fixAll(KnowledgeBase &kb, const QList<Missing> &missing, QString *error);

private:
    static void collect(const KnowledgeBase &kb, const Record &source, QList<Missing> &out);
    static OrderedJson withLink(const OrderedJson &document, const Missing &missing, QString *error);
};

} // namespace Errata
