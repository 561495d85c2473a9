// `errata serve` as an operator starts it (ERRATA_BINARY), on copies of the
// sample KB, on 127.0.0.1 with a free port: the start-up lines and /readyz;
// each bad usage (a --listen that is no ADDR:PORT, writes without a token, a
// token too short or missing, outcomes inside the KB, an origin that is no
// origin) and an address already taken end with exit code 2 and a message
// naming the value; SIGHUP and an edit of a record reload the KB; a record
// given conflict markers keeps the last good snapshot answering with the
// file named in /readyz; SIGTERM ends it with 0. The live API answers as the
// commands do: POST /api/v1/lookup as `errata lookup --format json`, POST
// /api/v1/match as `errata match --format json`.

#include "support/ErrataProcess.h"
#include "support/HttpTestClient.h"
#include "support/ServeProcess.h"
#include "support/TestFiles.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>

using namespace Errata::TestSupport;
using Errata::Test::HttpTestClient;

namespace {

const QString SampleKb = QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb");
constexpr int SampleRecords = 24;
constexpr int ReloadWaitMs = 10000; // the watcher reloads within 2 s of a change; a slow machine gets more

// Pasted errors of the sample KB's domains, and one that is in none.
const QStringList LookupTexts{
    QStringLiteral("fatal: detected dubious ownership in repository at '/srv/app'"),
    QStringLiteral("Error: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle"),
    QStringLiteral("Traceback (most recent call last):\n  File \"app.py\", line 1, in <module>\n"
                   "ModuleNotFoundError: No module named 'requests'"),
    QStringLiteral("exec /usr/local/bin/docker-entrypoint.sh: exec format error"),
    QStringLiteral("the quick brown fox jumps over the lazy dog"),
};

const QByteArray MatchLog = "Step 3/7 : RUN git clone https://example.com/app\n"
                            "fatal: detected dubious ownership in repository at '/src'\n"
                            "npm ERR! Error: Cannot find module 'express'\n"
                            "Back-off restarting failed container app in pod app-7d9\n"
                            "done\n";

QJsonObject parsed(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QJsonObject parsed(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QString firstId(const QJsonObject &lookup)
{
    return lookup.value(u"results").toArray().first().toObject().value(u"id").toString();
}

} // namespace

class ServeCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void startsAndIsReady();
    void badListen_data();
    void badListen();
    void badWriteOptions();
    void badOrigin_data();
    void badOrigin();
    void addressTaken();
    void hangUpReloads();
    void editReloads();
    void conflictMarkersKeepTheLastGoodSnapshot();
    void terminateStops();
    void lookupAnswersAsTheCommand();
    void matchAnswersAsTheCommand();
    void budgetsFromTheEnvironment();

private:
    QString cacheHome() const { return m_dir.filePath(QStringLiteral("cache")); }
    QString kbCopy(const QString &name);
    Run run(const QStringList &arguments, const QByteArray &input = {});
    void start(ServeProcess &server, const QString &kb, const QStringList &more = {});
    static QJsonObject waitForReadyz(ServeProcess &server, const std::function<bool(const QJsonObject &)> &done);
    static QJsonObject post(quint16 port, const QByteArray &path, const QByteArray &body, int *status = nullptr);

    QTemporaryDir m_dir;
    QString m_kb; // a copy of the sample KB that no test changes
};

void ServeCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_kb = kbCopy(QStringLiteral("kb"));
    QVERIFY(!m_kb.isEmpty());
}

QString ServeCommandTest::kbCopy(const QString &name)
{
    const QString kb = m_dir.filePath(name);
    return copyFolder(SampleKb, kb) ? kb : QString();
}

Run ServeCommandTest::run(const QStringList &arguments, const QByteArray &input)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.input = input;
    options.cacheHome = cacheHome();
    options.timeoutMs = 20000; // a bad usage ends at once; a server taking it would run until then
    return runErrata(arguments, options);
}

void ServeCommandTest::start(ServeProcess &server, const QString &kb, const QStringList &more)
{
    QString why;
    QVERIFY2(server.start(QStringList{QStringLiteral("--kb"), kb} + more, cacheHome(), &why), qPrintable(why));
    QVERIFY(server.port() > 0);
}

