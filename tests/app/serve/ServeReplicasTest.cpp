// Two replicas of `errata serve` (ERRATA_BINARY) on two ports of the same
// KB, a git checkout, as docs/serve.md's "Replicas behind a load balancer"
// runs them: a client alternating between them over some forty requests
// (lookups, search, site pages, the published JSON, MCP tool calls) gets the
// same answer from both; after a commit, both serve it (their /readyz names
// it) and answer alike again. Then nginx (when installed), in the foreground from a folder of its
// own with resources/serve/nginx-errata.conf given the test's ports, answers
// as the replicas do, and still answers every request once one replica is
// stopped. And systemd-analyze (when installed, and when it can run here)
// verifies resources/serve/errata-serve@.service. Loopback only; every
// process is stopped at the end.

#include "support/GitTestRepository.h"
#include "support/HttpTestClient.h"
#include "support/ServeProcess.h"
#include "support/TestFiles.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Errata::TestSupport;
using Errata::Test::HttpTestClient;

namespace {

const QString SourceDir = QStringLiteral(ERRATA_SOURCE_DIR);

struct Request
{
    QByteArray method;
    QByteArray target;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers;
    QByteArray name() const { return method + ' ' + target.left(80); }
};

const QStringList Texts{
    QStringLiteral("fatal: detected dubious ownership in repository at '/srv/app'"),
    QStringLiteral("Error: listen EADDRINUSE: address already in use :::3000"),
    QStringLiteral("ModuleNotFoundError: No module named 'requests'"),
    QStringLiteral("exec /usr/local/bin/docker-entrypoint.sh: exec format error"),
    QStringLiteral("git@github.com: Permission denied (publickey)."),
    QStringLiteral("error: externally-managed-environment"),
    QStringLiteral("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"),
    QStringLiteral("Back-off restarting failed container"),
    QStringLiteral("no space left on device"),
    QStringLiteral("the quick brown fox"),
};

QByteArray mcpCall(int id, const QString &tool, const QJsonObject &arguments)
{
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), id},
                              {QStringLiteral("method"), QStringLiteral("tools/call")},
                              {QStringLiteral("params"),
                               QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

QList<Request> requests()
{
    const QHash<QByteArray, QByteArray> mcp{{"Content-Type", "application/json"},
                                            {"Accept", "application/json, text/event-stream"}};
    QList<Request> list;
    for (const QString &text : Texts)
        list << Request{"POST", "/api/v1/lookup", text.toUtf8(), {}};
    for (const QString &text : Texts.mid(0, 4))
        list << Request{"GET", "/api/v1/lookup?q=" + QUrl::toPercentEncoding(text), {}, {}};
    for (const char *query : {"git", "permission denied", "docker", "memory", "zzzz-nothing"})
        list << Request{"GET", "/api/v1/search?q=" + QUrl::toPercentEncoding(QString::fromLatin1(query)), {}, {}};
    for (const char *path :
         {"/", "/zh/", "/index.html", "/domains/git.html", "/records/docker/exec-format-error.html",
          "/zh/records/git/dubious-ownership.html", "/api/v1/index.json", "/api/v1/stats.json",
          "/api/v1/records/git/dubious-ownership.json", "/api/v1/openapi.json", "/llms.txt", "/no/such/page.html"})
        list << Request{"GET", path, {}, {}};
    list << Request{"POST", "/api/v1/match", "fatal: detected dubious ownership in repository at '/src'\nok\n", {}};
    list << Request{"POST", "/mcp", R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})", mcp};
    int id = 10;
    for (const QString &text : Texts.mid(0, 6))
        list << Request{"POST", "/mcp",
                        mcpCall(id++, QStringLiteral("lookup_error"), {{QStringLiteral("error_message"), text}}), mcp};
    list << Request{
        "POST", "/mcp",
        mcpCall(id++, QStringLiteral("get_record"), {{QStringLiteral("id"), QStringLiteral("git/dubious-ownership")}}),
        mcp};
    return list;
}

