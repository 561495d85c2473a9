// Tests for Errata::LogScan: the log cut into chunks of whole lines, a
// chunk's lines without their final line feed, and one match of a log:
// per entry, what searching its regex over the whole log finds (per line,
// through the Set, across chunks), the regexes searched in full, progress
// and cancellation.

#include "models/matching/LogScan.h"

#include <QTest>

using namespace Errata;

namespace {

LogMatcher::Source source(const char *id, const char *regex)
{
    return LogMatcher::Source{QString::fromUtf8(id), QString(), QString::fromUtf8(regex), nullptr};
}

const QList<LogMatcher::Source> Sources{
    source("a/disk", "No space left on device"), // per line
    source("a/block", "BEGIN[^#]*END"),          // the Set: can span lines
    source("a/short", "ab|cd"),                  // the Set: no atom
    source("a/word", "\\bkill(ed)?\\b"),         // per line
};

std::string_view view(const QByteArray &text)
{
    return std::string_view(text.constData(), size_t(text.size()));
}

// `count` numbered lines, one in `every` saying "No space left on device".
QByteArray numberedLog(int count, int every)
{
    QByteArray log;
    for (int i = 0; i < count; ++i)
        log += "line " + QByteArray::number(i) + (i % every == 0 ? " No space left on device" : " ok") + '\n';
    return log;
}

// Each entry's tally is the one of its regex searched over the whole log.
void compareWithWholeLog(const MatchPlan &plan, const LogScan::Outcome &outcome, std::string_view log)
{
    QVERIFY(!outcome.cancelled);
    QCOMPARE(outcome.tallies.size(), plan.entries.size());
    const int keep = plan.options.maxLinesPerRecord;
    for (size_t i = 0; i < plan.entries.size(); ++i) {
        const LogSearch::Tally whole = LogSearch::searchText(*plan.entries[i].engine->re2(), log, keep, nullptr);
        const LogSearch::Tally &got = outcome.tallies[i];
        const QByteArray id = plan.entries[i].id.toUtf8();
        QVERIFY2(got.matchCount == whole.matchCount, id.constData());
        QVERIFY2(got.lineCount == whole.lineCount, id.constData());
        QVERIFY2(got.lines.size() == whole.lines.size(), id.constData());
        for (size_t l = 0; l < got.lines.size(); ++l) {
            QVERIFY2(got.lines[l].line == whole.lines[l].line, id.constData());
            QVERIFY2(got.lines[l].lineStart == whole.lines[l].lineStart, id.constData());
            QVERIFY2(got.lines[l].lineEnd == whole.lines[l].lineEnd, id.constData());
            QVERIFY2(got.lines[l].matchStart == whole.lines[l].matchStart, id.constData());
            QVERIFY2(got.lines[l].matchEnd == whole.lines[l].matchEnd, id.constData());
        }
    }
}

} // namespace

class LogScanTest : public QObject
{
    Q_OBJECT

private slots:
    void chunksOfASmallLog();
    void chunksEndAfterALineFeed();
    void chunkLines();
    void runFindsWhatTheWholeLogGives();
    void runAcrossChunks();
    void runSearchesOneByOneUnderATinyBudget();
    void progress();
    void cancellation();
};

void LogScanTest::chunksOfASmallLog()
{
    QVERIFY(LogScan::chunks(std::string_view()).empty());
    const std::vector<LogScan::Chunk> one = LogScan::chunks("a\nb\nc");
    QCOMPARE(int(one.size()), 1);
    QCOMPARE(one[0].start, qint64(0));
    QCOMPARE(one[0].end, qint64(5));
    QCOMPARE(one[0].firstLine, qint64(0));
    const std::string noLineFeed(300000, 'x'); // one line: one chunk
    QCOMPARE(int(LogScan::chunks(noLineFeed).size()), 1);
}

// About an eighth of the log each (at least 64 KiB), cut after a line feed.
void LogScanTest::chunksEndAfterALineFeed()
{
    const QByteArray log = numberedLog(100000, 7);
    const std::vector<LogScan::Chunk> chunks = LogScan::chunks(view(log));
    QCOMPARE(int(chunks.size()), 8);
    qint64 start = 0;
    for (const LogScan::Chunk &chunk : chunks) {
        QCOMPARE(chunk.start, start);
        QVERIFY(chunk.end - chunk.start > log.size() / 8 || chunk.end == log.size());
        QCOMPARE(log[chunk.end - 1], '\n');
        start = chunk.end;
    }
    QCOMPARE(start, qint64(log.size()));
}

