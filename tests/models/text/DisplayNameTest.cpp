// DisplayName: the characters a name is never shown with as they are (controls, bidirectional controls and marks,
// invisible format characters), each written as an escape, and everything else kept.

#include "models/text/DisplayName.h"

#include <QTest>

using namespace Errata;

class DisplayNameTest : public QObject
{
    Q_OBJECT

private slots:
    void of_data();
    void of();
    void nothingHiddenIsLeft();
    void tabsKeptOnRequest();
};

void DisplayNameTest::of_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("shown");

    QTest::newRow("plain") << QStringLiteral("git/dubious-ownership.json")
                           << QStringLiteral("git/dubious-ownership.json");
    QTest::newRow("other scripts and emoji")
        << QStringLiteral("错误/ошибка/خطأ 😀.json") << QStringLiteral("错误/ошибка/خطأ 😀.json");
    QTest::newRow("right-to-left override")
        << QStringLiteral("bidi\u202Egnp.json") << QStringLiteral("bidi\\u202Egnp.json");
    QTest::newRow("embeddings, isolates") << QStringLiteral("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069")
                                          << QStringLiteral("\\u202A\\u202B\\u202C\\u202D\\u2066\\u2067\\u2068\\u2069");
    QTest::newRow("marks") << QStringLiteral("a\u200Eb\u200Fc\u061Cd") << QStringLiteral("a\\u200Eb\\u200Fc\\u061Cd");
    QTest::newRow("zero width") << QStringLiteral("a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF")
                                << QStringLiteral("a\\u200Bb\\u200Cc\\u200Dd\\u2060e\\uFEFF");
    QTest::newRow("soft hyphen") << QStringLiteral("re\u00ADcord") << QStringLiteral("re\\u00ADcord");
    QTest::newRow("separators") << QStringLiteral("a\u2028b\u2029") << QStringLiteral("a\\u2028b\\u2029");
    QTest::newRow("escape sequence") << QStringLiteral("id\x1b[2J") << QStringLiteral("id\\x1B[2J");
    QTest::newRow("line feed, tab, DEL") << QStringLiteral("a\nb\tc\x7f") << QStringLiteral("a\\x0Ab\\x09c\\x7F");
    QTest::newRow("C1") << QString(QChar(0x9B)) << QStringLiteral("\\u009B");
    QTest::newRow("a tag character") << QStringLiteral("flag\U000E0067") << QStringLiteral("flag\\U000E0067");
    QTest::newRow("a lone surrogate") << QStringLiteral("x") + QChar(0xDC00) << QStringLiteral("x\\uDC00");
    QTest::newRow("NBSP kept") << QString(QChar(0xA0)) << QString(QChar(0xA0));
}

void DisplayNameTest::of()
{
    QFETCH(QString, name);
    QFETCH(QString, shown);
    QCOMPARE(DisplayName::of(name), shown);
}

// Every code point of the BMP and the tags: what is shown holds no control
// and no format character.
void DisplayNameTest::nothingHiddenIsLeft()
{
    QString all;
    for (char32_t c = 1; c < 0x10000; ++c)
        all += QChar(char16_t(c));
    for (char32_t c = 0xE0000; c < 0xE0080; ++c)
        all += QString::fromUcs4(&c, 1);
    const QString shown = DisplayName::of(all);
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const QChar c = shown.at(i);
        if (c.isHighSurrogate() && i + 1 < shown.size() && shown.at(i + 1).isLowSurrogate()) {
            QVERIFY(!DisplayName::isEscaped(QChar::surrogateToUcs4(c, shown.at(++i))));
            continue;
        }
        QVERIFY2(!DisplayName::isEscaped(c.unicode()), qPrintable(QString::number(c.unicode(), 16)));
        QVERIFY(c.category() != QChar::Other_Format && c.category() != QChar::Other_Control);
    }
}

void DisplayNameTest::tabsKeptOnRequest()
{
    QCOMPARE(DisplayName::escaped(QStringLiteral("a\tb\u202E"), DisplayName::KeepTabs), QStringLiteral("a\tb\\u202E"));
}

QTEST_GUILESS_MAIN(DisplayNameTest)
#include "DisplayNameTest.moc"