HttpTestClient::Answer send(quint16 port, const Request &request)
{
    return HttpTestClient::request(port, request.method, request.target, request.headers, request.body);
}

// `value` without the milliseconds a match took (summary.build_ms and
// match_ms), which no two runs share.
QJsonValue withoutTimes(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &item : value.toArray())
            array.append(withoutTimes(item));
        return array;
    }
    if (!value.isObject())
        return value;
    QJsonObject object = value.toObject();
    object.remove(QStringLiteral("build_ms"));
    object.remove(QStringLiteral("match_ms"));
    for (auto item = object.begin(); item != object.end(); ++item)
        item.value() = withoutTimes(item.value());
    return object;
}

bool sameBody(const QByteArray &a, const QByteArray &b)
{
    if (a == b)
        return true;
    const QJsonDocument x = QJsonDocument::fromJson(a);
    const QJsonDocument y = QJsonDocument::fromJson(b);
    return x.isObject() && y.isObject() && a.contains("\"match_ms\"")
        && withoutTimes(x.object()) == withoutTimes(y.object());
}

// Status, type and body equal (but for a match's times), or why not.
QString difference(const HttpTestClient::Answer &a, const HttpTestClient::Answer &b)
{
    if (a.status != b.status)
        return QStringLiteral("status %1, then %2").arg(a.status).arg(b.status);
    for (const QByteArray &header : {QByteArray("content-type"), QByteArray("etag")}) {
        if (a.headers.value(header) != b.headers.value(header))
            return QStringLiteral("%1 \"%2\", then \"%3\"")
                .arg(QString::fromLatin1(header), QString::fromLatin1(a.headers.value(header)),
                     QString::fromLatin1(b.headers.value(header)));
    }
    if (!sameBody(a.body, b.body))
        return QStringLiteral("bodies differ:\n%1\n%2")
            .arg(QString::fromUtf8(a.body.left(600)), QString::fromUtf8(b.body.left(600)));
    return {};
}

// A port nothing listens on now (for nginx, which cannot be given 0).
quint16 freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    quint16 port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

QString findProgram(const QString &name)
{
    const QString found = QStandardPaths::findExecutable(name);
    return found.isEmpty()
        ? QStandardPaths::findExecutable(name, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")})
        : found;
}

// `program arguments` run to its end within `timeoutMs`: its exit code
// (-1 when it did not start or end) and its output, both channels.
int runProgram(const QString &program, const QStringList &arguments, QString *output, int timeoutMs = 60000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForStarted(10000)) {
        *output = process.errorString();
        return -1;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        *output = QString::fromUtf8(process.readAll()) + QStringLiteral("\n(timed out)");
        return -1;
    }
    *output = QString::fromUtf8(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

} // namespace

class ServeReplicasTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void replicasAnswerAlike();
    void replicasFollowACommit();
    void throughNginx();
    void systemdUnitVerifies();
    void cleanupTestCase();

private:
    bool startNginx(quint16 listen, QString *why);
    void stopNginx();

    QTemporaryDir m_dir;
    std::unique_ptr<GitTestRepository> m_repository; // the KB, a git checkout
    ServeProcess m_first;
    ServeProcess m_second;
    QProcess m_nginx;
};

void ServeReplicasTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString kb = m_dir.filePath(QStringLiteral("kb"));
    QVERIFY(copyFolder(SourceDir + QStringLiteral("/resources/sample-kb"), kb));
    m_repository = std::make_unique<GitTestRepository>(kb);
    QVERIFY(m_repository->isValid());
    QVERIFY(!m_repository->commitAll(QStringLiteral("The sample KB")).isEmpty());
    // A cache of its own for each, as each instance of the systemd unit has.
    QString why;
    QVERIFY2(m_first.start({QStringLiteral("--kb"), kb}, m_dir.filePath(QStringLiteral("cache-1")), &why),
             qPrintable(why));
    QVERIFY2(m_second.start({QStringLiteral("--kb"), kb}, m_dir.filePath(QStringLiteral("cache-2")), &why),
             qPrintable(why));
    QVERIFY(m_first.port() != m_second.port());
}

