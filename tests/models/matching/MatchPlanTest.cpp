// Tests for Errata::MatchPlan: which path each regex takes (per line, the
// whole-text Set, one by one), which records are skipped and why, the
// alternatives and literal runs kept per entry, and the fallbacks (with
// their notes) when the memory budget is too small.

#include "models/matching/MatchPlan.h"

#include <QTest>

using namespace Errata;

namespace {

LogMatcher::Source source(const char *id, const char *regex)
{
    return LogMatcher::Source{QString::fromUtf8(id), QString(), QString::fromUtf8(regex), nullptr};
}

const QList<LogMatcher::Source> Sources{
    source("a/disk", "No space left on device"),
    source("a/block", "BEGIN[^#]*END"),
    source("a/short", "ab|cd"),
    source("a/invalid", "(unclosed"),
    source("a/empty", "x*"),
    source("a/alternation", "(timeout after \\d+ ms|connection reset by peer)"),
};

const MatchPlan::Entry *entry(const MatchPlan &plan, const char *id)
{
    for (const MatchPlan::Entry &entry : plan.entries) {
        if (entry.id == QLatin1String(id))
            return &entry;
    }
    return nullptr;
}

} // namespace

class MatchPlanTest : public QObject
{
    Q_OBJECT

private slots:
    void paths();
    void skipped();
    void alternativesAndRuns();
    void mayMatch();
    void noRunsIgnoringCase();
    void options();
    void fallbackWhenARegexDoesNotFit();
    void fallbackUnderATinyBudget();
    void fallbackWhenTheScannerDoesNotFit();
    void re2Options();
};

// Line-local with atoms: per line; can span lines, or no atom (shorter than
// MinAtomLength): the whole-text Set.
void MatchPlanTest::paths()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    QVERIFY2(plan.buildNotes.isEmpty(), qPrintable(plan.buildNotes.join(QLatin1Char(' '))));
    QCOMPARE(int(plan.entries.size()), 4);
    QVERIFY(entry(plan, "a/disk")->lineLocal);
    QVERIFY(entry(plan, "a/disk")->path == MatchPlan::Path::Lines);
    QVERIFY(!entry(plan, "a/block")->lineLocal);
    QVERIFY(!entry(plan, "a/block")->noAtom);
    QVERIFY(entry(plan, "a/block")->path == MatchPlan::Path::Set);
    QVERIFY(entry(plan, "a/short")->noAtom);
    QVERIFY(entry(plan, "a/short")->path == MatchPlan::Path::Set);
    QVERIFY(entry(plan, "a/alternation")->path == MatchPlan::Path::Lines);
    QVERIFY(plan.scanner.isReady());
    QVERIFY(plan.set);
    QCOMPARE(plan.setEntries, (std::vector<int>{1, 2}));
    QVERIFY(plan.atoms.size() >= 3);
    QCOMPARE(int(plan.entryOfFilterId.size()), plan.filter.NumRegexps());
}

void MatchPlanTest::skipped()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    QCOMPARE(plan.skipped.size(), 2);
    QCOMPARE(plan.skipped.at(0).recordId, QStringLiteral("a/invalid"));
    QVERIFY(plan.skipped.at(0).reason.contains(QLatin1String("does not compile")));
    QCOMPARE(plan.skipped.at(1).recordId, QStringLiteral("a/empty"));
    QVERIFY(plan.skipped.at(1).reason.contains(QLatin1String("empty string")));
    QVERIFY(!entry(plan, "a/invalid") && !entry(plan, "a/empty"));
}

void MatchPlanTest::alternativesAndRuns()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    const MatchPlan::Entry *alternation = entry(plan, "a/alternation");
    QCOMPARE(alternation->pattern, std::string("(timeout after \\d+ ms|connection reset by peer)"));
    QCOMPARE(alternation->alternatives,
             (std::vector<std::string>{"timeout after \\d+ ms", "connection reset by peer"}));
    QCOMPARE(alternation->runs,
             (std::vector<std::vector<std::string>>{{"timeout after ", " ms"}, {"connection reset by peer"}}));
    QVERIFY(alternation->engine && alternation->engine->isValid());
    QCOMPARE(entry(plan, "a/disk")->alternatives, std::vector<std::string>{"No space left on device"});
}

void MatchPlanTest::mayMatch()
{
    MatchPlan plan;
    plan.build(Sources, LogMatcher::Options());
    const MatchPlan::Entry *alternation = entry(plan, "a/alternation");
    QVERIFY(alternation->mayMatch("x timeout after 30 ms"));
    QVERIFY(alternation->mayMatch("connection reset by peer"));
    QVERIFY(!alternation->mayMatch("timeout after 30 s"));
    QVERIFY(!alternation->mayMatch("Connection Reset By Peer")); // compared as written
    const MatchPlan::Entry *block = entry(plan, "a/block");
    QCOMPARE(block->runs, (std::vector<std::vector<std::string>>{{"BEGIN", "END"}}));
    QVERIFY(block->mayMatch("BEGIN x END"));
    QVERIFY(!block->mayMatch("BEGIN x"));
    MatchPlan::Entry unknown; // no runs known: any line may match
    QVERIFY(unknown.runs.empty());
    QVERIFY(unknown.mayMatch("anything"));
}

