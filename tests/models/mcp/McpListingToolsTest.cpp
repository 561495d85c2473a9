// The listing tools of `errata mcp` (McpListingTools, through McpTools::call
// as a client's tools/call reaches them): list_records, domain_stats and
// list_environments on a KB of five records made here, whose numbers are
// known: categories, rates, links in and out, an orphan, a stale record, a
// regex that does not compile, a dangling link, runtimes, systems and a
// country. Paging, filters, and the arguments that are refused.

#include "models/mcp/McpListingTools.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpServer.h"
#include "models/mcp/McpTools.h"
#include "models/quality/QualityModel.h"
#include "support/TestFiles.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QString daysAgo(int days)
{
    return QDate::currentDate().addDays(-days).toString(Qt::ISODate);
}

QJsonObject record(const QString &id, const QString &category, const QJsonObject &more = {})
{
    QJsonObject object{{QStringLiteral("id"), id},
                       {QStringLiteral("signature"), QStringLiteral("Error of ") + id},
                       {QStringLiteral("regex"), QStringLiteral("Error of ") + id},
                       {QStringLiteral("domain"), id.section(QLatin1Char('/'), 0, 0)},
                       {QStringLiteral("category"), category},
                       {QStringLiteral("last_confirmed"), daysAgo(10)}};
    for (auto it = more.begin(); it != more.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonObject link(const QString &id)
{
    return QJsonObject{{QStringLiteral("error_id"), id}};
}

QJsonObject graph(const char *kind, const QString &id)
{
    return QJsonObject{{QString::fromLatin1(kind), QJsonArray{link(id)}}};
}

QJsonArray versions(const QString &version)
{
    return QJsonArray{QJsonObject{{QStringLiteral("version"), version}}};
}

QStringList ids(const QJsonObject &structured)
{
    QStringList ids;
    for (const QJsonValue &item : structured.value(u"records").toArray())
        ids << item.toObject().value(u"id").toString();
    return ids;
}

QString text(const QJsonObject &result)
{
    return result.value(u"content").toArray().at(0).toObject().value(u"text").toString();
}

// The names of one kind of list_environments, with their counts: "torch 2".
QStringList names(const QJsonObject &kind, const char16_t *key = u"name")
{
    QStringList names;
    for (const QJsonValue &item : kind.value(u"items").toArray())
        names << QStringLiteral("%1 %2")
                     .arg(item.toObject().value(key).toString())
                     .arg(item.toObject().value(u"count").toInt());
    return names;
}

} // namespace

class McpListingToolsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void listRecordsPages();
    void listRecordsItems();
    void listRecordsFilters();
    void listRecordsRefuses_data();
    void listRecordsRefuses();
    void unknownDomainIsShortened();
    void domainStats();
    void domainStatsAgreesWithTheQualityModel();
    void domainStatsOnAnotherDay();
    void domainStatsRefuses();
    void listEnvironments();
    void listEnvironmentsRefuses();
    void runInParallel();
    void parallelCallsAgree();

private:
    QJsonObject call(const QString &tool, const QJsonObject &arguments);
    QJsonObject structured(const QString &tool, const QJsonObject &arguments);
    QJsonObject row(const QJsonObject &stats, const QString &domain);

    QTemporaryDir m_dir;
    QTemporaryDir m_cache;
    McpKnowledgeBase m_kb;
};

