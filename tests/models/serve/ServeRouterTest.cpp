// ServeRouter behind a real HttpServer on loopback, on a copy of the sample
// KB: every endpoint, the checks of /mcp (Origin, method, type, version,
// depth, writes), paths that try to leave the site, CORS, and answers that
// stay whole while the KB is reloaded under them.

#include "models/serve/ServeRouter.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupJson.h"
#include "models/lookup/LookupResult.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/outcomes/OutcomeLog.h"
#include "models/serve/HttpServer.h"
#include "models/serve/ServeMetrics.h"
#include "models/serve/ServeReloader.h"
#include "models/serve/ServeSnapshot.h"
#include "support/HttpTestClient.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <atomic>
#include <thread>

using namespace Errata;
using namespace Errata::TestSupport;
using Errata::Test::HttpTestClient;

namespace {

const QByteArray Token = "0123456789abcdef-test-token";
const QString PortId = QStringLiteral("docker/port-already-allocated");
const QByteArray PortError = "Bind for 0.0.0.0:5432 failed: port is already allocated";

QJsonObject objectOf(const HttpTestClient::Answer &answer)
{
    return QJsonDocument::fromJson(answer.body).object();
}

QByteArray rpc(const QString &method, const QJsonObject &params = {}, int id = 1)
{
    QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
    if (id >= 0)
        message.insert(QStringLiteral("id"), id);
    if (!params.isEmpty())
        message.insert(QStringLiteral("params"), params);
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

QByteArray toolCall(const QString &tool, const QJsonObject &arguments)
{
    return rpc(QStringLiteral("tools/call"),
               QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}});
}

QHash<QByteArray, QByteArray> mcpHeaders(const QByteArray &extraName = {}, const QByteArray &extraValue = {})
{
    QHash<QByteArray, QByteArray> headers{{"Content-Type", "application/json"},
                                          {"Accept", "application/json, text/event-stream"}};
    if (!extraName.isEmpty())
        headers.insert(extraName, extraValue);
    return headers;
}

} // namespace

class ServeRouterTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void healthAndReadiness();
    void sitePagesAndFiles();
    void pathsNeverLeaveTheSite_data();
    void pathsNeverLeaveTheSite();
    void liveLookupAnswersAsTheCommandLine();
    void liveSearchAndMatch();
    void liveEndpointsRefuseBadRequests();
    void mcpAnswersToolsStatelessly();
    void mcpRefusals();
    void corsOnlyForAllowedOrigins();
    void writesNeedTheFolderAndTheToken();
    void metricsCountRequests();
    void answersStayWholeDuringReloads();

private:
    void startServer(const ServeOptions &options = ServeOptions());
    HttpTestClient::Answer mcp(const QByteArray &body, const QHash<QByteArray, QByteArray> &headers = mcpHeaders())
    {
        return HttpTestClient::request(m_server->port(), "POST", "/mcp", headers, body);
    }
    QString kbPath() const { return m_dir->filePath(QStringLiteral("kb")); }

    QTemporaryDir m_cache;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServeReloader> m_reloader;
    std::unique_ptr<ServeMetrics> m_metrics;
    std::unique_ptr<ServeRouter> m_router;
    std::unique_ptr<HttpServer> m_server;
};

void ServeRouterTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
}

void ServeRouterTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
    m_reloader = std::make_unique<ServeReloader>(kbPath(), ServeSnapshot::Options());
    QString error;
    QVERIFY2(m_reloader->loadFirst(&error), qPrintable(error));
    m_metrics = std::make_unique<ServeMetrics>();
}

void ServeRouterTest::startServer(const ServeOptions &options)
{
    m_server = std::make_unique<HttpServer>(options.limits,
                                            [this](const HttpRequest &request) { return m_router->handle(request); });
    m_server->onAnswered([this](const HttpRequest &request, int status, double seconds) {
        m_metrics->answered(ServeRouter::routeOf(request.path), status, seconds);
    });
    QString error;
    QVERIFY2(m_server->bind(QStringLiteral("127.0.0.1"), 0, &error), qPrintable(error));
    ServeOptions withOwn = options;
    withOwn.ownOrigins << QStringLiteral("http://127.0.0.1:%1").arg(m_server->port());
    m_router = std::make_unique<ServeRouter>(withOwn, *m_reloader, *m_metrics);
    QVERIFY2(m_server->start(&error), qPrintable(error));
}

