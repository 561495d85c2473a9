#pragma once

#include "models/record/Link.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace Errata {

class Record;

// Who links to whom across a KB: answers "which records link to X" (the
// backlinks a card shows) and "does A link to B as kind K" (reciprocity).
class LinkIndex
{
public:
    struct Backlink
    {
        QString sourceId;
        Link::Kind kind = Link::LeadsTo;
    };

    void clear();
    void add(const Record &record);
    void remove(const Record &record);

    QList<Backlink> backlinks(const QString &targetId) const { return m_backlinks.value(targetId); }
    bool hasLink(const QString &sourceId, Link::Kind kind, const QString &targetId) const;

private:
    // The ids are the records' own strings, shared, not copied: a key made by joining them costs memory at scale.
    struct Edge
    {
        QString sourceId;
        Link::Kind kind = Link::LeadsTo;
        QString targetId;

        bool operator==(const Edge &other) const
        {
            return kind == other.kind && sourceId == other.sourceId && targetId == other.targetId;
        }
        friend size_t qHash(const Edge &edge, size_t seed = 0)
        {
            return qHashMulti(seed, edge.sourceId, int(edge.kind), edge.targetId);
        }
    };

    QHash<QString, QList<Backlink>> m_backlinks;
    QHash<Edge, int> m_edges; // how many times the link is written
};

} // namespace Errata
