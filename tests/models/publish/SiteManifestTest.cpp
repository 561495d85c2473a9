#include "models/publish/SiteManifest.h"

#include <QTest>

using namespace Errata;

class SiteManifestTest : public QObject
{
    Q_OBJECT

private slots:
    void writesSortedWithoutTimesOrAbsolutePaths();
    void readsBackWhatItWrote();
    void malformedIsNamedWithItsPlace_data();
    void malformedIsNamedWithItsPlace();
    void hugeIsNotRead();
    void safePaths_data();
    void safePaths();
};

void SiteManifestTest::writesSortedWithoutTimesOrAbsolutePaths()
{
    SiteManifest manifest;
    manifest.generator = QStringLiteral("Errata 9.9.9 \"q\"");
    manifest.files.insert(QStringLiteral("zh/index.html"), {12, QByteArray("\x01\xab", 2)});
    manifest.files.insert(QStringLiteral("404.html"), {3, QByteArray()});
    const QByteArray expected = "{\n"
                                "  \"format\": 1,\n"
                                "  \"generator\": \"Errata 9.9.9 \\\"q\\\"\",\n"
                                "  \"files\": [\n"
                                "    {\"path\": \"404.html\", \"size\": 3, \"key\": \"\"},\n"
                                "    {\"path\": \"zh/index.html\", \"size\": 12, \"key\": \"01ab\"}\n"
                                "  ]\n"
                                "}\n";
    QCOMPARE(manifest.toJson(), expected);
    QCOMPARE(SiteManifest().toJson(), QByteArray("{\n  \"format\": 1,\n  \"generator\": \"\",\n  \"files\": []\n}\n"));
}

void SiteManifestTest::readsBackWhatItWrote()
{
    SiteManifest manifest;
    manifest.generator = QStringLiteral("Errata \u4e2d\t");
    manifest.files.insert(QStringLiteral("records/a.html"), {7, QByteArray::fromHex("00ff10")});
    manifest.files.insert(QStringLiteral("api/v1/index.json"), {9007199254740991LL, QByteArray()});
    SiteManifest read;
    QString error;
    QVERIFY2(SiteManifest::parse(manifest.toJson(), &read, &error), qPrintable(error));
    QCOMPARE(read.generator, manifest.generator);
    QCOMPARE(read.files.keys(), manifest.files.keys());
    QCOMPARE(read.files.value(QStringLiteral("records/a.html")).key, QByteArray::fromHex("00ff10"));
    QCOMPARE(read.files.value(QStringLiteral("api/v1/index.json")).size, 9007199254740991LL);
    QCOMPARE(read.toJson(), manifest.toJson());
}

void SiteManifestTest::malformedIsNamedWithItsPlace_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray head = "{\"format\": 1, \"generator\": \"g\", \"files\": [";
    QTest::newRow("syntax") << QByteArray("{\n  \"format\": 1,\n  \"files\": [,]\n}")
                            << QStringLiteral("line 3, column");
    QTest::newRow("array") << QByteArray("[]") << QStringLiteral("not a JSON object");
    QTest::newRow("format") << QByteArray("{\"format\": 2, \"generator\": \"g\", \"files\": []}")
                            << QStringLiteral("format");
    QTest::newRow("format as text") << QByteArray("{\"format\": \"1\", \"generator\": \"g\", \"files\": []}")
                                    << QStringLiteral("format");
    QTest::newRow("no files") << QByteArray("{\"format\": 1, \"generator\": \"g\"}")
                              << QStringLiteral("files: not an array");
    QTest::newRow("absolute") << head + "{\"path\": \"/etc/passwd\", \"size\": 1, \"key\": \"\"}]}"
                              << QStringLiteral("files[0].path");
    QTest::newRow("dot dot") << head
            + "{\"path\": \"a.html\", \"size\": 1, \"key\": \"\"}, {\"path\": \"../x\", \"size\": 1, \"key\": \"\"}]}"
                             << QStringLiteral("files[1].path");
    QTest::newRow("empty segment") << head + "{\"path\": \"a//b\", \"size\": 1, \"key\": \"\"}]}"
                                   << QStringLiteral("files[0].path");
    QTest::newRow("itself") << head + "{\"path\": \".errata-publish.json\", \"size\": 1, \"key\": \"\"}]}"
                            << QStringLiteral("files[0].path");
    QTest::newRow("twice") << head
            + "{\"path\": \"a\", \"size\": 1, \"key\": \"\"}, {\"path\": \"a\", \"size\": 1, \"key\": \"\"}]}"
                           << QStringLiteral("listed twice");
    QTest::newRow("negative size") << head + "{\"path\": \"a\", \"size\": -1, \"key\": \"\"}]}"
                                   << QStringLiteral("files[0].size");
    QTest::newRow("fractional size") << head + "{\"path\": \"a\", \"size\": 1.5, \"key\": \"\"}]}"
                                     << QStringLiteral("files[0].size");
    QTest::newRow("key not hex") << head + "{\"path\": \"a\", \"size\": 1, \"key\": \"xyz\"}]}"
                                 << QStringLiteral("files[0].key");
    QTest::newRow("key too long") << head + "{\"path\": \"a\", \"size\": 1, \"key\": \"" + QByteArray(130, 'a')
            + "\"}]}" << QStringLiteral("files[0].key");
    QTest::newRow("entry not object") << head + "3]}" << QStringLiteral("files[0]: not an object");
}

void SiteManifestTest::malformedIsNamedWithItsPlace()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    SiteManifest manifest;
    manifest.generator = QStringLiteral("untouched");
    QString error;
    QVERIFY(!SiteManifest::parse(text, &manifest, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(manifest.generator, QStringLiteral("untouched"));
}

void SiteManifestTest::hugeIsNotRead()
{
    SiteManifest manifest;
    for (int i = 0; i < 100; ++i)
        manifest.files.insert(QStringLiteral("records/%1.html").arg(i), {i, QByteArray()});
    const QByteArray text = manifest.toJson();
    SiteManifest read;
    QString error;
    QVERIFY(SiteManifest::parse(text, &read, &error, text.size()));
    QVERIFY(!SiteManifest::parse(text, &read, &error, text.size() - 1));
    QVERIFY2(error.contains(QStringLiteral("larger than")), qPrintable(error));
}

void SiteManifestTest::safePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("safe");
    QTest::newRow("plain") << QStringLiteral("records/docker/a.html") << true;
    QTest::newRow("dot file inside") << QStringLiteral("records/.well-known") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("absolute") << QStringLiteral("/a") << false;
    QTest::newRow("trailing slash") << QStringLiteral("a/") << false;
    QTest::newRow("double slash") << QStringLiteral("a//b") << false;
    QTest::newRow("dot") << QStringLiteral("./a") << false;
    QTest::newRow("dot dot") << QStringLiteral("a/../b") << false;
    QTest::newRow("manifest") << QStringLiteral(".errata-publish.json") << false;
    QTest::newRow("marker") << QStringLiteral(".errata-publish.json.partial") << false;
    QTest::newRow("manifest name deeper") << QStringLiteral("zh/.errata-publish.json") << true;
    QTest::newRow("nul") << QStringLiteral("a") + QChar(0) + QStringLiteral("b") << false;
    QTest::newRow("lone surrogate") << QString(QChar(0xd800)) << false;
}

void SiteManifestTest::safePaths()
{
    QFETCH(QString, path);
    QFETCH(bool, safe);
    QCOMPARE(SiteManifest::isSafePath(path), safe);
}

QTEST_GUILESS_MAIN(SiteManifestTest)
#include "SiteManifestTest.moc"
