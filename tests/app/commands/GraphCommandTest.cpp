// `errata graph` as a user runs it (ERRATA_BINARY): the whole graph and one
// record's neighbourhood, dot (checked by Graphviz when it is installed) and
// JSON, ids that need quoting, and the exit codes (0 printed, 1 unknown id,
// 2 bad usage or unreadable folder). Every key of the JSON output is
// snake_case.

#include "app/commands/GraphCommand.h"
#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

QStringList strings(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromUtf8(item);
    return list;
}

QByteArray record(const QByteArray &id, const QByteArray &graph)
{
    const QByteArray domain = id.left(id.indexOf('/'));
    return "{\"id\": \"" + id + "\", \"signature\": \"Error in " + id + "\", \"regex\": \"Error\", \"domain\": \""
        + domain + "\", \"category\": \"test\", \"transition_graph\": " + graph + "}\n";
}

} // namespace

class GraphCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void quotesIds();
    void wholeGraphAsDot();
    void dotIsReadByGraphviz();
    void neighbourhoodAsJson();
    void depthWidensTheNeighbourhood();
    void unknownIdIsExitCodeOne();
    void duplicateIdIsReportedWithEveryRecordsLinks();
    void badUsage_data();
    void badUsage();

private:
    Run run(const QStringList &arguments);
    QString kbPath() const { return m_dir.filePath(QStringLiteral("kb")); }

    QTemporaryDir m_dir;
};

Run GraphCommandTest::run(const QStringList &arguments)
{
    return runErrata(QStringList{QStringLiteral("graph")} + arguments);
}

// a/one leads_to a/two (0.4) and a record that is missing, with a quote and a
// backslash in its id; a/two preceded_by a/one; a/three confused with a/two.
void GraphCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(
        writeFile(kbPath() + QStringLiteral("/a/one.json"),
                  record("a/one", R"({"leads_to": [{"error_id": "a/two", "probability": 0.4}, "a/we\"ird\\id"]})")));
    QVERIFY(writeFile(kbPath() + QStringLiteral("/a/two.json"), record("a/two", R"({"preceded_by": ["a/one"]})")));
    QVERIFY(
        writeFile(kbPath() + QStringLiteral("/a/three.json"),
                  record("a/three", R"({"frequently_confused_with": [{"error_id": "a/two", "distinction": "d"}]})")));
    QVERIFY(writeFile(kbPath() + QStringLiteral("/b/far.json"), record("b/far", R"({"leads_to": ["a/three"]})")));
}

void GraphCommandTest::quotesIds()
{
    QCOMPARE(Errata::GraphCommand::quoted(QStringLiteral("a/b")), QStringLiteral("\"a/b\""));
    QCOMPARE(Errata::GraphCommand::quoted(QStringLiteral("a\"b\\c\nd")), QStringLiteral("\"a\\\"b\\\\c\\nd\""));
    // A control character is drawn as \x1B (written \\x1B in dot); a line end is dot's \n.
    QCOMPARE(Errata::GraphCommand::quoted(QStringLiteral("a\x1b[2Jb\r\nc\td")),
             QStringLiteral("\"a\\\\x1B[2Jb\\nc\\\\x09d\""));
}

void GraphCommandTest::wholeGraphAsDot()
{
    const Run result = run({QStringLiteral("--kb"), kbPath()});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.out.startsWith(QLatin1String("digraph errata {")));
    QVERIFY2(result.out.contains(QLatin1String("\"a/one\" -> \"a/two\" [class=leads_to, label=\"0.40\"];")),
             qPrintable(result.out));
    QVERIFY(result.out.contains(QLatin1String("\"a/two\" -> \"a/one\" [class=preceded_by, style=dashed];")));
    QVERIFY(result.out.contains(
        QLatin1String("\"a/three\" -> \"a/two\" [class=frequently_confused_with, style=dotted, dir=none];")));
    QVERIFY(
        result.out.contains(QLatin1String("\"a/one\" -> \"a/we\\\"ird\\\\id\" [class=leads_to, color=\"#c62828\"];")));
    QCOMPARE(result.out.count(QLatin1String(" -> ")), 5);
}

void GraphCommandTest::dotIsReadByGraphviz()
{
    const QString dot = QStandardPaths::findExecutable(QStringLiteral("dot"));
    if (dot.isEmpty())
        QSKIP("Graphviz is not installed (no \"dot\" on PATH): install graphviz to check the dot output");
    for (const QStringList &arguments : {QStringList{QStringLiteral("--kb"), kbPath()},
                                         QStringList{QStringLiteral("--kb"), kbPath(), QStringLiteral("a/one")}}) {
        const Run result = run(arguments);
        QCOMPARE(result.exitCode, 0);
        QProcess graphviz;
        graphviz.start(dot, {QStringLiteral("-Tsvg")});
        QVERIFY(graphviz.waitForStarted(10000));
        graphviz.write(result.out.toUtf8());
        graphviz.closeWriteChannel();
        QVERIFY(graphviz.waitForFinished(60000));
        const QString errors = QString::fromUtf8(graphviz.readAllStandardError());
        QVERIFY2(graphviz.exitCode() == 0 && errors.isEmpty(), qPrintable(errors));
        const QString svg = QString::fromUtf8(graphviz.readAllStandardOutput());
        QVERIFY(svg.contains(QLatin1String("<svg")));
        QVERIFY(svg.contains(QLatin1String("a/one")));
    }
}

