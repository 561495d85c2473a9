#include "models/links/LinkGraph.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <algorithm>

namespace Errata {

int LinkGraph::addNode(const KnowledgeBase &kb, const QString &id, int depth, int parent)
{
    const int existing = indexOf(id);
    if (existing >= 0)
        return existing;
    Node node;
    node.id = id;
    node.depth = depth;
    node.parent = parent;
    if (const Record *record = kb.find(id)) {
        node.domain = record->domain();
        node.signature = record->signature();
        node.files = kb.filesWithId(id);
        node.files.sort();
    } else {
        node.missing = true;
    }
    if (node.domain.isEmpty())
        node.domain = id.section(QLatin1Char('/'), 0, 0);
    m_index.insert(id, int(m_nodes.size()));
    m_nodes << node;
    return int(m_nodes.size()) - 1;
}

// The links written in the records of the graph (every record of a
// duplicate id) whose target is in it too.
void LinkGraph::addEdgesAmongNodes(const KnowledgeBase &kb)
{
    for (int source = 0; source < m_nodes.size(); ++source) {
        for (const Record *record : kb.recordsWithId(m_nodes.at(source).id)) {
            const Record::ParsedForNow parsed(*record); // not kept: the graph may span the KB
            for (const Link &link : record->allLinks()) {
                const int target = indexOf(link.targetId);
                if (link.targetId.isEmpty() || target < 0)
                    continue;
                m_edges << Edge{source, target, link.kind, link.probability, m_nodes.at(target).missing};
            }
        }
    }
}

LinkGraph LinkGraph::whole(const KnowledgeBase &kb)
{
    LinkGraph graph;
    QStringList ids;
    for (int i = 0; i < kb.count(); ++i)
        ids << kb.recordAt(i)->id();
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (const QString &id : std::as_const(ids))
        graph.addNode(kb, id, 0, -1);
    for (const QString &id : std::as_const(ids)) {
        for (const Record *record : kb.recordsWithId(id)) {
            for (const Record::LinkTarget &link : record->linkTargets()) {
                if (!link.id.isEmpty())
                    graph.addNode(kb, link.id, 0, -1);
            }
        }
    }
    graph.addEdgesAmongNodes(kb);
    return graph;
}

LinkGraph LinkGraph::neighbourhood(const KnowledgeBase &kb, const QString &centerId, int depth)
{
    LinkGraph graph;
    if (!kb.find(centerId))
        return graph;
    graph.addNode(kb, centerId, 0, -1);
    for (int next = 0; next < graph.m_nodes.size(); ++next) {
        const Node node = graph.m_nodes.at(next);
        if (node.depth >= depth || node.missing)
            continue;
        QStringList neighbours;
        for (const Record *record : kb.recordsWithId(node.id)) {
            for (const Record::LinkTarget &link : record->linkTargets())
                neighbours << link.id;
        }
        for (const LinkIndex::Backlink &backlink : kb.links().backlinks(node.id))
            neighbours << backlink.sourceId;
        for (const QString &id : std::as_const(neighbours)) {
            if (!id.isEmpty())
                graph.addNode(kb, id, node.depth + 1, next);
        }
    }
    graph.addEdgesAmongNodes(kb);
    return graph;
}

QList<int> LinkGraph::duplicateNodes() const
{
    QList<int> list;
    for (int i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes.at(i).files.size() > 1)
            list << i;
    }
    return list;
}

int LinkGraph::danglingCount() const
{
    return int(std::count_if(m_edges.cbegin(), m_edges.cend(), [](const Edge &edge) { return edge.dangling; }));
}

QJsonObject LinkGraph::Node::toJson() const
{
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("domain"), domain},
                       {QStringLiteral("signature"), signature},
                       {QStringLiteral("depth"), depth},
                       {QStringLiteral("missing"), missing}};
}

} // namespace Errata
