// Tests for Errata::LogSearch: one regex searched over a text steps exactly
// as RegexEngine::findAll does (empty matches, UTF-8, several matches on a
// line), tallied by line in byte offsets; one line searched alone; a range
// searched with the log around it; tallies of pieces appended at their
// offsets; cancellation and a deadline.

#include "models/matching/LogSearch.h"
#include "models/matching/RegexBudget.h"
#include "models/matching/RegexEngine.h"

#include <QTest>

#include <cstring>
#include <string>

using namespace Errata;

namespace {

std::string_view view(const QByteArray &text)
{
    return std::string_view(text.constData(), size_t(text.size()));
}

// About `bytes` bytes of lines of letters a-q, digits and punctuation, on
// which "[a-q][^u-z]{60}x" defeats RE2's DFA (and never matches).
QByteArray slowText(qint64 bytes)
{
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QByteArray text;
    for (quint32 seed = 1; text.size() < bytes; seed = seed * 1103515245 + 12345)
        text += (seed >> 16) % 101 == 0 ? '\n' : letters[(seed >> 16) % (sizeof(letters) - 1)];
    return text;
}

} // namespace

class LogSearchTest : public QObject
{
    Q_OBJECT

private slots:
    void searchTextTalliesByLine();
    void searchTextStepsAsFindAll_data();
    void searchTextStepsAsFindAll();
    void searchTextKeepsSomeLines();
    void searchTextStopsWhenCancelled();
    void searchRangeSeesTheLogAroundIt();
    void searchRangeStopsAtTheDeadline();
    void searchLine();
    void tallyAppend();
    void isCancelled();
    void firstMatchAsRe2();
    void firstMatchStopsWithinItsBudget();
};

void LogSearchTest::searchTextTalliesByLine()
{
    const RegexEngine engine(QStringLiteral("b"));
    const LogSearch::Tally tally = LogSearch::searchText(*engine.re2(), "ab\nbb\n", 100, nullptr);
    QCOMPARE(tally.matchCount, qint64(3));
    QCOMPARE(tally.lineCount, qint64(2));
    QCOMPARE(int(tally.lines.size()), 2);
    const LogSearch::LineRef &first = tally.lines[0];
    QCOMPARE(first.line, qint64(0));
    QCOMPARE(first.lineStart, qint64(0));
    QCOMPARE(first.lineEnd, qint64(2));
    QCOMPARE(first.matchStart, qint64(1));
    QCOMPARE(first.matchEnd, qint64(2));
    const LogSearch::LineRef &second = tally.lines[1]; // its first match only
    QCOMPARE(second.line, qint64(1));
    QCOMPARE(second.lineStart, qint64(3));
    QCOMPARE(second.lineEnd, qint64(5));
    QCOMPARE(second.matchStart, qint64(3));
    QCOMPARE(second.matchEnd, qint64(4));
}

void LogSearchTest::searchTextStepsAsFindAll_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("plain") << QStringLiteral("error") << QByteArray("error\nno\nerror error\n");
    QTest::newRow("empty matches") << QStringLiteral("x?") << QByteArray("axb\n\nx");
    QTest::newRow("empty matches in UTF-8") << QStringLiteral("\\b|é?") << QByteArray("aé b\n错误 é\n");
    QTest::newRow("across lines") << QStringLiteral("a\\s+b") << QByteArray("a\nb a  b\na\n\nb");
    QTest::newRow("invalid UTF-8") << QStringLiteral("z") << QByteArray("\xff z\xfe\nz");
    QTest::newRow("no text") << QStringLiteral("x") << QByteArray();
}

// The matches and the first match of each line are those of findAll.
void LogSearchTest::searchTextStepsAsFindAll()
{
    QFETCH(QString, pattern);
    QFETCH(QByteArray, text);
    const RegexEngine engine(pattern);
    QVERIFY(engine.isValid());
    const QList<RegexMatch> all = engine.findAll(text);
    const LogSearch::Tally tally = LogSearch::searchText(*engine.re2(), view(text), 100, nullptr);
    QCOMPARE(tally.matchCount, qint64(all.size()));
    QList<RegexMatch> firstOnLine;
    for (const RegexMatch &match : all) {
        if (firstOnLine.isEmpty() || firstOnLine.last().line != match.line)
            firstOnLine << match;
    }
    QCOMPARE(tally.lineCount, qint64(firstOnLine.size()));
    QCOMPARE(qsizetype(tally.lines.size()), firstOnLine.size());
    for (qsizetype i = 0; i < firstOnLine.size(); ++i) {
        const LogSearch::LineRef &ref = tally.lines[size_t(i)];
        QCOMPARE(ref.line + 1, qint64(firstOnLine[i].line));
        QCOMPARE(ref.matchStart, qint64(firstOnLine[i].start));
        QCOMPARE(ref.matchEnd, qint64(firstOnLine[i].end));
        QVERIFY(ref.lineStart == 0 || text[ref.lineStart - 1] == '\n');
        QVERIFY(ref.lineEnd == text.size() || text[ref.lineEnd] == '\n');
    }
}

