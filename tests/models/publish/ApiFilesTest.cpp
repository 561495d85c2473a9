#include "models/publish/ApiFiles.h"

#include "models/json/OrderedJson.h"
#include "models/publish/SiteSink.h"
#include "models/quality/QualityModel.h"
#include "models/quality/QualityReport.h"

#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using Test::jsonString;
using Test::recordJson;

class ApiFilesTest : public QObject
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
        return QStringLiteral("<script>alert(1)</script>\"><img src=x onerror=alert(1)><!-- ]]> *[x](javascript:y) #_`")
            + QChar(0x202E) + QChar(0x2028) + QChar(0x01) + QChar(0x1b) + QChar(0xFFFE);
    }
    static QStringList keys(const OrderedJson &object)
    {
        QStringList out;
        for (auto it = object.begin(); it != object.end(); ++it)
            out.append(QString::fromStdString(it.key()));
        return out;
    }
    static OrderedJson parsed(const QByteArray &bytes)
    {
        return OrderedJson::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    }
    static QByteArray fileBytes(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
    }
    static QMap<QString, QByteArray> written(const SiteContext &site)
    {
        MemorySiteSink sink;
        ApiFiles::write(site, sink);
        return sink.files();
    }
    // The hostile KB: hostile text, an unsafe id, a duplicate id (differing
    // in case too), a BOM and CRLF, number spellings, a domain "api".
    static void writeHostileKb(const QString &dir)
    {
        const QString bad = hostile();
        QVERIFY(
            TestSupport::writeFile(dir + QStringLiteral("/d/one.json"),
                                   recordJson(QStringLiteral("d/one"), bad,
                                              ",\n  \"root_cause\": " + jsonString(bad)
                                                  + ",\n  \"fix_success_rate\": 0.50,\n  \"dead_ends\": [{\"action\": "
                                                  + jsonString(bad) + ", \"fail_rate\": 1e-1}]")));
        QVERIFY(TestSupport::writeFile(dir + QStringLiteral("/d/x.json"),
                                       recordJson(QStringLiteral("../x"), QStringLiteral("dot dot"))));
        QVERIFY(TestSupport::writeFile(dir + QStringLiteral("/d/two.json"),
                                       recordJson(QStringLiteral("d/two"), QStringLiteral("two"))));
        QVERIFY(TestSupport::writeFile(dir + QStringLiteral("/d/z.json"),
                                       recordJson(QStringLiteral("d/two"), QStringLiteral("second two"))));
        QByteArray crlf = "\xEF\xBB\xBF" + recordJson(QStringLiteral("api/three"), QStringLiteral("</script>"));
        crlf.replace("\n", "\r\n");
        QVERIFY(TestSupport::writeFile(dir + QStringLiteral("/api/three.json"), crlf));
    }

