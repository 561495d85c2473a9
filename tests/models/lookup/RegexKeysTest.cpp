// Tests for Errata::RegexKeys: folded() gives what QString::toCaseFolded()
// gives, on ASCII (its own quick path) and on text beyond it; of() gives
// the keys of each alternative, case folded, without runs shorter than
// three bytes.

#include "models/lookup/RegexKeys.h"

#include <QtTest>

using namespace Errata;

class RegexKeysTest : public QObject
{
    Q_OBJECT

private slots:
    void foldedAsQtFolds_data();
    void foldedAsQtFolds();
    void keysOfAlternatives();
};

void RegexKeysTest::foldedAsQtFolds_data()
{
    QTest::addColumn<QString>("text");
    QString everyAscii;
    for (char16_t c = 0; c < 0x80; ++c)
        everyAscii += QChar(c);
    QTest::newRow("empty") << QString();
    QTest::newRow("every ASCII character") << everyAscii;
    QTest::newRow("an error") << QStringLiteral("ModuleNotFoundError: No module named 'Foo_Bar'");
    QTest::newRow("German") << QStringLiteral("Straße GRÖSSE");
    QTest::newRow("Greek sigma") << QStringLiteral("ΣΊΣΥΦΟΣ");
    QTest::newRow("Kelvin sign") << QStringLiteral("300 \u212A");
    QTest::newRow("Chinese") << QStringLiteral("错误: 无法 Connect");
    QTest::newRow("ASCII then not") << QStringLiteral("ABC\u00C9");
}

void RegexKeysTest::foldedAsQtFolds()
{
    QFETCH(QString, text);
    QCOMPARE(RegexKeys::folded(text), text.toCaseFolded().toStdString());
}

void RegexKeysTest::keysOfAlternatives()
{
    const RegexKeys::Keys keys = RegexKeys::of(QStringLiteral("(CommitFailed|poll timeout|consumer.*timeout|ab)"));
    QCOMPARE(keys.size(), size_t(4));
    QCOMPARE(keys[0], std::vector<std::string>({"commitfailed"}));
    QCOMPARE(keys[1], std::vector<std::string>({"poll timeout"}));
    QCOMPARE(keys[2], std::vector<std::string>({"consumer", "timeout"}));
    QVERIFY(keys[3].empty());
}

QTEST_GUILESS_MAIN(RegexKeysTest)
#include "RegexKeysTest.moc"
