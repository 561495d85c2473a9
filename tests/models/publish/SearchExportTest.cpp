#include "models/publish/SearchExport.h"

#include "SiteFixture.h"
#include "models/publish/SiteSink.h"
#include "models/search/SearchIndex.h"
#include "models/text/SearchTokenizer.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Errata;
using Test::jsonString;
using Test::recordJson;

class SearchExportTest : public QObject
{
    Q_OBJECT

private:
    // The JSON a data file assigns to self.<global>.
    static OrderedJson assigned(const QByteArray &file, const char *global)
    {
        const QByteArray head = QByteArray("self.") + global + " = ";
        if (!file.startsWith(head) || !file.endsWith(";\n"))
            return OrderedJson();
        return OrderedJson::parse(file.mid(head.size(), file.size() - head.size() - 2).toStdString());
    }
    static std::vector<int> decoded(const OrderedJson &deltas)
    {
        std::vector<int> values;
        int value = 0;
        for (const OrderedJson &delta : deltas)
            values.push_back(value += delta.get<int>());
        return values;
    }

private slots:
    void sampleRecordsInPublishedOrder()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const SiteContext &ctx = fixture.context();
        MemorySiteSink sink;
        SearchExport::write(ctx, sink);
        QCOMPARE(sink.files().keys(),
                 QStringList({QStringLiteral("data/records.js"), QStringLiteral("data/search.js")}));
        const OrderedJson records = assigned(sink.file(QStringLiteral("data/records.js")), "ErrataRecords");
        QCOMPARE(records["format"].get<int>(), 1);
        const OrderedJson &list = records["records"];
        QCOMPARE(list.size(), ctx.published.size());
        QVERIFY(ctx.published.size() > 10);
        for (size_t i = 0; i < list.size(); ++i) {
            const Record &record = *ctx.published[i];
            QCOMPARE(QString::fromStdString(list[i]["id"].get<std::string>()), record.id());
            QCOMPARE(QString::fromStdString(list[i]["s"].get<std::string>()), record.signature());
            QCOMPARE(QString::fromStdString(list[i]["z"].get<std::string>()), record.signatureZh());
            QCOMPARE(QString::fromStdString(list[i]["p"].get<std::string>()), ctx.paths.recordPage(record));
            QCOMPARE(QString::fromStdString(list[i]["d"].get<std::string>()), record.domain());
            QCOMPARE(QString::fromStdString(list[i]["c"].get<std::string>()), record.category());
            QVERIFY(!list[i].contains("fi") && !list[i].contains("fd")); // ASCII: the page folds them itself
        }
        // Deterministic.
        MemorySiteSink again;
        SearchExport::write(ctx, again);
        QCOMPARE(again.files(), sink.files());
    }

    void sampleTokensSortedWithPostingsOverRecords()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const SiteContext &ctx = fixture.context();
        const OrderedJson search = SearchExport::search(ctx);
        QCOMPARE(search["format"].get<int>(), 1);
        QCOMPARE(search["records"].get<size_t>(), ctx.published.size());
        QCOMPARE(search["scores"]["field"].size(), size_t(3));
        QVERIFY(search["fold"].contains("A") && search["fold"]["Σ"] == "σ");
        const OrderedJson &tokens = search["tokens"];
        const OrderedJson &postings = search["postings"];
        QCOMPARE(tokens.size(), postings.size());
        QVERIFY(tokens.size() > 100);
        for (size_t t = 0; t < tokens.size(); ++t) {
            if (t > 0)
                QVERIFY2(tokens[t - 1].get<std::string>() < tokens[t].get<std::string>(), tokens[t].dump().c_str());
            const std::vector<int> values = decoded(postings[t]);
            QVERIFY(!values.empty());
            for (size_t i = 0; i < values.size(); ++i) {
                QVERIFY(values[i] >= 0 && values[i] < int(ctx.published.size()) * 3);
                QVERIFY(i == 0 || values[i] / 3 > values[i - 1] / 3); // one posting a record, in order
            }
        }
        // Each signature's tokens stand in its record as the signature's (field class 2).
        for (size_t r = 0; r < ctx.published.size(); ++r) {
            for (const std::string &token :
                 SearchTokenizer::tokens(ctx.published[r]->signature(), SearchTokenizer::Indexing)) {
                const auto at = std::find(tokens.begin(), tokens.end(), token);
                QVERIFY2(at != tokens.end(), token.c_str());
                const std::vector<int> values = decoded(postings[size_t(at - tokens.begin())]);
                QVERIFY2(std::find(values.begin(), values.end(), int(r) * 3 + 2) != values.end(), token.c_str());
            }
        }
    }

    void filterFieldsAndFoldedForms()
    {
        QTemporaryDir dir;
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("a.json")),
            recordJson(QStringLiteral("d/a"), QStringLiteral("Plain Error"),
                       ",\n  \"verification_tier\": \"Verified\",\n  \"resolvable\": \"true\",\n"
                       "  \"fix_success_rate\": 0.75,\n  \"confidence\": 0.5,\n  \"signature_zh\": \"错误\",\n"
                       "  \"last_confirmed\": \"2020-01-01\"")));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("b.json")),
                                       recordJson(QStringLiteral("d/b-Été"), QStringLiteral("Ünïcode ΣΑΣ"))));
        Test::SiteFixture fixture(dir.path());
        const OrderedJson list = SearchExport::records(fixture.context())["records"];
        QCOMPARE(list.size(), size_t(2));
        const OrderedJson &a = list[0];
        QVERIFY(a["t"] == "verified");
        QVERIFY(a["r"] == "true");
        QCOMPARE(a["f"].get<double>(), 0.75);
        QCOMPARE(a["k"].get<double>(), 0.5);
        QVERIFY(a["h"] == 1);
        QVERIFY(a["o"] == 1); // last confirmed over a year before the site's day
        QVERIFY(!a.contains("fs") && !a.contains("fi"));
        const OrderedJson &b = list[1];
        QVERIFY(b["fi"] == "d/b-ete");
        QVERIFY(b["fs"] == SearchTokenizer::fold(QStringLiteral("Ünïcode ΣΑΣ")).toStdString());
        for (const char *key : {"t", "r", "f", "k", "h", "o"})
            QVERIFY2(!b.contains(key), key);
        QVERIFY(b.contains("v")); // the findings of a record without its fields
    }

    void hostileTextIsEscaped()
    {
        QTemporaryDir dir;
        const QString bad = QStringLiteral("</script><script>alert(1)</script>\"><img src=x onerror=alert(1)><!--")
            + QChar(0x2028) + QChar(0x2029) + QChar(0x202E) + QStringLiteral("tail");
        const QString big(1024 * 1024, QLatin1Char('x'));
        QVERIFY(
            TestSupport::writeFile(dir.filePath(QStringLiteral("one.json")),
                                   recordJson(QStringLiteral("d/one"), bad,
                                              ",\n  \"tags\": [" + jsonString(bad) + "],\n  \"root_cause\": "
                                                  + jsonString(big) + ",\n  \"signature_zh\": " + jsonString(bad))));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("x.json")),
                                       recordJson(QStringLiteral("../x"), QStringLiteral("dot dot"))));
        Test::SiteFixture fixture(dir.path());
        MemorySiteSink sink;
        SearchExport::write(fixture.context(), sink);
        for (const QString &path : sink.files().keys()) {
            const QByteArray file = sink.file(path);
            QVERIFY2(!file.contains("</script") && !file.contains("<!--") && !file.contains('<'), qPrintable(path));
            QVERIFY2(!file.contains("\xE2\x80\xA8") && !file.contains("\xE2\x80\xA9"), qPrintable(path));
            QVERIFY2(file.size() < 200 * 1024, qPrintable(path + QString::number(file.size())));
        }
        const QByteArray recordsFile = sink.file(QStringLiteral("data/records.js"));
        QVERIFY(recordsFile.contains("\\u003c/script\\u003e") && recordsFile.contains("\\u2028"));
        const OrderedJson records = assigned(recordsFile, "ErrataRecords");
        const OrderedJson &one = records["records"][1];
        QCOMPARE(QString::fromStdString(one["s"].get<std::string>()), bad); // the text itself, once parsed
        QCOMPARE(QString::fromStdString(one["z"].get<std::string>()), bad);
        QCOMPARE(QString::fromStdString(records["records"][0]["p"].get<std::string>()).left(10),
                 QStringLiteral("records/_/")); // an unsafe id's page (SitePaths)
        const OrderedJson search = assigned(sink.file(QStringLiteral("data/search.js")), "ErrataSearch");
        QCOMPARE(search["cut"].get<int>(), SearchExport::TokenCut);
        QCOMPARE(search["long"].size(), size_t(1));
        const std::string cut = search["tokens"][search["long"][0].get<size_t>()].get<std::string>();
        QCOMPARE(cut, std::string(size_t(SearchExport::TokenCut), 'x'));
    }

    // A record left out (--valid-only) is in the index but not in ctx.published: none of its tokens reach the
    // page, and the postings of the others are numbered over the published records only.
    void leavesOutWhatIsNotPublished()
    {
        QTemporaryDir dir;
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("a.json")),
                                       recordJson(QStringLiteral("d/a"), QStringLiteral("leftout shared"))));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("b.json")),
                                       recordJson(QStringLiteral("d/b"), QStringLiteral("kept shared"))));
        Test::SiteFixture fixture(dir.path());
        SiteContext &ctx = fixture.context();
        QCOMPARE(ctx.published.size(), size_t(2));
        ctx.published.erase(ctx.published.begin());
        QCOMPARE(ctx.index.size(), 2);
        const OrderedJson search = SearchExport::search(ctx);
        const OrderedJson &tokens = search["tokens"];
        QVERIFY(std::find(tokens.begin(), tokens.end(), "kept") != tokens.end());
        QVERIFY(std::find(tokens.begin(), tokens.end(), "leftout") == tokens.end());
        const auto shared = std::find(tokens.begin(), tokens.end(), "shared");
        QVERIFY(shared != tokens.end());
        QCOMPARE(decoded(search["postings"][size_t(shared - tokens.begin())]), std::vector<int>({2}));
        QCOMPARE(SearchExport::records(ctx)["records"].size(), size_t(1));
        QCOMPARE(search["records"].get<int>(), 1);
    }
};

QTEST_GUILESS_MAIN(SearchExportTest)
#include "SearchExportTest.moc"