void McpListingToolsTest::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
    const QJsonObject one = record(
        QStringLiteral("a/one"), QStringLiteral("x"),
        {{QStringLiteral("confidence"), 0.8},
         {QStringLiteral("fix_success_rate"), 0.6},
         {QStringLiteral("resolvable"), QStringLiteral("true")},
         {QStringLiteral("verification_tier"), QStringLiteral("human_reviewed")},
         {QStringLiteral("versions"), versions(QStringLiteral("torch>=2.0"))},
         {QStringLiteral("os_specific"), QJsonObject{{QStringLiteral("Linux"), QStringLiteral("a note")}}},
         {QStringLiteral("transition_graph"), graph("leads_to", QStringLiteral("a/two"))}});
    const QJsonObject two = record(
        QStringLiteral("a/two"), QStringLiteral("x"),
        {{QStringLiteral("confidence"), 0.6},
         {QStringLiteral("fix_success_rate"), 0.4},
         {QStringLiteral("versions"), versions(QStringLiteral("python 3.11"))},
         {QStringLiteral("transition_graph"), graph("preceded_by", QStringLiteral("a/one"))}});
    const QJsonObject additional{{QStringLiteral("country"), QStringLiteral("KR")},
                                 {QStringLiteral("country_name"), QStringLiteral("South Korea")}};
    const QJsonObject three = record(QStringLiteral("a/three"), QStringLiteral("y"),
                                     {{QStringLiteral("last_confirmed"), daysAgo(400)},
                                      {QStringLiteral("x_deadends"),
                                       QJsonObject{{QStringLiteral("environment"),
                                                    QJsonObject{{QStringLiteral("os"), QStringLiteral("any")},
                                                                {QStringLiteral("additional"), additional}}}}}});
    const QJsonObject alpha = record(
        QStringLiteral("b/alpha"), QStringLiteral("z"),
        {{QStringLiteral("regex"), QStringLiteral("Error of (b/alpha")},
         {QStringLiteral("versions"), versions(QStringLiteral("torch>=1.0"))},
         {QStringLiteral("transition_graph"), graph("leads_to", QStringLiteral("a/one"))}});
    const QJsonObject beta = record(
        QStringLiteral("b/beta"), QStringLiteral("z"),
        {{QStringLiteral("transition_graph"), graph("leads_to", QStringLiteral("b/gone"))}});
    for (const QJsonObject &object : {one, two, three, alpha, beta})
        QVERIFY(writeFile(m_dir.filePath(object.value(u"id").toString() + QStringLiteral(".json")),
                          QJsonDocument(object).toJson()));
    QString error;
    QVERIFY2(m_kb.open(m_dir.path(), &error), qPrintable(error));
}

QJsonObject McpListingToolsTest::call(const QString &tool, const QJsonObject &arguments)
{
    McpTools tools(m_kb);
    return tools.call(tool, arguments);
}

QJsonObject McpListingToolsTest::structured(const QString &tool, const QJsonObject &arguments)
{
    const QJsonObject result = call(tool, arguments);
    if (result.value(u"isError").toBool())
        qWarning("%s: %s", qPrintable(tool), qPrintable(text(result)));
    return result.value(u"structuredContent").toObject();
}

QJsonObject McpListingToolsTest::row(const QJsonObject &stats, const QString &domain)
{
    for (const QJsonValue &value : stats.value(u"domains").toArray())
        if (value.toObject().value(u"domain").toString() == domain)
            return value.toObject();
    return QJsonObject();
}

void McpListingToolsTest::listRecordsPages()
{
    const QJsonObject all = structured(QStringLiteral("list_records"),
                                       {{QStringLiteral("domain"), QStringLiteral("a")}});
    QCOMPARE(ids(all), QStringList({QStringLiteral("a/one"), QStringLiteral("a/three"), QStringLiteral("a/two")}));
    QCOMPARE(all.value(u"total").toInt(), 3);
    QCOMPARE(all.value(u"limit").toInt(), 50);
    QVERIFY(all.value(u"next_offset").isNull());

    const QJsonObject first = structured(
        QStringLiteral("list_records"),
        {{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("limit"), 2}});
    QCOMPARE(ids(first), QStringList({QStringLiteral("a/one"), QStringLiteral("a/three")}));
    QCOMPARE(first.value(u"total").toInt(), 3);
    QCOMPARE(first.value(u"next_offset").toInt(), 2);
    const QJsonObject second = structured(
        QStringLiteral("list_records"),
        {{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("limit"), 2}, {QStringLiteral("offset"), 2}});
    QCOMPARE(ids(second), QStringList{QStringLiteral("a/two")});
    QCOMPARE(second.value(u"offset").toInt(), 2);
    QVERIFY(second.value(u"next_offset").isNull());

    const QJsonObject past = call(
        QStringLiteral("list_records"),
        {{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("offset"), 1000000}});
    QVERIFY(!past.value(u"isError").toBool());
    QVERIFY(ids(past.value(u"structuredContent").toObject()).isEmpty());
    QCOMPARE(past.value(u"structuredContent").toObject().value(u"total").toInt(), 3);
    QVERIFY2(text(past).contains(u"3 match"), qPrintable(text(past)));
}

