// The MCP protocol of `errata mcp` without the process: McpServer over a
// McpKnowledgeBase on a copy of the sample KB. Initialize and version
// negotiation, the lifecycle, JSON-RPC errors for malformed messages
// (a thousand of them, generated), every tool with good and bad arguments,
// resources, and the KB followed on disk while the server runs.

#include "models/mcp/McpServer.h"
#include "models/kb/KnowledgeBase.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/outcomes/OutcomeLog.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

class McpServerTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void initializeNegotiatesTheVersion_data();
    void initializeNegotiatesTheVersion();
    void onlyPingBeforeInitialize();
    void malformedMessages_data();
    void malformedMessages();
    void aThousandMalformedMessages();
    void idsAreEchoed();
    void notificationsAndResponsesGetNoAnswer();
    void toolsList();
    void olderVersionsGetNoStructuredContent();
    void unknownToolAndBadArguments();
    void lookupError();
    void getRecord();
    void searchRecords();
    void matchLog();
    void getErrorChain();
    void listDomains();
    void reportOutcome();
    void reportOutcomeErrors_data();
    void reportOutcomeErrors();
    void resources();
    void followsTheKbOnDisk();
    void followsAChangedRecord();

private:
    QJsonObject request(const QString &method, const QJsonObject &params = {}, int id = 1);
    QJsonObject call(const QString &tool, const QJsonObject &arguments);
    void initialize(const QString &version = QStringLiteral("2025-06-18"));
    QString kbPath() const { return m_dir->filePath(QStringLiteral("kb")); }

    QTemporaryDir m_cache;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<McpKnowledgeBase> m_kb;
    std::unique_ptr<McpServer> m_server;
};

void McpServerTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
}

void McpServerTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
    m_kb = std::make_unique<McpKnowledgeBase>();
    QString error;
    QVERIFY2(m_kb->open(kbPath(), &error), qPrintable(error));
    m_server = std::make_unique<McpServer>(*m_kb);
}

void McpServerTest::cleanup()
{
    m_server.reset();
    m_kb.reset();
    m_dir.reset();
}

QJsonObject McpServerTest::request(const QString &method, const QJsonObject &params, int id)
{
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), id},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    const QByteArray reply = m_server->handle(QJsonDocument(message).toJson(QJsonDocument::Compact));
    if (!reply.endsWith('\n') || reply.count('\n') != 1)
        qWarning("not one line: %s", reply.constData());
    return QJsonDocument::fromJson(reply).object();
}

QJsonObject McpServerTest::call(const QString &tool, const QJsonObject &arguments)
{
    return request(QStringLiteral("tools/call"),
                   QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}})
        .value(u"result")
        .toObject();
}

void McpServerTest::initialize(const QString &version)
{
    const QJsonObject reply = request(QStringLiteral("initialize"),
                                      QJsonObject{{QStringLiteral("protocolVersion"), version},
                                                  {QStringLiteral("capabilities"), QJsonObject()},
                                                  {QStringLiteral("clientInfo"),
                                                   QJsonObject{{QStringLiteral("name"), QStringLiteral("test-agent")},
                                                               {QStringLiteral("version"), QStringLiteral("1")}}}});
    QVERIFY(reply.contains(u"result"));
}

void McpServerTest::initializeNegotiatesTheVersion_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("answered");
    QTest::newRow("latest") << "2025-11-25"
                            << "2025-11-25";
    QTest::newRow("2025-06-18") << "2025-06-18"
                                << "2025-06-18";
    QTest::newRow("2024-11-05") << "2024-11-05"
                                << "2024-11-05";
    QTest::newRow("unknown: the latest") << "2099-01-01"
                                         << "2025-11-25";
}