// /readyz polled until `done` holds (or ReloadWaitMs passed): the last answer.
QJsonObject ServeCommandTest::waitForReadyz(ServeProcess &server, const std::function<bool(const QJsonObject &)> &done)
{
    const QDeadlineTimer deadline(ReloadWaitMs);
    QJsonObject ready = server.getJson("/readyz");
    while (!done(ready) && !deadline.hasExpired()) {
        QTest::qWait(100);
        ready = server.getJson("/readyz");
    }
    return ready;
}

QJsonObject ServeCommandTest::post(quint16 port, const QByteArray &path, const QByteArray &body, int *status)
{
    const HttpTestClient::Answer answer = HttpTestClient::request(port, "POST", path, {}, body);
    if (status)
        *status = answer.status;
    return parsed(answer.body);
}

void ServeCommandTest::startsAndIsReady()
{
    ServeProcess server;
    start(server, m_kb);
    const QString err = server.standardError();
    QVERIFY2(err.contains(QStringLiteral("errata serve: read %1 records of ").arg(SampleRecords)), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("errata serve: listening on http://127.0.0.1:%1 (").arg(server.port())),
             qPrintable(err));
    int status = 0;
    const QJsonObject ready = server.getJson("/readyz", &status);
    QCOMPARE(status, 200);
    QCOMPARE(ready.value(u"ready").toBool(), true);
    QCOMPARE(ready.value(u"reloads").toInt(-1), 0);
    QVERIFY(ready.value(u"last_error").isNull());
    const QJsonObject snapshot = ready.value(u"snapshot").toObject();
    QCOMPARE(snapshot.value(u"records").toInt(), SampleRecords);
    QVERIFY(snapshot.value(u"commit").isNull()); // a copy, not a git checkout
    QVERIFY(QDateTime::fromString(snapshot.value(u"loaded_at").toString(), Qt::ISODate).isValid());
    QCOMPARE(snapshot.value(u"problems").toArray().size(), 0);
    QCOMPARE(server.getJson("/healthz", &status).value(u"status").toString(), QStringLiteral("ok"));
    QCOMPARE(status, 200);
    QCOMPARE(server.stop(), 0);
}

void ServeCommandTest::badListen_data()
{
    QTest::addColumn<QString>("listen");
    QTest::newRow("a name, not an address") << QStringLiteral("localhost:80");
    QTest::newRow("no port") << QStringLiteral("1.2.3.4");
    QTest::newRow("no colon after the bracket") << QStringLiteral("[::1]8700");
    QTest::newRow("port over 65535") << QStringLiteral("127.0.0.1:70000");
    QTest::newRow("port not a number") << QStringLiteral("127.0.0.1:http");
    QTest::newRow("IPv6 without brackets") << QStringLiteral("::1:8700");
    QTest::newRow("empty") << QString();
}

void ServeCommandTest::badListen()
{
    QFETCH(QString, listen);
    const Run result = run({QStringLiteral("serve"), QStringLiteral("--kb"), m_kb, QStringLiteral("--listen"), listen});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"--listen"), qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1Char('"') + listen.section(QLatin1Char(':'), 0, 0)), qPrintable(result.err));
    QVERIFY2(!result.err.contains(u"listening on"), qPrintable(result.err));
}

