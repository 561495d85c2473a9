// Tests for Errata::RegexEngine: compiling with RE2, errors a curator can act
// on (plain words, a position in characters), matching, and findAll() on
// UTF-8 text with byte offsets, lines and columns.

#include "models/matching/RegexEngine.h"
#include "models/matching/RegexBudget.h"

#include <QTest>

using namespace Errata;

namespace {

const QString SeedRegex = QStringLiteral("RuntimeError: Loss is NaN or Inf at step \\d+");

// "start-end@line:column 'text'" for each match, so that a failure shows all.
QString describe(const QList<RegexMatch> &matches)
{
    QStringList parts;
    for (const RegexMatch &match : matches)
        parts << QStringLiteral("%1-%2@%3:%4 '%5'")
                     .arg(match.start)
                     .arg(match.end)
                     .arg(match.line)
                     .arg(match.column)
                     .arg(match.text);
    return parts.join(QLatin1Char(' '));
}

QString describe(const RegexMatch::Group &group)
{
    return QStringLiteral("#%1 name='%2' text='%3' %4")
        .arg(group.number)
        .arg(group.name, group.text, group.matched ? QStringLiteral("matched") : QStringLiteral("unmatched"));
}

} // namespace

class RegexEngineTest : public QObject
{
    Q_OBJECT

private slots:
    void validPatterns_data();
    void validPatterns();
    void invalidPatterns_data();
    void invalidPatterns();
    void matches_data();
    void matches();
    void matchesEmptyString_data();
    void matchesEmptyString();
    void findAllOnChineseText();
    void captureGroups();
    void emptyMatchesAdvance_data();
    void emptyMatchesAdvance();
    void emptyMatchesOnLongChineseText();
    void limit_data();
    void limit();
    void invalidEngineIsInert();
    void tinyMemoryBudget();
    void findAllWithinABudget();
};

void RegexEngineTest::validPatterns_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<int>("captures");

    QTest::newRow("literal") << QStringLiteral("abc") << 0;
    QTest::newRow("seed regex") << SeedRegex << 0;
    QTest::newRow("groups of each kind") << QStringLiteral("(a)(?P<n>b)(?:c)") << 2;
    QTest::newRow("inline flag") << QStringLiteral("(?i)abc") << 0;
    QTest::newRow("repetition") << QStringLiteral("[a-z]{2,5}\\s*") << 0;
    QTest::newRow("chinese") << QStringLiteral("错误\\s*(\\d+)") << 1;
    QTest::newRow("nested repeats, product 1000") << QStringLiteral("(?:a{10}){100}") << 0;
    QTest::newRow("escaped specials") << QStringLiteral("\\(\\)\\[\\]\\{\\}\\\\\\.") << 0;
    QTest::newRow("empty pattern") << QString() << 0;
}

void RegexEngineTest::validPatterns()
{
    QFETCH(QString, pattern);
    QFETCH(int, captures);

    const RegexEngine engine(pattern);
    QVERIFY2(engine.isValid(), qPrintable(engine.errorMessage()));
    QCOMPARE(engine.pattern(), pattern);
    QCOMPARE(engine.errorMessage(), QString());
    QCOMPARE(engine.errorPosition(), -1);
    QCOMPARE(engine.captureCount(), captures);
    QVERIFY(engine.re2() != nullptr);
}