void McpServerTest::initializeNegotiatesTheVersion()
{
    QFETCH(QString, asked);
    QFETCH(QString, answered);
    const QJsonObject reply = request(
        QStringLiteral("initialize"),
        QJsonObject{{QStringLiteral("protocolVersion"), asked}, {QStringLiteral("capabilities"), QJsonObject()}});
    const QJsonObject result = reply.value(u"result").toObject();
    QCOMPARE(reply.value(u"jsonrpc").toString(), QStringLiteral("2.0"));
    QCOMPARE(reply.value(u"id").toInt(), 1);
    QCOMPARE(result.value(u"protocolVersion").toString(), answered);
    QVERIFY(result.value(u"capabilities").toObject().contains(u"tools"));
    QVERIFY(result.value(u"capabilities").toObject().contains(u"resources"));
    QCOMPARE(result.value(u"serverInfo").toObject().value(u"name").toString(), QStringLiteral("errata"));
    QVERIFY(!result.value(u"serverInfo").toObject().value(u"version").toString().isEmpty());
    QCOMPARE(m_server->protocolVersion(), answered);
}

void McpServerTest::onlyPingBeforeInitialize()
{
    QCOMPARE(request(QStringLiteral("ping")).value(u"result").toObject(), QJsonObject());
    const QJsonObject early = request(QStringLiteral("tools/list"));
    QCOMPARE(early.value(u"error").toObject().value(u"code").toInt(), int(McpServer::InvalidRequest));
    QVERIFY(early.value(u"error").toObject().value(u"message").toString().contains(u"initialize"));
    const QJsonObject missing = request(QStringLiteral("initialize"));
    QCOMPARE(missing.value(u"error").toObject().value(u"code").toInt(), int(McpServer::InvalidParams));
    initialize();
    QVERIFY(request(QStringLiteral("tools/list")).contains(u"result"));
}

void McpServerTest::malformedMessages_data()
{
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<int>("code");
    QTest::addColumn<QJsonValue>("id");
    const QJsonValue none = QJsonValue(QJsonValue::Null);
    QTest::newRow("not JSON") << QByteArray("{\"jsonrpc\":") << int(McpServer::ParseError) << none;
    QTest::newRow("invalid UTF-8") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}")
                                   << int(McpServer::ParseError) << none;
    QTest::newRow("too deep") << QByteArray(5000, '[') << int(McpServer::ParseError) << none;
    QTest::newRow("a number") << QByteArray("42") << int(McpServer::InvalidRequest) << none;
    QTest::newRow("two values") << QByteArray("1,2") << int(McpServer::ParseError) << none;
    QTest::newRow("a string") << QByteArray("\"ping\"") << int(McpServer::InvalidRequest) << none;
    QTest::newRow("a batch") << QByteArray("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]")
                             << int(McpServer::InvalidRequest) << none;
    QTest::newRow("no jsonrpc") << QByteArray("{\"id\":3,\"method\":\"ping\"}") << int(McpServer::InvalidRequest)
                                << QJsonValue(3);
    QTest::newRow("jsonrpc 1.0") << QByteArray("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}")
                                 << int(McpServer::InvalidRequest) << QJsonValue(3);
    QTest::newRow("method a number") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":7}")
                                     << int(McpServer::InvalidRequest) << QJsonValue(QStringLiteral("a"));
    QTest::newRow("id an object") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}")
                                  << int(McpServer::InvalidRequest) << none;
    QTest::newRow("id null") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}")
                             << int(McpServer::InvalidRequest) << none;
    QTest::newRow("params a list") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"params\":[]}")
                                   << int(McpServer::InvalidParams) << QJsonValue(4);
    QTest::newRow("unknown method") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"prompts/list\"}")
                                    << int(McpServer::MethodNotFound) << QJsonValue(5);
}

