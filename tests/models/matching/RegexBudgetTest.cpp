// A regex's time budget on a log: RegexBudget's accounting, the budget's
// size, and the matcher naming every regex it cut short (one that defeats
// RE2's DFA, on the whole-text path and on the per-line path) while the
// other regexes keep their whole answer.

#include "models/matching/RegexBudget.h"
#include "models/matching/LogMatcher.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

#include <map>

using namespace Errata;

namespace {

// `[a-q][^u-z]{60}x` needs a DFA state for every set of the last 60
// positions that held a-q: on text that mixes a-q with other characters
// its DFA keeps running out of room, and RE2 falls back to its NFA,
// hundreds of times slower.
const QString SlowSpanning = QStringLiteral("[a-q][^u-z]{60}x");
// The same within one line, after a literal: the per-line path.
const QString SlowLineLocal = QStringLiteral("ERROR .*[a-q][^u-z\\n]{60}x");

const char Letters[] = "abcdefghijklmnopq0123456789 :/._-";

// About `bytes` bytes of lines of Letters, each `prefix` first; every 500th
// line is `special` instead.
QByteArray slowLog(qint64 bytes, const QByteArray &prefix, const QByteArray &special = {})
{
    QRandomGenerator random(7);
    QByteArray log;
    log.reserve(bytes + 200);
    for (int line = 0; log.size() < bytes; ++line) {
        if (!special.isEmpty() && line % 500 == 250) {
            log += special + '\n';
            continue;
        }
        log += prefix;
        for (int i = 0; i < 100; ++i)
            log += Letters[random.bounded(int(sizeof(Letters)) - 1)];
        log += '\n';
    }
    return log;
}

LogMatcher::Source source(const QString &id, const QString &regex)
{
    return LogMatcher::Source{id, QStringLiteral("s"), regex, nullptr};
}

struct Found
{
    qint64 matchCount = 0;
    qint64 lineCount = 0;
    int firstLine = 0;
    bool operator==(const Found &other) const
    {
        return matchCount == other.matchCount && lineCount == other.lineCount && firstLine == other.firstLine;
    }
};

std::map<QString, Found> found(const LogMatchResult &result)
{
    std::map<QString, Found> map;
    for (const LogMatchResult::Match &match : result.matches)
        map[match.recordId] = {match.matchCount, match.lineCount, match.lines.value(0).number};
    return map;
}

} // namespace

class RegexBudgetTest : public QObject
{
    Q_OBJECT

private slots:
    void accounting();
    void budgetGrowsWithTheLog();
    void slowWholeTextRegexIsNamed();
    void slowPerLineRegexIsNamed();
    void runDeadlineAccounting();
    void runBudgetGrowsWithTheLog();
    void manySlowRegexesSpendTheRunBudget();
};

void RegexBudgetTest::accounting()
{
    RegexBudget budget(3, 1000);
    QVERIFY(budget.isLimited());
    QVERIFY(budget.mayStart(0));
    budget.charge(0, 600);
    QVERIFY(budget.mayStart(0));
    QCOMPARE(budget.remainingNs(0), 400);
    budget.charge(0, 500); // a search that ends past the budget is complete
    QCOMPARE(budget.cut(0), RegexBudget::Cut::None);
    QVERIFY(!budget.mayStart(0)); // the next one is not made
    QCOMPARE(budget.cut(0), RegexBudget::Cut::Stopped);
    QCOMPARE(budget.spentNs(0), 1100);
    budget.stop(1);
    QVERIFY(!budget.mayStart(1));
    budget.searchedInPieces(2);
    QCOMPARE(budget.cut(2), RegexBudget::Cut::InPieces);
    budget.stop(2); // a stop wins
    QCOMPARE(budget.cut(2), RegexBudget::Cut::Stopped);
    budget.searchedInPieces(2);
    QCOMPARE(budget.cut(2), RegexBudget::Cut::Stopped);

    RegexBudget none(1, 0);
    none.charge(0, qint64(1) << 50);
    QVERIFY(none.mayStart(0));
    QCOMPARE(none.deadline(0), 0);
    QCOMPARE(none.cut(0), RegexBudget::Cut::None);
}