void RegexEngineTest::invalidPatterns_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QStringList>("messageParts");
    QTest::addColumn<int>("position"); // in characters

    const QString unsupported = QStringLiteral("does not support");

    QTest::newRow("missing paren") << QStringLiteral("abc(def") << QStringList{QStringLiteral("missing )")} << 3;
    QTest::newRow("missing paren, innermost")
        << QStringLiteral("(a(b") << QStringList{QStringLiteral("missing )")} << 2;
    QTest::newRow("missing paren, closed group before")
        << QStringLiteral("(a)b(c") << QStringList{QStringLiteral("missing )")} << 4;
    QTest::newRow("escaped paren is not a group")
        << QStringLiteral("\\((a") << QStringList{QStringLiteral("missing )")} << 2;
    QTest::newRow("paren in a class is not a group")
        << QStringLiteral("[(]x(") << QStringList{QStringLiteral("missing )")} << 4;
    QTest::newRow("quoted \\Q(\\E is not a group")
        << QStringLiteral("\\Q(\\Ea(") << QStringList{QStringLiteral("missing )")} << 6;
    QTest::newRow("paren in a POSIX class is not a group")
        << QStringLiteral("[[:alpha:](]x(") << QStringList{QStringLiteral("missing )")} << 13;
    QTest::newRow("] first in a class is literal")
        << QStringLiteral("[]()]x(") << QStringList{QStringLiteral("missing )")} << 6;
    QTest::newRow("missing paren after chinese")
        << QStringLiteral("错误(x") << QStringList{QStringLiteral("missing )")} << 2;
    QTest::newRow("unmatched )") << QStringLiteral("ab)c") << QStringList{QStringLiteral("unmatched )")} << 2;
    QTest::newRow("unmatched ) after a group")
        << QStringLiteral("(a)b)") << QStringList{QStringLiteral("unmatched )")} << 4;

    QTest::newRow("bad escape") << QStringLiteral("\\q")
                                << QStringList{QStringLiteral("invalid escape"), QStringLiteral("\\q")} << 0;
    QTest::newRow("bad escape after text")
        << QStringLiteral("ab\\q") << QStringList{QStringLiteral("invalid escape")} << 2;
    QTest::newRow("bad escape after an escaped backslash")
        << QStringLiteral("\\\\q\\q") << QStringList{QStringLiteral("invalid escape")} << 3;
    QTest::newRow("bad escape after chinese")
        << QStringLiteral("错误\\q") << QStringList{QStringLiteral("invalid escape")} << 2;
    QTest::newRow("bad escape after an emoji")
        << QStringLiteral("😀\\q") << QStringList{QStringLiteral("invalid escape")} << 1;

    QTest::newRow("bad repetition") << QStringLiteral("a**")
                                    << QStringList{QStringLiteral("repetition"), QStringLiteral("**")} << 1;
    QTest::newRow("bad repetition after a class holding **")
        << QStringLiteral("[**]a**") << QStringList{QStringLiteral("repetition")} << 5;
    QTest::newRow("nothing to repeat") << QStringLiteral("*a")
                                       << QStringList{QStringLiteral("nothing"), QStringLiteral("repeat")} << 0;
    QTest::newRow("repeat count too large") << QStringLiteral("a{1001}") << QStringList{QStringLiteral("1000")} << 1;
    QTest::newRow("nested repeat counts over 1000 in product")
        << QStringLiteral("((a{100}){100}){100}")
        << QStringList{QStringLiteral("\"{100}\""), QStringLiteral("nested"), QStringLiteral("product"),
                       QStringLiteral("1000")}
        << 9;
    QTest::newRow("nested repeat counts, a range")
        << QStringLiteral("x(a{2,50}){1,30}") << QStringList{QStringLiteral("{1,30}"), QStringLiteral("product")} << 10;

    QTest::newRow("look-ahead") << QStringLiteral("foo(?=bar)")
                                << QStringList{unsupported, QStringLiteral("look-ahead")} << 3;
    QTest::newRow("negative look-ahead") << QStringLiteral("(?!x)y")
                                         << QStringList{unsupported, QStringLiteral("negative look-ahead")} << 0;
    QTest::newRow("look-behind") << QStringLiteral("(?<=a)b") << QStringList{unsupported, QStringLiteral("look-behind")}
                                 << 0;
    QTest::newRow("negative look-behind")
        << QStringLiteral("x(?<!a)b") << QStringList{unsupported, QStringLiteral("negative look-behind")} << 1;
    QTest::newRow("look-ahead after an escaped look-alike")
        << QStringLiteral("\\(?=x(?=y)") << QStringList{unsupported, QStringLiteral("look-ahead")} << 5;
    QTest::newRow("atomic group") << QStringLiteral("(?>a)") << QStringList{unsupported, QStringLiteral("atomic")} << 0;
    QTest::newRow("back-reference") << QStringLiteral("(a)\\1")
                                    << QStringList{unsupported, QStringLiteral("back-reference"), QStringLiteral("\\1")}
                                    << 3;
    QTest::newRow("back-reference \\2") << QStringLiteral("(a)(b)\\2")
                                        << QStringList{unsupported, QStringLiteral("\\2")} << 6;
    QTest::newRow("named group (?<name>)")
        << QStringLiteral("(?<name>x)")
        << QStringList{unsupported, QStringLiteral("(?<name>"), QStringLiteral("(?P<name>")} << 0;
    QTest::newRow("named group after an escaped look-alike")
        << QStringLiteral("\\(?<x(?<name>y)") << QStringList{unsupported, QStringLiteral("(?P<name>")} << 5;

    QTest::newRow("missing bracket") << QStringLiteral("[abc") << QStringList{QStringLiteral("missing ]")} << 0;
    QTest::newRow("bad character range") << QStringLiteral("x[z-a]")
                                         << QStringList{QStringLiteral("range"), QStringLiteral("z-a")} << 2;
    QTest::newRow("trailing backslash") << QStringLiteral("abc\\") << QStringList{QStringLiteral("backslash")} << 3;
    QTest::newRow("bad group syntax") << QStringLiteral("a(?#c)") << QStringList{QStringLiteral("group")} << 1;
    QTest::newRow("bad group name") << QStringLiteral("(?P<a-b>x)") << QStringList{QStringLiteral("group name")} << 0;
}