void McpServerTest::malformedMessages()
{
    QFETCH(QByteArray, message);
    QFETCH(int, code);
    QFETCH(QJsonValue, id);
    const QByteArray reply = m_server->handle(message);
    QVERIFY(reply.endsWith('\n'));
    QCOMPARE(reply.count('\n'), 1);
    const QJsonObject object = QJsonDocument::fromJson(reply).object();
    QCOMPARE(object.value(u"jsonrpc").toString(), QStringLiteral("2.0"));
    QCOMPARE(object.value(u"error").toObject().value(u"code").toInt(), code);
    QVERIFY(!object.value(u"error").toObject().value(u"message").toString().isEmpty());
    QCOMPARE(object.value(u"id"), id);
}

// Garbage, cut and mangled good messages: every one gets a well-formed
// error (or, for what happens to be a notification, nothing), and the
// server answers a good request afterwards.
void McpServerTest::aThousandMalformedMessages()
{
    initialize();
    const QByteArray good = R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lookup_error",)"
                            R"("arguments":{"error_message":"No module named 'numpy'","limit":3}}})";
    QRandomGenerator random(26);
    int errors = 0;
    for (int i = 0; i < 1000; ++i) {
        QByteArray message = good;
        switch (i % 4) {
        case 0: // random bytes
            message = QByteArray(random.bounded(1, 300), Qt::Uninitialized);
            for (char &c : message)
                c = char(random.bounded(1, 256));
            break;
        case 1: // cut short
            message.truncate(random.bounded(1, int(good.size()) - 1));
            break;
        case 2: // a byte changed
            message[random.bounded(int(good.size()))] = "{}[]\":,\\x0"[random.bounded(10)];
            break;
        default: // a member's value of another type
            message.replace("\"2.0\"", random.bounded(2) ? "2" : "null");
            break;
        }
        message.replace('\n', ' ');
        const QByteArray reply = m_server->handle(message);
        if (reply.isEmpty())
            continue;
        QCOMPARE(reply.count('\n'), 1);
        const QJsonObject object = QJsonDocument::fromJson(reply).object();
        QCOMPARE(object.value(u"jsonrpc").toString(), QStringLiteral("2.0"));
        QVERIFY(object.contains(u"id"));
        QVERIFY2(object.contains(u"error") || object.contains(u"result"), reply.constData());
        errors += object.contains(u"error") || object.value(u"result").toObject().value(u"isError").toBool();
    }
    QVERIFY2(errors >= 900, qPrintable(QString::number(errors)));
    QCOMPARE(QJsonDocument::fromJson(m_server->handle(good)).object().value(u"id").toInt(), 7);
}

void McpServerTest::idsAreEchoed()
{
    for (const QByteArray &id :
         {QByteArray("\"abc\""), QByteArray("9007199254740993"), QByteArray("-1"), QByteArray("\"\\u00e9\\n\"")}) {
        const QByteArray message = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}";
        const QByteArray reply = m_server->handle(message);
        QCOMPARE(QJsonDocument::fromJson(reply).object().value(u"id"),
                 QJsonDocument::fromJson(message).object().value(u"id"));
    }
    // Integers beyond a double's 53 bits come back digit for digit.
    QVERIFY(m_server->handle(R"({"jsonrpc":"2.0","id":9007199254740993,"method":"ping"})")
                .contains("\"id\":9007199254740993"));
}

void McpServerTest::notificationsAndResponsesGetNoAnswer()
{
    initialize();
    QCOMPARE(m_server->handle(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), QByteArray());
    QCOMPARE(m_server->handle(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}})"),
             QByteArray());
    QCOMPARE(m_server->handle(R"({"jsonrpc":"2.0","method":"no/such/notification"})"), QByteArray());
    QCOMPARE(m_server->handle(R"({"jsonrpc":"2.0","id":9,"result":{}})"), QByteArray());
}

