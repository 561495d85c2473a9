// Tests for Errata::LogMatchResultBuilder: what each regex found made into a
// LogMatchResult: lines and columns in characters (without the CR of a CRLF
// line end), the matched text (at most 1000 characters), the signature hit,
// the longest required literal, the score and the ranking, the skipped
// records and the log's size.

#include "models/matching/LogMatchResultBuilder.h"
#include "models/matching/MatchPlan.h"

#include <QTest>

using namespace Errata;

namespace {

LogMatcher::Source source(const char *id, const char *regex, const char *signature)
{
    return LogMatcher::Source{QString::fromUtf8(id), QString::fromUtf8(signature), QString::fromUtf8(regex), nullptr};
}

std::string_view view(const QByteArray &text)
{
    return std::string_view(text.constData(), size_t(text.size()));
}

// Every entry's regex searched over the whole log.
std::vector<LogSearch::Tally> search(const MatchPlan &plan, std::string_view log)
{
    std::vector<LogSearch::Tally> tallies;
    for (const MatchPlan::Entry &entry : plan.entries)
        tallies.push_back(LogSearch::searchText(*entry.engine->re2(), log, plan.options.maxLinesPerRecord, nullptr));
    return tallies;
}

QStringList ids(const LogMatchResult &result)
{
    QStringList list;
    for (const LogMatchResult::Match &match : result.matches)
        list << match.recordId;
    return list;
}

} // namespace

class LogMatchResultBuilderTest : public QObject
{
    Q_OBJECT

private slots:
    void linesAndColumnsInCharacters();
    void matchedTextIsLimited();
    void matchInTheLineBreak();
    void resultFields();
    void ranking();
    void sameResultTwice();
};

void LogMatchResultBuilderTest::linesAndColumnsInCharacters()
{
    MatchPlan plan;
    plan.build({source("a/chinese", "错误：(\\S+) 未找到", "错误：模块 未找到"),
                source("a/span", "Traceback \\(most recent call last\\):\\s+File", "")},
               LogMatcher::Options());
    const QByteArray log = "第一行\r\n"
                           "前缀 错误：模块 未找到 后缀\r\n"
                           "ok 错误：包 未找到 和 错误：库 未找到\n"
                           "Traceback (most recent call last):\n"
                           "  File \"x.py\"\n";
    const LogMatchResult result = LogMatchResultBuilder(plan).build(view(log), search(plan, view(log)));
    QCOMPARE(ids(result), QStringList({QStringLiteral("a/span"), QStringLiteral("a/chinese")}));
    const LogMatchResult::Match &chinese = result.matches[1];
    QCOMPARE(chinese.matchCount, qint64(3));
    QCOMPARE(chinese.lineCount, qint64(2));
    QCOMPARE(chinese.lines.size(), 2);
    QCOMPARE(chinese.lines[0].number, 2);
    QCOMPARE(chinese.lines[0].text, QStringLiteral("前缀 错误：模块 未找到 后缀"));
    QCOMPARE(chinese.lines[0].startColumn, 4);
    QCOMPARE(chinese.lines[0].endColumn, 13);
    QCOMPARE(chinese.lines[0].matchedText, QStringLiteral("错误：模块 未找到"));
    QVERIFY(chinese.signatureHit);
    QCOMPARE(chinese.lines[1].number, 3);
    QCOMPARE(chinese.lines[1].startColumn, 4);
    QCOMPARE(chinese.lines[1].endColumn, 12);
    const LogMatchResult::Match &span = result.matches[0];
    QCOMPARE(span.lines[0].number, 4);
    QCOMPARE(span.lines[0].startColumn, 1);
    QCOMPARE(span.lines[0].endColumn, 35); // the match goes on to the next line
    QCOMPARE(span.lines[0].matchedText, QStringLiteral("Traceback (most recent call last):\n  File"));
    QVERIFY(!span.signatureHit); // no signature
}

void LogMatchResultBuilderTest::matchedTextIsLimited()
{
    MatchPlan plan;
    plan.build({source("a/long", "é{10,}", "")}, LogMatcher::Options());
    QByteArray log;
    for (int i = 0; i < 1500; ++i)
        log += "é";
    const LogMatchResult result = LogMatchResultBuilder(plan).build(view(log), search(plan, view(log)));
    QCOMPARE(result.matches.size(), 1);
    QCOMPARE(result.matches[0].lines[0].matchedText, QString(1000, QChar(0xE9)));
    QCOMPARE(result.matches[0].lines[0].endColumn, 1501);
}

