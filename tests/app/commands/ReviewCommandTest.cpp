// `errata review` as a user runs it (ERRATA_BINARY): the per-domain table,
// JSON, --require-complete and its exit codes, reviews read from the
// sidecar (current and stale), and bad usage. Every key of the JSON output
// is snake_case, the status names used as keys too.

#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

class ReviewCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void textTable();
    void json();
    void requireComplete();
    void completeKbPasses();
    void reviewsCountAndGoStale();
    void brokenRecordFailsRequireComplete();
    void badUsage_data();
    void badUsage();
    void brokenSidecar();
    void defaultsToCurrentFolder();

private:
    Run run(const QStringList &arguments, const QString &workingDir = QString());
    void writeRecord(const QString &id, const QByteArray &extra);

    std::unique_ptr<QTemporaryDir> m_dir;
};

namespace {

const QByteArray Done =
    ", \"signature_zh\": \"磁盘已满\", \"root_cause\": \"No space.\", \"root_cause_zh\": \"没有空间。\"";

} // namespace

Run ReviewCommandTest::run(const QStringList &arguments, const QString &workingDir)
{
    RunOptions options;
    options.workingDirectory = workingDir.isEmpty() ? m_dir->path() : workingDir;
    return runErrata(QStringList{QStringLiteral("review")} + arguments, options);
}

void ReviewCommandTest::writeRecord(const QString &id, const QByteArray &extra)
{
    const QByteArray domain = id.section(QLatin1Char('/'), 0, 0).toUtf8();
    QVERIFY(writeFile(m_dir->filePath(QStringLiteral("kb/") + id + QStringLiteral(".json")),
                      "{\"id\": \"" + id.toUtf8()
                          + "\", \"signature\": \"Disk full\", \"regex\": \"Disk full\", \"domain\": \"" + domain
                          + "\", \"category\": \"io\"" + extra + "}\n"));
}

void ReviewCommandTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    writeRecord(QStringLiteral("disk/done"), Done);
    writeRecord(QStringLiteral("disk/raw"), ", \"root_cause\": \"No space.\", \"root_cause_zh\": \"No space.\"");
    writeRecord(QStringLiteral("net/short"),
                ", \"signature_zh\": \"网络\", \"workarounds\": [{\"action\": \"A\", \"success_rate\": 0.5}, "
                "{\"action\": \"B\", \"success_rate\": 0.5}], \"workarounds_zh\": [\"甲\"]");
}

void ReviewCommandTest::textTable()
{
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb")});
    QCOMPARE(result.exitCode, 0);
    const QStringList lines = result.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0).simplified(),
             QStringLiteral("domain fields missing untranslated count-mismatch translated reviewed"));
    QCOMPARE(lines.at(1).simplified(), QStringLiteral("disk 4 1 1 0 2 0"));
    QCOMPARE(lines.at(2).simplified(), QStringLiteral("net 2 0 0 1 1 0"));
    QCOMPARE(lines.at(3).simplified(), QStringLiteral("total 6 1 1 1 3 0"));
    QCOMPARE(lines.at(4),
             QStringLiteral("3 records, 6 fields to translate: 3 translated or reviewed, 0 reviewed, 3 to do"));
    QVERIFY2(result.err.isEmpty(), qPrintable(result.err));
}

void ReviewCommandTest::json()
{
    const Run result = run(
        {QStringLiteral("--kb"), QStringLiteral("kb"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(result.exitCode, 0);
    QJsonParseError error;
    const QJsonObject doc = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(keysNotInSnakeCase(doc, {QStringLiteral("domains")}), QStringList()); // domain names are data
    QCOMPARE(doc.value(QStringLiteral("records")).toInt(), 3);
    QCOMPARE(doc.value(QStringLiteral("complete")).toBool(), false);
    const QJsonObject disk = doc.value(QStringLiteral("domains")).toObject().value(QStringLiteral("disk")).toObject();
    QCOMPARE(disk.value(QStringLiteral("fields")).toInt(), 4);
    QCOMPARE(disk.value(QStringLiteral("missing")).toInt(), 1);
    QCOMPARE(disk.value(QStringLiteral("untranslated")).toInt(), 1);
    QCOMPARE(disk.value(QStringLiteral("not_applicable")).toInt(), 2);
    QCOMPARE(doc.value(QStringLiteral("total")).toObject().value(QStringLiteral("count_mismatch")).toInt(), 1);
    const QJsonArray incomplete = doc.value(QStringLiteral("incomplete")).toArray();
    QCOMPARE(incomplete.size(), 3);
    const QJsonObject first = incomplete.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("disk/raw"));
    QCOMPARE(first.value(QStringLiteral("field")).toString(), QStringLiteral("signature_zh"));
    QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("missing"));
    QStringList statuses; // spelled as the keys of the counts
    for (const QJsonValue &field : incomplete)
        statuses << field.toObject().value(QStringLiteral("status")).toString();
    QVERIFY2(statuses.contains(QStringLiteral("count_mismatch")), qPrintable(statuses.join(QLatin1Char(' '))));
}

void ReviewCommandTest::requireComplete()
{
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb"), QStringLiteral("--require-complete")});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(QStringLiteral("incomplete: disk/raw root_cause_zh (untranslated)")),
             qPrintable(result.err));
    QVERIFY(result.err.contains(QStringLiteral("incomplete: net/short workarounds_zh (count-mismatch)")));
    QCOMPARE(result.err.count(QStringLiteral("incomplete:")), 3);
}