void RegexEngineTest::invalidPatterns()
{
    QFETCH(QString, pattern);
    QFETCH(QStringList, messageParts);
    QFETCH(int, position);

    const RegexEngine engine(pattern);
    QVERIFY2(!engine.isValid(), "the pattern must be rejected");
    const QString message = engine.errorMessage();
    QVERIFY(!message.isEmpty());
    for (const QString &part : messageParts)
        QVERIFY2(message.contains(part),
                 qPrintable(QStringLiteral("\"%1\" does not mention \"%2\"").arg(message, part)));
    // Plain words, not RE2's internal vocabulary.
    QVERIFY2(!message.contains(QLatin1String("perl operator")), qPrintable(message));
    QCOMPARE(engine.errorPosition(), position);
}

void RegexEngineTest::matches_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("caseInsensitive");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("expected");

    QTest::newRow("case-sensitive: no match") << QStringLiteral("abc") << false << QStringLiteral("xxABCxx") << false;
    QTest::newRow("case-insensitive: match") << QStringLiteral("abc") << true << QStringLiteral("xxABCxx") << true;
    QTest::newRow("case-sensitive: exact case") << QStringLiteral("abc") << false << QStringLiteral("xxabcxx") << true;
    QTest::newRow("(?i) inline flag") << QStringLiteral("(?i)abc") << false << QStringLiteral("ABC") << true;
    QTest::newRow("(?i:) on part only: match") << QStringLiteral("(?i:ab)C") << false << QStringLiteral("abC") << true;
    QTest::newRow("(?i:) on part only: no match")
        << QStringLiteral("(?i:ab)c") << false << QStringLiteral("ABC") << false;
    QTest::newRow("accented, case-sensitive") << QStringLiteral("café") << false << QStringLiteral("CAFÉ") << false;
    QTest::newRow("accented, case-insensitive") << QStringLiteral("café") << true << QStringLiteral("CAFÉ") << true;
    QTest::newRow("partial match") << QStringLiteral("\\d+") << false << QStringLiteral("step 500") << true;
    QTest::newRow("no digits") << QStringLiteral("\\d+") << false << QStringLiteral("none") << false;
    QTest::newRow("anchored") << QStringLiteral("^abc$") << false << QStringLiteral("abc") << true;
    QTest::newRow("anchored, extra text") << QStringLiteral("^abc$") << false << QStringLiteral("xabc") << false;
    QTest::newRow("chinese") << QStringLiteral("错误") << false << QStringLiteral("发生错误了") << true;
    QTest::newRow("dot is one chinese character")
        << QStringLiteral("^.{2}$") << false << QStringLiteral("错误") << true;
    QTest::newRow("seed regex on its signature")
        << SeedRegex << false
        << QStringLiteral("RuntimeError: Loss is NaN or Inf at step 500. Consider reducing learning rate") << true;
    QTest::newRow("seed regex, other case")
        << SeedRegex << false << QStringLiteral("runtimeerror: loss is nan or inf at step 500") << false;
    QTest::newRow("seed regex, other case, insensitive")
        << SeedRegex << true << QStringLiteral("runtimeerror: loss is nan or inf at step 500") << true;
    QTest::newRow("invalid pattern never matches") << QStringLiteral("(") << false << QStringLiteral("(") << false;
}