void ServeRouterTest::cleanup()
{
    m_server.reset();
    m_router.reset();
    m_reloader.reset();
    m_dir.reset();
}

void ServeRouterTest::healthAndReadiness()
{
    startServer();
    QCOMPARE(HttpTestClient::request(m_server->port(), "GET", "/healthz").status, 200);
    const HttpTestClient::Answer ready = HttpTestClient::request(m_server->port(), "GET", "/readyz");
    QCOMPARE(ready.status, 200);
    const QJsonObject body = objectOf(ready);
    QVERIFY(body.value(u"ready").toBool());
    QCOMPARE(body.value(u"snapshot").toObject().value(u"records").toInt(), m_reloader->current()->info().records);
    QVERIFY(body.value(u"snapshot").toObject().value(u"records").toInt() > 10);
    QVERIFY(body.value(u"snapshot").toObject().value(u"commit").isNull()); // not a git checkout
    QVERIFY(!body.value(u"snapshot").toObject().value(u"loaded_at").toString().isEmpty());
}

void ServeRouterTest::sitePagesAndFiles()
{
    startServer();
    const quint16 port = m_server->port();
    const auto snapshot = m_reloader->current();
    HttpTestClient::Answer home = HttpTestClient::request(port, "GET", "/");
    QCOMPARE(home.status, 200);
    QCOMPARE(home.headers.value("content-type"), QByteArray("text/html; charset=utf-8"));
    QCOMPARE(home.body, *snapshot->siteFile(QStringLiteral("index.html")));
    QCOMPARE(HttpTestClient::request(port, "GET", "/zh/").body, *snapshot->siteFile(QStringLiteral("zh/index.html")));
    // Revalidation: the same ETag, then 304.
    const QByteArray tag = home.headers.value("etag");
    QVERIFY(!tag.isEmpty());
    QCOMPARE(HttpTestClient::request(port, "GET", "/", {{"If-None-Match", tag}}).status, 304);
    // A folder without its "/".
    const HttpTestClient::Answer folder = HttpTestClient::request(port, "GET", "/zh");
    QCOMPARE(folder.status, 308);
    QCOMPARE(folder.headers.value("location"), QByteArray("/zh/"));
    QCOMPARE(HttpTestClient::request(port, "GET", "/domains/docker.html").body,
             *snapshot->siteFile(QStringLiteral("domains/docker.html")));
    // A record's JSON as it is stored.
    const HttpTestClient::Answer record = HttpTestClient::request(port, "GET",
                                                                  "/api/v1/records/" + PortId.toUtf8() + ".json");
    QCOMPARE(record.status, 200);
    QCOMPARE(record.headers.value("content-type"), QByteArray("application/json"));
    QCOMPARE(record.body, readFile(kbPath() + QStringLiteral("/docker/port-already-allocated.json")));
    // Missing: the site's 404 page, or JSON under /api/.
    const HttpTestClient::Answer missing = HttpTestClient::request(port, "GET", "/no/such/page.html");
    QCOMPARE(missing.status, 404);
    QCOMPARE(missing.body, *snapshot->siteFile(QStringLiteral("404.html")));
    const HttpTestClient::Answer missingJson = HttpTestClient::request(port, "GET", "/api/v1/records/nope.json");
    QCOMPARE(missingJson.status, 404);
    QCOMPARE(objectOf(missingJson).value(u"error").toObject().value(u"code").toString(), QStringLiteral("not_found"));
    QCOMPARE(HttpTestClient::request(port, "DELETE", "/").status, 405);
}

void ServeRouterTest::pathsNeverLeaveTheSite_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::newRow("dot dot") << QByteArray("/../../../../etc/passwd");
    QTest::newRow("encoded dot dot") << QByteArray("/%2e%2e/%2e%2e/etc/passwd");
    QTest::newRow("inside") << QByteArray("/docker/../../etc/passwd");
    QTest::newRow("encoded slash") << QByteArray("/..%2f..%2fetc%2fpasswd");
    QTest::newRow("backslash") << QByteArray("/..\\..\\etc\\passwd");
    QTest::newRow("nul") << QByteArray("/index.html%00.json");
    QTest::newRow("record file by path") << QByteArray("/docker/port-already-allocated.json");
    QTest::newRow("absolute") << QByteArray("//etc/passwd");
}

void ServeRouterTest::pathsNeverLeaveTheSite()
{
    QFETCH(QByteArray, target);
    startServer();
    const HttpTestClient::Answer answer = HttpTestClient::request(m_server->port(), "GET", target);
    QVERIFY2(answer.status == 404 || answer.status == 400, qPrintable(QString::number(answer.status)));
    QVERIFY(!answer.body.contains("root:"));
    QVERIFY(!answer.body.contains("\"root_cause\""));
}

