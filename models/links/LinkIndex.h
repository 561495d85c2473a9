#pragma once

#include "record/Link.h"

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
    static QString edgeKey(const QString &sourceId, Link::Kind kind, const QString &targetId);

    QHash<QString, QList<Backlink>> m_backlinks;
    QHash<QString, int> m_edges; // edgeKey -> how many times the link is written
};

} // namespace Errata