void LogScanTest::chunkLines()
{
    const std::string_view log = "ab\ncd\nef";
    QCOMPARE(LogScan::chunkLines(log, {0, 6, 0}), std::string_view("ab\ncd"));
    QCOMPARE(LogScan::chunkLines(log, {6, 8, 2}), std::string_view("ef"));
    QCOMPARE(LogScan::chunkLines(log, {3, 3, 1}), std::string_view());
    QCOMPARE(LogScan::chunkLines("\n", {0, 1, 0}), std::string_view());
}

void LogScanTest::runFindsWhatTheWholeLogGives()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    const QByteArray log = "x\nwrite failed: No space left on device\nBEGIN\nbody\nEND\nprocess killed, kill it\n";
    const LogScan::Outcome outcome = LogScan(plan).run(view(log), nullptr, {});
    compareWithWholeLog(plan, outcome, view(log));
    QCOMPARE(outcome.tallies[0].matchCount, qint64(1)); // a/disk
    QCOMPARE(outcome.tallies[0].lines[0].line, qint64(1));
    QCOMPARE(outcome.tallies[1].matchCount, qint64(1)); // a/block, across lines
    QCOMPARE(outcome.tallies[2].matchCount, qint64(0)); // a/short
    QCOMPARE(outcome.tallies[3].matchCount, qint64(2)); // a/word
    QCOMPARE(outcome.wholeTextRegexCount, 1);           // a/block, found by the Set
    QVERIFY(outcome.notes.isEmpty());
    QVERIFY(outcome.scanMs >= 0);
}

void LogScanTest::runAcrossChunks()
{
    MatchPlan plan;
    LogMatcher::Options options;
    options.maxLinesPerRecord = 20;
    plan.build(Sources, options);
    QByteArray log = "BEGIN\n" + numberedLog(60000, 13) + "END kill";
    QVERIFY(LogScan::chunks(view(log)).size() > 4);
    const LogScan::Outcome outcome = LogScan(plan).run(view(log), nullptr, {});
    compareWithWholeLog(plan, outcome, view(log));
    QCOMPARE(outcome.tallies[0].lineCount, qint64((60000 + 12) / 13));
    QCOMPARE(int(outcome.tallies[0].lines.size()), 20);
}

void LogScanTest::runSearchesOneByOneUnderATinyBudget()
{
    MatchPlan plan;
    LogMatcher::Options options;
    options.maxMemory = 1024;
    plan.build(Sources, options);
    const QByteArray log = "No space left on device\nBEGIN\nEND abc\n";
    const LogScan::Outcome outcome = LogScan(plan).run(view(log), nullptr, {});
    compareWithWholeLog(plan, outcome, view(log));
    QCOMPARE(outcome.wholeTextRegexCount, int(plan.entries.size()));
}

// A percentage, reaching 100 at the end.
void LogScanTest::progress()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    const QByteArray log = numberedLog(20000, 5);
    int last = -1;
    const LogScan::Outcome outcome = LogScan(plan).run(view(log), nullptr, [&](int done, int total) {
        QCOMPARE(total, 100);
        QVERIFY(done >= 0 && done <= 100);
        last = done;
    });
    QVERIFY(!outcome.cancelled);
    QCOMPARE(last, 100);
}

void LogScanTest::cancellation()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    const QByteArray log = numberedLog(20000, 5);
    std::atomic_bool cancel{true};
    LogScan::Outcome outcome = LogScan(plan).run(view(log), &cancel, {});
    QVERIFY(outcome.cancelled);
    QVERIFY(outcome.tallies.empty());
    QCOMPARE(outcome.wholeTextRegexCount, 0);
    cancel = false;
    outcome = LogScan(plan).run(view(log), &cancel, [&](int, int) { cancel = true; });
    QVERIFY(outcome.cancelled);
    QVERIFY(outcome.tallies.empty());
}

QTEST_GUILESS_MAIN(LogScanTest)
#include "LogScanTest.moc"
