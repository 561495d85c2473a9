// Tests for Errata::RegexLiterals: splitting a pattern into its top-level
// alternatives (with its leading flags, never when that is not safe) and the
// runs of literal text that every match of an alternative holds as written.

#include "models/matching/RegexLiterals.h"

#include <QTest>

#include <string>
#include <vector>

using namespace Errata;

namespace {

using Runs = std::vector<std::string>;

QStringList strings(const Runs &runs)
{
    QStringList list;
    for (const std::string &run : runs)
        list << QString::fromStdString(run);
    return list;
}

} // namespace

class RegexLiteralsTest : public QObject
{
    Q_OBJECT

private slots:
    void alternatives_data();
    void alternatives();
    void requiredRuns_data();
    void requiredRuns();
    void literalRuns();
};

void RegexLiteralsTest::alternatives_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QStringList>("expected");
    const auto row = [](const char *pattern, const QStringList &expected) {
        QTest::newRow(pattern) << QString::fromUtf8(pattern) << expected;
    };
    row("error", {QStringLiteral("error")});
    row("ab|cd", {QStringLiteral("ab"), QStringLiteral("cd")});
    row("(?i)(a|b.*c)", {QStringLiteral("(?i)a"), QStringLiteral("(?i)b.*c")});
    row("(?:x|y)", {QStringLiteral("x"), QStringLiteral("y")});
    row("(a)|(b)", {QStringLiteral("(a)"), QStringLiteral("(b)")});
    row("[|]|x", {QStringLiteral("[|]"), QStringLiteral("x")});
    row("\\|a|b", {QStringLiteral("\\|a"), QStringLiteral("b")});
    row("\\Qa|b\\E|c", {QStringLiteral("\\Qa|b\\E"), QStringLiteral("c")});
    // Kept whole: no top-level alternation, an empty alternative, a flag
    // group after the start, unbalanced parentheses.
    row("(a)(b|c)", {QStringLiteral("(a)(b|c)")});
    row("a|", {QStringLiteral("a|")});
    row("a(?i)b|c", {QStringLiteral("a(?i)b|c")});
    row("(?i)a|(?s:b)", {QStringLiteral("(?i)a|(?s:b)")});
    row("(unclosed|x", {QStringLiteral("(unclosed|x")});
    // A named group around an alternation is split inside it, its name left out.
    row("(?P<n>abc|def)", {QStringLiteral("abc"), QStringLiteral("def")});
    row("(?<n>abc|def)", {QStringLiteral("abc"), QStringLiteral("def")});
    row("a)|(b", {QStringLiteral("a)|(b")});
    // No body at all, or an empty group: nothing to split, nothing sliced
    // past an end (the empty body once had its last character chopped off).
    row("", {QString()});
    row("(?i)", {QStringLiteral("(?i)")});
    row("()", {QStringLiteral("()")});
    row("(?P<n>)", {QStringLiteral("(?P<n>)")});
    row("(?i)(?:)", {QStringLiteral("(?i)(?:)")});
}

void RegexLiteralsTest::alternatives()
{
    QFETCH(QString, pattern);
    QFETCH(QStringList, expected);
    QCOMPARE(RegexLiterals::alternatives(pattern), expected);
}

void RegexLiteralsTest::requiredRuns_data()
{
    QTest::addColumn<QString>("alternative");
    QTest::addColumn<QStringList>("expected"); // the runs, as UTF-8
    const auto row = [](const char *alternative, const Runs &expected) {
        QTest::newRow(alternative) << QString::fromUtf8(alternative) << strings(expected);
    };
    row("upstream.*error", {"upstream", "error"});
    row("colou?r mismatch", {"colo", "r mismatch"});
    row("Err(or)? code=\\d+", {"Err", " code="});
    row("HTTP/1\\.1\" 50\\d", {"HTTP/1.1\" 50"});
    row("x{2,}yz", {"yz"});
    row("a.b", {});
    row("[abc]+", {});
    row("错误：(\\S+) 未找到", {"错误：", " 未找到"});
    row("😀ab", {"😀ab"});
    row("é", {"é"}); // two bytes in UTF-8
    // Escapes with their argument are not literal text: \x41 is not "41".
    row("ab\\x41cd", {"ab", "cd"});
    row("ab\\x{263a}cd", {"ab", "cd"});
    row("ab\\pNcd", {"ab", "cd"});
    row("ab\\p{Greek}cd", {"ab", "cd"});
    row("ab\\PLcd", {"ab", "cd"});
    row("ab\\101cd", {"ab", "cd"}); // octal
    row("ab\\0cd", {"ab", "cd"});
    // More than one alternative: nothing is required (found by fuzz-regex).
    row("ab|", {});
    row("abc||def", {});
    row("(a|b)cd|", {});
    row("[|]ab\\|cd", {"ab|cd"});
    // "{" that is no repetition is itself, and hides no "|".
    row("ab{2}cd", {"cd"});
    row("abc{x", {"abc"});
    row("ab{,2}cd", {"ab", ",2", "cd"});
    row("xyz{|ab", {});
}

void RegexLiteralsTest::requiredRuns()
{
    QFETCH(QString, alternative);
    QFETCH(QStringList, expected);
    QCOMPARE(strings(RegexLiterals::requiredRuns(alternative)), expected);
}

void RegexLiteralsTest::literalRuns()
{
    using All = std::vector<Runs>;
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("ab|cd")), (All{{"ab"}, {"cd"}}));
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("(timeout after \\d+ ms|connection reset by peer)")),
             (All{{"timeout after ", " ms"}, {"connection reset by peer"}}));
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("No space left on device")), (All{{"No space left on device"}}));
    // Unknown, so empty: an alternative without runs, or flags.
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("ab|c")), All());
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("(?i)error")), All());
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("x(?s:.)y")), All());
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("\\d+")), All());
    // An empty alternative: the pattern is not split, and "ab" is not
    // required of a match (the empty one).
    QCOMPARE(RegexLiterals::alternatives(QStringLiteral("ab|")), QStringList{QStringLiteral("ab|")});
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("ab|")), All());
    QCOMPARE(RegexLiterals::literalRuns(QStringLiteral("\u00e9|")), All());
}

QTEST_GUILESS_MAIN(RegexLiteralsTest)
#include "RegexLiteralsTest.moc"
