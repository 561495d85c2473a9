// McpTools' report_outcome never acknowledges a report that is not kept:
// an index beyond the range of int is refused (not wrapped into another
// index), a report appended to a log whose last line lacks its line end is
// a line of its own and is read back, a log at its size limit refuses the
// report, and nothing is written through a link or into a FIFO put at the
// log's path.

#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpTools.h"
#include "models/outcomes/OutcomeLog.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QString Id = QStringLiteral("python/module-not-found"); // 3 workarounds

QString textOf(const QJsonObject &result)
{
    return result.value(u"content").toArray().first().toObject().value(u"text").toString();
}

} // namespace

class McpReportOutcomeTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void indexBeyondTheRangeOfInt_data();
    void indexBeyondTheRangeOfInt();
    void lastLineWithoutItsLineEnd();
    void fullLogRefusesTheReport();
    void linkAtThePath();
    void fifoAtThePath();

private:
    QJsonObject report(const QJsonValue &index);
    QString kbPath() const { return m_dir->filePath(QStringLiteral("kb")); }
    QString logPath() const { return OutcomeLog::filePath(kbPath()); }

    QTemporaryDir m_cache;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<McpKnowledgeBase> m_kb;
    std::unique_ptr<McpTools> m_tools;
};

void McpReportOutcomeTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
}

void McpReportOutcomeTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
    m_kb = std::make_unique<McpKnowledgeBase>();
    QString error;
    QVERIFY2(m_kb->open(kbPath(), &error), qPrintable(error));
    m_tools = std::make_unique<McpTools>(*m_kb);
    m_tools->setClientName(QStringLiteral("test-agent"));
}

void McpReportOutcomeTest::cleanup()
{
    m_tools.reset();
    m_kb.reset();
    m_dir.reset();
}

QJsonObject McpReportOutcomeTest::report(const QJsonValue &index)
{
    return m_tools->call(QStringLiteral("report_outcome"),
                         QJsonObject{{QStringLiteral("id"), Id},
                                     {QStringLiteral("workaround_index"), index},
                                     {QStringLiteral("worked"), true}});
}

void McpReportOutcomeTest::indexBeyondTheRangeOfInt_data()
{
    QTest::addColumn<double>("index");
    QTest::newRow("2^31") << 2147483648.0;
    QTest::newRow("2^32") << 4294967296.0;
    QTest::newRow("2^32 + 1") << 4294967297.0;
    QTest::newRow("2^53") << 9007199254740992.0;
}

void McpReportOutcomeTest::indexBeyondTheRangeOfInt()
{
    QFETCH(double, index);
    const QJsonObject result = report(index);
    QVERIFY2(result.value(u"isError").toBool(), qPrintable(textOf(result)));
    QVERIFY(OutcomeLog::read(kbPath()).reports.isEmpty());
}

// A line cut short (a crash, a full disk, an editor): the report is written
// after a line end of its own, and read back.
void McpReportOutcomeTest::lastLineWithoutItsLineEnd()
{
    QVERIFY(writeFile(logPath(), "{\"report\":\"r-cut\",\"id\":\"python/modu"));
    const QJsonObject result = report(2);
    QVERIFY2(!result.value(u"isError").toBool(), qPrintable(textOf(result)));
    const QString key = result.value(u"structuredContent").toObject().value(u"report").toString();
    const OutcomeLog::Contents contents = OutcomeLog::read(kbPath());
    QCOMPARE(contents.reports.size(), 1);
    QCOMPARE(contents.reports.first().key, key);
    QCOMPARE(contents.reports.first().index, 2);
    QCOMPARE(contents.problems.size(), 1); // the cut line, named
    QVERIFY2(contents.problems.first().endsWith(QLatin1String(":1: not a JSON object")),
             qPrintable(contents.problems.first()));
}

// At its size limit (a sparse file of 64 MiB) the log refuses the report
// and stays as it was.
void McpReportOutcomeTest::fullLogRefusesTheReport()
{
    QFile file(logPath());
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(OutcomeLog::MaxFileBytes - 100));
    file.close();
    const QJsonObject result = report(0);
    QVERIFY(result.value(u"isError").toBool());
    QVERIFY2(textOf(result).contains(QLatin1String("is full: 64 MiB")), qPrintable(textOf(result)));
    QCOMPARE(QFileInfo(logPath()).size(), OutcomeLog::MaxFileBytes - 100);
}

void McpReportOutcomeTest::linkAtThePath()
{
    const QString outside = m_dir->filePath(QStringLiteral("outside.txt"));
    QVERIFY(writeFile(outside, "untouched\n"));
    QVERIFY(QFile::link(outside, logPath()));
    const QJsonObject result = report(0);
    QVERIFY(result.value(u"isError").toBool());
    QVERIFY2(textOf(result).contains(QLatin1String("symbolic link")), qPrintable(textOf(result)));
    QCOMPARE(readFile(outside), QByteArray("untouched\n"));
}

void McpReportOutcomeTest::fifoAtThePath()
{
    QCOMPARE(::mkfifo(QFile::encodeName(logPath()).constData(), 0600), 0);
    const QJsonObject result = report(0);
    QVERIFY(result.value(u"isError").toBool());
    QVERIFY2(textOf(result).contains(QLatin1String("not a regular file")), qPrintable(textOf(result)));
}

QTEST_GUILESS_MAIN(McpReportOutcomeTest)
#include "McpReportOutcomeTest.moc"
