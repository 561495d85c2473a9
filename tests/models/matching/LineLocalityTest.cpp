// Tests for Errata::LineLocality: which RE2 patterns can only match within
// one line (and find the same there as in the whole text), read
// conservatively; LogMatcher::isLineLocal forwards to it.

#include "models/matching/LineLocality.h"
#include "models/matching/LogMatcher.h"

#include <QTest>

using namespace Errata;

class LineLocalityTest : public QObject
{
    Q_OBJECT

private slots:
    void isLineLocal_data();
    void isLineLocal();
    void oddPatterns_data();
    void oddPatterns();
};

void LineLocalityTest::isLineLocal_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("local");
    const auto row = [](const char *pattern, bool local) {
        const QString text = QString::fromUtf8(pattern);
        QString name = text;
        QTest::newRow(qPrintable(name.replace(QLatin1Char('\n'), QLatin1String("<LF>")))) << text << local;
    };
    row("error: .* failed", true);
    row("(?i)timeout after \\d+ ms", true);
    row("\\bkill\\b \\w+ \\S+", true);
    row("[a-z0-9_]+@[^\\n@]+", true);
    row("[^\\s]+", true);
    row("key=[^;\\n]+", true);
    row("[[:alpha:]]+[[:digit:]]", true);
    row("\\p{Han}+\\pL", true);
    row("[\\t ]+x", true);
    row("\\Qa.b\\E", true);
    row("错误：(\\S+)", true);
    row("(?P<name>\\w+)=(?:\\d+)", true);
    row("\\x41\\x{263a}", true);
    row("a\\sb", false);
    row("a\\nb", false);
    row("a\\x0ab", false);
    row("a\\x{A}b", false);
    row("a\\012b", false);
    row("[^x]+", false);
    row("[\\s\\S]", false);
    row("[\\x00-\\x1f]", false);
    row("[[:space:]]", false);
    row("[[:^alpha:]]", false);
    row("\\D+", false);
    row("\\W", false);
    row("\\PL", false);
    row("\\p{Cc}", false);
    row("\\p{Common}", false);
    row("(?s)a.b", false);
    row("(?is:a.b)", false);
    row("^error", false);
    row("error$", false);
    row("(?m)^error$", false);
    row("\\Aerror", false);
    row("error\\z", false);
    row("\\Ca", false);
    row("a\nb", false);
    row("\\Qa\nb\\E", false);
    row("[a", false);
}

void LineLocalityTest::isLineLocal()
{
    QFETCH(QString, pattern);
    QFETCH(bool, local);
    QCOMPARE(LineLocality::isLineLocal(pattern), local);
    QCOMPARE(LogMatcher::isLineLocal(pattern), local); // the facade forwards
}

// Patterns cut short anywhere are read without running past their end.
void LineLocalityTest::oddPatterns_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("local");
    QTest::newRow("backslash at the end") << QStringLiteral("abc\\") << false;
    QTest::newRow("unclosed \\Q") << QStringLiteral("\\Qa.b") << true;
    QTest::newRow("unclosed \\x{") << QStringLiteral("a\\x{41") << false;
    QTest::newRow("unclosed \\p{") << QStringLiteral("\\p{Greek") << false;
    QTest::newRow("unclosed [:") << QStringLiteral("[[:alpha]") << false;
    QTest::newRow("range to a set") << QStringLiteral("[a-\\d]") << false;
    QTest::newRow("dash at the end") << QStringLiteral("[a-]") << true;
    QTest::newRow("first ] is a member") << QStringLiteral("[]a]") << true;
    QTest::newRow("group without flags") << QStringLiteral("(?:ab)") << true;
    QTest::newRow("flag group turning s off") << QStringLiteral("(?-s:a.b)") << false;
    QTest::newRow("empty") << QString() << true;
}

void LineLocalityTest::oddPatterns()
{
    QFETCH(QString, pattern);
    QFETCH(bool, local);
    QCOMPARE(LineLocality::isLineLocal(pattern), local);
}

QTEST_GUILESS_MAIN(LineLocalityTest)
#include "LineLocalityTest.moc"
