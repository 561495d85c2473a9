// `errata mcp` as a client starts it (ERRATA_BINARY), on a copy of the
// sample KB: messages framed one per line on standard input, every line on
// standard output a JSON-RPC answer and nothing else, a message over the
// 4 MiB limit answered with an error without stopping the server, a
// thousand malformed messages each answered, the end of input ending the
// server, and the exit code 2 for bad usage or an unreadable KB. A file
// name that holds a control character is escaped on standard error.

#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Errata::TestSupport;

namespace {

const QByteArray Initialize = R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{)"
                              R"("protocolVersion":"2025-06-18","capabilities":{},)"
                              R"("clientInfo":{"name":"mcp-command-test","version":"1"}}})"
                              "\n"
                              R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                              "\n";

} // namespace

class McpCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void help();
    void badUsage();
    void session();
    void oversizedMessage();
    void aThousandMalformedMessages();
    void fileNamesAreEscapedOnStandardError();

private:
    Run run(const QStringList &arguments, const QByteArray &input);
    static QList<QJsonObject> answers(const QString &out);
    QString kbPath() const { return m_dir.filePath(QStringLiteral("kb")); }

    QTemporaryDir m_dir;
};

void McpCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
}

Run McpCommandTest::run(const QStringList &arguments, const QByteArray &input)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.input = input;
    options.cacheHome = m_dir.filePath(QStringLiteral("cache"));
    return runErrata(arguments, options);
}

// Every line of `out` parsed; a line that is not a JSON-RPC message fails.
QList<QJsonObject> McpCommandTest::answers(const QString &out)
{
    QList<QJsonObject> result;
    const QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const QJsonObject object = QJsonDocument::fromJson(line.toUtf8()).object();
        if (object.value(u"jsonrpc").toString() != QLatin1String("2.0"))
            qWarning("not a JSON-RPC message on standard output: %s", qPrintable(line.left(200)));
        result << object;
    }
    return result;
}

void McpCommandTest::help()
{
    const Run result = run({QStringLiteral("mcp"), QStringLiteral("--help")}, {});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.out.startsWith(u"Usage: errata mcp [options]"));
    QVERIFY(result.out.contains(u"--kb DIR"));
}

void McpCommandTest::badUsage()
{
    Run result = run({QStringLiteral("mcp"), QStringLiteral("--kb"), m_dir.filePath(QStringLiteral("none"))}, {});
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.contains(u"not a readable folder"), qPrintable(result.err));
    result = run({QStringLiteral("mcp"), QStringLiteral("--port"), QStringLiteral("3")}, {});
    QCOMPARE(result.exitCode, 2);
    result = run({QStringLiteral("mcp"), QStringLiteral("extra")}, {});
    QCOMPARE(result.exitCode, 2);
}

void McpCommandTest::session()
{
    const QByteArray input = Initialize
        + R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"
          "\r\n"
        + R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lookup_error","arguments":)"
          R"({"error_message":"fatal: detected dubious ownership in repository at '/srv/app'"}}})"
          "\n"
        + R"({"jsonrpc":"2.0","id":3,"method":"ping"})"; // the last line without its line end
    const Run result = run({QStringLiteral("mcp"), QStringLiteral("--kb"), kbPath()}, input);
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(u"serving 24 records"), qPrintable(result.err));
    QList<QJsonObject> replies = answers(result.out);
    QCOMPARE(replies.size(), 4);
    // A tool call is answered when it ends: the answers in the order of their ids.
    std::sort(replies.begin(), replies.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(u"id").toInt() < b.value(u"id").toInt();
    });
    QCOMPARE(replies.at(0).value(u"result").toObject().value(u"protocolVersion").toString(),
             QStringLiteral("2025-06-18"));
    QCOMPARE(replies.at(1).value(u"result").toObject().value(u"tools").toArray().size(), 11);
    const QJsonObject lookup = replies.at(2).value(u"result").toObject().value(u"structuredContent").toObject();
    QCOMPARE(lookup.value(u"results").toArray().first().toObject().value(u"id").toString(),
             QStringLiteral("git/dubious-ownership"));
    QCOMPARE(replies.at(3).value(u"id").toInt(), 3);
}

void McpCommandTest::oversizedMessage()
{
    QByteArray huge = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_error",)"
                      R"("arguments":{"error_message":")";
    huge += QByteArray(5 * 1024 * 1024, 'a') + "\"}}}\n";
    const Run result = run({QStringLiteral("mcp"), QStringLiteral("--kb"), kbPath()},
                           Initialize + huge
                               + R"({"jsonrpc":"2.0","id":2,"method":"ping"})"
                                 "\n");
    QCOMPARE(result.exitCode, 0);
    const QList<QJsonObject> replies = answers(result.out);
    QCOMPARE(replies.size(), 3);
    const QJsonObject error = replies.at(1).value(u"error").toObject();
    QCOMPARE(error.value(u"code").toInt(), -32600);
    QVERIFY(error.value(u"message").toString().contains(u"longer than 4194304 bytes"));
    QVERIFY(replies.at(1).value(u"id").isNull());
    QCOMPARE(replies.at(2).value(u"id").toInt(), 2);
}

void McpCommandTest::aThousandMalformedMessages()
{
    QByteArray input = Initialize;
    QRandomGenerator random(1000);
    for (int i = 0; i < 1000; ++i) {
        QByteArray message(random.bounded(1, 200), Qt::Uninitialized);
        for (char &c : message)
            c = char(random.bounded(1, 256));
        message.replace('\n', '{');
        message.replace('\r', '[');
        input += (i % 2 ? message : "{\"jsonrpc\":\"2.0\",\"id\":" + QByteArray::number(i) + "," + message) + '\n';
    }
    input += R"({"jsonrpc":"2.0","id":"last","method":"ping"})"
             "\n";
    const Run result = run({QStringLiteral("mcp"), QStringLiteral("--kb"), kbPath()}, input);
    QCOMPARE(result.exitCode, 0);
    const QList<QJsonObject> replies = answers(result.out);
    QCOMPARE(replies.size(), 1002);
    for (int i = 1; i <= 1000; ++i) {
        const int code = replies.at(i).value(u"error").toObject().value(u"code").toInt();
        QVERIFY2(code == -32700 || code == -32600, qPrintable(QString::number(code)));
    }
    QCOMPARE(replies.last().value(u"id").toString(), QStringLiteral("last"));
}

// A record file that cannot be read, added while the server runs, is said
// on standard error with its name escaped: the escape sequence in it never
// reaches the terminal.
void McpCommandTest::fileNamesAreEscapedOnStandardError()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kb));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ERRATA_BINARY), {QStringLiteral("mcp"), QStringLiteral("--kb"), kb});
    QVERIFY(process.waitForStarted(10000));
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += process.readAllStandardError()).contains("serving"), 20000);
    const QString name = kb + QStringLiteral("/git/bad\x1b]0;owned\x07\x1b[2J\u202Egnp.json");
    QVERIFY(writeFile(name, "{ not json"));
    QTRY_VERIFY_WITH_TIMEOUT((err += process.readAllStandardError()).contains("bad"), 20000);
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(20000));
    err += process.readAllStandardError();
    QCOMPARE(process.exitCode(), 0);
    QVERIFY2(err.contains("bad\\x1B]0;owned\\x07\\x1B[2J\\u202Egnp.json"), err.constData());
    QVERIFY2(!err.contains('\x1b') && !err.contains('\x07') && !err.contains("\u202E"), err.constData());
}

QTEST_GUILESS_MAIN(McpCommandTest)
#include "McpCommandTest.moc"