void McpServerTest::toolsList()
{
    initialize();
    const QJsonArray tools =
        request(QStringLiteral("tools/list")).value(u"result").toObject().value(u"tools").toArray();
    QStringList names;
    for (const QJsonValue &tool : tools) {
        const QJsonObject object = tool.toObject();
        names << object.value(u"name").toString();
        QCOMPARE(object.value(u"inputSchema").toObject().value(u"type").toString(), QStringLiteral("object"));
        QCOMPARE(object.value(u"outputSchema").toObject().value(u"type").toString(), QStringLiteral("object"));
        QVERIFY(!object.value(u"description").toString().isEmpty());
    }
    QCOMPARE(names,
             QStringList({QStringLiteral("lookup_error"), QStringLiteral("batch_lookup"), QStringLiteral("get_record"),
                          QStringLiteral("search_records"), QStringLiteral("match_log"),
                          QStringLiteral("get_error_chain"), QStringLiteral("list_domains"),
                          QStringLiteral("list_records"), QStringLiteral("list_environments"),
                          QStringLiteral("domain_stats"), QStringLiteral("report_outcome")}));
}

void McpServerTest::olderVersionsGetNoStructuredContent()
{
    initialize(QStringLiteral("2025-03-26"));
    const QJsonArray tools =
        request(QStringLiteral("tools/list")).value(u"result").toObject().value(u"tools").toArray();
    QCOMPARE(tools.size(), 11);
    QVERIFY(!tools.first().toObject().contains(u"outputSchema"));
    const QJsonObject result = call(QStringLiteral("list_domains"), {});
    QVERIFY(!result.contains(u"structuredContent"));
    QVERIFY(result.value(u"content").toArray().first().toObject().value(u"text").toString().contains(u"python"));
}

void McpServerTest::unknownToolAndBadArguments()
{
    initialize();
    const QJsonObject unknown = request(QStringLiteral("tools/call"),
                                        QJsonObject{{QStringLiteral("name"), QStringLiteral("rm_rf")}});
    QCOMPARE(unknown.value(u"error").toObject().value(u"code").toInt(), int(McpServer::InvalidParams));
    const QJsonObject notObject = request(
        QStringLiteral("tools/call"),
        QJsonObject{{QStringLiteral("name"), QStringLiteral("get_record")}, {QStringLiteral("arguments"), 3}});
    QCOMPARE(notObject.value(u"error").toObject().value(u"code").toInt(), int(McpServer::InvalidParams));
    const QList<QPair<QString, QJsonObject>> bad{
        {QStringLiteral("get_record"), QJsonObject()},
        {QStringLiteral("get_record"), QJsonObject{{QStringLiteral("id"), 5}}},
        {QStringLiteral("get_record"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("a/b")}, {QStringLiteral("extra"), true}}},
        {QStringLiteral("lookup_error"), QJsonObject{{QStringLiteral("error_message"), QString()}}},
        {QStringLiteral("lookup_error"),
         QJsonObject{{QStringLiteral("error_message"), QStringLiteral("x")}, {QStringLiteral("limit"), 0}}},
        {QStringLiteral("lookup_error"),
         QJsonObject{{QStringLiteral("error_message"), QStringLiteral("x")}, {QStringLiteral("limit"), 2.5}}},
        {QStringLiteral("get_error_chain"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")}, {QStringLiteral("depth"), 9}}},
    };
    for (const auto &[tool, arguments] : bad) {
        const QJsonObject result = call(tool, arguments);
        QVERIFY2(result.value(u"isError").toBool(), qPrintable(tool));
        QVERIFY(!result.contains(u"structuredContent"));
        QVERIFY(result.value(u"content")
                    .toArray()
                    .first()
                    .toObject()
                    .value(u"text")
                    .toString()
                    .startsWith(QStringLiteral("Invalid arguments for ") + tool));
    }
}

void McpServerTest::lookupError()
{
    initialize();
    const QJsonObject result = call(
        QStringLiteral("lookup_error"),
        QJsonObject{{QStringLiteral("error_message"),
                     QStringLiteral("Traceback (most recent call last):\n  File \"main.py\", line 3, in <module>\n"
                                    "    import httpx\nModuleNotFoundError: No module named 'httpx'\n")},
                    {QStringLiteral("limit"), 3}});
    QVERIFY(!result.value(u"isError").toBool());
    const QJsonArray results = result.value(u"structuredContent").toObject().value(u"results").toArray();
    QVERIFY(!results.isEmpty() && results.size() <= 3);
    const QJsonObject first = results.first().toObject();
    QCOMPARE(first.value(u"id").toString(), QStringLiteral("python/module-not-found"));
    QVERIFY(QStringList({QStringLiteral("exact"), QStringLiteral("likely"), QStringLiteral("related")})
                .contains(first.value(u"band").toString()));
    QVERIFY(first.value(u"score").toDouble() > 0);
    QVERIFY(first.value(u"why").toObject().contains(u"shared_words"));
    QVERIFY(result.value(u"content")
                .toArray()
                .first()
                .toObject()
                .value(u"text")
                .toString()
                .startsWith(u"1. python/module-not-found"));
    const QJsonObject none = call(QStringLiteral("lookup_error"),
                                  QJsonObject{{QStringLiteral("error_message"), QStringLiteral("zzqx")}});
    QVERIFY(!none.value(u"isError").toBool());
    QVERIFY(none.value(u"structuredContent").toObject().value(u"results").toArray().isEmpty());
}

void McpServerTest::getRecord()
{
    initialize();
    const QJsonObject result = call(QStringLiteral("get_record"),
                                    QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")}});
    const QJsonObject structured = result.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"file").toString(), QStringLiteral("python/module-not-found.json"));
    const QJsonObject record = structured.value(u"record").toObject();
    QCOMPARE(record.value(u"workarounds").toArray().size(), 3);
    QCOMPARE(record.value(u"dead_ends").toArray().size(), 3);
    QVERIFY(record.contains(u"versions"));
    QVERIFY(record.contains(u"transition_graph"));
    QCOMPARE(structured.value(u"outcome_reports").toObject().value(u"count").toInt(), 0);
    const QJsonObject missing = call(QStringLiteral("get_record"),
                                     QJsonObject{{QStringLiteral("id"), QStringLiteral("python/nope")}});
    QVERIFY(missing.value(u"isError").toBool());
    QVERIFY(missing.value(u"content").toArray().first().toObject().value(u"text").toString().contains(u"python/nope"));
}