void LogSearchTest::searchTextKeepsSomeLines()
{
    const RegexEngine engine(QStringLiteral("x"));
    const LogSearch::Tally tally = LogSearch::searchText(*engine.re2(), "x\nxx\nx\nx\n", 2, nullptr);
    QCOMPARE(tally.matchCount, qint64(5));
    QCOMPARE(tally.lineCount, qint64(4)); // every line is counted
    QCOMPARE(int(tally.lines.size()), 2);
    QCOMPARE(LogSearch::searchText(*engine.re2(), "x\nx\n", 0, nullptr).lines.size(), size_t(0));
}

// The flag is read every 4096 matches.
void LogSearchTest::searchTextStopsWhenCancelled()
{
    const RegexEngine engine(QStringLiteral("x"));
    const std::string text(10000, 'x');
    const std::atomic_bool cancel{true};
    QCOMPARE(LogSearch::searchText(*engine.re2(), text, 1, &cancel).matchCount, qint64(4096));
    const std::atomic_bool go{false};
    QCOMPARE(LogSearch::searchText(*engine.re2(), text, 1, &go).matchCount, qint64(10000));
}

// The range "ab\ncd" of "xab\ncdx": \b and $ see the x on either side, and
// lines and offsets count from the range's start.
void LogSearchTest::searchRangeSeesTheLogAroundIt()
{
    const std::string_view log = "xab\ncdx\n";
    const RegexEngine word(QStringLiteral("\\bab|cd\\b"));
    QCOMPARE(LogSearch::searchRange(*word.re2(), log, 1, 6, 10, {}).matchCount, qint64(0));
    QCOMPARE(LogSearch::searchText(*word.re2(), log.substr(1, 5), 10, nullptr).matchCount, qint64(2));
    const RegexEngine end(QStringLiteral("cd$"));
    QCOMPARE(LogSearch::searchRange(*end.re2(), log, 1, 6, 10, {}).matchCount, qint64(0));
    const RegexEngine letters(QStringLiteral("[a-d]+"));
    const LogSearch::Tally tally = LogSearch::searchRange(*letters.re2(), log, 1, 6, 10, {});
    QCOMPARE(tally.matchCount, qint64(2));
    QCOMPARE(int(tally.lines.size()), 2);
    QCOMPARE(tally.lines[1].line, qint64(1));
    QCOMPARE(tally.lines[1].lineStart, qint64(3));
    QCOMPARE(tally.lines[1].lineEnd, qint64(5)); // the range ends there
    QCOMPARE(tally.lines[1].matchStart, qint64(3));
    QCOMPARE(tally.lines[1].matchEnd, qint64(5));
}

