#include "models/publish/SiteTextFiles.h"

#include "models/publish/DomainPage.h"
#include "models/publish/SiteSink.h"

#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Errata;
using Test::jsonString;
using Test::recordJson;

class SiteTextFilesTest : public QObject
{
    Q_OBJECT

private:
    static QStringList names(std::initializer_list<const char *> list)
    {
        QStringList out;
        for (const char *name : list)
            out.append(QString::fromLatin1(name));
        return out;
    }
    static QString hostile()
    {
        return QStringLiteral("<script>x</script> ]]> \"'& *[x](javascript:y)* #_`|!\\\nline two") + QChar(0x202E)
            + QChar(0x01) + QChar(0x1b) + QChar(0xFFFE) + QChar(0xFFFF);
    }
    static QMap<QString, QByteArray> written(const SiteContext &site, int maxUrls = SitemapLimits().urls,
                                             qint64 maxBytes = SitemapLimits().bytes)
    {
        MemorySiteSink sink;
        SiteTextFiles::write(site, sink, SitemapLimits{maxUrls, maxBytes});
        return sink.files();
    }
    // The text of every element `name` of `xml`, or {"error: ..."} when it does not parse.
    static QStringList elements(const QByteArray &xml, const QString &name, const QString &attribute = {})
    {
        QStringList out;
        QXmlStreamReader reader(xml);
        while (!reader.atEnd()) {
            if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
                out.append(attribute.isEmpty() ? reader.readElementText(QXmlStreamReader::IncludeChildElements)
                                               : reader.attributes().value(attribute).toString());
        }
        if (reader.hasError())
            return {QStringLiteral("error: ") + reader.errorString()};
        return out;
    }
    static SiteOptions withBase()
    {
        SiteOptions options = Test::SiteFixture::defaultOptions();
        options.baseUrl = QStringLiteral("https://kb.example/site");
        return options;
    }
    static int htmlPages(const SiteContext &site)
    {
        return 3 + (site.quality ? 1 : 0) + int(DomainPage::domains(site).size()) + int(site.published.size());
    }

private slots:
    void withoutBaseUrlThereIsNoSitemap()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const QMap<QString, QByteArray> files = written(fixture.context());
        QCOMPARE(files.keys(), names({"feed.xml", "llms.txt", "robots.txt"}));
        QCOMPARE(files.value(QStringLiteral("robots.txt")), QByteArray("User-agent: *\nAllow: /\n"));
        const QByteArray feed = files.value(QStringLiteral("feed.xml"));
        const QStringList ids = elements(feed, QStringLiteral("id"));
        QVERIFY2(!ids.isEmpty() && !ids.first().startsWith(QLatin1String("error")),
                 qPrintable(ids.join(QLatin1Char(','))));
        for (const QString &id : ids)
            QVERIFY2(id.startsWith(QLatin1String("urn:errata:site")), qPrintable(id));
        for (const QString &href : elements(feed, QStringLiteral("link"), QStringLiteral("href")))
            QVERIFY2(!href.contains(QLatin1String("://")), qPrintable(href));
        const QString llms = QString::fromUtf8(files.value(QStringLiteral("llms.txt")));
        QVERIFY(llms.startsWith(QLatin1String("# sample-kb\n\n> ")));
        QVERIFY(llms.contains(QLatin1String("## API\n\n- [Index")));
        QVERIFY(llms.contains(QLatin1String("](api/v1/openapi.json)")));
        QVERIFY(llms.contains(QLatin1String("](domains/docker.html): ")));
        QCOMPARE(llms.count(QLatin1String("](records/")), int(fixture.context().published.size()));
    }

    void sitemapListsEveryPageInBothLanguages()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb(), withBase());
        const SiteContext &site = fixture.context();
        const QMap<QString, QByteArray> files = written(site);
        QVERIFY(files.contains(QStringLiteral("sitemap.xml")));
        QVERIFY(!files.contains(QStringLiteral("sitemaps/sitemap-1.xml")));
        QCOMPARE(files.value(QStringLiteral("robots.txt")),
                 QByteArray("User-agent: *\nAllow: /\nSitemap: https://kb.example/site/sitemap.xml\n"));
        const QByteArray sitemap = files.value(QStringLiteral("sitemap.xml"));
        const QStringList locs = elements(sitemap, QStringLiteral("loc"));
        QCOMPARE(locs.size(), 2 * htmlPages(site));
        QVERIFY(locs.contains(QStringLiteral("https://kb.example/site/index.html")));
        QVERIFY(locs.contains(QStringLiteral("https://kb.example/site/zh/index.html")));
        QVERIFY(locs.contains(QStringLiteral("https://kb.example/site/domains/docker.html")));
        QVERIFY(!locs.contains(QStringLiteral("https://kb.example/site/404.html")));
        const QStringList langs = elements(sitemap, QStringLiteral("link"), QStringLiteral("hreflang"));
        QCOMPARE(langs.size(), 2 * locs.size());
        QCOMPARE(langs.count(QStringLiteral("zh-CN")), locs.size());
        QVERIFY(elements(sitemap, QStringLiteral("lastmod")).size() >= 2 * int(site.published.size()));
        const QStringList ids = elements(files.value(QStringLiteral("feed.xml")), QStringLiteral("id"));
        QCOMPARE(ids.first(), QStringLiteral("https://kb.example/site/"));
        QVERIFY(ids.at(1).startsWith(QLatin1String("https://kb.example/site/records/")));
        QVERIFY(QString::fromUtf8(files.value(QStringLiteral("llms.txt")))
                    .contains(QLatin1String("](https://kb.example/site/api/v1/index.json)")));
        QCOMPARE(written(site), files);
    }

    void sitemapSplitsPastTheLimit()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb(), withBase());
        const SiteContext &site = fixture.context();
        const int urls = 2 * htmlPages(site);
        const int limit = 7;
        const QMap<QString, QByteArray> files = written(site, limit);
        const QByteArray index = files.value(QStringLiteral("sitemap.xml"));
        QVERIFY(index.contains("<sitemapindex"));
        const QStringList parts = elements(index, QStringLiteral("loc"));
        QCOMPARE(parts.size(), (urls + limit - 1) / limit);
        int total = 0;
        for (int n = 1; n <= parts.size(); ++n) {
            const QString path = QStringLiteral("sitemaps/sitemap-%1.xml").arg(n);
            QCOMPARE(parts.at(n - 1), QStringLiteral("https://kb.example/site/") + path);
            const QStringList locs = elements(files.value(path), QStringLiteral("loc"));
            QVERIFY(locs.size() <= limit && !locs.isEmpty());
            total += int(locs.size());
        }
        QCOMPARE(total, urls);
        QVERIFY(!files.contains(QStringLiteral("sitemaps/sitemap-%1.xml").arg(parts.size() + 1)));
        // At the limit exactly: one file.
        QVERIFY(!written(site, urls).value(QStringLiteral("sitemap.xml")).contains("<sitemapindex"));
    }

    void sitemapSplitsPastTheByteLimit()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb(), withBase());
        const SiteContext &site = fixture.context();
        const qint64 limit = 4096;
        const QMap<QString, QByteArray> files = written(site, 1000000, limit);
        const QStringList parts = elements(files.value(QStringLiteral("sitemap.xml")), QStringLiteral("loc"));
        QVERIFY2(parts.size() > 2, qPrintable(QString::number(parts.size())));
        int total = 0;
        for (int n = 1; n <= parts.size(); ++n) {
            const QByteArray part = files.value(QStringLiteral("sitemaps/sitemap-%1.xml").arg(n));
            QVERIFY2(part.size() <= limit, qPrintable(QString::number(part.size())));
            total += int(elements(part, QStringLiteral("loc")).size());
        }
        QCOMPARE(total, 2 * htmlPages(site));
    }

    void feedHoldsTheNewestByDateThenId()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 60; ++i) {
            const QString date = QDate(2026, 1, 1).addDays(i % 20).toString(Qt::ISODate);
            const QByteArray dates = i % 3 == 0 ? ",\n  \"last_confirmed\": \"" + date.toLatin1() + "\""
                                                : ",\n  \"last_updated\": \"" + date.toLatin1() + "\"";
            QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/r%1.json").arg(i, 2, 10, QLatin1Char('0'))),
                                           recordJson(QStringLiteral("d/r%1").arg(i, 2, 10, QLatin1Char('0')),
                                                      QStringLiteral("sig %1").arg(i), dates)));
        }
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/undated.json")),
                                       recordJson(QStringLiteral("d/undated"), QStringLiteral("undated"))));
        Test::SiteFixture fixture(dir.path());
        const QByteArray feed = written(fixture.context()).value(QStringLiteral("feed.xml"));
        const QStringList titles = elements(feed, QStringLiteral("title"));
        const QStringList updated = elements(feed, QStringLiteral("updated"));
        QCOMPARE(titles.size(), 1 + SiteTextFiles::FeedEntries);
        QCOMPARE(updated.size(), 1 + SiteTextFiles::FeedEntries);
        QCOMPARE(updated.first(), QStringLiteral("2026-01-20T00:00:00Z"));
        // Expected: by date descending, then id ascending.
        std::vector<std::pair<QString, QString>> expected;
        for (int i = 0; i < 60; ++i)
            expected.emplace_back(QDate(2026, 1, 1).addDays(i % 20).toString(Qt::ISODate),
                                  QStringLiteral("d/r%1").arg(i, 2, 10, QLatin1Char('0')));
        std::sort(expected.begin(), expected.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        for (int i = 0; i < SiteTextFiles::FeedEntries; ++i) {
            QCOMPARE(updated.at(i + 1), expected[size_t(i)].first + QStringLiteral("T00:00:00Z"));
            const int n = expected[size_t(i)].second.mid(3).toInt();
            QCOMPARE(titles.at(i + 1), QStringLiteral("sig %1").arg(n));
        }
        QVERIFY(!feed.contains("undated"));
    }

    void hostileTextIsEscaped()
    {
        QTemporaryDir dir;
        const QString bad = hostile();
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("d/one.json")),
            recordJson(QStringLiteral("d/one"), bad,
                       ",\n  \"root_cause\": " + jsonString(bad) + ",\n  \"last_updated\": \"2026-02-03\"")));
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("d/x.json")),
            recordJson(QStringLiteral("../x"), QStringLiteral("dot dot"), ",\n  \"last_updated\": \"2026-02-02\"")));
        Test::SiteFixture fixture(dir.path(), withBase());
        const QMap<QString, QByteArray> files = written(fixture.context());
        for (const QString &path : {QStringLiteral("feed.xml"), QStringLiteral("sitemap.xml")}) {
            const QStringList all = elements(files.value(path), QStringLiteral("loc"));
            QVERIFY2(all.isEmpty() || !all.first().startsWith(QLatin1String("error")),
                     qPrintable(path + all.join(QLatin1Char(','))));
        }
        const QByteArray feed = files.value(QStringLiteral("feed.xml"));
        QVERIFY(!feed.contains("<script>"));
        QVERIFY(!feed.contains("]]>"));
        QVERIFY(!feed.contains('\x01') && !feed.contains('\x1b'));
        QVERIFY(!feed.contains("\xEF\xBF\xBE") && !feed.contains("\xEF\xBF\xBF")); // U+FFFE, U+FFFF
        const QStringList titles = elements(feed, QStringLiteral("title"));
        QVERIFY2(titles.size() == 3, qPrintable(titles.join(QLatin1Char(','))));
        QString expected = bad;
        for (QChar &c : expected)
            if (c.unicode() == 0x01 || c.unicode() == 0x1b || c.unicode() >= 0xFFFE)
                c = QChar(0xFFFD);
        QCOMPARE(titles.at(1), expected);
        QVERIFY(elements(feed, QStringLiteral("id"))
                    .contains(QStringLiteral("https://kb.example/site/records/_/")
                              + fixture.context().paths.recordPage(*fixture.record(QStringLiteral("../x"))).mid(10, 16)
                              + QStringLiteral(".html")));

        const QString llms = QString::fromUtf8(files.value(QStringLiteral("llms.txt")));
        QVERIFY(!llms.contains(QLatin1String("<script>")));
        QVERIFY(llms.contains(QLatin1String("\\<script\\>x\\</script\\> \\]\\]\\>")));
        QVERIFY(llms.contains(QLatin1String("\\*\\[x\\]\\(javascript:y\\)\\* \\#\\_\\`\\|\\!\\\\ line two")));
        const QStringList lines = llms.split(QLatin1Char('\n'));
        QCOMPARE(lines.filter(QStringLiteral("javascript:y")).size(), 1); // root cause is cut at its first line
        QVERIFY(!llms.contains(QChar(0xFFFE)));
    }

    void escapingFunctions()
    {
        QCOMPARE(SiteTextFiles::xml(QStringLiteral("a<b>&\"'\x01\t\n") + QChar(0xD800)),
                 QStringLiteral("a&lt;b&gt;&amp;&quot;&apos;\uFFFD\t\n\uFFFD"));
        QCOMPARE(SiteTextFiles::markdown(u"[a](b)\n#"), QStringLiteral("\\[a\\]\\(b\\) \\#"));
        const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
        QCOMPARE(SiteTextFiles::xml(emoji), emoji);
    }
};

QTEST_GUILESS_MAIN(SiteTextFilesTest)
#include "SiteTextFilesTest.moc"