void ServeCommandTest::badWriteOptions()
{
    const QString outcomes = m_dir.filePath(QStringLiteral("outcomes"));
    QVERIFY(QDir().mkpath(outcomes));
    const QString token = m_dir.filePath(QStringLiteral("token"));
    QVERIFY(writeFile(token, "0123456789abcdef0123456789abcdef\n"));
    QVERIFY(QFile::setPermissions(token, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    const QStringList serve{QStringLiteral("serve"), QStringLiteral("--kb"), m_kb};

    Run result = run(serve + QStringList{QStringLiteral("--outcomes-dir"), outcomes});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"--outcomes-dir needs --token-file"), qPrintable(result.err));

    const QString shortToken = m_dir.filePath(QStringLiteral("short-token"));
    QVERIFY(writeFile(shortToken, "tooshort\n"));
    QVERIFY(QFile::setPermissions(shortToken, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    result = run(serve + QStringList{QStringLiteral("--token-file"), shortToken});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(shortToken) && result.err.contains(u"at least 16"), qPrintable(result.err));

    const QString missing = m_dir.filePath(QStringLiteral("no-such-token"));
    result = run(serve + QStringList{QStringLiteral("--token-file"), missing});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(missing), qPrintable(result.err));

    // Outcome reports never go into the KB: not in a folder of it, not in
    // the KB itself, not in a folder that holds it.
    const QString inside = m_kb + QStringLiteral("/reports");
    QVERIFY(QDir().mkpath(inside));
    for (const QString &folder : {inside, m_kb, m_dir.path()}) {
        result = run(serve
                     + QStringList{QStringLiteral("--token-file"), token, QStringLiteral("--outcomes-dir"), folder});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(folder) && result.err.contains(u"outside the KB"), qPrintable(result.err));
    }
    QVERIFY(QDir(inside).removeRecursively());
    QVERIFY(QDir(outcomes).isEmpty());
}

void ServeCommandTest::badOrigin_data()
{
    QTest::addColumn<QString>("origin");
    QTest::newRow("a word") << QStringLiteral("evil");
    QTest::newRow("a path after the host") << QStringLiteral("https://kb.example.com/path");
    QTest::newRow("another scheme") << QStringLiteral("ftp://kb.example.com");
    QTest::newRow("a wildcard") << QStringLiteral("*");
}

void ServeCommandTest::badOrigin()
{
    QFETCH(QString, origin);
    const Run result = run(
        {QStringLiteral("serve"), QStringLiteral("--kb"), m_kb, QStringLiteral("--allow-origin"), origin});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"--allow-origin")
                 && result.err.contains(QLatin1Char('"') + origin + QLatin1Char('"')),
             qPrintable(result.err));
}

void ServeCommandTest::addressTaken()
{
    ServeProcess first;
    start(first, m_kb);
    const QString address = QStringLiteral("127.0.0.1:%1").arg(first.port());
    const Run second = run(
        {QStringLiteral("serve"), QStringLiteral("--kb"), m_kb, QStringLiteral("--listen"), address});
    QCOMPARE(second.exitCode, 2);
    QVERIFY2(second.err.contains(u"127.0.0.1") && second.err.contains(QString::number(first.port())),
             qPrintable(second.err));
    QVERIFY2(!second.err.contains(u"listening on"), qPrintable(second.err));
    // The first one is not disturbed.
    QCOMPARE(first.getJson("/readyz").value(u"ready").toBool(), true);
    QCOMPARE(first.stop(), 0);
}

void ServeCommandTest::hangUpReloads()
{
    ServeProcess server;
    start(server, m_kb);
    const int before = server.getJson("/readyz").value(u"reloads").toInt(-1);
    QCOMPARE(before, 0);
    server.signal(SIGHUP);
    const QJsonObject ready = waitForReadyz(
        server, [&](const QJsonObject &ready) { return ready.value(u"reloads").toInt() > before; });
    QCOMPARE(ready.value(u"reloads").toInt(), before + 1);
    QVERIFY(ready.value(u"last_error").isNull());
    QCOMPARE(ready.value(u"snapshot").toObject().value(u"records").toInt(), SampleRecords);
    QTRY_VERIFY_WITH_TIMEOUT(server.standardError().contains(u"reloaded"), 5000);
    QCOMPARE(server.stop(), 0);
}

