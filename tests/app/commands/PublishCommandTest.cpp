// `errata publish` as a user runs it (ERRATA_BINARY): the site written with
// its summary in text and JSON, the exit codes (0 published; 2 bad usage, a
// refused OUT or a failure), --valid-only, --base-url checked, and the same
// KB giving the same bytes; a second run writes only what changed.

#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

QMap<QString, QByteArray> tree(const QString &folder)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(QDir(folder).relativeFilePath(path),
                     QCryptographicHash::hash(readFile(path), QCryptographicHash::Sha1));
    }
    return files;
}

QStringList args(std::initializer_list<QString> items)
{
    return QStringList(items);
}

} // namespace

class PublishCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void publishesTheSampleKb();
    void jsonSummary();
    void sameKbGivesTheSameBytes();
    void secondRunWritesOnlyWhatChanged();
    void invalidRecordIsPublishedWithAWarningOrLeftOut();
    void refusesTheKbAndWhatHoldsIt();
    void badUsage_data();
    void badUsage();

private:
    QString kbCopy(const QString &name);
    QTemporaryDir m_dir;
    QString m_cache;
};

void PublishCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cache = m_dir.filePath(QStringLiteral("cache"));
}

QString PublishCommandTest::kbCopy(const QString &name)
{
    const QString kb = m_dir.filePath(name);
    if (!copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kb))
        return {};
    return kb;
}

void PublishCommandTest::publishesTheSampleKb()
{
    const QString kb = kbCopy(QStringLiteral("kb-text"));
    const QString out = m_dir.filePath(QStringLiteral("site-text"));
    RunOptions options;
    options.cacheHome = m_cache;
    const Run run = runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, out}), options);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(QStringLiteral("Published 24 of 24 records to ")), qPrintable(run.out));
    QVERIFY2(run.err.contains(QStringLiteral("no sitemap.xml without --base-url")), qPrintable(run.err));
    for (const char *file : {"index.html", "zh/index.html", "search.html", "lookup.html", "quality.html", "404.html",
                             "assets/site.css", "api/v1/index.json", "records/python/module-not-found.html"})
        QVERIFY2(QFileInfo::exists(out + QLatin1Char('/') + QLatin1String(file)), file);
    QVERIFY(!QFileInfo::exists(out + QStringLiteral("/sitemap.xml")));
    // Nothing beside OUT but OUT.
    const QStringList beside = QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString &name : beside)
        QVERIFY2(!name.startsWith(QLatin1Char('.')), qPrintable(name));
}

void PublishCommandTest::jsonSummary()
{
    const QString kb = kbCopy(QStringLiteral("kb-json"));
    const QString out = m_dir.filePath(QStringLiteral("site-json"));
    const Run run = runErrata(
        args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, out, QStringLiteral("--format"),
              QStringLiteral("json"), QStringLiteral("--base-url"), QStringLiteral("https://errors.example.com/kb/")}));
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY2(!summary.isEmpty(), qPrintable(run.out));
    QCOMPARE(keysNotInSnakeCase(summary), QStringList());
    QCOMPARE(summary.value(QStringLiteral("published")).toInt(), 24);
    QCOMPARE(summary.value(QStringLiteral("base_url")).toString(), QStringLiteral("https://errors.example.com/kb"));
    QVERIFY(summary.value(QStringLiteral("sitemap")).toBool());
    QVERIFY(QFileInfo::exists(out + QStringLiteral("/sitemap.xml")));
    const QJsonObject files = summary.value(QStringLiteral("files")).toObject();
    QVERIFY(files.value(QStringLiteral("total")).toInt() > 100);
    QCOMPARE(files.value(QStringLiteral("written")).toInt(), files.value(QStringLiteral("total")).toInt());
    QCOMPARE(summary.value(QStringLiteral("reference_date")).toString(), QStringLiteral("2026-11-27"));
}