void ServeRouterTest::liveLookupAnswersAsTheCommandLine()
{
    startServer();
    const quint16 port = m_server->port();
    const auto snapshot = m_reloader->current();
    const QJsonObject expected = LookupJson::toJson(snapshot->kb().lookup().lookup(QString::fromUtf8(PortError), 10));
    const HttpTestClient::Answer byGet = HttpTestClient::request(
        port, "GET", "/api/v1/lookup?q=" + QUrl::toPercentEncoding(QString::fromUtf8(PortError)));
    QCOMPARE(byGet.status, 200);
    QCOMPARE(objectOf(byGet), expected);
    const HttpTestClient::Answer byPost = HttpTestClient::request(port, "POST", "/api/v1/lookup",
                                                                  {{"Content-Type", "text/plain"}}, PortError);
    QCOMPARE(objectOf(byPost), expected);
    QCOMPARE(objectOf(byPost).value(u"results").toArray().first().toObject().value(u"id").toString(), PortId);
    const HttpTestClient::Answer limited = HttpTestClient::request(port, "POST", "/api/v1/lookup?limit=1", {},
                                                                   PortError);
    QCOMPARE(objectOf(limited).value(u"results").toArray().size(), 1);
}

void ServeRouterTest::liveSearchAndMatch()
{
    startServer();
    const quint16 port = m_server->port();
    const HttpTestClient::Answer search = HttpTestClient::request(port, "GET", "/api/v1/search?q=port+allocated");
    QCOMPARE(search.status, 200);
    bool found = false;
    for (const QJsonValue &hit : objectOf(search).value(u"results").toArray())
        found = found || hit.toObject().value(u"id").toString() == PortId;
    QVERIFY2(found, search.body.constData());
    const QByteArray log = "starting\n" + PortError + "\nexit 1\n";
    const HttpTestClient::Answer match = HttpTestClient::request(port, "POST", "/api/v1/match", {}, log);
    QCOMPARE(match.status, 200);
    const QJsonArray matches = objectOf(match).value(u"matches").toArray();
    QVERIFY(!matches.isEmpty());
    QCOMPARE(matches.first().toObject().value(u"id").toString(), PortId);
}

void ServeRouterTest::liveEndpointsRefuseBadRequests()
{
    startServer();
    const quint16 port = m_server->port();
    const auto code = [](const HttpTestClient::Answer &answer) {
        return objectOf(answer).value(u"error").toObject().value(u"code").toString();
    };
    HttpTestClient::Answer answer = HttpTestClient::request(port, "GET", "/api/v1/lookup");
    QCOMPARE(answer.status, 400);
    QCOMPARE(code(answer), QStringLiteral("missing_text"));
    answer = HttpTestClient::request(port, "GET", "/api/v1/lookup?q=x&limit=100000");
    QCOMPARE(answer.status, 400);
    QCOMPARE(code(answer), QStringLiteral("bad_limit"));
    answer = HttpTestClient::request(port, "GET", "/api/v1/match");
    QCOMPARE(answer.status, 405);
    QCOMPARE(answer.headers.value("allow"), QByteArray("POST"));
    answer = HttpTestClient::request(port, "POST", "/api/v1/search", {}, "x");
    QCOMPARE(answer.status, 405);
    // Invalid UTF-8 is text all the same.
    answer = HttpTestClient::request(port, "POST", "/api/v1/lookup", {}, QByteArray("\xff\xfe port is already \xc3"));
    QCOMPARE(answer.status, 200);
}

