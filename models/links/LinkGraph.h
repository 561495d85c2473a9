#pragma once

#include "models/record/Link.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Errata {

class KnowledgeBase;

// The transition graph of a KB, or the part of it around one record, as
// plain nodes and edges. Every link written in a record is one edge (a link
// listed twice is two edges, a self-link an edge to its own node); a link to
// an id that is not in the KB ends at a node marked missing. An id that
// several records hold (an error the validator reports) is one node, as the
// links that name it cannot tell the records apart: it carries the links of
// every one of them, and `files` lists them all.
//
// Example: neighbourhood(kb, "kubernetes/oomkilled", 1) holds oomkilled at
// depth 0, every record it links to and every record linking to it at
// depth 1, and all the links among those nodes.
class LinkGraph
{
public:
    struct Node
    {
        QString id;
        QString domain; // from the record, else the id's first segment
        QString signature;
        int depth = 0; // steps from the centre (0 for every node of a whole graph)
        bool missing = false;
        int parent = -1;   // index of the node it was reached from, -1 for the centre
        QStringList files; // the records' files, relative to the KB, sorted; two or more for a duplicate id

        // id, domain, signature, depth and missing, as `errata graph
        // --format json` and `errata mcp` give a node.
        QJsonObject toJson() const;
    };

    struct Edge
    {
        int source = 0; // indexes into nodes()
        int target = 0;
        Link::Kind kind = Link::LeadsTo;
        std::optional<double> probability;
        bool dangling = false; // the target is not in the KB
    };

    // Every record and every link of the KB.
    static LinkGraph whole(const KnowledgeBase &kb);
    // The records within `depth` links of `centerId` (both directions);
    // empty when the KB has no such record.
    static LinkGraph neighbourhood(const KnowledgeBase &kb, const QString &centerId, int depth);

    const QList<Node> &nodes() const { return m_nodes; }
    const QList<Edge> &edges() const { return m_edges; }
    int indexOf(const QString &id) const { return m_index.value(id, -1); }
    int danglingCount() const;
    // The nodes whose id more than one record holds.
    QList<int> duplicateNodes() const;
    bool isEmpty() const { return m_nodes.isEmpty(); }

private:
    int addNode(const KnowledgeBase &kb, const QString &id, int depth, int parent);
    void addEdgesAmongNodes(const KnowledgeBase &kb);

    QList<Node> m_nodes;
    QList<Edge> m_edges;
    QHash<QString, int> m_index;
};

} // namespace Errata
