#pragma once

#include <QStringList>

namespace Errata {

class LinkGraph;

// errata graph [--kb DIR] [--format dot|json] [--depth N] [ID]
// Prints the transition graph of the KB (default: the current folder), or
// the neighbourhood of record ID to N links (default 1), as Graphviz dot or
// JSON. In dot, ids are quoted and escaped; leads_to is a solid arrow,
// preceded_by a dashed arrow, frequently_confused_with a dotted line, a link
// to a missing record red; each edge has class=<kind>. Exit code 0: printed;
// 1: no record ID in the KB; 2: bad usage or an unreadable folder.
class GraphCommand
{
public:
    static int run(const QStringList &arguments);

    // The graph as dot text; `domains` (sorted) give the fill colours and
    // `centre` (when not empty) is outlined.
    static QString toDot(const LinkGraph &graph, const QStringList &domains, const QString &title,
                         const QString &centre = QString());
    static QByteArray toJson(const LinkGraph &graph, const QString &centre, int depth);
    // "a/b" -> "\"a/b\"", with backslashes, quotes and line ends escaped.
    static QString quoted(const QString &text);
};

} // namespace Errata