void PublishCommandTest::sameKbGivesTheSameBytes()
{
    const QString kb = kbCopy(QStringLiteral("kb-same"));
    const QString one = m_dir.filePath(QStringLiteral("same-1"));
    const QString two = m_dir.filePath(QStringLiteral("same-2"));
    QCOMPARE(runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, one})).exitCode, 0);
    RunOptions chinese; // another locale and another cache: the same bytes
    chinese.environment << QStringLiteral("LC_ALL=zh_CN.UTF-8") << QStringLiteral("LANG=zh_CN.UTF-8");
    chinese.cacheHome = m_dir.filePath(QStringLiteral("other-cache"));
    QCOMPARE(runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, two}), chinese).exitCode, 0);
    const QMap<QString, QByteArray> first = tree(one);
    QVERIFY(first.size() > 60);
    QCOMPARE(tree(two), first);
}

void PublishCommandTest::secondRunWritesOnlyWhatChanged()
{
    const QString kb = kbCopy(QStringLiteral("kb-again"));
    const QString out = m_dir.filePath(QStringLiteral("site-again"));
    const QStringList publish = args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, out,
                                      QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(runErrata(publish).exitCode, 0);
    const QString page = out + QStringLiteral("/records/docker/no-space-left-on-device.html");
    const QString untouched = out + QStringLiteral("/records/node/eaddrinuse.html");
    QVERIFY(QFileInfo::exists(page));
    const QDateTime untouchedTime = QFileInfo(untouched).lastModified();
    const Run same = runErrata(publish);
    QCOMPARE(same.exitCode, 0);
    QJsonObject files = QJsonDocument::fromJson(same.out.toUtf8()).object().value(QStringLiteral("files")).toObject();
    QCOMPARE(files.value(QStringLiteral("written")).toInt(), 0);
    QCOMPARE(files.value(QStringLiteral("unchanged")).toInt(), files.value(QStringLiteral("total")).toInt());

    const QString file = kb + QStringLiteral("/docker/no-space-left-on-device.json");
    QByteArray bytes = readFile(file);
    QVERIFY(bytes.contains("\"root_cause\": \""));
    bytes.replace("\"root_cause\": \"", "\"root_cause\": \"Edited. ");
    QVERIFY(writeFile(file, bytes));
    const Run edited = runErrata(publish);
    QCOMPARE(edited.exitCode, 0);
    files = QJsonDocument::fromJson(edited.out.toUtf8()).object().value(QStringLiteral("files")).toObject();
    const int written = files.value(QStringLiteral("written")).toInt();
    QVERIFY2(written >= 3 && written < files.value(QStringLiteral("total")).toInt() / 4, qPrintable(edited.out));
    QVERIFY(readFile(page).contains("Edited. "));
    QCOMPARE(QFileInfo(untouched).lastModified(), untouchedTime);

    // A record's new signature reaches the pages of the records that link to it, kept or not.
    const QString target = kb + QStringLiteral("/kubernetes/crashloopbackoff.json");
    QByteArray targetBytes = readFile(target);
    QVERIFY(targetBytes.contains("\"signature\": \""));
    targetBytes.replace("\"signature\": \"", "\"signature\": \"Renamed ");
    QVERIFY(writeFile(target, targetBytes));
    QCOMPARE(runErrata(publish).exitCode, 0);
    const QByteArray linking = readFile(out + QStringLiteral("/records/docker/exec-format-error.html"));
    QVERIFY2(linking.contains("<code>Renamed "), "a linking page kept the old signature");
    QVERIFY(readFile(out + QStringLiteral("/zh/records/docker/exec-format-error.html")).contains("<code>Renamed "));

    // A record added: what a second run kept is what a first run would write, byte for byte.
    QVERIFY(writeFile(kb + QStringLiteral("/docker/added.json"),
                      "{\"id\": \"docker/added\", \"signature\": \"Added error\", \"regex\": \"Added error\", "
                      "\"domain\": \"docker\", \"category\": \"test\", \"transition_graph\": {\"leads_to\": "
                      "[{\"error_id\": \"node/eaddrinuse\"}]}}\n"));
    QCOMPARE(runErrata(publish).exitCode, 0);
    const QString fresh = m_dir.filePath(QStringLiteral("site-again-fresh"));
    QCOMPARE(runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, fresh})).exitCode, 0);
    QCOMPARE(tree(out), tree(fresh));
}