void McpListingToolsTest::listRecordsItems()
{
    const QJsonArray items = structured(QStringLiteral("list_records"),
                                        {{QStringLiteral("domain"), QStringLiteral("a")}})
                                 .value(u"records")
                                 .toArray();
    const QJsonObject one = items.at(0).toObject();
    QCOMPARE(one.value(u"file").toString(), QStringLiteral("a/one.json"));
    QCOMPARE(one.value(u"domain").toString(), QStringLiteral("a"));
    QCOMPARE(one.value(u"category").toString(), QStringLiteral("x"));
    QCOMPARE(one.value(u"signature").toString(), QStringLiteral("Error of a/one"));
    QCOMPARE(one.value(u"verification_tier").toString(), QStringLiteral("human_reviewed"));
    QCOMPARE(one.value(u"resolvable").toString(), QStringLiteral("true"));
    QCOMPARE(one.value(u"fix_success_rate").toDouble(), 0.6);
    QCOMPARE(one.value(u"confidence").toDouble(), 0.8);
    QCOMPARE(one.value(u"stale"), QJsonValue(false));
    QCOMPARE(one.value(u"valid"), QJsonValue(true));
    const QJsonObject three = items.at(1).toObject();
    QVERIFY(three.value(u"fix_success_rate").isNull());
    QVERIFY(three.value(u"confidence").isNull());
    QVERIFY(three.value(u"verification_tier").isNull());
    QCOMPARE(three.value(u"stale"), QJsonValue(true));
    const QJsonObject alpha = structured(QStringLiteral("list_records"),
                                         {{QStringLiteral("domain"), QStringLiteral("b")}})
                                  .value(u"records")
                                  .toArray()
                                  .at(0)
                                  .toObject();
    QCOMPARE(alpha.value(u"id").toString(), QStringLiteral("b/alpha"));
    QCOMPARE(alpha.value(u"valid"), QJsonValue(false)); // its regex does not compile
}