void RegexEngineTest::matches()
{
    QFETCH(QString, pattern);
    QFETCH(bool, caseInsensitive);
    QFETCH(QString, text);
    QFETCH(bool, expected);

    const RegexEngine engine(pattern, caseInsensitive ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
    QCOMPARE(engine.matches(text), expected);
    QCOMPARE(engine.matchesUtf8(text.toUtf8()), expected);
}

void RegexEngineTest::matchesEmptyString_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("expected");

    QTest::newRow("x*") << QStringLiteral("x*") << true;
    QTest::newRow("^$") << QStringLiteral("^$") << true;
    QTest::newRow("a?") << QStringLiteral("a?") << true;
    QTest::newRow("empty alternative") << QStringLiteral("(a|)") << true;
    QTest::newRow("empty pattern") << QString() << true;
    QTest::newRow("literal") << QStringLiteral("abc") << false;
    QTest::newRow("\\d+") << QStringLiteral("\\d+") << false;
    QTest::newRow("seed regex") << SeedRegex << false;
    QTest::newRow("invalid pattern") << QStringLiteral("x**") << false;
}

void RegexEngineTest::matchesEmptyString()
{
    QFETCH(QString, pattern);
    QFETCH(bool, expected);

    QCOMPARE(RegexEngine(pattern).matchesEmptyString(), expected);
}

void RegexEngineTest::findAllOnChineseText()
{
    // Line 2 holds a full-width colon (3 bytes) before the first match.
    const QString text = QStringLiteral("第1行错误E1\n第二行：错误E22和错误E333");
    const RegexEngine engine(QStringLiteral("错误E(\\d+)"));
    QVERIFY2(engine.isValid(), qPrintable(engine.errorMessage()));

    const QList<RegexMatch> found = engine.findAll(text.toUtf8());
    QCOMPARE(describe(found), QStringLiteral("7-15@1:4 '错误E1' 28-37@2:5 '错误E22' 40-50@2:11 '错误E333'"));
    QCOMPARE(found.at(0).groups.size(), 1);
    QCOMPARE(found.at(0).groups.at(0).text, QStringLiteral("1"));
    QCOMPARE(found.at(1).groups.at(0).text, QStringLiteral("22"));
    QCOMPARE(found.at(2).groups.at(0).text, QStringLiteral("333"));
    QVERIFY(found.at(2).groups.at(0).matched);
    QCOMPARE(found.at(2).groups.at(0).number, 1);
    QCOMPARE(found.at(2).groups.at(0).name, QString());

    // Offsets are bytes of the UTF-8 text: they cut out the matched text.
    const QByteArray utf8 = text.toUtf8();
    for (const RegexMatch &match : found)
        QCOMPARE(QString::fromUtf8(utf8.mid(match.start, match.end - match.start)), match.text);

    // The QString overload gives the same answer.
    QCOMPARE(describe(engine.findAll(text)), describe(found));
}

void RegexEngineTest::captureGroups()
{
    const RegexEngine engine(QStringLiteral("(?P<code>E\\d+)(?:-(?P<sub>\\w+))?(x)?"));
    QVERIFY2(engine.isValid(), qPrintable(engine.errorMessage()));
    QCOMPARE(engine.captureCount(), 3);

    const QList<RegexMatch> found = engine.findAll(QStringLiteral("E12-ab E7"));
    QCOMPARE(describe(found), QStringLiteral("0-6@1:1 'E12-ab' 7-9@1:8 'E7'"));

    QCOMPARE(found.at(0).groups.size(), 3);
    QCOMPARE(describe(found.at(0).groups.at(0)), QStringLiteral("#1 name='code' text='E12' matched"));
    QCOMPARE(describe(found.at(0).groups.at(1)), QStringLiteral("#2 name='sub' text='ab' matched"));
    QCOMPARE(describe(found.at(0).groups.at(2)), QStringLiteral("#3 name='' text='' unmatched"));

    QCOMPARE(found.at(1).groups.size(), 3);
    QCOMPARE(describe(found.at(1).groups.at(0)), QStringLiteral("#1 name='code' text='E7' matched"));
    QCOMPARE(describe(found.at(1).groups.at(1)), QStringLiteral("#2 name='sub' text='' unmatched"));

    // A group that matched the empty string did match.
    const RegexEngine empty(QStringLiteral("(a*)b"));
    const QList<RegexMatch> emptyGroup = empty.findAll(QStringLiteral("b"));
    QCOMPARE(emptyGroup.size(), 1);
    QCOMPARE(describe(emptyGroup.at(0).groups.at(0)), QStringLiteral("#1 name='' text='' matched"));

    // Named groups in Chinese text.
    const RegexEngine chinese(QStringLiteral("(?P<word>错误)(?P<n>\\d)"));
    const QList<RegexMatch> zh = chinese.findAll(QStringLiteral("发生错误7"));
    QCOMPARE(zh.size(), 1);
    QCOMPARE(describe(zh.at(0).groups.at(0)), QStringLiteral("#1 name='word' text='错误' matched"));
    QCOMPARE(describe(zh.at(0).groups.at(1)), QStringLiteral("#2 name='n' text='7' matched"));
}

