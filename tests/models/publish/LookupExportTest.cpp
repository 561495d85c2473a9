#include "models/publish/LookupExport.h"

#include "models/json/OrderedJson.h"
#include "models/lookup/LookupIndex.h"
#include "models/publish/SiteSink.h"
#include "models/search/SearchIndex.h"

#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using Test::jsonString;
using Test::recordJson;

class LookupExportTest : public QObject
{
    Q_OBJECT

private:
    static bool writeRecord(const QTemporaryDir &dir, const QString &id, const QString &signature, const QString &regex)
    {
        QByteArray json = "{\n  \"id\": " + jsonString(id) + ",\n  \"signature\": " + jsonString(signature)
            + ",\n  \"domain\": \"d\",\n  \"category\": \"c\"";
        if (!regex.isEmpty())
            json += ",\n  \"regex\": " + jsonString(regex);
        json += "\n}\n";
        return TestSupport::writeFile(dir.filePath(id + QStringLiteral(".json")), json);
    }
    // The JSON a data file assigns to its global.
    static OrderedJson scriptJson(const QByteArray &script, const char *global)
    {
        const QByteArray head = QByteArray("self.") + global + " = ";
        if (!script.startsWith(head) || !script.endsWith(";\n"))
            return nullptr;
        const QByteArray body = script.mid(head.size(), script.size() - head.size() - 2);
        return OrderedJson::parse(body.toStdString(), nullptr, false);
    }
    static QStringList keysOf(const OrderedJson &object)
    {
        QStringList keys;
        for (const auto &item : object.items())
            keys << QString::fromStdString(item.key());
        return keys;
    }

private slots:
    void sampleKbHasEveryEntryAndPattern()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const SiteContext &ctx = fixture.context();
        MemorySiteSink sink;
        LookupExport::write(ctx, sink);
        QCOMPARE(sink.files().keys(),
                 (QStringList{QStringLiteral("api/v1/match.json"), QStringLiteral("data/lookup.js")}));
        const OrderedJson data = scriptJson(sink.file(QStringLiteral("data/lookup.js")), "ErrataLookup");
        QVERIFY(data.is_object());
        QCOMPARE(keysOf(data),
                 QStringLiteral("format engine n avgLength ids rec terms weights words sig sigZh length fix tier hints "
                                "hintNames keys re untranslated fold")
                     .split(QLatin1Char(' ')));
        const LookupIndex &index = ctx.index.lookup();
        const size_t n = ctx.published.size();
        QCOMPARE(data["n"].get<int>(), int(n));
        QCOMPARE(data["n"].get<int>(), index.liveCount());
        QCOMPARE(data["avgLength"].get<double>(), index.averageLength());
        for (const char *key : {"ids", "rec", "words", "sig", "sigZh", "length", "fix", "tier", "hints", "keys", "re"})
            QVERIFY2(data[key].size() == n, key);
        const size_t terms = data["terms"].size();
        const size_t weights = data["weights"].size();
        QVERIFY(terms > 100);
        for (size_t e = 0; e < n; ++e) {
            // Each record of the entry order is the published one at its place.
            const Record *record = ctx.published[data["rec"][e].get<size_t>()];
            QCOMPARE(QString::fromStdString(data["ids"][e].get<std::string>()), record->id());
            size_t term = 0;
            const OrderedJson &words = data["words"][e];
            QVERIFY(!words.empty() && words.size() % 2 == 0);
            for (size_t i = 0; i < words.size(); i += 2) {
                QVERIFY(i == 0 || words[i].get<size_t>() > 0); // ascending
                term += words[i].get<size_t>();
                QVERIFY(term < terms);
                QVERIFY(words[i + 1].get<size_t>() < weights);
            }
            QCOMPARE(data["re"][e].is_null(), record->regex().isEmpty());
            if (!record->regex().isEmpty())
                QVERIFY(data["re"][e][1] == "u" || data["re"][e][1] == "iu");
        }
        // Float32 weights as their shortest text: 0.3f is 0.3, not 0.30000001192092896.
        const QByteArray script = sink.file(QStringLiteral("data/lookup.js"));
        QVERIFY(!script.contains("0.30000001"));
        QVERIFY(data["fold"].size() > 2000 && data["fold"].size() % 2 == 0);
        QCOMPARE(data["fold"][0].get<int>(), int('A'));
        QCOMPARE(data["fold"][1].get<int>(), int('a'));