void McpServerTest::searchRecords()
{
    initialize();
    const QJsonObject structured = call(QStringLiteral("search_records"),
                                        QJsonObject{{QStringLiteral("query"), QStringLiteral("domain:docker")}})
                                       .value(u"structuredContent")
                                       .toObject();
    QCOMPARE(structured.value(u"total").toInt(), 4);
    for (const QJsonValue &hit : structured.value(u"results").toArray())
        QCOMPARE(hit.toObject().value(u"domain").toString(), QStringLiteral("docker"));
    const QJsonObject limited = call(QStringLiteral("search_records"),
                                     QJsonObject{{QStringLiteral("query"), QString()}, {QStringLiteral("limit"), 2}})
                                    .value(u"structuredContent")
                                    .toObject();
    QCOMPARE(limited.value(u"total").toInt(), 24);
    QCOMPARE(limited.value(u"results").toArray().size(), 2);
}

void McpServerTest::matchLog()
{
    initialize();
    const QString log = QStringLiteral(
        "$ python app.py\nstarting\nModuleNotFoundError: No module named 'yaml'\ndone\n");
    const QJsonObject structured = call(QStringLiteral("match_log"), QJsonObject{{QStringLiteral("log"), log}})
                                       .value(u"structuredContent")
                                       .toObject();
    const QJsonArray matches = structured.value(u"matches").toArray();
    QVERIFY(!matches.isEmpty());
    const QJsonObject first = matches.first().toObject();
    QCOMPARE(first.value(u"id").toString(), QStringLiteral("python/module-not-found"));
    QCOMPARE(first.value(u"lines").toArray().first().toObject().value(u"number").toInt(), 3);
    QVERIFY(call(QStringLiteral("match_log"), QJsonObject{{QStringLiteral("log"), QStringLiteral("all good")}})
                .value(u"structuredContent")
                .toObject()
                .value(u"matches")
                .toArray()
                .isEmpty());
}