// The deadline is read after each match; a search that stopped says so.
void LogSearchTest::searchRangeStopsAtTheDeadline()
{
    const RegexEngine engine(QStringLiteral("x"));
    const std::string text(1000, 'x');
    bool cut = false;
    const LogSearch::Tally past = LogSearch::searchRange(*engine.re2(), text, 0, 1000, 1,
                                                         {nullptr, RegexBudget::now() - 1}, &cut);
    QCOMPARE(past.matchCount, qint64(1));
    QVERIFY(cut);
    cut = false;
    const LogSearch::Tally ahead = LogSearch::searchRange(*engine.re2(), text, 0, 1000, 1,
                                                          {nullptr, RegexBudget::now() + 60'000'000'000}, &cut);
    QCOMPARE(ahead.matchCount, qint64(1000));
    QVERIFY(!cut);
}

void LogSearchTest::searchLine()
{
    const RegexEngine engine(QStringLiteral("o+"));
    size_t start = 99;
    size_t end = 99;
    QCOMPARE(LogSearch::searchLine(*engine.re2(), "foo boo o", &start, &end), qint64(3));
    QCOMPARE(start, size_t(1));
    QCOMPARE(end, size_t(3));
    start = end = 99;
    QCOMPARE(LogSearch::searchLine(*engine.re2(), "abc", &start, &end), qint64(0));
    QCOMPARE(start, size_t(99)); // untouched without a match
    const RegexEngine empty(QStringLiteral("x?"));
    QCOMPARE(LogSearch::searchLine(*empty.re2(), "aé", &start, &end), qint64(3)); // before a, before é, at the end
    QCOMPARE(start, size_t(0));
    QCOMPARE(end, size_t(0));
}

void LogSearchTest::tallyAppend()
{
    LogSearch::Tally whole;
    whole.addLine({0, 0, 5, 1, 2}, 2, 2);
    QCOMPARE(whole.matchCount, qint64(2));
    QCOMPARE(whole.lineCount, qint64(1));
    LogSearch::Tally piece;
    piece.matchCount = 3;
    piece.lineCount = 2;
    piece.lines = {{0, 0, 4, 1, 3}, {2, 10, 14, 11, 12}};
    whole.append(piece, 100, 7, 2);
    QCOMPARE(whole.matchCount, qint64(5));
    QCOMPARE(whole.lineCount, qint64(3));
    QCOMPARE(int(whole.lines.size()), 2); // the second line of the piece is not kept
    const LogSearch::LineRef &moved = whole.lines[1];
    QCOMPARE(moved.line, qint64(7));
    QCOMPARE(moved.lineStart, qint64(100));
    QCOMPARE(moved.lineEnd, qint64(104));
    QCOMPARE(moved.matchStart, qint64(101));
    QCOMPARE(moved.matchEnd, qint64(103));
}

void LogSearchTest::isCancelled()
{
    QVERIFY(!LogSearch::isCancelled(nullptr));
    std::atomic_bool cancel{false};
    QVERIFY(!LogSearch::isCancelled(&cancel));
    cancel = true;
    QVERIFY(LogSearch::isCancelled(&cancel));
}

// Without a budget, and with one that is not reached, the first match is
// RE2's over the whole text, also when it lies far past the first piece.
void LogSearchTest::firstMatchAsRe2()
{
    const RegexEngine engine(QStringLiteral("disk (full)? on \\S+"));
    QByteArray text(600000, 'a');
    for (qsizetype i = 100; i < text.size(); i += 100)
        text[i] = '\n';
    text += "\nError: disk full on /dev/sda1\nand disk  on x\n";
    const size_t expected = size_t(text.indexOf("disk full"));
    for (const qint64 budgetNs : {qint64(0), qint64(60) * 1000000000}) {
        RegexBudget budget(1, budgetNs);
        const LogSearch::First first = LogSearch::firstMatch(*engine.re2(), view(text), budget, 0);
        QVERIFY(first.found);
        QCOMPARE(first.start, expected);
        QCOMPARE(first.end, expected + std::strlen("disk full on /dev/sda1"));
        QCOMPARE(budget.cut(0), RegexBudget::Cut::None);
        QVERIFY(budget.spentNs(0) > 0);
    }
    RegexBudget budget(1, 0);
    QVERIFY(!LogSearch::firstMatch(*engine.re2(), view(QByteArrayLiteral("no such thing")), budget, 0).found);
}

// A regex that defeats the DFA, on 1 MB (tens of seconds in one call of
// RE2), with a budget of 50 ms: timed on its first piece, searched in
// pieces, and stopped soon after its budget.
void LogSearchTest::firstMatchStopsWithinItsBudget()
{
    const QByteArray text = slowText(1000000);
    const RegexEngine engine(QStringLiteral("[a-q][^u-z]{60}x"));
    RegexBudget budget(1, 50 * 1000000);
    const qint64 started = RegexBudget::now();
    const LogSearch::First first = LogSearch::firstMatch(*engine.re2(), view(text), budget, 0);
    const double seconds = double(RegexBudget::now() - started) / 1e9;
    qInfo("1 MB, a regex that defeats the DFA, budget 50 ms: %.2f s", seconds);
    QVERIFY(!first.found);
    QCOMPARE(budget.cut(0), RegexBudget::Cut::Stopped);
    QVERIFY2(first.estimateNs > 50 * 1000000, qPrintable(QString::number(first.estimateNs)));
    QVERIFY2(seconds < 3, qPrintable(QString::number(seconds)));

    RegexBudget runOver(1, 0, RegexBudget::now() - 1); // the whole search's time is up: not searched
    QVERIFY(!LogSearch::firstMatch(*engine.re2(), view(text), runOver, 0).found);
    QCOMPARE(runOver.cut(0), RegexBudget::Cut::RunOut);
    QCOMPARE(runOver.spentNs(0), 0);
}

QTEST_GUILESS_MAIN(LogSearchTest)
#include "LogSearchTest.moc"