        const OrderedJson match = OrderedJson::parse(sink.file(QStringLiteral("api/v1/match.json")).toStdString());
        QCOMPARE(keysOf(match),
                 (QStringList{QStringLiteral("format"), QStringLiteral("count"), QStringLiteral("patterns")}));
        int withRegex = 0;
        for (const Record *record : ctx.published)
            withRegex += record->regex().isEmpty() ? 0 : 1;
        QVERIFY(withRegex > 0);
        QCOMPARE(match["count"].get<int>(), withRegex);
        QCOMPARE(int(match["patterns"].size()), withRegex);
        const OrderedJson &first = match["patterns"][0];
        QCOMPARE(keysOf(first), QStringLiteral("id regex flags js engine signature").split(QLatin1Char(' ')));
        QCOMPARE(first["engine"].get<std::string>(), std::string("re2"));
        const Record *record = fixture.record(QString::fromStdString(first["id"].get<std::string>()));
        QVERIFY(record);
        QCOMPARE(QString::fromStdString(first["regex"].get<std::string>()), record->regex());
        QCOMPARE(QString::fromStdString(first["signature"].get<std::string>()), record->signature());
        QVERIFY(LookupExport::untranslated(ctx).isEmpty());
    }

    // Record text cannot end the data script, and a regex the page cannot
    // run is null in both files and named.
    void hostileKbIsEscapedAndUntranslatableRegexesNamed()
    {
        QTemporaryDir dir;
        const QString bad = QStringLiteral("</script><!-- <img src=x onerror=alert(1)> ") + QChar(0x2028)
            + QChar(0x2029) + QChar(0x202E) + QStringLiteral(" KeyError");
        const QString scriptRegex = QStringLiteral("</script>") + QChar(0x2028) + QStringLiteral("?.*KeyError");
        QVERIFY(writeRecord(dir, QStringLiteral("d/script"), bad, scriptRegex));
        QVERIFY(writeRecord(dir, QStringLiteral("d/scoped"), QStringLiteral("Scoped flag Error"),
                            QStringLiteral("(?i:scoped) flag")));
        QVERIFY(
            writeRecord(dir, QStringLiteral("d/byte"), QStringLiteral("One byte Error"), QStringLiteral("one\\Cbyte")));
        QVERIFY(writeRecord(dir, QStringLiteral("d/rejected"), QStringLiteral("Rejected Error"),
                            QStringLiteral("(unclosed")));
        QVERIFY(writeRecord(dir, QStringLiteral("d/plain"), QStringLiteral("Plain Error"), QString()));
        Test::SiteFixture fixture(dir.path());
        const SiteContext &ctx = fixture.context();
        QCOMPARE(int(ctx.published.size()), 5);
        MemorySiteSink sink;
        LookupExport::write(ctx, sink);
        for (const QString &path : sink.files().keys()) {
            const QByteArray bytes = sink.file(path);
            QVERIFY2(!bytes.contains("</script"), qPrintable(path));
            QVERIFY2(!bytes.contains("<!--"), qPrintable(path));
            QVERIFY2(!bytes.contains("<img"), qPrintable(path));
            QVERIFY2(!bytes.contains("\xE2\x80\xA8") && !bytes.contains("\xE2\x80\xA9"), qPrintable(path));
            QVERIFY2(bytes.contains("\\u2028"), qPrintable(path));
        }
        const QStringList named = {QStringLiteral("d/byte"), QStringLiteral("d/rejected"), QStringLiteral("d/scoped")};
        QCOMPARE(LookupExport::untranslated(ctx), named);
        const OrderedJson data = scriptJson(sink.file(QStringLiteral("data/lookup.js")), "ErrataLookup");
        QVERIFY(data.is_object());
        QStringList listed;
        for (const auto &id : data["untranslated"])
            listed << QString::fromStdString(id.get<std::string>());
        listed.sort();
        QCOMPARE(listed, named);
        for (size_t e = 0; e < data["ids"].size(); ++e) {
            const QString id = QString::fromStdString(data["ids"][e].get<std::string>());
            const bool runs = id == QLatin1String("d/script");
            QVERIFY2(data["re"][e].is_null() != runs, qPrintable(id));
        }
        // The signature reads back as written once the escapes are undone.
        bool found = false;
        const OrderedJson match = OrderedJson::parse(sink.file(QStringLiteral("api/v1/match.json")).toStdString());
        QCOMPARE(match["count"].get<int>(), 4);
        for (const OrderedJson &pattern : match["patterns"]) {
            const QString id = QString::fromStdString(pattern["id"].get<std::string>());
            if (id == QLatin1String("d/script")) {
                found = true;
                QCOMPARE(QString::fromStdString(pattern["signature"].get<std::string>()), bad);
                QCOMPARE(QString::fromStdString(pattern["js"].get<std::string>()),
                         QStringLiteral("<\\/script>") + QChar(0x2028) + QStringLiteral("?[^\\n]*KeyError"));
                QCOMPARE(pattern["flags"].get<std::string>(), std::string("u"));
            } else {
                QVERIFY2(pattern["js"].is_null() && pattern["flags"].is_null(), qPrintable(id));
                QVERIFY(!pattern["regex"].get<std::string>().empty()); // as stored
            }
        }
        QVERIFY(found);
    }

    // With records left out (--valid-only), the page ranks among those
    // published: none of the others' entries, its own average length.
    void recordsLeftOutAreNotExported()
    {
        QTemporaryDir dir;
        QVERIFY(writeRecord(dir, QStringLiteral("d/one"), QStringLiteral("First Error one"), QString()));
        QVERIFY(writeRecord(dir, QStringLiteral("d/two"), QStringLiteral("Second Error two words more"), QString()));
        Test::SiteFixture fixture(dir.path());
        SiteContext &ctx = fixture.context();
        ctx.published.erase(ctx.published.begin()); // d/one left out
        MemorySiteSink sink;
        LookupExport::write(ctx, sink);
        const OrderedJson data = scriptJson(sink.file(QStringLiteral("data/lookup.js")), "ErrataLookup");
        QCOMPARE(data["n"].get<int>(), 1);
        QCOMPARE(data["ids"][0].get<std::string>(), std::string("d/two"));
        QCOMPARE(data["rec"][0].get<int>(), 0);
        QCOMPARE(float(data["avgLength"].get<double>()), float(data["length"][0].get<double>()));
        QVERIFY(!sink.file(QStringLiteral("data/lookup.js")).contains("\"first\""));
    }
};

QTEST_GUILESS_MAIN(LookupExportTest)
#include "LookupExportTest.moc"