void McpServerTest::getErrorChain()
{
    initialize();
    const QJsonObject structured = call(QStringLiteral("get_error_chain"),
                                        QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")},
                                                    {QStringLiteral("depth"), 1}})
                                       .value(u"structuredContent")
                                       .toObject();
    QCOMPARE(structured.value(u"center").toString(), QStringLiteral("python/module-not-found"));
    QStringList ids;
    for (const QJsonValue &node : structured.value(u"nodes").toArray())
        ids << node.toObject().value(u"id").toString();
    QVERIFY(ids.contains(u"python/externally-managed-environment"));
    bool found = false;
    for (const QJsonValue &edge : structured.value(u"edges").toArray())
        found = found
            || (edge.toObject().value(u"from").toString() == u"python/module-not-found"
                && edge.toObject().value(u"kind").toString() == u"preceded_by"
                && edge.toObject().value(u"to").toString() == u"python/externally-managed-environment");
    QVERIFY(found);
    QVERIFY(call(QStringLiteral("get_error_chain"), QJsonObject{{QStringLiteral("id"), QStringLiteral("x/y")}})
                .value(u"isError")
                .toBool());
}

void McpServerTest::listDomains()
{
    initialize();
    const QJsonObject structured = call(QStringLiteral("list_domains"), {}).value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"total").toInt(), 24);
    int sum = 0;
    QStringList domains;
    for (const QJsonValue &domain : structured.value(u"domains").toArray()) {
        domains << domain.toObject().value(u"domain").toString();
        int categories = 0;
        for (const QJsonValue &category : domain.toObject().value(u"categories").toArray())
            categories += category.toObject().value(u"count").toInt();
        QCOMPARE(categories, domain.toObject().value(u"count").toInt());
        sum += categories;
    }
    QCOMPARE(sum, 24);
    QCOMPARE(domains,
             QStringList({QStringLiteral("docker"), QStringLiteral("git"), QStringLiteral("kubernetes"),
                          QStringLiteral("node"), QStringLiteral("python"), QStringLiteral("pytorch")}));
}

