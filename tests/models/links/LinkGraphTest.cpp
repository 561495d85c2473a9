// The graph of links: a record's neighbourhood to a depth, the whole KB,
// missing targets, self-links and duplicates kept as edges.

#include "models/links/LinkGraph.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

namespace {

QStringList strings(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromUtf8(item);
    return list;
}

} // namespace

class LinkGraphTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void depthOneHoldsLinksBothWays();
    void deeperRingsFollowParents();
    void missingTargetsAreDanglingNodes();
    void selfAndDuplicateLinksAreEdges();
    void wholeGraphHasEveryRecord();
    void unknownCentreGivesEmptyGraph();
    void duplicateIdCarriesTheLinksOfEveryRecord();

private:
    void write(const QString &id, const OrderedJson &graph);
    void load();

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
};

void LinkGraphTest::write(const QString &id, const OrderedJson &graph)
{
    const OrderedJson json = {{"id", id.toStdString()}, {"signature", "Error " + id.toStdString()},
                              {"regex", "Error"},       {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                              {"category", "general"},  {"transition_graph", graph}};
    const QString path = m_dir.filePath(id + QStringLiteral(".json"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump(2)));
}

void LinkGraphTest::load()
{
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir.path()));
}

// a/center leads_to a/next (object, 0.4) and a/gone (missing); a/prev leads_to
// a/center; a/center confused with b/other (bare); a/next leads_to a/far.
void LinkGraphTest::init()
{
    QDir(m_dir.path()).removeRecursively();
    QDir().mkpath(m_dir.path());
    write(QStringLiteral("a/center"),
          {{"leads_to", {{{"error_id", "a/next"}, {"probability", 0.4}}, "a/gone"}},
           {"frequently_confused_with", {"b/other"}}});
    write(QStringLiteral("a/prev"), {{"leads_to", {"a/center"}}});
    write(QStringLiteral("a/next"), {{"preceded_by", {"a/center"}}, {"leads_to", {"a/far"}}});
    write(QStringLiteral("a/far"), OrderedJson::object());
    write(QStringLiteral("b/other"), OrderedJson::object());
    load();
}

void LinkGraphTest::depthOneHoldsLinksBothWays()
{
    const LinkGraph graph = LinkGraph::neighbourhood(m_kb, QStringLiteral("a/center"), 1);
    QStringList ids;
    for (const LinkGraph::Node &node : graph.nodes())
        ids << node.id;
    QCOMPARE(ids, strings({"a/center", "a/next", "a/gone", "b/other", "a/prev"}));
    QCOMPARE(graph.nodes().at(0).depth, 0);
    QCOMPARE(graph.nodes().at(4).depth, 1);
    QCOMPARE(graph.nodes().at(3).domain, QStringLiteral("b"));
    // center->next, center->gone, center~other, prev->center, next->center (preceded_by)
    QCOMPARE(graph.edges().size(), 5);
    const LinkGraph::Edge first = graph.edges().at(0);
    QCOMPARE(graph.nodes().at(first.source).id, QStringLiteral("a/center"));
    QCOMPARE(graph.nodes().at(first.target).id, QStringLiteral("a/next"));
    QCOMPARE(first.kind, Link::LeadsTo);
    QCOMPARE(first.probability.value_or(-1), 0.4);
    QVERIFY(graph.indexOf(QStringLiteral("a/far")) < 0);
}

void LinkGraphTest::deeperRingsFollowParents()
{
    const LinkGraph graph = LinkGraph::neighbourhood(m_kb, QStringLiteral("a/center"), 2);
    const int far = graph.indexOf(QStringLiteral("a/far"));
    QVERIFY(far > 0);
    QCOMPARE(graph.nodes().at(far).depth, 2);
    QCOMPARE(graph.nodes().at(graph.nodes().at(far).parent).id, QStringLiteral("a/next"));
}

void LinkGraphTest::missingTargetsAreDanglingNodes()
{
    const LinkGraph graph = LinkGraph::neighbourhood(m_kb, QStringLiteral("a/center"), 3);
    const int gone = graph.indexOf(QStringLiteral("a/gone"));
    QVERIFY(graph.nodes().at(gone).missing);
    QCOMPARE(graph.nodes().at(gone).domain, QStringLiteral("a"));
    QCOMPARE(graph.danglingCount(), 1);
}

void LinkGraphTest::selfAndDuplicateLinksAreEdges()
{
    write(QStringLiteral("b/other"), {{"leads_to", {"b/other", "a/far", "a/far"}}});
    load();
    const LinkGraph graph = LinkGraph::neighbourhood(m_kb, QStringLiteral("b/other"), 1);
    int self = 0;
    int toFar = 0;
    for (const LinkGraph::Edge &edge : graph.edges()) {
        self += edge.source == edge.target;
        toFar += graph.nodes().at(edge.target).id == QLatin1String("a/far");
    }
    QCOMPARE(self, 1);
    QCOMPARE(toFar, 2);
}

void LinkGraphTest::wholeGraphHasEveryRecord()
{
    const LinkGraph graph = LinkGraph::whole(m_kb);
    QCOMPARE(graph.nodes().size(), 6); // five records and the missing a/gone
    QCOMPARE(graph.edges().size(), 6);
    QCOMPARE(graph.danglingCount(), 1);
}

void LinkGraphTest::unknownCentreGivesEmptyGraph()
{
    QVERIFY(LinkGraph::neighbourhood(m_kb, QStringLiteral("a/gone"), 2).isEmpty());
    QVERIFY(LinkGraph::neighbourhood(m_kb, QStringLiteral("x/none"), 1).isEmpty());
}

// A second file holds a/far (an error the validator reports), linking to
// b/other: the one a/far node lists both files and both records' links.
void LinkGraphTest::duplicateIdCarriesTheLinksOfEveryRecord()
{
    const OrderedJson copy = {{"id", "a/far"},         {"signature", "Error a/far"},
                              {"regex", "Error"},      {"domain", "a"},
                              {"category", "general"}, {"transition_graph", {{"leads_to", {"b/other"}}}}};
    QDir().mkpath(m_dir.filePath(QStringLiteral("a/old")));
    QFile file(m_dir.filePath(QStringLiteral("a/old/far.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(copy.dump(2)));
    file.close();
    load();
    for (const LinkGraph &graph :
         {LinkGraph::whole(m_kb), LinkGraph::neighbourhood(m_kb, QStringLiteral("a/far"), 1)}) {
        const int far = graph.indexOf(QStringLiteral("a/far"));
        QVERIFY(far >= 0);
        QCOMPARE(graph.nodes().at(far).files, strings({"a/far.json", "a/old/far.json"}));
        QCOMPARE(graph.duplicateNodes(), QList<int>{far});
        int fromFar = 0;
        for (const LinkGraph::Edge &edge : graph.edges())
            fromFar += edge.source == far && graph.nodes().at(edge.target).id == QLatin1String("b/other");
        QCOMPARE(fromFar, 1);
    }
    const LinkGraph around = LinkGraph::neighbourhood(m_kb, QStringLiteral("a/far"), 1);
    QVERIFY(around.indexOf(QStringLiteral("b/other")) >= 0); // reached through the second record's link
    QCOMPARE(LinkGraph::whole(m_kb).nodes().at(LinkGraph::whole(m_kb).indexOf(QStringLiteral("a/center"))).files,
             strings({"a/center.json"}));
}

QTEST_GUILESS_MAIN(LinkGraphTest)
#include "LinkGraphTest.moc"
