// SitePublisher: the files render() makes (every kind, both languages), the
// same bytes twice, the records a site shows, the reference date, the base
// URL check, and that making a site reads records only from copies: no
// record's own document is parsed (that would race between the threads
// writing pages, and keep every document of a large KB in memory).

#include "models/publish/SitePublisher.h"

#include "SiteFixture.h"
#include "models/publish/SiteSink.h"
#include "models/quality/QualityModel.h"
#include "models/quality/QualityReport.h"

#include <QtTest>

using namespace Errata;

class SitePublisherTest : public QObject
{
    Q_OBJECT

private slots:
    void rendersEveryKindOfFileInBothLanguages();
    void readsNoRecordsOwnDocument();
    void referenceDateIsTheNewestDateNotAfterTheClock();
    void baseUrl_data();
    void baseUrl();
};

void SitePublisherTest::rendersEveryKindOfFileInBothLanguages()
{
    Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
    const QualityReport quality = QualityModel::compute(fixture.kb(), fixture.context().options.today);
    fixture.context().quality = &quality;
    MemorySiteSink first;
    QVERIFY(SitePublisher::render(fixture.context(), first));
    QCOMPARE(first.duplicates(), 0);
    for (const char *path : {"index.html",
                             "zh/index.html",
                             "search.html",
                             "zh/lookup.html",
                             "quality.html",
                             "zh/404.html",
                             "domains/docker.html",
                             "zh/domains/docker.html",
                             "records/python/module-not-found.html",
                             "zh/records/python/module-not-found.html",
                             "api/v1/records/python/module-not-found.json",
                             "api/v1/index.json",
                             "api/v1/match.json",
                             "api/v1/openapi.json",
                             "data/records.js",
                             "data/search.js",
                             "data/lookup.js",
                             "assets/site.css",
                             "assets/lookup.js",
                             "assets/search-ui.js",
                             "llms.txt",
                             "feed.xml"})
        QVERIFY2(first.contains(QString::fromLatin1(path)), path);
    QVERIFY(!first.contains(QStringLiteral("sitemap.xml"))); // no base URL
    MemorySiteSink second;
    QVERIFY(SitePublisher::render(fixture.context(), second));
    QVERIFY(first.files() == second.files());
}

void SitePublisherTest::readsNoRecordsOwnDocument()
{
    Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
    for (const Record *record : fixture.kb().records())
        const_cast<Record *>(record)->releaseDocument();
    const QualityReport quality = QualityModel::compute(fixture.kb(), fixture.context().options.today);
    fixture.context().quality = &quality;
    MemorySiteSink sink;
    QVERIFY(SitePublisher::render(fixture.context(), sink));
    for (const Record *record : fixture.kb().records())
        QVERIFY2(!record->hasDocument(), qPrintable(record->id()));
}

void SitePublisherTest::referenceDateIsTheNewestDateNotAfterTheClock()
{
    Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
    const QDate clock(2030, 1, 1);
    QDate newest;
    for (const Record *record : fixture.kb().records())
        for (const QDate date : {record->lastConfirmed(), record->lastUpdated()})
            if (date.isValid() && (!newest.isValid() || date > newest))
                newest = date;
    QCOMPARE(SitePublisher::referenceDate(fixture.kb(), clock), newest);
    // Dates after the clock are not counted; with none before it, the clock itself.
    QVERIFY(SitePublisher::referenceDate(fixture.kb(), newest.addDays(-1)) < newest);
    QCOMPARE(SitePublisher::referenceDate(fixture.kb(), QDate(1990, 1, 1)), QDate(1990, 1, 1));
}

void SitePublisherTest::baseUrl_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "https://kb.example"
                           << "https://kb.example";
    QTest::newRow("final slashes") << "https://kb.example/errors//"
                                   << "https://kb.example/errors";
    QTest::newRow("http") << "http://intranet:8080/kb"
                          << "http://intranet:8080/kb";
    QTest::newRow("ftp") << "ftp://kb.example"
                         << "";
    QTest::newRow("javascript") << "javascript:alert(1)"
                                << "";
    QTest::newRow("relative") << "/kb"
                              << "";
    QTest::newRow("no host") << "https://"
                             << "";
    QTest::newRow("query") << "https://kb.example/?a=1"
                           << "";
    QTest::newRow("fragment") << "https://kb.example/#x"
                              << "";
    QTest::newRow("user") << "https://me@kb.example"
                          << "";
}

void SitePublisherTest::baseUrl()
{
    QFETCH(QString, given);
    QFETCH(QString, expected);
    QString why;
    QCOMPARE(SitePublisher::baseUrl(given, &why), expected);
    QCOMPARE(why.isEmpty(), !expected.isEmpty());
}

QTEST_GUILESS_MAIN(SitePublisherTest)
#include "SitePublisherTest.moc"