void McpServerTest::reportOutcome()
{
    initialize();
    const QByteArray before = readFile(kbPath() + QStringLiteral("/python/module-not-found.json"));
    const QJsonObject first = call(QStringLiteral("report_outcome"),
                                   QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")},
                                               {QStringLiteral("workaround_index"), 1},
                                               {QStringLiteral("worked"), true},
                                               {QStringLiteral("note"), QStringLiteral("pip install in the venv")}});
    QVERIFY(!first.value(u"isError").toBool());
    QCOMPARE(first.value(u"structuredContent").toObject().value(u"item").toString(), QStringLiteral("workarounds[1]"));
    call(QStringLiteral("report_outcome"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")},
                     {QStringLiteral("dead_end_index"), 0},
                     {QStringLiteral("worked"), false}});
    const OutcomeLog::Contents log = OutcomeLog::read(kbPath());
    QVERIFY(log.problems.isEmpty());
    QCOMPARE(log.reports.size(), 2);
    QCOMPARE(log.reports.at(0).client, QStringLiteral("test-agent"));
    QCOMPARE(log.reports.at(0).index, 1);
    QVERIFY(log.reports.at(0).worked);
    QCOMPARE(log.reports.at(0).note, QStringLiteral("pip install in the venv"));
    QCOMPARE(log.reports.at(1).kind, OutcomeReport::DeadEnd);
    QVERIFY(qAbs(log.reports.at(0).time.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    // The record is never written.
    QCOMPARE(readFile(kbPath() + QStringLiteral("/python/module-not-found.json")), before);
    const QJsonObject record = call(QStringLiteral("get_record"),
                                    QJsonObject{{QStringLiteral("id"), QStringLiteral("python/module-not-found")}});
    QCOMPARE(record.value(u"structuredContent").toObject().value(u"outcome_reports").toObject().value(u"count").toInt(),
             2);
}

void McpServerTest::reportOutcomeErrors_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("message");
    const QString id = QStringLiteral("python/module-not-found");
    QTest::newRow("unknown id") << QJsonObject{{QStringLiteral("id"), QStringLiteral("python/nope")},
                                               {QStringLiteral("workaround_index"), 0},
                                               {QStringLiteral("worked"), true}}
                                << "No record has the id \"python/nope\"";
    QTest::newRow("no index") << QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("worked"), true}}
                              << "exactly one of";
    QTest::newRow("both indexes") << QJsonObject{{QStringLiteral("id"), id},
                                                 {QStringLiteral("workaround_index"), 0},
                                                 {QStringLiteral("dead_end_index"), 0},
                                                 {QStringLiteral("worked"), true}}
                                  << "exactly one of";
    QTest::newRow("index out of range") << QJsonObject{{QStringLiteral("id"), id},
                                                       {QStringLiteral("workaround_index"), 3},
                                                       {QStringLiteral("worked"), true}}
                                        << "has no workarounds[3]: it has 3 workarounds";
    QTest::newRow("negative index") << QJsonObject{{QStringLiteral("id"), id},
                                                   {QStringLiteral("dead_end_index"), -1},
                                                   {QStringLiteral("worked"), true}}
                                    << "must be at least 0";
    QTest::newRow("worked a string") << QJsonObject{{QStringLiteral("id"), id},
                                                    {QStringLiteral("dead_end_index"), 0},
                                                    {QStringLiteral("worked"), QStringLiteral("yes")}}
                                     << "\"worked\" must be of type boolean";
}

void McpServerTest::reportOutcomeErrors()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, message);
    initialize();
    const QJsonObject result = call(QStringLiteral("report_outcome"), arguments);
    QVERIFY(result.value(u"isError").toBool());
    const QString text = result.value(u"content").toArray().first().toObject().value(u"text").toString();
    QVERIFY2(text.contains(message), qPrintable(text));
    QVERIFY(!QFile::exists(OutcomeLog::filePath(kbPath())));
}

void McpServerTest::resources()
{
    initialize();
    const QJsonObject list = request(QStringLiteral("resources/list")).value(u"result").toObject();
    const QJsonArray resources = list.value(u"resources").toArray();
    QCOMPARE(resources.size(), 24);
    QVERIFY(!list.contains(u"nextCursor"));
    QString uri;
    for (const QJsonValue &resource : resources) {
        if (resource.toObject().value(u"name").toString() == u"git/dubious-ownership")
            uri = resource.toObject().value(u"uri").toString();
    }
    QCOMPARE(uri, QStringLiteral("errata://record/git/dubious-ownership"));
    const QJsonObject read = request(QStringLiteral("resources/read"), QJsonObject{{QStringLiteral("uri"), uri}})
                                 .value(u"result")
                                 .toObject();
    const QJsonObject contents = read.value(u"contents").toArray().first().toObject();
    QCOMPARE(contents.value(u"mimeType").toString(), QStringLiteral("application/json"));
    QCOMPARE(contents.value(u"text").toString().toUtf8(),
             readFile(kbPath() + QStringLiteral("/git/dubious-ownership.json")));
    const QJsonObject missing = request(
        QStringLiteral("resources/read"),
        QJsonObject{{QStringLiteral("uri"), QStringLiteral("errata://record/git/none")}});
    QCOMPARE(missing.value(u"error").toObject().value(u"code").toInt(), int(McpServer::ResourceNotFound));
    const QJsonObject badCursor = request(QStringLiteral("resources/list"),
                                          QJsonObject{{QStringLiteral("cursor"), QStringLiteral("zz")}});
    QCOMPARE(badCursor.value(u"error").toObject().value(u"code").toInt(), int(McpServer::InvalidParams));
}