void PublishCommandTest::invalidRecordIsPublishedWithAWarningOrLeftOut()
{
    const QString kb = kbCopy(QStringLiteral("kb-invalid"));
    QVERIFY(writeFile(kb + QStringLiteral("/docker/broken.json"),
                      "{\"id\": \"docker/broken\", \"signature\": \"Broken <script>alert(1)</script>\", "
                      "\"regex\": \"[\", \"domain\": \"docker\", \"category\": \"test\"}\n"));
    const QString out = m_dir.filePath(QStringLiteral("site-invalid"));
    Run run = runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, out}));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QStringLiteral("(1 with errors, shown with a warning)")), qPrintable(run.out));
    QVERIFY2(run.err.contains(QStringLiteral("docker/broken.json: published with a warning (docker/broken)")),
             qPrintable(run.err));
    const QByteArray page = readFile(out + QStringLiteral("/records/docker/broken.html"));
    QVERIFY(page.contains("class=\"warning\""));
    QVERIFY(!page.contains("<script>alert"));

    const QString valid = m_dir.filePath(QStringLiteral("site-valid-only"));
    run = runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, valid, QStringLiteral("--valid-only"),
                          QStringLiteral("--format"), QStringLiteral("json")}));
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(summary.value(QStringLiteral("published")).toInt(), 24);
    QCOMPARE(summary.value(QStringLiteral("records")).toInt(), 25);
    QCOMPARE(
        summary.value(QStringLiteral("invalid")).toArray().first().toObject().value(QStringLiteral("id")).toString(),
        QStringLiteral("docker/broken"));
    QVERIFY(!QFileInfo::exists(valid + QStringLiteral("/records/docker/broken.html")));
}

void PublishCommandTest::refusesTheKbAndWhatHoldsIt()
{
    const QString kb = kbCopy(QStringLiteral("kb-refuse"));
    const QMap<QString, QByteArray> before = tree(kb);
    for (const QString &out : {kb, kb + QStringLiteral("/site"), m_dir.path()}) {
        const Run run = runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, out}));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.startsWith(QStringLiteral("errata publish: ")), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
    QCOMPARE(tree(kb), before);
    // A folder with files errata publish did not write.
    const QString foreign = m_dir.filePath(QStringLiteral("foreign"));
    QVERIFY(writeFile(foreign + QStringLiteral("/notes.txt"), "mine\n"));
    const Run run = runErrata(args({QStringLiteral("publish"), QStringLiteral("--kb"), kb, foreign}));
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(tree(foreign).keys(), QStringList{QStringLiteral("notes.txt")});
}

void PublishCommandTest::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no OUT") << QStringList{} << "expected the site's folder OUT";
    QTest::newRow("two OUTs") << QStringList{QStringLiteral("a"), QStringLiteral("b")} << "expected one folder OUT";
    QTest::newRow("ftp base") << QStringList{QStringLiteral("o"), QStringLiteral("--base-url"),
                                             QStringLiteral("ftp://x")}
                              << "--base-url needs an absolute http or https URL";
    QTest::newRow("relative base") << QStringList{QStringLiteral("o"), QStringLiteral("--base-url"),
                                                  QStringLiteral("/kb")}
                                   << "--base-url needs an absolute http or https URL";
    QTest::newRow("query") << QStringList{QStringLiteral("o"), QStringLiteral("--base-url"),
                                          QStringLiteral("https://x.example/?a=1")}
                           << "--base-url takes no query";
    QTest::newRow("bad date") << QStringList{QStringLiteral("o"), QStringLiteral("--today"), QStringLiteral("soon")}
                              << "--today needs a YYYY-MM-DD date";
    QTest::newRow("bad format") << QStringList{QStringLiteral("o"), QStringLiteral("--format"), QStringLiteral("xml")}
                                << "--format must be text or json";
}

void PublishCommandTest::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    RunOptions options;
    options.workingDirectory = m_dir.path();
    const Run run = runErrata(QStringList{QStringLiteral("publish"), QStringLiteral("--kb"),
                                          QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")}
                                  + arguments,
                              options);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("o"))));
}

QTEST_GUILESS_MAIN(PublishCommandTest)
#include "PublishCommandTest.moc"