void ServeReplicasTest::replicasAnswerAlike()
{
    const QList<Request> list = requests();
    QVERIFY(list.size() >= 40);
    int found = 0;
    for (qsizetype i = 0; i < list.size(); ++i) {
        // Alternating: the first replica first on even requests, the second on odd ones.
        const bool firstFirst = i % 2 == 0;
        const HttpTestClient::Answer a = send(firstFirst ? m_first.port() : m_second.port(), list.at(i));
        const HttpTestClient::Answer b = send(firstFirst ? m_second.port() : m_first.port(), list.at(i));
        QVERIFY2(a.status != 0, list.at(i).name().constData());
        if (list.at(i).target == "/mcp")
            QVERIFY2(a.body.contains("\"result\"") && !a.body.contains("\"isError\":true"),
                     a.body.left(300).constData());
        const QString why = difference(a, b);
        QVERIFY2(why.isEmpty(), qPrintable(QString::fromLatin1(list.at(i).name()) + QStringLiteral(": ") + why));
        found += a.status == 200 ? 1 : 0;
    }
    // All but the page that is not there.
    QCOMPARE(found, list.size() - 1);
}

// A commit to the checkout both replicas serve: each reads it on its own,
// and they answer alike again, from the new commit.
void ServeReplicasTest::replicasFollowACommit()
{
    const QString file = QStringLiteral("git/dubious-ownership.json");
    QByteArray bytes = readFile(m_repository->folder() + QLatin1Char('/') + file);
    QVERIFY(bytes.contains("\"root_cause\": \"Since Git"));
    bytes.replace("\"root_cause\": \"Since Git", "\"root_cause\": \"Committed while served. Since Git");
    QVERIFY(m_repository->write(file, bytes));
    const QByteArray commit = m_repository->commitAll(QStringLiteral("An edit"));
    QVERIFY(!commit.isEmpty());
    for (ServeProcess *replica : {&m_first, &m_second}) {
        const QDeadlineTimer deadline(10000);
        QJsonObject ready = replica->getJson("/readyz");
        while (!deadline.hasExpired()
               && ready.value(u"snapshot").toObject().value(u"commit").toString().toLatin1() != commit) {
            QTest::qWait(100);
            ready = replica->getJson("/readyz");
        }
        QVERIFY2(ready.value(u"snapshot").toObject().value(u"commit").toString().toLatin1() == commit,
                 QJsonDocument(ready).toJson().constData());
    }
    for (const Request &request : {Request{"GET", "/api/v1/records/git/dubious-ownership.json", {}, {}},
                                   Request{"GET", "/records/git/dubious-ownership.html", {}, {}},
                                   Request{"POST", "/api/v1/lookup", Texts.first().toUtf8(), {}}}) {
        const HttpTestClient::Answer a = send(m_first.port(), request);
        QCOMPARE(a.status, 200);
        const QString why = difference(a, send(m_second.port(), request));
        QVERIFY2(why.isEmpty(), qPrintable(QString::fromLatin1(request.name()) + QStringLiteral(": ") + why));
    }
    QVERIFY(send(m_first.port(), Request{"GET", "/api/v1/records/git/dubious-ownership.json", {}, {}})
                .body.contains("Committed while served"));
}