void McpListingToolsTest::listRecordsFilters()
{
    const auto list = [this](const QString &key, const QString &value) {
        return structured(QStringLiteral("list_records"),
                          {{QStringLiteral("domain"), QStringLiteral("a")}, {key, value}});
    };
    QCOMPARE(ids(list(QStringLiteral("category"), QStringLiteral("y"))), QStringList{QStringLiteral("a/three")});
    QCOMPARE(list(QStringLiteral("category"), QStringLiteral("x")).value(u"total").toInt(), 2);
    QCOMPARE(list(QStringLiteral("category"), QStringLiteral("x")).value(u"category").toString(), QStringLiteral("x"));
    QCOMPARE(ids(list(QStringLiteral("environment"), QStringLiteral("kr"))), QStringList{QStringLiteral("a/three")});
    QCOMPARE(ids(list(QStringLiteral("environment"), QStringLiteral("TORCH"))), QStringList{QStringLiteral("a/one")});
    QCOMPARE(ids(list(QStringLiteral("environment"), QStringLiteral("linux"))), QStringList{QStringLiteral("a/one")});
    QCOMPARE(ids(list(QStringLiteral("environment"), QStringLiteral("python"))), QStringList{QStringLiteral("a/two")});
    QCOMPARE(list(QStringLiteral("environment"), QStringLiteral("any")).value(u"environment").toString(),
             QStringLiteral("any"));
    const QJsonObject none = call(
        QStringLiteral("list_records"),
        {{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("environment"), QStringLiteral("cobol")}});
    QVERIFY(!none.value(u"isError").toBool());
    QCOMPARE(none.value(u"structuredContent").toObject().value(u"total").toInt(), 0);
    QVERIFY2(text(none).contains(u"list_environments"), qPrintable(text(none)));
    const QJsonObject both = structured(QStringLiteral("list_records"),
                                        {{QStringLiteral("domain"), QStringLiteral("a")},
                                         {QStringLiteral("category"), QStringLiteral("x")},
                                         {QStringLiteral("environment"), QStringLiteral("python")}});
    QCOMPARE(ids(both), QStringList{QStringLiteral("a/two")});
    const QJsonObject neither = call(QStringLiteral("list_records"),
                                     {{QStringLiteral("domain"), QStringLiteral("a")},
                                      {QStringLiteral("category"), QStringLiteral("x")},
                                      {QStringLiteral("environment"), QStringLiteral("kr")}});
    QCOMPARE(neither.value(u"structuredContent").toObject().value(u"total").toInt(), 0);
    QVERIFY2(text(neither).contains(u"No record of a (category x) names the environment \"kr\""),
             qPrintable(text(neither)));
}

void McpListingToolsTest::listRecordsRefuses_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("message");
    const QString a = QStringLiteral("a");
    QTest::newRow("no domain") << QJsonObject() << "\"domain\" is required";
    QTest::newRow("unknown domain") << QJsonObject{{QStringLiteral("domain"), QStringLiteral("c")}}
                                    << "No record has the domain \"c\". The domains: a, b.";
    QTest::newRow("unknown category") << QJsonObject{{QStringLiteral("domain"), a},
                                                     {QStringLiteral("category"), QStringLiteral("q")}}
                                      << "The domain a has no category \"q\". Its categories: x, y.";
    QTest::newRow("limit 0") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("limit"), 0}}
                             << "\"limit\" must be at least 1";
    QTest::newRow("limit 501") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("limit"), 501}}
                               << "\"limit\" must be at most 500";
    QTest::newRow("offset -1") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("offset"), -1}}
                               << "\"offset\" must be at least 0";
    QTest::newRow("offset 1.5") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("offset"), 1.5}}
                                << "\"offset\" must be of type integer";
    QTest::newRow("huge offset") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("offset"), 1e300}}
                                 << "\"offset\" must be of type integer";
    QTest::newRow("empty environment") << QJsonObject{{QStringLiteral("domain"), a},
                                                      {QStringLiteral("environment"), QString()}}
                                       << "\"environment\" must not be empty";
    QTest::newRow("domain not a string") << QJsonObject{{QStringLiteral("domain"), 3}}
                                         << "\"domain\" must be of type string";
    QTest::newRow("unknown argument") << QJsonObject{{QStringLiteral("domain"), a}, {QStringLiteral("page"), 2}}
                                      << "unknown argument \"page\"";
}

void McpListingToolsTest::listRecordsRefuses()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, message);
    const QJsonObject result = call(QStringLiteral("list_records"), arguments);
    QCOMPARE(result.value(u"isError"), QJsonValue(true));
    QVERIFY(!result.contains(u"structuredContent"));
    QVERIFY2(text(result).contains(message), qPrintable(text(result)));
}

void McpListingToolsTest::unknownDomainIsShortened()
{
    QStringList domains;
    for (int i = 0; i < 25; ++i)
        domains << QStringLiteral("d%1").arg(i, 2, 10, QLatin1Char('0'));
    const QString message = McpListingTools::unknownDomain(QString(500, QLatin1Char('z')), domains);
    QVERIFY2(message.contains(u"d19 and 5 more (list_domains gives them all)"), qPrintable(message));
    QVERIFY(!message.contains(u"d20"));
    QVERIFY2(message.size() < 500, qPrintable(message)); // the domain asked for is cut too
    QVERIFY(McpListingTools::unknownDomain(QStringLiteral("x"), {}).contains(u"holds no record"));
}

