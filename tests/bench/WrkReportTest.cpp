#include "bench/WrkRun.h"

#include <QtTest>

using namespace Errata;

// What errata-bench serve reads of a wrk run (the report line of its Lua script) and the Lua it writes for wrk.
class WrkReportTest : public QObject
{
    Q_OBJECT

private slots:
    void parsesTheReportAfterWrksOwnOutput();
    void takesTheLastReport();
    void missingReportIsNamed();
    void missingFieldIsNamed();
    void malformedPairIsNamed();
    void errorsAddUp();
    void luaStringEscapesEveryByteOutsidePrintableAscii();
    void jsonStringContentEscapes();
    void scriptHoldsEveryTextAndTheMarker();
    void argumentsNeverAskMoreThreadsThanConnections();
};

namespace {

const char WrkOutput[] =
    "Running 20s test @ http://127.0.0.1:40123/mcp\n"
    "  2 threads and 64 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     4.10ms    1.20ms  31.00ms   80.00%\n"
    "  Latency Distribution\n"
    "     50%    3.90ms\n"
    "  312345 requests in 20.00s, 1.2GB read\n"
    "Requests/sec:  15617.25\n"
    "Transfer/sec:     61.00MB\n"
    "errata-bench-wrk: requests=312345 duration_us=20000400 good=312340 non2xx=0 bad=2 connect=0 read=1 "
    "write=0 timeout=3 p50_us=3900 p90_us=5200 p99_us=9870 max_us=31000\n";

} // namespace

void WrkReportTest::parsesTheReportAfterWrksOwnOutput()
{
    QString error;
    const WrkReport report = WrkReport::parse(QString::fromLatin1(WrkOutput), &error);
    QVERIFY2(report.parsed, qPrintable(error));
    QCOMPARE(report.requests, 312345);
    QCOMPARE(report.seconds, 20.0004);
    QCOMPARE(report.good, 312340);
    QCOMPARE(report.non2xx, 0);
    QCOMPARE(report.bad, 2);
    QCOMPARE(report.readErrors, 1);
    QCOMPARE(report.timeouts, 3);
    QCOMPARE(report.p50Ms, 3.9);
    QCOMPARE(report.p90Ms, 5.2);
    QCOMPARE(report.p99Ms, 9.87);
    QCOMPARE(report.maxMs, 31.0);
    QVERIFY(qAbs(report.requestsPerSecond() - 312345 / 20.0004) < 1e-6);
}

void WrkReportTest::takesTheLastReport()
{
    const QString output = QStringLiteral(
                               "errata-bench-wrk: requests=1 duration_us=1 good=1 non2xx=0 bad=0 connect=0 read=0 "
                               "write=0 timeout=0 p50_us=1 p90_us=1 p99_us=1 max_us=1\n")
        + QString::fromLatin1(WrkOutput);
    QString error;
    QCOMPARE(WrkReport::parse(output, &error).requests, 312345);
}

void WrkReportTest::missingReportIsNamed()
{
    QString error;
    const WrkReport report = WrkReport::parse(QStringLiteral("Running 20s test\nRequests/sec: 12.0\n"), &error);
    QVERIFY(!report.parsed);
    QVERIFY2(error.contains(QLatin1String("errata-bench-wrk:")), qPrintable(error));
}

void WrkReportTest::missingFieldIsNamed()
{
    QString error;
    const WrkReport report = WrkReport::parse(
        QStringLiteral(
            "errata-bench-wrk: requests=10 duration_us=1000000 good=10 non2xx=0 bad=0 connect=0 read=0 write=0 "
            "p50_us=1 p90_us=1 p99_us=1 max_us=1"),
        &error);
    QVERIFY(!report.parsed);
    QVERIFY2(error.contains(QLatin1String("timeout is missing")), qPrintable(error));
}

void WrkReportTest::malformedPairIsNamed()
{
    QString error;
    const WrkReport report = WrkReport::parse(
        QStringLiteral(
            "errata-bench-wrk: requests=ten duration_us=1000000 good=10 non2xx=0 bad=0 connect=0 read=0 write=0 "
            "timeout=0 p50_us=1 p90_us=1 p99_us=1 max_us=1\n"),
        &error);
    QVERIFY(!report.parsed);
    QVERIFY2(error.contains(QLatin1String("\"requests=ten\"")), qPrintable(error));
}

void WrkReportTest::errorsAddUp()
{
    WrkReport report;
    report.non2xx = 1;
    report.bad = 2;
    report.connectErrors = 4;
    report.readErrors = 8;
    report.writeErrors = 16;
    report.timeouts = 32;
    QCOMPARE(report.socketErrors(), 60);
    QCOMPARE(report.errors(), 63);
    QVERIFY(report.toText().contains(QLatin1String("errors 63")));
}

void WrkReportTest::luaStringEscapesEveryByteOutsidePrintableAscii()
{
    QCOMPARE(WrkRun::luaString("plain text 1"), QByteArray("\"plain text 1\""));
    // A newline followed by digits: three digits each, so "\0101" cannot be read as byte 101.
    QCOMPARE(WrkRun::luaString("a\n1\"\\"), QByteArray("\"a\\0101\\034\\092\""));
    QCOMPARE(WrkRun::luaString(QStringLiteral("é").toUtf8()), QByteArray("\"\\195\\169\""));
    QCOMPARE(WrkRun::luaString(QByteArray("\0\x7f", 2)), QByteArray("\"\\000\\127\""));
}

void WrkReportTest::jsonStringContentEscapes()
{
    QCOMPARE(WrkRun::jsonStringContent(QStringLiteral("No module named 'x'\n\"quoted\"")),
             QByteArray("No module named 'x'\\n\\\"quoted\\\""));
}

void WrkReportTest::scriptHoldsEveryTextAndTheMarker()
{
    const QStringList texts{QStringLiteral("first error"), QStringLiteral("second error")};
    const QByteArray rpc = WrkRun::script(texts, WrkRun::Body::McpLookup, "\"structuredContent\"");
    QVERIFY(rpc.contains("\\034error_message\\034:\\034first error\""));
    QVERIFY(rpc.contains("second error\""));
    QVERIFY(rpc.contains("marker = \"\\034structuredContent\\034\""));
    QVERIFY(rpc.contains("application/json"));
    QVERIFY(rpc.contains("function done("));
    const QByteArray plain = WrkRun::script(texts, WrkRun::Body::PlainText, "\"results\"");
    QVERIFY(plain.contains("   \"first error\",\n"));
    QVERIFY(plain.contains("suffix = \"\"\n"));
}

void WrkReportTest::argumentsNeverAskMoreThreadsThanConnections()
{
    QVERIFY(WrkRun::arguments(QStringLiteral("http://127.0.0.1:1/mcp"), QStringLiteral("s.lua"), 64, 20)
                .contains(QStringLiteral("-t2")));
    QVERIFY(WrkRun::arguments(QStringLiteral("http://127.0.0.1:1/mcp"), QStringLiteral("s.lua"), 1, 20)
                .contains(QStringLiteral("-t1")));
}

QTEST_GUILESS_MAIN(WrkReportTest)
#include "WrkReportTest.moc"
