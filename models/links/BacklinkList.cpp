#include "models/links/BacklinkList.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <algorithm>

namespace Errata {

QList<BacklinkList::Entry> BacklinkList::of(const KnowledgeBase &kb, const QString &id)
{
    QStringList sources;
    for (const LinkIndex::Backlink &backlink : kb.links().backlinks(id)) {
        if (backlink.sourceId != id && !sources.contains(backlink.sourceId))
            sources << backlink.sourceId;
    }
    std::sort(sources.begin(), sources.end());
    QList<Entry> entries;
    for (const QString &sourceId : std::as_const(sources)) {
        for (const Record *source : kb.recordsWithId(sourceId)) {
            for (const Link &link : source->allLinks()) {
                if (link.targetId != id)
                    continue;
                const bool back = link.kind == Link::ConfusedWith
                    || kb.links().hasLink(id, Link::reverse(link.kind), sourceId);
                entries << Entry{sourceId, link, back};
            }
        }
    }
    return entries;
}

} // namespace Errata
