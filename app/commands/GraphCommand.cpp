#include "app/commands/GraphCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/links/DomainPalette.h"
#include "models/links/LinkGraph.h"
#include "models/record/Record.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>

namespace Errata {

namespace {

const QString Name = QStringLiteral("graph");

struct Options
{
    QString kb = QStringLiteral(".");
    bool json = false;
    int depth = 1;
    QString id;
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Print the transition graph of a KB, or of one "
                                        "record's neighbourhood, as Graphviz dot or JSON."));
    parser.addArgument(QStringLiteral("ID"), QStringLiteral("A record: print its neighbourhood only."),
                       QStringLiteral("[ID]"));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    parser.addFormatOption({QStringLiteral("dot"), QStringLiteral("json")});
    const QCommandLineOption depth(QStringLiteral("depth"),
                                   QStringLiteral("With ID: how many links away to go (default: 1)."),
                                   QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({depth});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return parser.usageError(QStringLiteral("expected at most one record id"));
    options.id = positional.value(0);
    options.kb = parser.kb();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    bool number = false;
    options.depth = parser.value(depth).toInt(&number);
    if (!number || options.depth < 1)
        return parser.usageError(
            QStringLiteral("--depth needs a whole number of 1 or more, not \"%1\"").arg(parser.value(depth)));
    if (parser.isSet(depth) && options.id.isEmpty())
        return parser.usageError(QStringLiteral("--depth needs a record ID"));
    return CommandParser::Parsed;
}

QString nodeLine(const LinkGraph::Node &node, const QStringList &domains, bool centre)
{
    if (node.missing)
        return QStringLiteral("  %1 [label=%2, style=dashed, color=\"#c62828\", fontcolor=\"#c62828\"];\n")
            .arg(GraphCommand::quoted(node.id), GraphCommand::quoted(node.id + QStringLiteral("\n(not in this KB)")));
    QString signature = node.signature.simplified();
    if (signature.size() > 40)
        signature = signature.left(39) + QChar(0x2026);
    QString label = signature.isEmpty() ? node.id : node.id + QLatin1Char('\n') + signature;
    QString more = centre ? QStringLiteral(", penwidth=2.5") : QString();
    if (node.files.size() > 1) { // a duplicate id: one node for every record that holds it
        label += QStringLiteral("\n(id used by %1 files)").arg(node.files.size());
        more += QStringLiteral(", peripheries=2, color=\"#c62828\"");
    }
    return QStringLiteral("  %1 [label=%2, fillcolor=\"%3\"%4];\n")
        .arg(GraphCommand::quoted(node.id), GraphCommand::quoted(label), DomainPalette::colorOf(node.domain, domains),
             more);
}

QString edgeLine(const LinkGraph &graph, const LinkGraph::Edge &edge)
{
    QStringList attributes{QStringLiteral("class=%1").arg(QLatin1String(Link::key(edge.kind)))};
    if (edge.kind == Link::PrecededBy)
        attributes << QStringLiteral("style=dashed");
    if (edge.kind == Link::ConfusedWith)
        attributes << QStringLiteral("style=dotted") << QStringLiteral("dir=none");
    if (edge.dangling)
        attributes << QStringLiteral("color=\"#c62828\"");
    if (edge.probability)
        attributes << QStringLiteral("label=\"%1\"").arg(*edge.probability, 0, 'f', 2);
    return QStringLiteral("  %1 -> %2 [%3];\n")
        .arg(GraphCommand::quoted(graph.nodes().at(edge.source).id),
             GraphCommand::quoted(graph.nodes().at(edge.target).id), attributes.join(QStringLiteral(", ")));
}

QStringList sortedDomains(const KnowledgeBase &kb)
{
    QStringList domains;
    for (int i = 0; i < kb.count(); ++i) {
        if (!domains.contains(kb.recordAt(i)->domain()))
            domains << kb.recordAt(i)->domain();
    }
    std::sort(domains.begin(), domains.end());
    return domains;
}

void reportSkipped(const KnowledgeBase &kb)
{
    for (const Problem &problem : kb.loadProblems())
        CommandErrors::print(Name, QStringLiteral("skipped ") + problem.toText());
}

void reportDuplicates(const LinkGraph &graph)
{
    for (int index : graph.duplicateNodes()) {
        const LinkGraph::Node &node = graph.nodes().at(index);
        CommandErrors::print(
            Name,
            QStringLiteral("warning: id \"%1\" is used by %2 files: %3; its node carries the "
                           "links of all of them")
                .arg(node.id, QString::number(node.files.size()), node.files.join(QStringLiteral(", "))));
    }
}

} // namespace

