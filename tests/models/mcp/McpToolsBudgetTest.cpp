// The time budgets of `errata mcp`'s regex tools: lookup_error and
// match_log on a KB whose regexes defeat RE2's DFA, with small budgets
// (McpKnowledgeBase::setBudgets, as ERRATA_REGEX_BUDGET_MS and
// ERRATA_RUN_BUDGET_MS set them): each call ends soon after its budget and
// its answer says what was cut, in its structured content and its text.

#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpTools.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray slowRecord(int i)
{
    return "{\"id\": \"slow/dfa-" + QByteArray::number(i)
        + "\", \"signature\": \"Zorblax frobnicated\", \"regex\": \"[a-q][^u-z]{6" + QByteArray::number(i)
        + "}x\", \"domain\": \"slow\", \"category\": \"test\"}\n";
}

// About `bytes` bytes on which those regexes fall back to RE2's NFA.
QString slowText(qsizetype bytes)
{
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QByteArray text;
    for (quint32 seed = 1; text.size() < bytes; seed = seed * 1103515245 + 12345)
        text += (seed >> 16) % 101 == 0 ? '\n' : letters[(seed >> 16) % (sizeof(letters) - 1)];
    return QString::fromLatin1(text);
}

} // namespace

class McpToolsBudgetTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lookupErrorSaysWhatWasCut();
    void matchLogSaysWhatWasCut();

private:
    QJsonObject call(const QString &tool, const QJsonObject &arguments, qint64 *ms);

    QTemporaryDir m_dir;
    QTemporaryDir m_cache;
    McpKnowledgeBase m_kb;
};

void McpToolsBudgetTest::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
    for (int i = 0; i < 4; ++i)
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("slow/dfa-%1.json").arg(i)), slowRecord(i)));
    m_kb.setBudgets(50, 150);
    QString error;
    QVERIFY2(m_kb.open(m_dir.path(), &error), qPrintable(error));
}

QJsonObject McpToolsBudgetTest::call(const QString &tool, const QJsonObject &arguments, qint64 *ms)
{
    McpTools tools(m_kb);
    QElapsedTimer timer;
    timer.start();
    const QJsonObject result = tools.call(tool, arguments);
    *ms = timer.elapsed();
    return result;
}

// A 250 KB paste: four regexes of seconds each; the call takes a fraction.
void McpToolsBudgetTest::lookupErrorSaysWhatWasCut()
{
    qint64 ms = 0;
    const QJsonObject result = call(QStringLiteral("lookup_error"),
                                    QJsonObject{{QStringLiteral("error_message"), slowText(250000)}}, &ms);
    qInfo("lookup_error, a 250 KB paste, 4 slow regexes: %lld ms", ms);
    QVERIFY2(ms < 3000, qPrintable(QString::number(ms)));
    QVERIFY(!result.value(u"isError").toBool());
    const QJsonObject structured = result.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(true));
    const QJsonArray cut = structured.value(u"cut_short").toArray();
    QCOMPARE(cut.size(), 4);
    QCOMPARE(cut.at(0).toObject().value(u"id").toString(), QStringLiteral("slow/dfa-0"));
    QVERIFY(!cut.at(0).toObject().value(u"reason").toString().isEmpty());
    const QString text = result.value(u"content").toArray().at(0).toObject().value(u"text").toString();
    QVERIFY2(text.contains(QLatin1String("Incomplete: the regex of slow/dfa-0 was")), qPrintable(text));

    const QJsonObject quick = call(QStringLiteral("lookup_error"),
                                   QJsonObject{{QStringLiteral("error_message"), QStringLiteral("Zorblax")}}, &ms);
    QCOMPARE(quick.value(u"structuredContent").toObject().value(u"incomplete"), QJsonValue(false));
}

// A 3 MB log: every slow regex named, within the call's budget (150 ms, or
// three times the log read at 20 MB/s: 0.45 s).
void McpToolsBudgetTest::matchLogSaysWhatWasCut()
{
    qint64 ms = 0;
    const QJsonObject result = call(QStringLiteral("match_log"),
                                    QJsonObject{{QStringLiteral("log"), slowText(3000000)}}, &ms);
    qInfo("match_log, a 3 MB log, 4 slow regexes: %lld ms", ms);
    QVERIFY2(ms < 4000, qPrintable(QString::number(ms)));
    const QJsonObject structured = result.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(true));
    QCOMPARE(structured.value(u"cut_short").toArray().size(), 4);
    const QString text = result.value(u"content").toArray().at(0).toObject().value(u"text").toString();
    QVERIFY2(text.contains(QLatin1String("Incomplete: the regex of slow/dfa-")), qPrintable(text));
}

QTEST_GUILESS_MAIN(McpToolsBudgetTest)
#include "McpToolsBudgetTest.moc"
