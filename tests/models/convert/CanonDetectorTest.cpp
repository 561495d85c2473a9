// CanonDetector: a folder of deadends.dev canons told from a KB of records
// by a sample of its files, and the sample itself. The canons are small
// ones of the tests' own, written to a temporary folder.

#include "models/convert/CanonDetector.h"

#include "models/session/KnowledgeBaseSession.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray canonText(const QString &id)
{
    return "{\"schema_version\": \"1.0.0\", \"id\": \"" + id.toUtf8()
        + "\", \"error\": {\"signature\": \"Error: x\", \"regex\": \"Error\", \"domain\": \"node\", "
          "\"category\": \"runtime_error\"}, \"verdict\": {\"summary\": \"x\"}, \"dead_ends\": []}\n";
}

QByteArray recordText(const QString &id)
{
    return "{\"id\": \"" + id.toUtf8()
        + "\", \"signature\": \"Error: x\", \"regex\": \"Error\", \"domain\": \"node\", \"category\": \"c\"}\n";
}

} // namespace

class CanonDetectorTest : public QObject
{
    Q_OBJECT

private slots:
    void isCanon_data();
    void isCanon();
    void folders_data();
    void folders();
    void sampleIsSpreadAndSmall();
    void sessionSaysSo();
};

void CanonDetectorTest::isCanon_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("expected");
    QTest::newRow("canon") << canonText(QStringLiteral("a/b/c")) << true;
    QTest::newRow("record") << recordText(QStringLiteral("a/b")) << false;
    QTest::newRow("record with an error key") << QByteArray("{\"signature\": \"x\", \"error\": {}}") << false;
    QTest::newRow("error not an object") << QByteArray("{\"error\": \"x\"}") << false;
    QTest::newRow("array") << QByteArray("[{\"error\": {}}]") << false;
}

void CanonDetectorTest::isCanon()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, expected);
    QCOMPARE(CanonDetector::isCanon(OrderedJson::parse(json.toStdString())), expected);
}

// `canons` canon files, `records` record files and `broken` files that are
// no JSON, in one folder.
void CanonDetectorTest::folders_data()
{
    QTest::addColumn<int>("canons");
    QTest::addColumn<int>("records");
    QTest::addColumn<int>("broken");
    QTest::addColumn<bool>("expected");
    QTest::newRow("canons") << 40 << 0 << 0 << true;
    QTest::newRow("one canon") << 1 << 0 << 0 << true;
    QTest::newRow("records") << 0 << 40 << 0 << false;
    QTest::newRow("a KB with a canon in it") << 2 << 30 << 0 << false;
    QTest::newRow("canons, some broken") << 20 << 0 << 20 << true;
    QTest::newRow("half and half") << 8 << 8 << 0 << false;
    QTest::newRow("nothing readable") << 0 << 0 << 5 << false;
    QTest::newRow("empty") << 0 << 0 << 0 << false;
}

void CanonDetectorTest::folders()
{
    QFETCH(int, canons);
    QFETCH(int, records);
    QFETCH(int, broken);
    QFETCH(bool, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QStringList files;
    // Names that interleave the three kinds when sorted, as a sample reads them.
    const auto add = [&](int count, const char *kind, const std::function<QByteArray(const QString &)> &text) {
        for (int i = 0; i < count; ++i) {
            const QString id = QStringLiteral("node/%1-%2").arg(i, 3, 10, QLatin1Char('0')).arg(QLatin1String(kind));
            const QString path = dir.filePath(id + QStringLiteral(".json"));
            QVERIFY(writeFile(path, text(id)));
            files << path;
        }
    };
    add(canons, "canon", canonText);
    add(records, "record", recordText);
    add(broken, "broken", [](const QString &) { return QByteArray("{\"error\": "); });
    files.sort();
    QCOMPARE(CanonDetector::looksLikeCanons(files), expected);
}

void CanonDetectorTest::sampleIsSpreadAndSmall()
{
    QStringList files;
    for (int i = 0; i < 1000; ++i)
        files << QString::number(i);
    const QStringList sample = CanonDetector::sample(files);
    QCOMPARE(sample.size(), CanonDetector::SampleSize);
    QCOMPARE(sample.first(), QStringLiteral("0"));
    QVERIFY(sample.last().toInt() > 900);
    QCOMPARE(CanonDetector::sample(files.mid(0, 3)), files.mid(0, 3));
}

// The session says it of the folder it read, and not of a KB of records.
void CanonDetectorTest::sessionSaysSo()
{
    QTemporaryDir canons;
    QTemporaryDir records;
    QVERIFY(canons.isValid() && records.isValid());
    for (const QString &id : {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20")}) {
        QVERIFY(writeFile(canons.filePath(id + QStringLiteral(".json")), canonText(id)));
        QVERIFY(writeFile(records.filePath(id + QStringLiteral(".json")), recordText(id)));
    }
    KnowledgeBaseSession::Options options;
    options.useCache = false;
    KnowledgeBaseSession session;
    QVERIFY(session.read(canons.path(), options));
    QVERIFY(session.looksLikeCanons());
    QVERIFY(session.read(records.path(), options));
    QVERIFY(!session.looksLikeCanons());
}

QTEST_GUILESS_MAIN(CanonDetectorTest)
#include "CanonDetectorTest.moc"
