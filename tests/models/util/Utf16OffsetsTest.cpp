#include "models/util/Utf16Offsets.h"

#include <QtTest>

using namespace Errata;

class Utf16OffsetsTest : public QObject
{
    Q_OBJECT

private slots:
    void asciiIsOneUnitPerByte();
    void chineseIsOneUnitPerThreeBytes();
    void emojiIsTwoUnits();
    void agreesWithQStringEverywhere();
    void goingBackStartsAgain();
};

void Utf16OffsetsTest::asciiIsOneUnitPerByte()
{
    const QByteArray text("error: 42");
    Utf16Offsets offsets(text);
    QCOMPARE(offsets.at(0), 0);
    QCOMPARE(offsets.at(7), 7);
    QCOMPARE(offsets.at(text.size()), text.size());
}

void Utf16OffsetsTest::chineseIsOneUnitPerThreeBytes()
{
    const QByteArray text = QStringLiteral("端口 3000 已占用").toUtf8();
    Utf16Offsets offsets(text);
    QCOMPARE(offsets.at(6), 2);  // after "端口"
    QCOMPARE(offsets.at(12), 8); // after "端口 3000 "
    QCOMPARE(offsets.at(text.size()), 11);
}

void Utf16OffsetsTest::emojiIsTwoUnits()
{
    const QByteArray text = QStringLiteral("🔥x").toUtf8();
    Utf16Offsets offsets(text);
    QCOMPARE(offsets.at(4), 2);
    QCOMPARE(offsets.at(5), 3);
}

void Utf16OffsetsTest::agreesWithQStringEverywhere()
{
    const QString text = QStringLiteral("a é 端 🔥 b\nline 2 中文 ✓");
    const QByteArray utf8 = text.toUtf8();
    Utf16Offsets offsets(utf8);
    for (qsizetype byte = 0; byte <= utf8.size(); ++byte) {
        if (byte < utf8.size() && (static_cast<unsigned char>(utf8.at(byte)) & 0xC0) == 0x80)
            continue; // not the start of a character
        QCOMPARE(offsets.at(byte), QString::fromUtf8(utf8.left(byte)).size());
    }
}

void Utf16OffsetsTest::goingBackStartsAgain()
{
    const QByteArray text = QStringLiteral("中文中文").toUtf8();
    Utf16Offsets offsets(text);
    QCOMPARE(offsets.at(9), 3);
    QCOMPARE(offsets.at(3), 1);
    QCOMPARE(offsets.at(12), 4);
}

QTEST_GUILESS_MAIN(Utf16OffsetsTest)
#include "Utf16OffsetsTest.moc"