private slots:
    void sampleFilesParseWithTheDocumentedKeys()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        SiteContext &site = fixture.context();
        const QualityReport quality = QualityModel::compute(fixture.kb(), site.options.today);
        site.quality = &quality;
        const QMap<QString, QByteArray> files = written(site);
        for (const char *path : {"api/v1/index.json", "api/v1/stats.json", "api/v1/openapi.json",
                                 "api/v1/record.schema.json", "api/v1/errors.ndjson"})
            QVERIFY2(files.contains(QString::fromLatin1(path)), path);
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            QVERIFY2((it.value().endsWith('\n') && !it.value().contains('\r'))
                         || it.key().startsWith(QLatin1String("api/v1/records/")),
                     qPrintable(it.key()));
            if (it.key().endsWith(QLatin1String(".json"))) {
                QJsonParseError error;
                QJsonDocument::fromJson(it.value(), &error);
                QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(it.key() + error.errorString()));
            }
        }

        const OrderedJson index = parsed(files.value(QStringLiteral("api/v1/index.json")));
        QCOMPARE(keys(index), names({"format", "generator", "reference_date", "count", "records"}));
        QCOMPARE(index["format"].get<int>(), 1);
        QCOMPARE(index["reference_date"].get<std::string>(), std::string("2026-06-01"));
        QCOMPARE(index["count"].get<size_t>(), site.published.size());
        QCOMPARE(index["records"].size(), site.published.size());
        for (size_t i = 0; i < site.published.size(); ++i) {
            const Record &record = *site.published[i];
            const OrderedJson &entry = index["records"][i];
            QCOMPARE(keys(entry),
                     names({"id", "domain", "category", "signature", "signature_zh", "url", "url_zh", "json", "updated",
                            "valid"}));
            QCOMPARE(QString::fromStdString(entry["id"].get<std::string>()), record.id());
            QCOMPARE(QString::fromStdString(entry["url"].get<std::string>()),
                     QStringLiteral("../../") + site.paths.recordPage(record));
            QCOMPARE(QString::fromStdString(entry["json"].get<std::string>()),
                     site.paths.recordJson(record).mid(QStringLiteral("api/v1/").size()));
            // records/<id>.json: the file's bytes exactly.
            QCOMPARE(files.value(site.paths.recordJson(record)), fileBytes(record.filePath()));
        }

        const QList<QByteArray> lines = files.value(QStringLiteral("api/v1/errors.ndjson")).split('\n');
        QCOMPARE(size_t(lines.size()), site.published.size() + 1); // a final LF
        for (size_t i = 0; i < site.published.size(); ++i)
            QCOMPARE(QJsonDocument::fromJson(lines[qsizetype(i)]),
                     QJsonDocument::fromJson(fileBytes(site.published[i]->filePath())));

        const OrderedJson stats = parsed(files.value(QStringLiteral("api/v1/stats.json")));
        QCOMPARE(keys(stats),
                 names({"format", "generator", "reference_date", "records", "domains", "categories", "dead_ends",
                        "workarounds", "links", "by_domain", "quality"}));
        QCOMPARE(stats["records"].get<size_t>(), site.published.size());
        QVERIFY(stats["dead_ends"].get<int>() > 0);
        QVERIFY(stats["by_domain"].contains("docker"));
        QCOMPARE(keys(stats["by_domain"]["docker"]), names({"records", "categories", "avg_fix_success_rate"}));
        QCOMPARE(keys(stats["quality"]), names({"by_domain", "total"}));

        const OrderedJson openapi = parsed(files.value(QStringLiteral("api/v1/openapi.json")));
        QCOMPARE(openapi["openapi"].get<std::string>(), std::string("3.1.0"));
        QCOMPARE(openapi["servers"][0]["url"].get<std::string>(), std::string("./"));
        QCOMPARE(keys(openapi["paths"]),
                 names({"/index.json", "/records/{id}.json", "/match.json", "/errors.ndjson", "/stats.json",
                        "/record.schema.json"}));
        for (const char *schema :
             {"Index", "IndexEntry", "Match", "Pattern", "Stats", "DomainStats", "Quality", "Record"})
            QVERIFY2(openapi["components"]["schemas"].contains(schema), schema);
        QCOMPARE(files.value(QStringLiteral("api/v1/record.schema.json")),
                 fileBytes(QStringLiteral(ERRATA_SOURCE_DIR "/resources/schema/record.schema.json")));
    }

    void baseUrlMakesUrlsAbsolute()
    {
        SiteOptions options = Test::SiteFixture::defaultOptions();
        options.baseUrl = QStringLiteral("https://kb.example/errors");
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb(), options);
        const QMap<QString, QByteArray> files = written(fixture.context());
        const OrderedJson index = parsed(files.value(QStringLiteral("api/v1/index.json")));
        QVERIFY(QString::fromStdString(index["records"][0]["url"].get<std::string>())
                    .startsWith(QLatin1String("https://kb.example/errors/records/")));
        QVERIFY(QString::fromStdString(index["records"][0]["url_zh"].get<std::string>())
                    .startsWith(QLatin1String("https://kb.example/errors/zh/records/")));
        const OrderedJson openapi = parsed(files.value(QStringLiteral("api/v1/openapi.json")));
        QCOMPARE(openapi["servers"][0]["url"].get<std::string>(), std::string("https://kb.example/errors/api/v1"));
        QVERIFY(!fixture.context().quality);
        QVERIFY(!parsed(files.value(QStringLiteral("api/v1/stats.json"))).contains("quality"));
    }

    void sameKbGivesTheSameBytes()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const QMap<QString, QByteArray> first = written(fixture.context());
        Test::SiteFixture again(Test::SiteFixture::sampleKb());
        QCOMPARE(written(again.context()), first);
    }

    void hostileKbStaysParseableAndExact()
    {
        QTemporaryDir dir;
        writeHostileKb(dir.path());
        Test::SiteFixture fixture(dir.path());
        const SiteContext &site = fixture.context();
        QCOMPARE(site.published.size(), size_t(5));
        const QMap<QString, QByteArray> files = written(site);
        int hashed = 0;
        for (const Record *record : site.published) {
            const QString path = site.paths.recordJson(*record);
            QVERIFY2(files.contains(path), qPrintable(path));
            QCOMPARE(files.value(path), fileBytes(record->filePath())); // BOM and CRLF kept
            hashed += path.startsWith(QLatin1String("api/v1/records/_/")) ? 1 : 0;
        }
        QCOMPARE(hashed, 2); // ../x and the second d/two
        QVERIFY(files.contains(QStringLiteral("api/v1/records/api/three.json")));
        QCOMPARE(files.value(QStringLiteral("api/v1/records/api/three.json")).left(3), QByteArray("\xEF\xBB\xBF"));

        const QByteArray ndjson = files.value(QStringLiteral("api/v1/errors.ndjson"));
        const QList<QByteArray> lines = ndjson.left(ndjson.size() - 1).split('\n');
        QCOMPARE(size_t(lines.size()), site.published.size());
        QVERIFY(!ndjson.contains('\r'));
        QVERIFY(!ndjson.startsWith("\xEF\xBB\xBF") && !ndjson.contains("\n\xEF\xBB\xBF"));
        for (size_t i = 0; i < site.published.size(); ++i) {
            QJsonParseError error;
            const QJsonDocument line = QJsonDocument::fromJson(lines[qsizetype(i)], &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
            QCOMPARE(line.object().value(QStringLiteral("id")).toString(), site.published[i]->id());
        }
        QVERIFY(ndjson.contains("\"fix_success_rate\":0.50")); // the stored spelling
        QVERIFY(ndjson.contains("\"fail_rate\":1e-1"));

        const QJsonObject index = QJsonDocument::fromJson(files.value(QStringLiteral("api/v1/index.json"))).object();
        const QJsonArray records = index.value(QStringLiteral("records")).toArray();
        QCOMPARE(records.size(), 5);
        bool sawHostile = false;
        for (const QJsonValue &entry : records)
            sawHostile = sawHostile || entry.toObject().value(QStringLiteral("signature")).toString() == hostile();
        QVERIFY(sawHostile); // the text survives the round trip exactly
        const QJsonObject stats = QJsonDocument::fromJson(files.value(QStringLiteral("api/v1/stats.json"))).object();
        QCOMPARE(stats.value(QStringLiteral("domains")).toInt(), 1); // every record of this KB is in domain "d"
        QCOMPARE(stats.value(QStringLiteral("dead_ends")).toInt(), 1);
        QCOMPARE(stats.value(QStringLiteral("by_domain"))
                     .toObject()
                     .value(QStringLiteral("d"))
                     .toObject()
                     .value(QStringLiteral("avg_fix_success_rate")),
                 QJsonValue(0.5));
        QCOMPARE(written(site), files);
    }

    void compactKeepsStringsAndSpellings()
    {
        QCOMPARE(ApiFiles::compact("\xEF\xBB\xBF{ \"a b\" :\r\n [ \"x \\\" y\\\\\" , 1.50 ] }\r\n"),
                 QByteArray("{\"a b\":[\"x \\\" y\\\\\",1.50]}"));
    }

    void recordThatCannotBeWrittenIsNamedAndLeftOut()
    {
        QTemporaryDir dir;
        for (const char *id : {"d/one", "d/two"})
            QVERIFY(TestSupport::writeFile(dir.filePath(QString::fromLatin1(id) + QStringLiteral(".json")),
                                           recordJson(QString::fromLatin1(id), QStringLiteral("sig"))));
        Test::SiteFixture fixture(dir.path());
        Record *two = const_cast<Record *>(fixture.record(QStringLiteral("d/two")));
        QVERIFY(two);
        const Record::Summary summary = two->summary();
        two->restore("[\"not a record\"]", summary); // as if a cache held a text that is no record
        MemorySiteSink sink;
        QStringList notes;
        ApiFiles::write(fixture.context(), sink, &notes);
        QCOMPARE(notes, names({"d/two: its text is not a JSON object"}));
        QVERIFY(sink.contains(QStringLiteral("api/v1/records/d/one.json")));
        QVERIFY(!sink.contains(QStringLiteral("api/v1/records/d/two.json")));
        QCOMPARE(sink.file(QStringLiteral("api/v1/errors.ndjson")).count('\n'), 1);
        const OrderedJson index = parsed(sink.file(QStringLiteral("api/v1/index.json")));
        QCOMPARE(index["count"].get<int>(), 2);
        QVERIFY(index["records"][0]["json"].is_string());
        QVERIFY(index["records"][1]["json"].is_null());
    }

    void editedRecordIsItsSerialisation()
    {
        QTemporaryDir dir;
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/one.json")),
                                       recordJson(QStringLiteral("d/one"), QStringLiteral("one"))));
        Test::SiteFixture fixture(dir.path());
        Record *record = const_cast<Record *>(fixture.record(QStringLiteral("d/one")));
        QVERIFY(record);
        record->setValue(QStringLiteral("/signature"), OrderedJson("edited"));
        QString reason;
        const QByteArray text = ApiFiles::storedText(*record, &reason);
        QVERIFY(reason.isEmpty());
        QCOMPARE(text, record->serialize());
        QVERIFY(text.contains("\"edited\""));
    }
};

QTEST_GUILESS_MAIN(ApiFilesTest)
#include "ApiFilesTest.moc"