// A record added, changed and removed on disk while the server runs.
void McpServerTest::followsTheKbOnDisk()
{
    initialize();
    const QString source = kbPath() + QStringLiteral("/python/module-not-found.json");
    QByteArray text = readFile(source);
    text.replace("\"id\": \"python/module-not-found\"", "\"id\": \"python/module-gone-missing\"");
    text.replace("No module named 'requests'", "Zorblax module vanished: 'requests'");
    text.replace("(?:ModuleNotFoundError|ImportError): No module named", "Zorblax module vanished:");
    QVERIFY(writeFile(kbPath() + QStringLiteral("/python/module-gone-missing.json"), text));
    const auto idFound = [this](const QString &id) {
        m_kb->checkDisk();
        return !call(QStringLiteral("get_record"), QJsonObject{{QStringLiteral("id"), id}}).value(u"isError").toBool();
    };
    QTRY_VERIFY_WITH_TIMEOUT(idFound(QStringLiteral("python/module-gone-missing")), 10000);
    const QJsonObject lookup = call(
        QStringLiteral("lookup_error"),
        QJsonObject{{QStringLiteral("error_message"), QStringLiteral("Zorblax module vanished: 'numpy'")}});
    QCOMPARE(lookup.value(u"structuredContent").toObject().value(u"results").toArray().first().toObject().value(u"id"),
             QJsonValue(QStringLiteral("python/module-gone-missing")));
    const QJsonObject zorblax{{QStringLiteral("log"), QStringLiteral("Zorblax module vanished: 'x'")}};
    const QJsonArray before =
        call(QStringLiteral("match_log"), zorblax).value(u"structuredContent").toObject().value(u"matches").toArray();
    QCOMPARE(before.size(), 1);
    QCOMPARE(before.first().toObject().value(u"id").toString(), QStringLiteral("python/module-gone-missing"));
    QVERIFY(QFile::remove(kbPath() + QStringLiteral("/python/module-gone-missing.json")));
    QTRY_VERIFY_WITH_TIMEOUT(!idFound(QStringLiteral("python/module-gone-missing")), 10000);
    QVERIFY(call(QStringLiteral("match_log"), zorblax)
                .value(u"structuredContent")
                .toObject()
                .value(u"matches")
                .toArray()
                .isEmpty());
}

// A record's file rewritten by someone else: the new text is served, and
// the log matcher is built again with its new regex.
void McpServerTest::followsAChangedRecord()
{
    initialize();
    const QString file = kbPath() + QStringLiteral("/git/dubious-ownership.json");
    QByteArray text = readFile(file);
    QVERIFY(text.contains("dubious ownership"));
    text.replace("dubious ownership", "quixotic custody");
    QVERIFY(writeFile(file, text));
    const auto served = [this] {
        m_kb->checkDisk();
        const QJsonObject record = call(QStringLiteral("get_record"),
                                        QJsonObject{{QStringLiteral("id"), QStringLiteral("git/dubious-ownership")}});
        return record.value(u"structuredContent").toObject().value(u"record").toObject().value(u"signature").toString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(served().contains(u"quixotic custody"), 10000);
    const QJsonArray matches =
        call(QStringLiteral("match_log"),
             QJsonObject{
                 {QStringLiteral("log"), QStringLiteral("fatal: detected quixotic custody in repository at '/x'")}})
            .value(u"structuredContent")
            .toObject()
            .value(u"matches")
            .toArray();
    QVERIFY(!matches.isEmpty());
    QCOMPARE(matches.first().toObject().value(u"id").toString(), QStringLiteral("git/dubious-ownership"));
}

QTEST_GUILESS_MAIN(McpServerTest)
#include "McpServerTest.moc"