void RegexEngineTest::emptyMatchesAdvance_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("x* on abc") << QStringLiteral("x*") << QByteArray("abc")
                               << QStringLiteral("0-0@1:1 '' 1-1@1:2 '' 2-2@1:3 '' 3-3@1:4 ''");
    QTest::newRow("x* on chinese") << QStringLiteral("x*") << QByteArray("错误")
                                   << QStringLiteral("0-0@1:1 '' 3-3@1:2 '' 6-6@1:3 ''");
    QTest::newRow("empty pattern on chinese and emoji")
        << QString() << QByteArray("错😀") << QStringLiteral("0-0@1:1 '' 3-3@1:2 '' 7-7@1:3 ''");
    QTest::newRow("x* on empty text") << QStringLiteral("x*") << QByteArray() << QStringLiteral("0-0@1:1 ''");
    QTest::newRow("x* after a real match")
        << QStringLiteral("x*") << QByteArray("xxa") << QStringLiteral("0-2@1:1 'xx' 2-2@1:3 '' 3-3@1:4 ''");
    QTest::newRow("\\d* mixed") << QStringLiteral("\\d*") << QByteArray("a12b")
                                << QStringLiteral("0-0@1:1 '' 1-3@1:2 '12' 3-3@1:4 '' 4-4@1:5 ''");
    QTest::newRow("word boundaries") << QStringLiteral("\\b") << QByteArray("ab cd")
                                     << QStringLiteral("0-0@1:1 '' 2-2@1:3 '' 3-3@1:4 '' 5-5@1:6 ''");
    QTest::newRow("x* across lines") << QStringLiteral("x*") << QByteArray("错\n误")
                                     << QStringLiteral("0-0@1:1 '' 3-3@1:2 '' 4-4@2:1 '' 7-7@2:2 ''");
    // Stray continuation bytes are stepped over; the point is to terminate.
    QTest::newRow("x* on invalid UTF-8") << QStringLiteral("x*")
                                         << QByteArray("\x80\x80"
                                                       "a")
                                         << QStringLiteral("0-0@1:1 '' 2-2@1:1 '' 3-3@1:2 ''");
}

void RegexEngineTest::emptyMatchesAdvance()
{
    QFETCH(QString, pattern);
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);

    const RegexEngine engine(pattern);
    QVERIFY2(engine.isValid(), qPrintable(engine.errorMessage()));
    const QList<RegexMatch> found = engine.findAll(text);
    QCOMPARE(describe(found), expected);
}

void RegexEngineTest::emptyMatchesOnLongChineseText()
{
    QString text;
    for (int i = 0; i < 10000; ++i)
        text += QStringLiteral("错");
    const RegexEngine engine(QStringLiteral("x*"));
    const QList<RegexMatch> found = engine.findAll(text);
    QCOMPARE(found.size(), 10001);
    for (int i = 0; i < found.size(); ++i) {
        const RegexMatch &match = found.at(i);
        if (match.start != 3 * i || match.end != match.start || match.column != i + 1)
            QFAIL(qPrintable(QStringLiteral("match %1 is %2").arg(i).arg(describe({match}))));
    }
}

void RegexEngineTest::limit_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("expectedCount");

    QTest::newRow("below the count") << QStringLiteral("a") << QStringLiteral("aaaaa") << 3 << 3;
    QTest::newRow("equal to the count") << QStringLiteral("a") << QStringLiteral("aaaaa") << 5 << 5;
    QTest::newRow("above the count") << QStringLiteral("a") << QStringLiteral("aaaaa") << 50 << 5;
    QTest::newRow("zero") << QStringLiteral("a") << QStringLiteral("aaaaa") << 0 << 0;
    QTest::newRow("negative") << QStringLiteral("a") << QStringLiteral("aaaaa") << -1 << 0;
    QTest::newRow("empty matches") << QStringLiteral("x*") << QString(1000, QLatin1Char('y')) << 10 << 10;
    QTest::newRow("one") << QStringLiteral("错") << QStringLiteral("错错错") << 1 << 1;
}