void MatchPlanTest::noRunsIgnoringCase()
{
    MatchPlan plan;
    LogMatcher::Options options;
    options.ignoreCase = true;
    plan.build(Sources, options);
    QVERIFY(plan.options.ignoreCase);
    for (const MatchPlan::Entry &entry : plan.entries)
        QVERIFY2(entry.runs.empty(), qPrintable(entry.id));
}

void MatchPlanTest::options()
{
    MatchPlan plan;
    LogMatcher::Options options;
    options.maxLinesPerRecord = -5;
    options.maxMemory = qint64(64) << 20;
    plan.build({}, options);
    QCOMPARE(plan.options.maxLinesPerRecord, 0);
    QCOMPARE(plan.options.maxMemory, qint64(64) << 20);
    QVERIFY(plan.entries.empty());
    QVERIFY(!plan.set);
    QVERIFY(plan.buildNotes.isEmpty());
}

// A regex too large for the per-regex budget is searched one by one; the
// others keep their paths.
void MatchPlanTest::fallbackWhenARegexDoesNotFit()
{
    QList<LogMatcher::Source> sources = Sources;
    sources << source("a/large", "\\pL{100}"); // fits RegexEngine's 8 MiB only
    MatchPlan plan;
    LogMatcher::Options options;
    options.maxMemory = 1024 * 1024;
    plan.build(sources, options);
    QVERIFY(entry(plan, "a/large")->engine->isValid());
    QVERIFY(entry(plan, "a/large")->path == MatchPlan::Path::Each);
    QCOMPARE(plan.buildNotes.size(), 1);
    QVERIFY2(plan.buildNotes.at(0).contains(QLatin1String("fast path's memory budget")),
             qPrintable(plan.buildNotes.at(0)));
    QVERIFY(entry(plan, "a/disk")->path == MatchPlan::Path::Lines);
    QVERIFY(entry(plan, "a/block")->path == MatchPlan::Path::Set);
    QVERIFY(plan.scanner.isReady());
    QVERIFY(plan.set);
}

// Neither the scanner nor the Set fits: the per-line regexes go one by one,
// the Set's regexes over the whole log when their atoms occur (Text), or one
// by one when they have none.
void MatchPlanTest::fallbackUnderATinyBudget()
{
    MatchPlan plan;
    LogMatcher::Options options;
    options.maxMemory = 1024;
    plan.build(Sources, options);
    QVERIFY(!plan.scanner.isReady());
    QVERIFY(!plan.set);
    QVERIFY(entry(plan, "a/disk")->path == MatchPlan::Path::Each);
    QVERIFY(entry(plan, "a/alternation")->path == MatchPlan::Path::Each);
    QVERIFY(entry(plan, "a/block")->path == MatchPlan::Path::Text);
    QVERIFY(entry(plan, "a/short")->path == MatchPlan::Path::Each);
    const QString notes = plan.buildNotes.join(QLatin1Char(' '));
    QCOMPARE(plan.buildNotes.size(), 2);
    QVERIFY2(notes.contains(QLatin1String("literal scanner")), qPrintable(notes));
    QVERIFY2(notes.contains(QLatin1String("RE2::Set")), qPrintable(notes));
}

// Many distinct literals make a large scanner table: with a budget just
// below it, the regexes still fit but the per-line regexes go one by one.
void MatchPlanTest::fallbackWhenTheScannerDoesNotFit()
{
    QList<LogMatcher::Source> sources = Sources;
    for (int i = 0; i < 200; ++i)
        sources << LogMatcher::Source{QStringLiteral("b/%1").arg(i), QString(),
                                      QStringLiteral("%1 distinct failure text %1").arg(i * 104729), nullptr};
    MatchPlan plan;
    plan.build(sources, LogMatcher::Options());
    QVERIFY(plan.scanner.isReady());
    const qint64 needed = LiteralScanner::requiredMemory(plan.atoms);
    QVERIFY(needed > 256 * 1024);
    MatchPlan tight;
    LogMatcher::Options options;
    options.maxMemory = needed - 1;
    tight.build(sources, options);
    QVERIFY(!tight.scanner.isReady());
    QCOMPARE(tight.buildNotes.size(), 1);
    QVERIFY2(tight.buildNotes.at(0).contains(QLatin1String("literal scanner")), qPrintable(tight.buildNotes.at(0)));
    QVERIFY(entry(tight, "a/disk")->path == MatchPlan::Path::Each);
    QVERIFY(entry(tight, "a/alternation")->path == MatchPlan::Path::Each);
    QVERIFY(entry(tight, "a/block")->path == MatchPlan::Path::Set);
}

void MatchPlanTest::re2Options()
{
    const RE2::Options sensitive = MatchPlan::re2Options(false, 12345);
    QVERIFY(sensitive.case_sensitive());
    QVERIFY(!sensitive.log_errors());
    QCOMPARE(sensitive.max_mem(), int64_t(12345));
    QVERIFY(!MatchPlan::re2Options(true, 1).case_sensitive());
}

QTEST_GUILESS_MAIN(MatchPlanTest)
#include "MatchPlanTest.moc"