void ServeCommandTest::editReloads()
{
    const QString kb = kbCopy(QStringLiteral("edited-kb"));
    QVERIFY(!kb.isEmpty());
    ServeProcess server;
    start(server, kb);
    const QByteArray record = "/api/v1/records/git/dubious-ownership.json";
    HttpTestClient::Answer answer = HttpTestClient::request(server.port(), "GET", record);
    QCOMPARE(answer.status, 200);
    QVERIFY(!answer.body.contains("Edited while served"));

    const QString file = kb + QStringLiteral("/git/dubious-ownership.json");
    QByteArray bytes = readFile(file);
    QVERIFY(bytes.contains("\"root_cause\": \"Since Git"));
    bytes.replace("\"root_cause\": \"Since Git", "\"root_cause\": \"Edited while served. Since Git");
    QVERIFY(writeFile(file, bytes));
    const QJsonObject ready = waitForReadyz(
        server, [](const QJsonObject &ready) { return ready.value(u"reloads").toInt() >= 1; });
    QVERIFY2(ready.value(u"reloads").toInt() >= 1, QJsonDocument(ready).toJson().constData());
    QVERIFY(ready.value(u"last_error").isNull());
    answer = HttpTestClient::request(server.port(), "GET", record);
    QCOMPARE(answer.status, 200);
    QVERIFY(answer.body.contains("Edited while served"));
    QCOMPARE(server.stop(), 0);
}

void ServeCommandTest::conflictMarkersKeepTheLastGoodSnapshot()
{
    const QString kb = kbCopy(QStringLiteral("conflicted-kb"));
    QVERIFY(!kb.isEmpty());
    ServeProcess server;
    start(server, kb);
    const QByteArray text = "exec /usr/local/bin/docker-entrypoint.sh: exec format error";
    QCOMPARE(firstId(post(server.port(), "/api/v1/lookup", text)), QStringLiteral("docker/exec-format-error"));

    // What `git pull` leaves in a file both sides changed.
    const QString file = kb + QStringLiteral("/docker/exec-format-error.json");
    const QByteArray good = readFile(file);
    QVERIFY(writeFile(file, "<<<<<<< HEAD\n" + good + "=======\n" + good + ">>>>>>> origin/main\n"));
    QJsonObject ready = waitForReadyz(server,
                                      [](const QJsonObject &ready) { return !ready.value(u"last_error").isNull(); });
    const QString error = ready.value(u"last_error").toString();
    QVERIFY2(error.contains(u"exec-format-error.json"), QJsonDocument(ready).toJson().constData());
    QCOMPARE(ready.value(u"reloads").toInt(), 0);
    QVERIFY(ready.value(u"failed_reloads").toInt() >= 1);
    QCOMPARE(ready.value(u"ready").toBool(), true);
    QCOMPARE(ready.value(u"snapshot").toObject().value(u"records").toInt(), SampleRecords);
    QVERIFY2(server.standardError().contains(u"reload refused"), qPrintable(server.standardError()));
    // The last good snapshot answers, the conflicted record included.
    int status = 0;
    const QJsonObject lookup = post(server.port(), "/api/v1/lookup", text, &status);
    QCOMPARE(status, 200);
    QCOMPARE(firstId(lookup), QStringLiteral("docker/exec-format-error"));
    QCOMPARE(HttpTestClient::request(server.port(), "GET", "/api/v1/records/docker/exec-format-error.json").status,
             200);

    // The conflict resolved: the next snapshot is taken.
    QVERIFY(writeFile(file, good));
    ready = waitForReadyz(server, [](const QJsonObject &ready) { return ready.value(u"reloads").toInt() >= 1; });
    QVERIFY2(ready.value(u"reloads").toInt() >= 1, QJsonDocument(ready).toJson().constData());
    QVERIFY(ready.value(u"last_error").isNull());
    QCOMPARE(server.stop(), 0);
}

void ServeCommandTest::terminateStops()
{
    ServeProcess server;
    start(server, m_kb);
    QCOMPARE(server.stop(), 0);
    QVERIFY2(server.standardError().trimmed().endsWith(u"errata serve: stopped"), qPrintable(server.standardError()));
    ServeProcess interrupted;
    start(interrupted, m_kb);
    interrupted.signal(SIGINT);
    QTRY_VERIFY_WITH_TIMEOUT(!interrupted.isRunning(), 10000);
    QCOMPARE(interrupted.stop(), 0);
    QVERIFY(interrupted.standardError().contains(u"stopped"));
}

