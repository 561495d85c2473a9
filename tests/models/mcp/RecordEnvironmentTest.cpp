// RecordEnvironment: the runtimes, systems and country a record's text
// names, read at their places only (the same keys deeper down or of
// another type are not), lower case and each once; nothing from a text
// that is not JSON.

#include "models/mcp/RecordEnvironment.h"

#include <QTest>

using namespace Errata;

class RecordEnvironmentTest : public QObject
{
    Q_OBJECT

private slots:
    void namesOfARecord();
    void onlyAtTheirPlaces();
    void notJson();
};

void RecordEnvironmentTest::namesOfARecord()
{
    const RecordEnvironment environment = RecordEnvironment::of(
        R"({"id": "a/b", "versions": [{"version": "torch>=2.0"}, {"version": "ros2 humble"}, {"version": "Torch<3"},
            {"version": "node"}, {"status": "active"}],
            "os_specific": {"Linux": "x", "macos": {"nested": "y"}},
            "x_deadends": {"environment": {"os": "ANY", "additional": {"country": "KR", "country_name": "South Korea"}}}})");
    QCOMPARE(environment.runtimes,
             QStringList({QStringLiteral("torch"), QStringLiteral("ros2"), QStringLiteral("node")}));
    QCOMPARE(environment.os, QStringList({QStringLiteral("linux"), QStringLiteral("macos"), QStringLiteral("any")}));
    QCOMPARE(environment.countries, QStringList{QStringLiteral("kr")});
    QCOMPARE(environment.countryName, QStringLiteral("South Korea"));
    QVERIFY(environment.names(QStringLiteral("TORCH")));
    QVERIFY(environment.names(QStringLiteral(" kr ")));
    QVERIFY(environment.names(QStringLiteral("Any")));
    QVERIFY(!environment.names(QStringLiteral("humble")));
    QVERIFY(!environment.isEmpty());
}

void RecordEnvironmentTest::onlyAtTheirPlaces()
{
    const RecordEnvironment environment = RecordEnvironment::of(
        R"({"root_cause": {"versions": [{"version": "deep"}]}, "versions": {"version": "not a list"},
            "workarounds": [{"os_specific": {"windows": "no"}}], "os_specific": ["linux"],
            "environment": {"os": "not imported"}, "x_deadends": {"environment": {"os": 3, "additional": {"country": ["kr"]}},
            "os": "top"}, "versions_zh": [{"version": "zh"}]})");
    QVERIFY2(
        environment.isEmpty(),
        qPrintable(environment.runtimes.join(u',') + environment.os.join(u',') + environment.countries.join(u',')));
    QVERIFY(RecordEnvironment::of(R"({"id": "a/b"})").isEmpty());
    QVERIFY(RecordEnvironment::of(R"({"versions": [{"version": ""}, {"version": "  "}]})").isEmpty());
}

void RecordEnvironmentTest::notJson()
{
    QVERIFY(RecordEnvironment::of(R"({"versions": [{"version": "torch>=2"}], )").isEmpty());
    QVERIFY(RecordEnvironment::of(QByteArray()).isEmpty());
    QVERIFY(RecordEnvironment::of("\xff\xfe{").isEmpty());
    QVERIFY(RecordEnvironment::of(QByteArray(100000, '[')).isEmpty()); // deep, unterminated: refused, not a crash
}

QTEST_GUILESS_MAIN(RecordEnvironmentTest)
#include "RecordEnvironmentTest.moc"