void RegexBudgetTest::budgetGrowsWithTheLog()
{
    LogMatcher::Options options;
    QCOMPARE(options.regexBudgetMs, 5000);
    QCOMPARE(LogMatcher::budgetNs(options, 10'000'000), qint64(5'000'000'000));
    QCOMPARE(LogMatcher::budgetNs(options, 2'000'000'000), qint64(100'000'000'000));
    options.regexBudgetMs = 0;
    QCOMPARE(LogMatcher::budgetNs(options, 2'000'000'000), 0);
}

// A slow regex that can span lines, on the Set path, with two others: the
// Set is not run (it would take too long), the slow regex is stopped and
// named, and the others find what they find without it.
void RegexBudgetTest::slowWholeTextRegexIsNamed()
{
    const QByteArray log = slowLog(1500000, QByteArray(), "disk full on /dev/sda1 BEGIN of a block END");
    const QList<LogMatcher::Source> others{source(QStringLiteral("disk/full"), QStringLiteral("disk full on \\S+")),
                                           source(QStringLiteral("block/span"), QStringLiteral("BEGIN[^#]*?END"))};
    LogMatcher::Options options;
    options.regexBudgetMs = 0;
    LogMatcher reference;
    reference.build(others, options);
    const LogMatchResult expected = reference.match(log);
    QCOMPARE(expected.matches.size(), 2);

    options.regexBudgetMs = 100;
    LogMatcher matcher;
    matcher.build(QList<LogMatcher::Source>{source(QStringLiteral("slow/dfa"), SlowSpanning)} + others, options);
    QElapsedTimer timer;
    timer.start();
    const LogMatchResult result = matcher.match(log);
    qInfo("1.5 MB with a regex that defeats the DFA, budget 100 ms: %lld ms (first pass %.0f ms)", timer.elapsed(),
          result.timings.scanMs);
    QCOMPARE(result.cutShort.size(), 1);
    const LogMatchResult::CutShort &cut = result.cutShort.first();
    QCOMPARE(cut.recordId, QStringLiteral("slow/dfa"));
    QVERIFY2(cut.reason.startsWith(QLatin1String("too slow")), qPrintable(cut.reason));
    QVERIFY2(cut.seconds >= 0.1, qPrintable(QString::number(cut.seconds)));
    QCOMPARE(result.regexBudgetSeconds, 0.1);
    QVERIFY2(result.note.contains(QLatin1String("would take about")), qPrintable(result.note));
    std::map<QString, Found> got = found(result);
    got.erase(QStringLiteral("slow/dfa"));
    QVERIFY(got == found(expected));
}

// A slow regex on the per-line path (line-local, after a literal): stopped
// in the first pass, and named.
void RegexBudgetTest::slowPerLineRegexIsNamed()
{
    const QByteArray log = slowLog(1500000, "ERROR ", "disk full on /dev/sda1");
    LogMatcher::Options options;
    options.regexBudgetMs = 100;
    LogMatcher matcher;
    matcher.build(QList<LogMatcher::Source>{source(QStringLiteral("slow/line"), SlowLineLocal),
                                            source(QStringLiteral("disk/full"), QStringLiteral("disk full on \\S+"))},
                  options);
    QVERIFY(!LogMatcher::isLineLocal(SlowSpanning));
    QVERIFY(LogMatcher::isLineLocal(SlowLineLocal));
    QElapsedTimer timer;
    timer.start();
    const LogMatchResult result = matcher.match(log);
    qInfo("1.5 MB, a slow per-line regex, budget 100 ms: %lld ms", timer.elapsed());
    QCOMPARE(result.cutShort.size(), 1);
    QCOMPARE(result.cutShort.first().recordId, QStringLiteral("slow/line"));
    QVERIFY(!result.cutShort.first().inPieces);
    const std::map<QString, Found> got = found(result);
    QVERIFY(got.count(QStringLiteral("disk/full")) == 1);
    QCOMPARE(got.at(QStringLiteral("disk/full")).lineCount, qint64(log.count("disk full")));
}

// The whole match's deadline: a search not made once it has passed is
// RunOut, one cut short at it too unless its own budget is spent; the
// deadline of a search is the nearer of the two.
void RegexBudgetTest::runDeadlineAccounting()
{
    RegexBudget passed(3, 1000, RegexBudget::now() - 1);
    QVERIFY(passed.isLimited());
    QVERIFY(passed.runIsOver());
    QCOMPARE(passed.remainingNs(0), 0);
    QVERIFY(!passed.mayStart(0));
    QCOMPARE(passed.cut(0), RegexBudget::Cut::RunOut);
    QVERIFY(passed.isStopped(0));
    QCOMPARE(passed.spentNs(0), 0); // not searched at all
    passed.charge(1, 400);
    passed.stop(1); // cut at the match's deadline, its own budget not spent
    QCOMPARE(passed.cut(1), RegexBudget::Cut::RunOut);
    passed.charge(2, 1000);
    passed.stop(2); // its own budget is spent too: Stopped wins
    QCOMPARE(passed.cut(2), RegexBudget::Cut::Stopped);
    passed.searchedInPieces(1);
    QCOMPARE(passed.cut(1), RegexBudget::Cut::RunOut);

    const qint64 hour = qint64(3600) * 1000000000;
    RegexBudget runOnly(1, 0, RegexBudget::now() + hour);
    QVERIFY(runOnly.isLimited() && !runOnly.runIsOver());
    QVERIFY(runOnly.mayStart(0));
    QVERIFY(runOnly.remainingNs(0) > hour - qint64(60) * 1000000000);
    QVERIFY(runOnly.deadline(0) <= runOnly.runDeadline());
    RegexBudget both(1, 1000, RegexBudget::now() + hour);
    QCOMPARE(both.remainingNs(0), 1000); // the nearer of the two
}

void RegexBudgetTest::runBudgetGrowsWithTheLog()
{
    LogMatcher::Options options;
    QCOMPARE(options.runBudgetMs, 15000);
    QCOMPARE(LogMatcher::runBudgetNs(options, 10'000'000), qint64(15'000'000'000));
    QCOMPARE(LogMatcher::runBudgetNs(options, 2'000'000'000), qint64(300'000'000'000));
    options.runBudgetMs = 0;
    QCOMPARE(LogMatcher::runBudgetNs(options, 2'000'000'000), 0);
}

// Eight regexes that defeat the DFA, each with a budget of 2 s, would take
// 16 s of searching; the whole match has 300 ms. It ends in about that
// time (one piece of a search can overrun it), and every slow regex is
// named, those cut by the match's budget as such.
void RegexBudgetTest::manySlowRegexesSpendTheRunBudget()
{
    const QByteArray log = slowLog(1000000, QByteArray());
    QList<LogMatcher::Source> sources;
    for (int i = 0; i < 8; ++i) // distinct regexes, equally slow
        sources << source(QStringLiteral("slow/dfa-%1").arg(i), QStringLiteral("[a-q][^u-z]{%1}x").arg(60 + i));
    LogMatcher::Options options;
    options.regexBudgetMs = 2000;
    options.runBudgetMs = 300;
    LogMatcher matcher;
    matcher.build(sources, options);
    QElapsedTimer timer;
    timer.start();
    const LogMatchResult result = matcher.match(log);
    const qint64 ms = timer.elapsed();
    qInfo("1 MB, 8 regexes that defeat the DFA, 2 s each, 300 ms in all: %lld ms (first pass %.0f ms)", ms,
          result.timings.scanMs);
    QVERIFY2(ms < 4000, qPrintable(QString::number(ms)));
    QCOMPARE(result.runBudgetSeconds, 0.3);
    QCOMPARE(result.cutShort.size(), 8);
    int byRun = 0;
    for (const LogMatchResult::CutShort &cut : result.cutShort) {
        QVERIFY2(cut.recordId.startsWith(QLatin1String("slow/")), qPrintable(cut.recordId));
        if (!cut.runBudget)
            continue;
        ++byRun;
        QVERIFY2(cut.reason.contains(QLatin1String("the budget of the whole search (0.3 s)")), qPrintable(cut.reason));
        QVERIFY2(cut.reason.startsWith(cut.searched ? QLatin1String("stopped after") : QLatin1String("not searched")),
                 qPrintable(cut.reason));
    }
    QVERIFY2(byRun >= 6, qPrintable(QString::number(byRun)));
}

QTEST_GUILESS_MAIN(RegexBudgetTest)
#include "RegexBudgetTest.moc"