void McpListingToolsTest::domainStats()
{
    const QJsonObject stats = structured(QStringLiteral("domain_stats"), {});
    QCOMPARE(stats.value(u"reference_date").toString(), QDate::currentDate().toString(Qt::ISODate));
    const QJsonObject a = row(stats, QStringLiteral("a"));
    QCOMPARE(a.value(u"records").toInt(), 3);
    QCOMPARE(
        a.value(u"categories").toArray(),
        QJsonArray({QJsonObject{{QStringLiteral("category"), QStringLiteral("x")}, {QStringLiteral("count"), 2}},
                    QJsonObject{{QStringLiteral("category"), QStringLiteral("y")}, {QStringLiteral("count"), 1}}}));
    QCOMPARE(a.value(u"avg_confidence").toDouble(), 0.7);
    QCOMPARE(a.value(u"avg_fix_success_rate").toDouble(), 0.5);
    QCOMPARE(a.value(u"links_out").toInt(), 2); // one -> two, two -> one
    QCOMPARE(a.value(u"links_in").toInt(), 3);  // to one from two and b/alpha, to two from one
    QCOMPARE(a.value(u"orphans").toInt(), 1);   // three
    QCOMPARE(a.value(u"stale").toInt(), 1);     // three, 400 days ago
    QCOMPARE(a.value(u"invalid").toInt(), 0);
    const QJsonObject b = row(stats, QStringLiteral("b"));
    QCOMPARE(b.value(u"records").toInt(), 2);
    QVERIFY(b.value(u"avg_confidence").isNull());
    QVERIFY(b.value(u"avg_fix_success_rate").isNull());
    QCOMPARE(b.value(u"links_out").toInt(), 2);
    QCOMPARE(b.value(u"links_in").toInt(), 0);
    QCOMPARE(b.value(u"invalid").toInt(), 1); // alpha's regex
    QCOMPARE(b.value(u"regex_errors").toInt(), 1);
    QCOMPARE(b.value(u"dangling_links").toInt(), 1); // beta -> b/gone
    QCOMPARE(b.value(u"orphans").toInt(), 1);        // beta: its only link leads nowhere
    const QJsonObject total = stats.value(u"total").toObject();
    QCOMPARE(total.value(u"records").toInt(), 5);
    QCOMPARE(total.value(u"links_out").toInt(), 4);
    QCOMPARE(total.value(u"orphans").toInt(), 2);
    QCOMPARE(total.value(u"avg_fix_success_rate").toDouble(), 0.5);

    const QJsonObject one = structured(QStringLiteral("domain_stats"),
                                       {{QStringLiteral("domain"), QStringLiteral("b")}});
    QCOMPARE(one.value(u"domains").toArray().size(), 1);
    QCOMPARE(one.value(u"domains").toArray().at(0).toObject(), b);
    QCOMPARE(one.value(u"total").toObject(), total);
    QVERIFY2(
        text(call(QStringLiteral("domain_stats"), {})).contains(u"a: 3 records, 0 with errors, 1 stale, 1 orphans"),
        qPrintable(text(call(QStringLiteral("domain_stats"), {}))));
}