bool ServeReplicasTest::startNginx(quint16 listen, QString *why)
{
    const QString nginx = findProgram(QStringLiteral("nginx"));
    const QString prefix = m_dir.filePath(QStringLiteral("nginx"));
    QDir().mkpath(prefix + QStringLiteral("/logs"));
    QByteArray site = readFile(SourceDir + QStringLiteral("/resources/serve/nginx-errata.conf"));
    for (const char *expected : {"127.0.0.1:8701", "127.0.0.1:8702", "listen 80;", "max_fails=1"}) {
        if (!site.contains(expected)) {
            *why = QStringLiteral("nginx-errata.conf has no \"%1\" to replace").arg(QLatin1String(expected));
            return false;
        }
    }
    site.replace("127.0.0.1:8701", "127.0.0.1:" + QByteArray::number(m_first.port()));
    site.replace("127.0.0.1:8702", "127.0.0.1:" + QByteArray::number(m_second.port()));
    // A replica that failed once stays marked down: then only the first
    // request would find it down. Never marked down, every other request
    // goes to it first, and is passed on by proxy_next_upstream.
    site.replace("max_fails=1", "max_fails=0");
    site.replace("listen 80;", "listen 127.0.0.1:" + QByteArray::number(listen) + ';');
    const QByteArray root = QFile::encodeName(prefix);
    QByteArray main = ::geteuid() == 0 ? "user root;\n" : "";
    main += "worker_processes 1;\npid " + root + "/nginx.pid;\nerror_log " + root + "/logs/error.log;\n"
        + "events { worker_connections 256; }\nhttp {\n    access_log " + root + "/logs/access.log;\n";
    for (const char *temp : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
        main += "    " + QByteArray(temp) + "_temp_path " + root + "/temp-" + temp + ";\n";
    main += "    include " + root + "/errata.conf;\n}\n";
    if (!writeFile(prefix + QStringLiteral("/errata.conf"), site)
        || !writeFile(prefix + QStringLiteral("/nginx.conf"), main)) {
        *why = QStringLiteral("cannot write nginx's configuration");
        return false;
    }
    const QStringList arguments{QStringLiteral("-p"), prefix, QStringLiteral("-c"),
                                prefix + QStringLiteral("/nginx.conf")};
    QString output;
    if (runProgram(nginx, arguments + QStringList{QStringLiteral("-t")}, &output) != 0) {
        *why = QStringLiteral("nginx -t refuses the configuration:\n") + output;
        return false;
    }
    m_nginx.setProcessChannelMode(QProcess::MergedChannels);
    m_nginx.start(nginx, arguments + QStringList{QStringLiteral("-g"), QStringLiteral("daemon off;")});
    if (!m_nginx.waitForStarted(10000)) {
        *why = m_nginx.errorString();
        return false;
    }
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() && m_nginx.state() == QProcess::Running) {
        if (HttpTestClient::request(listen, "GET", "/healthz", {}, {}, 1000).status == 200)
            return true;
        QTest::qWait(100);
    }
    *why = QStringLiteral("nginx did not answer on port %1: %2\n%3")
               .arg(listen)
               .arg(QString::fromUtf8(m_nginx.readAll()),
                    QString::fromUtf8(readFile(prefix + QStringLiteral("/logs/error.log"))));
    return false;
}

void ServeReplicasTest::stopNginx()
{
    if (m_nginx.state() == QProcess::NotRunning)
        return;
    m_nginx.terminate(); // SIGTERM: nginx's fast shutdown
    if (!m_nginx.waitForFinished(10000)) {
        m_nginx.kill();
        m_nginx.waitForFinished(5000);
    }
}