// Translated but never reviewed is complete.
void ReviewCommandTest::completeKbPasses()
{
    QVERIFY(QFile::remove(m_dir->filePath(QStringLiteral("kb/disk/raw.json"))));
    QVERIFY(QFile::remove(m_dir->filePath(QStringLiteral("kb/net/short.json"))));
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb"), QStringLiteral("--require-complete")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.err.isEmpty());
}

void ReviewCommandTest::reviewsCountAndGoStale()
{
    const QString root = m_dir->filePath(QStringLiteral("kb"));
    ReviewStore store;
    QString error;
    QVERIFY(store.load(root, &error));
    store.markReviewed(QStringLiteral("disk/done"), TranslationStatus::Signature, QStringLiteral("Disk full"),
                       QStringLiteral("磁盘已满"), QDate(2026, 1, 1));
    store.markReviewed(QStringLiteral("disk/done"), TranslationStatus::RootCause, QStringLiteral("Old English."),
                       QStringLiteral("没有空间。"), QDate(2026, 1, 1)); // the English changed since
    QVERIFY(store.save(&error));
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb")});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out.split(QLatin1Char('\n')).value(1).simplified(), QStringLiteral("disk 4 1 1 0 1 1"));
    QVERIFY(result.out.contains(QStringLiteral("3 translated or reviewed, 1 reviewed")));
}

void ReviewCommandTest::brokenRecordFailsRequireComplete()
{
    QVERIFY(QFile::remove(m_dir->filePath(QStringLiteral("kb/disk/raw.json"))));
    QVERIFY(QFile::remove(m_dir->filePath(QStringLiteral("kb/net/short.json"))));
    QVERIFY(writeFile(m_dir->filePath(QStringLiteral("kb/disk/broken.json")), "{ not json"));
    Run result = run({QStringLiteral("--kb"), QStringLiteral("kb")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(QStringLiteral("not counted:")), qPrintable(result.err));
    result = run({QStringLiteral("--kb"), QStringLiteral("kb"), QStringLiteral("--require-complete")});
    QCOMPARE(result.exitCode, 1);
}

void ReviewCommandTest::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("format") << QStringList{QStringLiteral("--kb"), QStringLiteral("kb"), QStringLiteral("--format"),
                                           QStringLiteral("xml")}
                            << QStringLiteral("--format must be text or json");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--kb"), QStringLiteral("kb"),
                                                   QStringLiteral("--bogus")}
                                    << QStringLiteral("bogus");
    QTest::newRow("positional folder") << QStringList{QStringLiteral("kb")} << QStringLiteral("given with --kb");
    QTest::newRow("no folder") << QStringList{QStringLiteral("--kb"), QStringLiteral("nowhere")}
                               << QStringLiteral("not a readable folder");
    QTest::newRow("kb without value") << QStringList{QStringLiteral("--kb")} << QStringLiteral("kb");
}

void ReviewCommandTest::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

void ReviewCommandTest::brokenSidecar()
{
    QVERIFY(writeFile(ReviewStore::filePath(m_dir->filePath(QStringLiteral("kb"))), "[1, 2"));
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb")});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(ReviewStore::fileName()), qPrintable(result.err));
}

void ReviewCommandTest::defaultsToCurrentFolder()
{
    const Run result = run({}, m_dir->filePath(QStringLiteral("kb")));
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.out.contains(QStringLiteral("3 records, 6 fields")));
}

QTEST_GUILESS_MAIN(ReviewCommandTest)
#include "ReviewCommandTest.moc"
