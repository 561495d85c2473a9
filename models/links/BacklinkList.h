#pragma once

#include "models/record/Link.h"

#include <QList>
#include <QString>

namespace Errata {

class KnowledgeBase;

// Every link in the KB that points at one record, as its source wrote it
// (kind, probability, condition, delay, distinction), and whether the record
// links back (for leads_to and preceded_by; a frequently_confused_with link
// needs no way back). Sorted by source id, then kind, in list order.
//
// Example: for kubernetes/crashloopbackoff, {"kubernetes/oomkilled",
// leads_to 0.4, reciprocated} when crashloopbackoff lists oomkilled in its
// preceded_by.
class BacklinkList
{
public:
    struct Entry
    {
        QString sourceId;
        Link link; // link.targetId is the record asked about
        bool reciprocated = true;
    };

    static QList<Entry> of(const KnowledgeBase &kb, const QString &id);
};

} // namespace Errata