// The answer of POST /api/v1/lookup is `errata lookup --format json` on the
// same text from standard input, but for what the command says of its input.
void ServeCommandTest::lookupAnswersAsTheCommand()
{
    ServeProcess server;
    start(server, m_kb);
    int found = 0;
    for (const QString &text : LookupTexts) {
        int status = 0;
        const QJsonObject served = post(server.port(), "/api/v1/lookup", text.toUtf8(), &status);
        QCOMPARE(status, 200);
        const Run command = run({QStringLiteral("lookup"), QStringLiteral("--kb"), m_kb, QStringLiteral("--format"),
                                 QStringLiteral("json")},
                                text.toUtf8());
        QVERIFY2(command.exitCode == 0 || command.exitCode == 1, qPrintable(command.err));
        QJsonObject expected = parsed(command.out);
        QVERIFY2(expected.contains(u"input"), qPrintable(command.out));
        expected.remove(QStringLiteral("input"));
        if (served != expected)
            qWarning("served: %s\ncommand: %s", QJsonDocument(served).toJson().constData(),
                     QJsonDocument(expected).toJson().constData());
        QCOMPARE(served, expected);
        found += served.value(u"results").toArray().isEmpty() ? 0 : 1;
    }
    QVERIFY(found >= 4); // the texts of the sample KB's domains are found
    QCOMPARE(server.stop(), 0);
}

// The answer of POST /api/v1/match is `errata match --format json` on the
// same log, but for what the command says of its own arguments and the
// milliseconds it took.
void ServeCommandTest::matchAnswersAsTheCommand()
{
    ServeProcess server;
    start(server, m_kb);
    int status = 0;
    QJsonObject served = post(server.port(), "/api/v1/match", MatchLog, &status);
    QCOMPARE(status, 200);
    const QString log = m_dir.filePath(QStringLiteral("build.log"));
    QVERIFY(writeFile(log, MatchLog));
    const Run command = run({QStringLiteral("match"), QStringLiteral("--kb"), m_kb, QStringLiteral("--format"),
                             QStringLiteral("json"), log});
    QCOMPARE(command.exitCode, 0);
    QJsonObject expected = parsed(command.out);
    for (const char *key : {"log", "kb", "ignore_case"}) {
        QVERIFY2(expected.contains(QLatin1String(key)), key);
        expected.remove(QLatin1String(key));
    }
    for (QJsonObject *answer : {&served, &expected}) {
        QJsonObject summary = answer->value(u"summary").toObject();
        QVERIFY(summary.contains(u"match_ms"));
        summary.remove(QStringLiteral("build_ms"));
        summary.remove(QStringLiteral("match_ms"));
        answer->insert(QStringLiteral("summary"), summary);
    }
    if (served != expected)
        qWarning("served: %s\ncommand: %s", QJsonDocument(served).toJson().constData(),
                 QJsonDocument(expected).toJson().constData());
    QCOMPARE(served, expected);
    QVERIFY(served.value(u"matches").toArray().size() >= 3);
    QCOMPARE(server.stop(), 0);
}

// ERRATA_REGEX_BUDGET_MS and ERRATA_RUN_BUDGET_MS set the budgets of the
// server's lookups and matches, as of the commands'.
void ServeCommandTest::budgetsFromTheEnvironment()
{
    qputenv("ERRATA_REGEX_BUDGET_MS", "750");
    qputenv("ERRATA_RUN_BUDGET_MS", "1250");
    ServeProcess server;
    start(server, m_kb);
    qunsetenv("ERRATA_REGEX_BUDGET_MS");
    qunsetenv("ERRATA_RUN_BUDGET_MS");
    int status = 0;
    const QJsonObject served = post(server.port(), "/api/v1/lookup", LookupTexts.first().toUtf8(), &status);
    QCOMPARE(status, 200);
    QCOMPARE(served.value(u"regex_budget_seconds").toDouble(), 0.75);
    QCOMPARE(served.value(u"run_budget_seconds").toDouble(), 1.25);
    QCOMPARE(server.stop(), 0);
}

QTEST_GUILESS_MAIN(ServeCommandTest)
#include "ServeCommandTest.moc"
