#include "models/util/LongWords.h"

#include <QtTest>

using namespace Errata;

class LongWordsTest : public QObject
{
    Q_OBJECT

private slots:
    void longestRun();
    void breaksOnlyLongRuns();
    void neverSplitsASurrogatePair();
    void htmlKeepsMarkupWhole();
    void htmlRunGoesOnThroughTags();
};

namespace {

const QChar Zwsp = LongWords::ZeroWidthSpace;

QString withoutBreaks(QString text)
{
    return text.remove(Zwsp);
}

} // namespace

void LongWordsTest::longestRun()
{
    QCOMPARE(LongWords::longestRun(QString()), 0);
    QCOMPARE(LongWords::longestRun(QStringLiteral("ab cde\tf")), 3);
    QCOMPARE(LongWords::longestRun(QStringLiteral("abc") + Zwsp + QStringLiteral("de")), 3);
    QVERIFY(LongWords::hasRunOver(QStringLiteral("abcd"), 3));
    QVERIFY(!LongWords::hasRunOver(QStringLiteral("abc abc"), 3));
}

void LongWordsTest::breaksOnlyLongRuns()
{
    QCOMPARE(LongWords::breakable(QStringLiteral("abcdefgh"), 3),
             QStringLiteral("abc") + Zwsp + QStringLiteral("def") + Zwsp + QStringLiteral("gh"));
    const QString plain = QStringLiteral("short words only, nothing to do");
    QCOMPARE(LongWords::breakable(plain, 8), plain);
    QCOMPARE(LongWords::breakable(QStringLiteral("abc abcd"), 3),
             QStringLiteral("abc abc") + Zwsp + QStringLiteral("d"));

    const QString token(1 << 20, QLatin1Char('x'));
    const QString broken = LongWords::breakable(token);
    QCOMPARE(LongWords::longestRun(broken), LongWords::DefaultLimit);
    QCOMPARE(withoutBreaks(broken), token);
}

void LongWordsTest::neverSplitsASurrogatePair()
{
    const QString clef = QString::fromUtf8("\xF0\x9D\x84\x9E"); // U+1D11E, two UTF-16 units
    const QString text = QStringLiteral("ab") + clef + clef;
    const QString broken = LongWords::breakable(text, 3);
    QCOMPARE(withoutBreaks(broken), text);
    for (qsizetype i = 0; i < broken.size(); ++i) {
        if (broken.at(i) == Zwsp)
            QVERIFY(i + 1 >= broken.size() || !broken.at(i + 1).isLowSurrogate());
    }
}

void LongWordsTest::htmlKeepsMarkupWhole()
{
    const QString longHref = QStringLiteral("https://example.org/") + QString(200, QLatin1Char('a'));
    const QString html = QStringLiteral("<style>p{font-family:'Noto Sans CJK SC','Noto Sans',sans-serif;}</style>"
                                        "<p><a href=\"%1\">%2</a> &amp;&lt;%3</p>")
                             .arg(longHref, QString(200, QLatin1Char('b')), QString(100, QLatin1Char('c')));
    const QString broken = LongWords::breakableHtml(html, 10);
    QVERIFY(broken != html);
    QCOMPARE(withoutBreaks(broken), html);
    QVERIFY(broken.contains(QStringLiteral("href=\"%1\"").arg(longHref)));
    QVERIFY(broken.contains(QLatin1String("<style>p{font-family:'Noto Sans CJK SC','Noto Sans',sans-serif;}</style>")));
    QVERIFY(!broken.contains(QStringLiteral("&am") + Zwsp));
    QVERIFY(!broken.contains(QStringLiteral("&l") + Zwsp));
    // The text the document shows has no run over the limit.
    QString shown = broken;
    shown.remove(QRegularExpression(QStringLiteral("<style>.*</style>|<[^>]*>")));
    QVERIFY(LongWords::longestRun(shown.replace(QLatin1String("&amp;"), QLatin1String("&"))
                                      .replace(QLatin1String("&lt;"), QLatin1String("<")))
            <= 10);
}

void LongWordsTest::htmlRunGoesOnThroughTags()
{
    QString html;
    for (int i = 0; i < 20; ++i)
        html += QStringLiteral("<b>abcde</b>");
    const QString broken = LongWords::breakableHtml(html, 10);
    QCOMPARE(withoutBreaks(broken), html);
    QCOMPARE(broken.count(Zwsp), 9); // 100 characters: a break after each 10 but the last
}

QTEST_GUILESS_MAIN(LongWordsTest)
#include "LongWordsTest.moc"