void RegexEngineTest::limit()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(int, limit);
    QFETCH(int, expectedCount);

    const RegexEngine engine(pattern);
    const QList<RegexMatch> found = engine.findAll(text, limit);
    QCOMPARE(found.size(), expectedCount);
    // The first matches are the ones kept.
    const QList<RegexMatch> all = engine.findAll(text);
    QCOMPARE(describe(found), describe(all.mid(0, expectedCount)));
}

void RegexEngineTest::invalidEngineIsInert()
{
    const RegexEngine engine(QStringLiteral("(?=x)"));
    QVERIFY(!engine.isValid());
    QCOMPARE(engine.captureCount(), 0);
    QVERIFY(!engine.matches(QStringLiteral("x")));
    QVERIFY(!engine.matchesUtf8("x"));
    QVERIFY(!engine.matchesEmptyString());
    QVERIFY(engine.findAll(QStringLiteral("xxx")).isEmpty());
}

void RegexEngineTest::tinyMemoryBudget()
{
    const RegexEngine normal(SeedRegex);
    QVERIFY2(normal.isValid(), "the control engine with the default budget must compile");

    const RegexEngine tiny(SeedRegex, RegexEngine::CaseSensitive, 1024);
    QVERIFY2(!tiny.isValid(), "a 1 KB budget cannot hold the seed regex");
    QVERIFY2(tiny.errorMessage().contains(QLatin1String("too large")), qPrintable(tiny.errorMessage()));
    QCOMPARE(tiny.errorPosition(), -1);
    QVERIFY(!tiny.matches(QStringLiteral("RuntimeError: Loss is NaN or Inf at step 5")));
    QVERIFY(tiny.findAll(QStringLiteral("RuntimeError: Loss is NaN or Inf at step 5")).isEmpty());

    // Whether a one-letter pattern fits in 1 KB is up to RE2; either way the
    // engine must be consistent and must not crash.
    const RegexEngine small(QStringLiteral("a"), RegexEngine::CaseSensitive, 1024);
    if (small.isValid()) {
        QCOMPARE(describe(small.findAll(QStringLiteral("banana"))),
                 describe(RegexEngine(QStringLiteral("a")).findAll(QStringLiteral("banana"))));
        QVERIFY(small.matches(QStringLiteral("banana")));
    } else {
        QVERIFY(!small.errorMessage().isEmpty());
    }
}

// A budget that is not reached changes nothing, on a text long enough to
// be timed first (600 KB, matches beyond the first piece, an empty match
// and a match across lines among them); one that is spent stops the
// search between two matches and says so.
void RegexEngineTest::findAllWithinABudget()
{
    QByteArray text;
    for (int i = 0; text.size() < 600000; ++i)
        text += "line " + QByteArray::number(i) + (i % 1000 == 999 ? " disk full\non /dev/sda" : " ok") + '\n';
    for (const QString &pattern :
         {QStringLiteral("disk full\\s+on \\S+"), QStringLiteral("(?m)^line 5\\d*9 "), QStringLiteral("x*")}) {
        const RegexEngine engine(pattern);
        const QList<RegexMatch> expected = engine.findAll(text, 1000);
        RegexBudget budget(1, qint64(60) * 1000000000);
        const QList<RegexMatch> found = engine.findAll(text, 1000, budget, 0);
        QCOMPARE(describe(found), describe(expected));
        QCOMPARE(budget.cut(0), RegexBudget::Cut::None);
    }
    const RegexEngine everyLine(QStringLiteral("ok"));
    RegexBudget spent(1, 1);
    const QByteArray start = text.left(100000); // searched at once, stopped after its first match
    const QList<RegexMatch> some = everyLine.findAll(start, 100000, spent, 0);
    QCOMPARE(spent.cut(0), RegexBudget::Cut::Stopped);
    QCOMPARE(some.size(), 1);
    QCOMPARE(some.first().line, 1);
    RegexBudget none(1, 1); // a longer text: timed on its first piece, which spends the budget
    QVERIFY(everyLine.findAll(text, 100000, none, 0).isEmpty());
    QCOMPARE(none.cut(0), RegexBudget::Cut::Stopped);
}

QTEST_APPLESS_MAIN(RegexEngineTest)
#include "RegexEngineTest.moc"
