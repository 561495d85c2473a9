#include "models/kb/LinkIndex.h"

#include "models/record/Record.h"

namespace Errata {

void LinkIndex::clear()
{
    m_backlinks.clear();
    m_edges.clear();
}

void LinkIndex::add(const Record &record)
{
    const QString sourceId = record.id();
    for (const Record::LinkTarget &link : record.linkTargets()) {
        m_backlinks[link.id].append({sourceId, link.kind});
        ++m_edges[Edge{sourceId, link.kind, link.id}];
    }
}

void LinkIndex::remove(const Record &record)
{
    const QString sourceId = record.id();
    for (const Record::LinkTarget &link : record.linkTargets()) {
        QList<Backlink> &list = m_backlinks[link.id];
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.at(i).sourceId == sourceId && list.at(i).kind == link.kind) {
                list.removeAt(i);
                break;
            }
        }
        if (list.isEmpty())
            m_backlinks.remove(link.id);
        const Edge key{sourceId, link.kind, link.id};
        if (--m_edges[key] <= 0)
            m_edges.remove(key);
    }
}

bool LinkIndex::hasLink(const QString &sourceId, Link::Kind kind, const QString &targetId) const
{
    return m_edges.contains(Edge{sourceId, kind, targetId});
}

} // namespace Errata