// A match that starts in a CRLF line end, after the CR (found by
// fuzz-log-matcher: its columns were counted from past the end of the
// line's text to before it, reading beyond the log). Its columns are the
// end of the line's text; its text is what it matched.
void LogMatchResultBuilderTest::matchInTheLineBreak()
{
    MatchPlan plan;
    plan.build({source("a/newline", "x*\\n", ""), source("a/cr", "\\r\\n", "")}, LogMatcher::Options());
    const QByteArray log = "ab\r\ndone\r\n";
    const LogMatchResult result = LogMatchResultBuilder(plan).build(view(log), search(plan, view(log)));
    QCOMPARE(result.matches.size(), 2);
    for (const LogMatchResult::Match &match : result.matches) {
        QCOMPARE(match.matchCount, qint64(2));
        QCOMPARE(match.lines.size(), 2);
        QCOMPARE(match.lines[0].text, QStringLiteral("ab"));
        QCOMPARE(match.lines[0].startColumn, 3);
        QCOMPARE(match.lines[0].endColumn, 3);
        QCOMPARE(match.lines[1].text, QStringLiteral("done"));
        QCOMPARE(match.lines[1].startColumn, 5);
        QCOMPARE(match.lines[1].endColumn, 5);
    }
    const LogMatchResult::Match &newline = result.matches[0].recordId == QLatin1String("a/newline") ? result.matches[0]
                                                                                                    : result.matches[1];
    QCOMPARE(newline.lines[0].matchedText, QStringLiteral("\n"));
}

void LogMatchResultBuilderTest::resultFields()
{
    MatchPlan plan;
    plan.build({source("a/x", "xyz", ""), source("a/bad", "(", ""), source("a/none", "nowhere", "")},
               LogMatcher::Options());
    const QByteArray log = "xyz\nabc\nxyz";
    const LogMatchResult result = LogMatchResultBuilder(plan).build(view(log), search(plan, view(log)));
    QCOMPARE(ids(result), QStringList{QStringLiteral("a/x")});
    QCOMPARE(result.regexCount, 2);
    QCOMPARE(result.skipped.size(), 1);
    QCOMPARE(result.skipped.at(0).recordId, QStringLiteral("a/bad"));
    QCOMPARE(result.logBytes, qint64(11));
    QCOMPARE(result.logLines, qint64(3));
    QVERIFY(!result.cancelled);
    QCOMPARE(result.matches[0].literalLength, 3);
    QCOMPARE(result.matches[0].score, 3 + 0.25 / 3);
    const LogMatchResultBuilder builder(plan);
    QCOMPARE(builder.build("a\n", search(plan, "a\n")).logLines, qint64(1));
    QCOMPARE(builder.build(std::string_view(), search(plan, std::string_view())).logLines, qint64(0));
}

// Longer required literal first, then a hit on the signature, then fewer
// matches, then the first line, then the record's id.
void LogMatchResultBuilderTest::ranking()
{
    MatchPlan plan;
    plan.build({source("a/generic", "(?i)error", "error"), source("a/oom", "out of memory", "Something else entirely"),
                source("a/cuda-oom", "CUDA error: out of memory", "CUDA error: out of memory"),
                source("a/memory-signature", "of memory", "CUDA error: out of memory"),
                source("a/memory-other", "of memory", "not in this log"),
                source("a/memory-rare", "f memory", "not in this log"), source("a/z-late", "again", ""),
                source("a/y-late", "again", "")},
               LogMatcher::Options());
    const QByteArray log = "RuntimeError: CUDA error: out of memory\nerror\nerror\nwarning: out of memory again\n";
    const LogMatchResult result = LogMatchResultBuilder(plan).build(view(log), search(plan, view(log)));
    QCOMPARE(ids(result),
             QStringList({QStringLiteral("a/cuda-oom"), QStringLiteral("a/oom"), QStringLiteral("a/memory-signature"),
                          QStringLiteral("a/memory-other"), QStringLiteral("a/memory-rare"),
                          QStringLiteral("a/generic"), QStringLiteral("a/y-late"), QStringLiteral("a/z-late")}));
    QCOMPARE(result.matches[0].literalLength, 25);
    QVERIFY(result.matches[0].signatureHit);
    QCOMPARE(result.matches[1].literalLength, 13);
    QVERIFY(result.matches[2].signatureHit);
    QVERIFY(!result.matches[3].signatureHit);
    QCOMPARE(result.matches[5].matchCount, qint64(4));
    for (qsizetype i = 1; i < result.matches.size(); ++i)
        QVERIFY(result.matches[i - 1].score >= result.matches[i].score);
}

// The required literals are worked out once and kept.
void LogMatchResultBuilderTest::sameResultTwice()
{
    MatchPlan plan;
    plan.build({source("a/oom", "out of (memory|space)", "")}, LogMatcher::Options());
    const LogMatchResultBuilder builder(plan);
    const QByteArray log = "out of memory\nout of space\n";
    const std::vector<LogSearch::Tally> tallies = search(plan, view(log));
    const LogMatchResult first = builder.build(view(log), tallies);
    const LogMatchResult second = builder.build(view(log), tallies);
    QCOMPARE(first.matches.size(), 1);
    QCOMPARE(first.matches[0].literalLength, 13);
    QCOMPARE(second.matches[0].literalLength, first.matches[0].literalLength);
    QCOMPARE(second.matches[0].score, first.matches[0].score);
}

QTEST_GUILESS_MAIN(LogMatchResultBuilderTest)
#include "LogMatchResultBuilderTest.moc"