// Line ends become dot's \n; any other control character is written as
// TerminalText shows it, its backslash doubled so that dot draws it.
QString GraphCommand::quoted(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\\')) {
            out += QLatin1String("\\\\");
        } else if (c == QLatin1Char('"')) {
            out += QLatin1String("\\\"");
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && text.mid(i + 1, 1) == QLatin1String("\n"))
                ++i;
            out += QLatin1String("\\n");
        } else {
            const QString shown = TerminalText::escaped(QString(c));
            out += shown.size() == 1 ? shown : QLatin1Char('\\') + shown;
        }
    }
    return out + QLatin1Char('"');
}

QString GraphCommand::toDot(const LinkGraph &graph, const QStringList &domains, const QString &title,
                            const QString &centre)
{
    QString dot = QStringLiteral("digraph errata {\n");
    dot += QStringLiteral("  graph [label=%1, labelloc=t, rankdir=LR, fontname=\"Helvetica\"];\n").arg(quoted(title));
    dot += QStringLiteral("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", "
                          "fontsize=10];\n");
    dot += QStringLiteral("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (const LinkGraph::Node &node : graph.nodes())
        dot += nodeLine(node, domains, !centre.isEmpty() && node.id == centre);
    for (const LinkGraph::Edge &edge : graph.edges())
        dot += edgeLine(graph, edge);
    dot += QStringLiteral("}\n");
    return dot;
}

QByteArray GraphCommand::toJson(const LinkGraph &graph, const QString &centre, int depth)
{
    QJsonArray nodes;
    for (const LinkGraph::Node &node : graph.nodes()) {
        QJsonObject object = node.toJson();
        object.insert(QStringLiteral("files"), QJsonArray::fromStringList(node.files));
        nodes.append(object);
    }
    QJsonArray edges;
    for (const LinkGraph::Edge &edge : graph.edges()) {
        QJsonObject object{{QStringLiteral("source"), graph.nodes().at(edge.source).id},
                           {QStringLiteral("target"), graph.nodes().at(edge.target).id},
                           {QStringLiteral("kind"), QLatin1String(Link::key(edge.kind))},
                           {QStringLiteral("dangling"), edge.dangling}};
        if (edge.probability)
            object.insert(QStringLiteral("probability"), *edge.probability);
        edges.append(object);
    }
    QJsonObject root{{QStringLiteral("nodes"), nodes},
                     {QStringLiteral("edges"), edges},
                     {QStringLiteral("summary"),
                      QJsonObject{{QStringLiteral("nodes"), int(graph.nodes().size())},
                                  {QStringLiteral("edges"), int(graph.edges().size())},
                                  {QStringLiteral("dangling"), graph.danglingCount()},
                                  {QStringLiteral("duplicate_ids"), int(graph.duplicateNodes().size())}}}};
    if (!centre.isEmpty()) {
        root.insert(QStringLiteral("center"), centre);
        root.insert(QStringLiteral("depth"), depth);
    }
    return TerminalText::jsonSafe(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

int GraphCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(options.kb));
    if (!options.id.isEmpty() && !kb.find(options.id)) {
        reportSkipped(kb);
        CommandErrors::print(Name, QStringLiteral("no record \"") + options.id + QStringLiteral("\" in ") + options.kb);
        return ExitCode::FoundNothing;
    }
    const LinkGraph graph = options.id.isEmpty() ? LinkGraph::whole(kb)
                                                 : LinkGraph::neighbourhood(kb, options.id, options.depth);
    QTextStream out(stdout);
    if (options.json) {
        out << toJson(graph, options.id, options.depth);
    } else {
        const QString title = options.id.isEmpty()
            ? QStringLiteral("%1 (%2 records)").arg(QFileInfo(kb.root()).fileName()).arg(kb.count())
            : QStringLiteral("%1, depth %2").arg(options.id).arg(options.depth);
        out << toDot(graph, sortedDomains(kb), title, options.id);
    }
    out.flush();
    reportSkipped(kb); // after the graph, where they are read
    reportDuplicates(graph);
    return ExitCode::Ok;
}

} // namespace Errata