void ServeRouterTest::mcpAnswersToolsStatelessly()
{
    startServer();
    // No initialize first: every message stands alone.
    HttpTestClient::Answer answer = mcp(toolCall(
        QStringLiteral("lookup_error"), QJsonObject{{QStringLiteral("error_message"), QString::fromUtf8(PortError)}}));
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.headers.value("content-type"), QByteArray("application/json"));
    const QJsonObject result = objectOf(answer).value(u"result").toObject();
    QCOMPARE(result.value(u"structuredContent")
                 .toObject()
                 .value(u"results")
                 .toArray()
                 .first()
                 .toObject()
                 .value(u"id")
                 .toString(),
             PortId);
    answer = mcp(
        rpc(QStringLiteral("initialize"),
            QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                        {QStringLiteral("capabilities"), QJsonObject()},
                        {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")}}}}));
    QCOMPARE(objectOf(answer).value(u"result").toObject().value(u"protocolVersion").toString(),
             QStringLiteral("2025-06-18"));
    QVERIFY(!answer.headers.contains("mcp-session-id"));
    answer = mcp(rpc(QStringLiteral("notifications/initialized"), {}, -1));
    QCOMPARE(answer.status, 202);
    QVERIFY(answer.body.isEmpty());
    answer = mcp(rpc(QStringLiteral("tools/list")), mcpHeaders("MCP-Protocol-Version", "2025-06-18"));
    QVERIFY(objectOf(answer).value(u"result").toObject().value(u"tools").toArray().size() >= 7);
    answer = mcp(toolCall(QStringLiteral("get_record"), QJsonObject{{QStringLiteral("id"), PortId}}));
    QVERIFY(!objectOf(answer).value(u"result").toObject().value(u"isError").toBool());
}

void ServeRouterTest::mcpRefusals()
{
    startServer();
    const QByteArray ping = rpc(QStringLiteral("ping"));
    HttpTestClient::Answer answer = mcp(ping, mcpHeaders("Origin", "http://evil.example"));
    QCOMPARE(answer.status, 403);
    QCOMPARE(objectOf(answer).value(u"error").toObject().value(u"code").toInt(), -32600);
    QCOMPARE(HttpTestClient::request(m_server->port(), "GET", "/mcp", mcpHeaders()).status, 405);
    QCOMPARE(HttpTestClient::request(m_server->port(), "DELETE", "/mcp", mcpHeaders()).status, 405);
    QCOMPARE(mcp(ping, {{"Content-Type", "text/plain"}}).status, 415);
    QCOMPARE(mcp(ping, {{"Content-Type", "application/json"}, {"Accept", "text/html"}}).status, 406);
    QCOMPARE(mcp(ping, mcpHeaders("MCP-Protocol-Version", "1999-01-01")).status, 400);
    answer = mcp("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ");
    QCOMPARE(answer.status, 400);
    QCOMPARE(objectOf(answer).value(u"error").toObject().value(u"code").toInt(), -32700);
    answer = mcp(QByteArray(200, '[') + QByteArray(200, ']'));
    QCOMPARE(answer.status, 400);
    QVERIFY(answer.body.contains("nested deeper"));
    answer = mcp("[" + ping + "]");
    QCOMPARE(objectOf(answer).value(u"error").toObject().value(u"code").toInt(), -32600);
    answer = mcp(toolCall(QStringLiteral("no_such_tool"), {}));
    QCOMPARE(objectOf(answer).value(u"error").toObject().value(u"code").toInt(), -32602);
    // The server's own origin may call it.
    const QByteArray own = QByteArray("http://127.0.0.1:") + QByteArray::number(m_server->port());
    QCOMPARE(mcp(ping, mcpHeaders("Origin", own)).status, 200);
}

void ServeRouterTest::corsOnlyForAllowedOrigins()
{
    ServeOptions options;
    options.allowedOrigins << QStringLiteral("https://kb.example.com");
    startServer(options);
    const quint16 port = m_server->port();
    HttpTestClient::Answer answer = HttpTestClient::request(
        port, "OPTIONS", "/mcp", {{"Origin", "https://kb.example.com"}, {"Access-Control-Request-Method", "POST"}});
    QCOMPARE(answer.status, 204);
    QVERIFY(answer.headers.value("access-control-allow-headers").contains("MCP-Protocol-Version"));
    answer = HttpTestClient::request(port, "OPTIONS", "/mcp", {{"Origin", "https://other.example.com"}});
    QCOMPARE(answer.status, 403);
    answer = HttpTestClient::request(port, "GET", "/api/v1/search?q=docker", {{"Origin", "https://kb.example.com"}});
    QCOMPARE(answer.headers.value("access-control-allow-origin"), QByteArray("https://kb.example.com"));
    answer = HttpTestClient::request(port, "GET", "/api/v1/search?q=docker", {{"Origin", "https://other.example.com"}});
    QVERIFY(!answer.headers.contains("access-control-allow-origin"));
    QCOMPARE(mcp(rpc(QStringLiteral("ping")), mcpHeaders("Origin", "https://kb.example.com")).status, 200);
}

void ServeRouterTest::writesNeedTheFolderAndTheToken()
{
    const QString outcomes = m_dir->filePath(QStringLiteral("outcomes"));
    QVERIFY(QDir().mkpath(outcomes));
    const QByteArray report = toolCall(QStringLiteral("report_outcome"),
                                       QJsonObject{{QStringLiteral("id"), PortId},
                                                   {QStringLiteral("workaround_index"), 0},
                                                   {QStringLiteral("worked"), true}});
    const auto textOf = [](const HttpTestClient::Answer &answer) {
        return objectOf(answer)
            .value(u"result")
            .toObject()
            .value(u"content")
            .toArray()
            .first()
            .toObject()
            .value(u"text")
            .toString();
    };
    const auto isError = [](const HttpTestClient::Answer &answer) {
        return objectOf(answer).value(u"result").toObject().value(u"isError").toBool();
    };
    startServer(); // writes off
    HttpTestClient::Answer answer = mcp(report, mcpHeaders("Authorization", "Bearer " + Token));
    QVERIFY(isError(answer));
    QVERIFY2(textOf(answer).contains(QStringLiteral("takes no writes")), qPrintable(textOf(answer)));
    m_server.reset();
    ServeOptions options;
    options.outcomesFolder = outcomes;
    options.token = Token;
    startServer(options);
    answer = mcp(report);
    QVERIFY(isError(answer));
    QVERIFY(textOf(answer).contains(QStringLiteral("bearer token")));
    answer = mcp(report, mcpHeaders("Authorization", "Bearer wrong-token-of-some-length"));
    QVERIFY(isError(answer));
    answer = mcp(report, mcpHeaders("Authorization", "Bearer " + Token));
    QVERIFY2(!isError(answer), qPrintable(textOf(answer)));
    QCOMPARE(OutcomeLog::read(outcomes).reports.size(), 1);
    QVERIFY(!QFile::exists(OutcomeLog::filePath(kbPath()))); // never into the KB
}

void ServeRouterTest::metricsCountRequests()
{
    startServer();
    HttpTestClient::request(m_server->port(), "POST", "/api/v1/lookup", {}, PortError);
    HttpTestClient::request(m_server->port(), "GET", "/api/v1/lookup");
    const HttpTestClient::Answer answer = HttpTestClient::request(m_server->port(), "GET", "/metrics");
    QCOMPARE(answer.status, 200);
    QVERIFY(answer.headers.value("content-type").startsWith("text/plain; version=0.0.4"));
    QVERIFY(answer.body.contains("errata_http_requests_total{route=\"lookup\",status=\"200\"} 1\n"));
    QVERIFY(answer.body.contains("errata_http_requests_total{route=\"lookup\",status=\"400\"} 1\n"));
    QVERIFY(answer.body.contains("errata_http_request_duration_seconds_count{route=\"lookup\"} 2\n"));
    QVERIFY(answer.body.contains("errata_snapshot_ready 1\n"));
}

void ServeRouterTest::answersStayWholeDuringReloads()
{
    startServer();
    const quint16 port = m_server->port();
    std::atomic_bool stop{false};
    std::atomic_int answered{0};
    std::atomic_int wrong{0};
    std::vector<std::thread> clients;
    for (int i = 0; i < 3; ++i) {
        clients.emplace_back([&] {
            while (!stop) {
                const HttpTestClient::Answer answer = HttpTestClient::request(port, "POST", "/api/v1/lookup", {},
                                                                              PortError);
                const QJsonArray results = objectOf(answer).value(u"results").toArray();
                if (answer.status != 200 || results.isEmpty()
                    || results.first().toObject().value(u"id").toString() != PortId)
                    ++wrong;
                ++answered;
            }
        });
    }
    QSignalSpy reloaded(m_reloader.get(), &ServeReloader::reloaded);
    const QString file = kbPath() + QStringLiteral("/docker/no-space-left-on-device.json");
    QByteArray text = readFile(file);
    for (int round = 0; round < 3; ++round) {
        QVERIFY(writeFile(file, text.replace("\"root_cause\": \"", "\"root_cause\": \"Edited. ")));
        m_reloader->reload();
        QVERIFY(reloaded.wait(20000));
        QVERIFY(reloaded.last().at(0).toBool());
    }
    stop = true;
    for (std::thread &client : clients)
        client.join();
    QVERIFY(answered > 0);
    QCOMPARE(wrong.load(), 0);
    QVERIFY(m_reloader->status().reloads >= 3);
}

QTEST_GUILESS_MAIN(ServeRouterTest)
#include "ServeRouterTest.moc"
