// What a lookup in the window reads of a long log: the whole of a short
// one; of a long one its head and tail, cut at line ends, with line numbers
// mapped back to the log's.

#include "ui/logs/LogExcerpt.h"
#include "models/lookup/LookupResult.h"

#include <QtTest>

using namespace Errata;

namespace {

// `count` lines "line N", numbered from 1.
QString numberedLines(int count)
{
    QStringList lines;
    for (int number = 1; number <= count; ++number)
        lines << QStringLiteral("line %1 of the log, with some words to make it longer").arg(number);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

class LogExcerptTest : public QObject
{
    Q_OBJECT

private slots:
    void shortLogIsWhole();
    void longLogKeepsHeadAndTail();
    void bytesAndTextCutAlike();
    void resultLinesAreTheLogs();
    void fewVeryLongLinesStayWhole();
};

void LogExcerptTest::shortLogIsWhole()
{
    const QString log = numberedLines(100);
    const LogExcerpt excerpt = LogExcerpt::of(log);
    QCOMPARE(excerpt.text(), log);
    QCOMPARE(excerpt.skippedLines(), 0);
    QCOMPARE(excerpt.lineInLog(57), 57);
}

void LogExcerptTest::longLogKeepsHeadAndTail()
{
    const QString log = numberedLines(100000);
    const LogExcerpt excerpt = LogExcerpt::of(log);
    QVERIFY(excerpt.text().size() <= LogExcerpt::HeadSize + LogExcerpt::TailSize);
    QVERIFY(excerpt.skippedLines() > 90000);
    const QStringList lines = excerpt.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.first().startsWith(QLatin1String("line 1 of")));
    QVERIFY(lines.last().startsWith(QLatin1String("line 100000 of")));
    for (int i = 0; i < lines.size(); ++i) { // whole lines only, numbered as in the log
        const int number = excerpt.lineInLog(i + 1);
        QCOMPARE(lines.at(i), QStringLiteral("line %1 of the log, with some words to make it longer").arg(number));
    }
}

void LogExcerptTest::bytesAndTextCutAlike()
{
    const QString log = numberedLines(50000);
    const LogExcerpt text = LogExcerpt::of(log);
    const LogExcerpt bytes = LogExcerpt::of(log.toUtf8());
    QCOMPARE(bytes.text(), text.text());
    QCOMPARE(bytes.skippedLines(), text.skippedLines());
}

void LogExcerptTest::resultLinesAreTheLogs()
{
    const LogExcerpt excerpt = LogExcerpt::of(numberedLines(100000));
    const int lastLine = int(excerpt.text().count(QLatin1Char('\n')));
    LookupResult result;
    result.errorLines = {2, lastLine};
    LookupResult::Hit hit;
    hit.why.regexLine = lastLine;
    result.hits << hit << LookupResult::Hit();
    excerpt.mapLines(result);
    QCOMPARE(result.errorLines, (QList<int>{2, 100000}));
    QCOMPARE(result.hits.at(0).why.regexLine, 100000);
    QCOMPARE(result.hits.at(1).why.regexLine, 0); // no regex line stays none
}

void LogExcerptTest::fewVeryLongLinesStayWhole()
{
    const QString log = QString(400 * 1024, QLatin1Char('x'));
    const LogExcerpt excerpt = LogExcerpt::of(log);
    QCOMPARE(excerpt.text().size(), log.size());
    QCOMPARE(excerpt.skippedLines(), 0);
}

QTEST_APPLESS_MAIN(LogExcerptTest)
#include "LogExcerptTest.moc"