void ServeReplicasTest::throughNginx()
{
    if (findProgram(QStringLiteral("nginx")).isEmpty())
        QSKIP("nginx is not installed (Debian: nginx-light): the example configuration is not tried");
    // The free port may be taken before nginx binds it: another one then.
    quint16 listen = 0;
    QString why;
    bool started = false;
    for (int attempt = 0; attempt < 3 && !started; ++attempt) {
        listen = freePort();
        started = listen > 0 && startNginx(listen, &why);
        if (!started)
            stopNginx();
    }
    QVERIFY2(started, qPrintable(why));
    const QList<Request> list = requests();
    for (const Request &request : list) {
        const QString differs = difference(send(m_first.port(), request), send(listen, request));
        QVERIFY2(differs.isEmpty(),
                 qPrintable(QString::fromLatin1(request.name()) + QStringLiteral(" via nginx: ") + differs));
    }
    // One replica down: nginx passes what it sent there to the other one,
    // POSTs included (they never reached the one that is down), in every
    // location of the configuration.
    QCOMPARE(m_second.stop(), 0);
    for (int round = 0; round < 2; ++round) {
        for (const Request &request : list) {
            const HttpTestClient::Answer via = send(listen, request);
            const QString differs = difference(send(m_first.port(), request), via);
            QVERIFY2(differs.isEmpty(),
                     qPrintable(QString::fromLatin1(request.name()) + QStringLiteral(" via nginx, one replica down: ")
                                + differs));
        }
    }
    // Half of them were sent to the replica that is down first.
    const QString log = QString::fromUtf8(readFile(m_dir.filePath(QStringLiteral("nginx/logs/error.log"))));
    QVERIFY2(log.contains(QStringLiteral("127.0.0.1:%1").arg(m_second.port())), qPrintable(log));
    stopNginx();
}

void ServeReplicasTest::systemdUnitVerifies()
{
    const QString analyze = findProgram(QStringLiteral("systemd-analyze"));
    if (analyze.isEmpty())
        QSKIP("systemd-analyze is not installed: the systemd unit is not verified");
    const QString folder = m_dir.filePath(QStringLiteral("units"));
    QVERIFY(QDir().mkpath(folder));
    // systemd-analyze first on a unit that cannot be wrong: when even that
    // fails, it cannot run here (a container without systemd's directories).
    QVERIFY(writeFile(folder + QStringLiteral("/errata-probe.service"), "[Service]\nExecStart=/bin/true\n"));
    QString output;
    const int probe = runProgram(
        analyze,
        {QStringLiteral("verify"), QStringLiteral("--man=no"), folder + QStringLiteral("/errata-probe.service")},
        &output);
    if (probe != 0 || !output.trimmed().isEmpty())
        QSKIP(qPrintable(QStringLiteral("systemd-analyze verify cannot run here (exit code %1): %2")
                             .arg(probe)
                             .arg(output.trimmed())));
    QByteArray unit = readFile(SourceDir + QStringLiteral("/resources/serve/errata-serve@.service"));
    QVERIFY(unit.contains("ExecStart=/usr/bin/errata serve "));
    unit.replace("/usr/bin/errata ", QFile::encodeName(QStringLiteral(ERRATA_BINARY)) + ' ');
    // As it is, and with the lines a team adds uncommented.
    QByteArray team = unit;
    for (const char *line : {"StateDirectory=", "LoadCredential=", "ExecStart="})
        team.replace(QByteArray("\n#") + line, QByteArray("\n") + line);
    QCOMPARE(team.count("\nExecStart="), 3);
    for (const QByteArray &text : {unit, team}) {
        QVERIFY(writeFile(folder + QStringLiteral("/errata-serve@.service"), text));
        const int code = runProgram(analyze,
                                    {QStringLiteral("verify"), QStringLiteral("--man=no"),
                                     folder + QStringLiteral("/errata-serve@8701.service")},
                                    &output);
        // A warning (an unknown key, a value it cannot parse) names the file
        // but leaves the exit code 0.
        QVERIFY2(code == 0 && !output.contains(u"errata-serve@"), qPrintable(output + QString::fromUtf8(text)));
    }
}

void ServeReplicasTest::cleanupTestCase()
{
    stopNginx();
    QCOMPARE(m_first.stop(), 0);
    QCOMPARE(m_second.stop(), 0);
}

QTEST_GUILESS_MAIN(ServeReplicasTest)
#include "ServeReplicasTest.moc"