// Every figure QualityReport has is the quality model's own, domain by domain.
void McpListingToolsTest::domainStatsAgreesWithTheQualityModel()
{
    const QualityReport report = QualityModel::compute(m_kb.kb(), QDate::currentDate());
    const QJsonObject stats = structured(QStringLiteral("domain_stats"), {});
    QCOMPARE(stats.value(u"domains").toArray().size(), report.byDomain.size());
    for (const QualityReport::Row &expected : report.byDomain) {
        const QJsonObject given = row(stats, expected.domain);
        for (QualityReport::Metric metric : QualityReport::metrics())
            QCOMPARE(given.value(QualityReport::key(metric)).toInt(), expected.count(metric));
    }
    for (QualityReport::Metric metric : QualityReport::metrics())
        QCOMPARE(stats.value(u"total").toObject().value(QualityReport::key(metric)).toInt(),
                 report.total.count(metric));
}

// Against another day, as a site published with --today counts.
void McpListingToolsTest::domainStatsOnAnotherDay()
{
    const QString later = QDate::currentDate().addDays(400).toString(Qt::ISODate);
    const QJsonObject stats = structured(QStringLiteral("domain_stats"), {{QStringLiteral("reference_date"), later}});
    QCOMPARE(stats.value(u"reference_date").toString(), later);
    QCOMPARE(row(stats, QStringLiteral("a")).value(u"stale").toInt(), 3);
    QCOMPARE(stats.value(u"total").toObject().value(u"stale").toInt(), 5);
    const QString sooner = QDate::currentDate().addDays(-200).toString(Qt::ISODate);
    const QJsonObject before = structured(QStringLiteral("domain_stats"), {{QStringLiteral("reference_date"), sooner}});
    QCOMPARE(before.value(u"total").toObject().value(u"stale").toInt(), 0);
    const QualityReport report = QualityModel::compute(m_kb.kb(), QDate::fromString(sooner, Qt::ISODate));
    QCOMPARE(before.value(u"total").toObject().value(u"aging").toInt(), report.total.count(QualityReport::Aging));
}

void McpListingToolsTest::domainStatsRefuses()
{
    for (const char *date : {"2024-02-30", "yesterday", "2024-6-1"}) {
        const QJsonObject bad = call(QStringLiteral("domain_stats"),
                                     {{QStringLiteral("reference_date"), QString::fromLatin1(date)}});
        QCOMPARE(bad.value(u"isError"), QJsonValue(true));
        QVERIFY2(text(bad).contains(u"reference_date must be a date as YYYY-MM-DD"), qPrintable(text(bad)));
    }
    const QJsonObject unknown = call(QStringLiteral("domain_stats"),
                                     {{QStringLiteral("domain"), QStringLiteral("zz")}});
    QCOMPARE(unknown.value(u"isError"), QJsonValue(true));
    QVERIFY2(text(unknown).contains(u"No record has the domain \"zz\". The domains: a, b."), qPrintable(text(unknown)));
    const QJsonObject extra = call(QStringLiteral("domain_stats"), {{QStringLiteral("domains"), QStringLiteral("a")}});
    QCOMPARE(extra.value(u"isError"), QJsonValue(true));
    QVERIFY(text(extra).contains(u"unknown argument \"domains\""));
}