void GraphCommandTest::neighbourhoodAsJson()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"),
                            QStringLiteral("a/one")});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("center")).toString(), QStringLiteral("a/one"));
    QCOMPARE(root.value(QStringLiteral("depth")).toInt(), 1);
    QStringList ids;
    for (const QJsonValue &node : root.value(QStringLiteral("nodes")).toArray())
        ids << node.toObject().value(QStringLiteral("id")).toString();
    QCOMPARE(ids, strings({"a/one", "a/two", "a/we\"ird\\id"}));
    const QJsonArray edges = root.value(QStringLiteral("edges")).toArray();
    QCOMPARE(edges.size(), 3);
    const QJsonObject first = edges.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("kind")).toString(), QStringLiteral("leads_to"));
    QCOMPARE(first.value(QStringLiteral("probability")).toDouble(), 0.4);
    QCOMPARE(edges.at(1).toObject().value(QStringLiteral("dangling")).toBool(), true);
    QCOMPARE(root.value(QStringLiteral("summary")).toObject().value(QStringLiteral("dangling")).toInt(), 1);
}

void GraphCommandTest::depthWidensTheNeighbourhood()
{
    const auto count = [this](const QString &depth) {
        const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"),
                                QStringLiteral("--depth"), depth, QStringLiteral("b/far")});
        return QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("nodes")).toArray().size();
    };
    QCOMPARE(count(QStringLiteral("1")), 2); // b/far, a/three
    QCOMPARE(count(QStringLiteral("2")), 3); // + a/two
    QCOMPARE(count(QStringLiteral("3")), 4); // + a/one
    QCOMPARE(count(QStringLiteral("9")), 5); // + the missing record
}

void GraphCommandTest::unknownIdIsExitCodeOne()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("a/nothing")});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.contains(QLatin1String("no record \"a/nothing\"")), qPrintable(result.err));
}

// Two files hold c/dup, each with its own link: the node is one (the links
// name the id), it carries both links and both files, and stderr says so.
void GraphCommandTest::duplicateIdIsReportedWithEveryRecordsLinks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/dup.json")), record("c/dup", R"({"leads_to": ["c/one"]})")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/old/dup.json")), record("c/dup", R"({"leads_to": ["c/two"]})")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/one.json")), record("c/one", "{}")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/two.json")), record("c/two", "{}")));
    const QString warning = QStringLiteral(
        "errata graph: warning: id \"c/dup\" is used by 2 files: c/dup.json, c/old/dup.json; its node carries the "
        "links of all of them");
    const Run dot = run({QStringLiteral("--kb"), dir.path()});
    QCOMPARE(dot.exitCode, 0);
    QVERIFY2(dot.err.contains(warning), qPrintable(dot.err));
    QVERIFY2(dot.out.contains(QLatin1String("\"c/dup\" -> \"c/one\" [class=leads_to];")), qPrintable(dot.out));
    QVERIFY2(dot.out.contains(QLatin1String("\"c/dup\" -> \"c/two\" [class=leads_to];")), qPrintable(dot.out));
    QVERIFY2(dot.out.contains(QLatin1String("(id used by 2 files)")), qPrintable(dot.out));

    const Run json = run({QStringLiteral("--kb"), dir.path(), QStringLiteral("--format"), QStringLiteral("json"),
                          QStringLiteral("c/dup")});
    QCOMPARE(json.exitCode, 0);
    QVERIFY2(json.err.contains(warning), qPrintable(json.err));
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QStringList ids;
    for (const QJsonValue &node : root.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject object = node.toObject();
        ids << object.value(QStringLiteral("id")).toString();
        if (ids.last() == QLatin1String("c/dup"))
            QCOMPARE(object.value(QStringLiteral("files")).toArray().size(), 2);
    }
    QCOMPARE(ids, strings({"c/dup", "c/one", "c/two"}));
    QCOMPARE(root.value(QStringLiteral("edges")).toArray().size(), 2);
    QCOMPARE(root.value(QStringLiteral("summary")).toObject().value(QStringLiteral("duplicate_ids")).toInt(), 1);
}

void GraphCommandTest::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const auto args = [this](std::initializer_list<const char *> items) {
        return QStringList{QStringLiteral("--kb"), kbPath()} + strings(items);
    };
    QTest::newRow("format") << args({"--format", "svg"}) << QStringLiteral("--format must be dot or json");
    QTest::newRow("depth zero") << args({"--depth", "0", "a/one"}) << QStringLiteral("--depth needs a whole number");
    QTest::newRow("depth word") << args({"--depth", "two", "a/one"}) << QStringLiteral("--depth needs a whole number");
    QTest::newRow("depth without id") << args({"--depth", "2"}) << QStringLiteral("--depth needs a record ID");
    QTest::newRow("two ids") << args({"a/one", "a/two"}) << QStringLiteral("at most one record id");
    QTest::newRow("unknown option") << args({"--colour"}) << QStringLiteral("unknown option \"--colour\"");
    QTest::newRow("missing folder") << QStringList{QStringLiteral("--kb"), kbPath() + QStringLiteral("/nope")}
                                    << QStringLiteral("not a readable folder");
}

void GraphCommandTest::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

QTEST_GUILESS_MAIN(GraphCommandTest)
#include "GraphCommandTest.moc"
