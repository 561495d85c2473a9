// TerminalText: the control characters a command must not print raw, and
// JSON text that says the same with them escaped.

#include "app/commands/TerminalText.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Errata;

class TerminalTextTest : public QObject
{
    Q_OBJECT

private slots:
    void escaped_data();
    void escaped();
    void tabsKeptInLogLines();
    void jsonSafeKeepsTheDocument();
};

void TerminalTextTest::escaped_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("plain") << QStringLiteral("disk/full: Error 错误 😀") << QStringLiteral("disk/full: Error 错误 😀");
    QTest::newRow("escape sequence") << QStringLiteral("id\x1b[2J") << QStringLiteral("id\\x1B[2J");
    QTest::newRow("title sequence") << QStringLiteral("\x1b]0;pwned\x07") << QStringLiteral("\\x1B]0;pwned\\x07");
    QTest::newRow("line ends") << QStringLiteral("a\nb\rc") << QStringLiteral("a\\x0Ab\\x0Dc");
    QTest::newRow("tab") << QStringLiteral("a\tb") << QStringLiteral("a\\x09b");
    QTest::newRow("NUL") << QString(QChar(0)) << QStringLiteral("\\x00");
    QTest::newRow("DEL") << QStringLiteral("a\x7f") << QStringLiteral("a\\x7F");
    QTest::newRow("C1 CSI") << QString(QChar(0x9B)) + QStringLiteral("31m") << QStringLiteral("\\u009B31m");
    QTest::newRow("C1 NEL") << QString(QChar(0x85)) << QStringLiteral("\\u0085");
    QTest::newRow("not C1: NBSP") << QString(QChar(0xA0)) << QString(QChar(0xA0));
    QTest::newRow("bidi override") << QStringLiteral("abc") + QChar(0x202E) + QStringLiteral("fed")
                                   << QStringLiteral("abc\\u202Efed");
    QTest::newRow("bidi isolate") << QString(QChar(0x2066)) + QChar(0x2069) << QStringLiteral("\\u2066\\u2069");
    QTest::newRow("bidi marks") << QString(QChar(0x200E)) + QChar(0x200F) + QChar(0x061C)
                                << QStringLiteral("\\u200E\\u200F\\u061C");
    QTest::newRow("invisible") << QStringLiteral("a") + QChar(0x200B) + QChar(0xFEFF) + QChar(0x2028) + QChar(0xAD)
                               << QStringLiteral("a\\u200B\\uFEFF\\u2028\\u00AD");
    QTest::newRow("a tag") << QStringLiteral("x\U000E0041") << QStringLiteral("x\\U000E0041");
    QTest::newRow("a lone surrogate") << QString(QChar(0xD800)) << QStringLiteral("\\uD800");
    QTest::newRow("a backslash stays") << QStringLiteral("C:\\x1B") << QStringLiteral("C:\\x1B");
}

void TerminalTextTest::escaped()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(TerminalText::escaped(text), expected);
    for (const QChar c : TerminalText::escaped(text, TerminalText::KeepTabs))
        QVERIFY(c == QLatin1Char('\t')
                || (c.unicode() >= 0x20 && c.unicode() != 0x7F && (c.unicode() < 0x80 || c.unicode() > 0x9F)));
}

void TerminalTextTest::tabsKeptInLogLines()
{
    QCOMPARE(TerminalText::escaped(QStringLiteral("2024\tERROR\x1b[0m"), TerminalText::KeepTabs),
             QStringLiteral("2024\tERROR\\x1B[0m"));
}

void TerminalTextTest::jsonSafeKeepsTheDocument()
{
    QString value = QStringLiteral("a\x1b[2J\x7f");
    for (char16_t c :
         {char16_t(0x80), char16_t(0x9B), char16_t(0x9F), char16_t(0x202A), char16_t(0x202E), char16_t(0x2066),
          char16_t(0x2069), char16_t(0x200F), char16_t(0x061C), char16_t(0xA0), char16_t(0x2028), char16_t(0x4E2D)})
        value += QChar(c);
    value += QStringLiteral("\U000E0041\U0001F600"); // a tag, escaped; an emoji, kept
    const QJsonObject object{{QStringLiteral("id"), value}};
    const QByteArray plain = QJsonDocument(object).toJson();
    const QByteArray safe = TerminalText::jsonSafe(plain);
    QCOMPARE(QJsonDocument::fromJson(safe).object(), object);
    QVERIFY2(safe.contains("\\u001b[2J\\u007f\\u0080\\u009b\\u009f\\u202a\\u202e\\u2066\\u2069\\u200f\\u061c"),
             safe.constData());
    QVERIFY(safe.contains("\\u2028\xe4\xb8\xad")); // a separator escaped, 中 kept
    QVERIFY(safe.contains("\\udb40\\udc41\xf0\x9f\x98\x80"));
    for (const char byte : safe)
        QVERIFY2(static_cast<unsigned char>(byte) >= 0x20 || byte == '\n', safe.constData());
    QVERIFY(!safe.contains('\x7f'));
    QVERIFY(!safe.contains("\xc2\x9b"));
    QVERIFY(!safe.contains("\xe2\x80\xae"));
    QVERIFY(safe.contains("\xc2\xa0"));     // no control: kept
    QVERIFY(safe.contains("\xe4\xb8\xad")); // 中
}

QTEST_GUILESS_MAIN(TerminalTextTest)
#include "TerminalTextTest.moc"