void McpListingToolsTest::listEnvironments()
{
    const QJsonObject all = structured(QStringLiteral("list_environments"), {});
    QVERIFY(all.value(u"domain").isNull());
    QCOMPARE(all.value(u"records").toInt(), 5);
    QCOMPARE(all.value(u"records_naming_one").toInt(), 4);
    QCOMPARE(names(all.value(u"runtimes").toObject()),
             QStringList({QStringLiteral("torch 2"), QStringLiteral("python 1")}));
    QCOMPARE(names(all.value(u"os").toObject()), QStringList({QStringLiteral("any 1"), QStringLiteral("linux 1")}));
    const QJsonObject countries = all.value(u"countries").toObject();
    QCOMPARE(names(countries, u"code"), QStringList{QStringLiteral("kr 1")});
    const QJsonObject korea = countries.value(u"items").toArray().at(0).toObject();
    QCOMPARE(korea.value(u"name").toString(), QStringLiteral("South Korea"));
    const QJsonArray inA{QJsonObject{{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("count"), 1}}};
    QCOMPARE(korea.value(u"domains").toArray(), inA);
    const QJsonObject torch = all.value(u"runtimes").toObject().value(u"items").toArray().at(0).toObject();
    QCOMPARE(torch.value(u"domains").toArray().size(), 2);

    const QJsonObject a = structured(QStringLiteral("list_environments"),
                                     {{QStringLiteral("domain"), QStringLiteral("a")}});
    QCOMPARE(a.value(u"domain").toString(), QStringLiteral("a"));
    QCOMPARE(a.value(u"records").toInt(), 3);
    QCOMPARE(a.value(u"records_naming_one").toInt(), 3);
    QCOMPARE(names(a.value(u"runtimes").toObject()),
             QStringList({QStringLiteral("python 1"), QStringLiteral("torch 1")}));

    const QJsonObject one = structured(QStringLiteral("list_environments"), {{QStringLiteral("limit"), 1}});
    QCOMPARE(names(one.value(u"runtimes").toObject()), QStringList{QStringLiteral("torch 2")});
    QCOMPARE(one.value(u"runtimes").toObject().value(u"total").toInt(), 2);
    const QString said = text(call(QStringLiteral("list_environments"), {}));
    QVERIFY2(said.contains(u"Runtimes (2): torch 2, python 1"), qPrintable(said));
    QVERIFY2(said.contains(u"Countries (1): kr 1"), qPrintable(said));
}

void McpListingToolsTest::listEnvironmentsRefuses()
{
    const QJsonObject unknown = call(QStringLiteral("list_environments"),
                                     {{QStringLiteral("domain"), QStringLiteral("c")}});
    QCOMPARE(unknown.value(u"isError"), QJsonValue(true));
    QVERIFY2(text(unknown).contains(u"The domains: a, b."), qPrintable(text(unknown)));
    const QJsonObject limit = call(QStringLiteral("list_environments"), {{QStringLiteral("limit"), 1001}});
    QCOMPARE(limit.value(u"isError"), QJsonValue(true));
    QVERIFY(text(limit).contains(u"\"limit\" must be at most 1000"));
}

// They read no record's document, so they may run beside each other; domain_stats
// (whose quality model validates again) does not.
void McpListingToolsTest::runInParallel()
{
    QVERIFY(McpServer::isParallel(QStringLiteral("list_records")));
    QVERIFY(McpServer::isParallel(QStringLiteral("list_environments")));
    QVERIFY(McpServer::isParallel(QStringLiteral("batch_lookup")));
    QVERIFY(!McpServer::isParallel(QStringLiteral("domain_stats")));
}

// Calls on four threads at once, as McpCallPool runs parallel tools: each
// answer is the one the same call gives alone.
void McpListingToolsTest::parallelCallsAgree()
{
    const QList<QPair<QString, QJsonObject>> calls{
        {QStringLiteral("list_records"), {{QStringLiteral("domain"), QStringLiteral("a")}}},
        {QStringLiteral("list_records"),
         {{QStringLiteral("domain"), QStringLiteral("a")}, {QStringLiteral("environment"), QStringLiteral("kr")}}},
        {QStringLiteral("list_environments"), {}},
        {QStringLiteral("batch_lookup"),
         {{QStringLiteral("texts"), QJsonArray{QStringLiteral("Error of a/one"), QStringLiteral("Error of b/beta")}}}}};
    QList<QJsonObject> expected;
    for (const auto &[tool, arguments] : calls)
        expected << call(tool, arguments);
    std::atomic_int mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            McpTools tools(m_kb);
            for (int i = 0; i < 40; ++i) {
                const int which = (i + t) % int(calls.size());
                if (tools.call(calls.at(which).first, calls.at(which).second) != expected.at(which))
                    ++mismatches;
            }
        });
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(mismatches.load(), 0);
}

QTEST_GUILESS_MAIN(McpListingToolsTest)
#include "McpListingToolsTest.moc"
