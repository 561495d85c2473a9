#include "models/record/TranslationStatus.h"
#include "models/record/Record.h"

#include <QTest>

using namespace Errata;

class TranslationStatusTest : public QObject
{
    Q_OBJECT

private slots:
    void detect_data();
    void detect();
    void textsAndKeys();
    void completeAndUnfinished();
};

namespace {

Record parsed(const QByteArray &extra)
{
    Record record;
    Record::LoadError error;
    const QByteArray text = "{\"id\": \"disk/full\", \"signature\": \"Disk full\", \"regex\": \"Disk full\", "
                            "\"domain\": \"disk\", \"category\": \"io\""
        + extra + "}";
    if (!record.parse(text, &error))
        qFatal("test record does not parse: %s", qPrintable(error.message));
    return record;
}

} // namespace

void TranslationStatusTest::detect_data()
{
    QTest::addColumn<QByteArray>("extra");
    QTest::addColumn<int>("field");
    QTest::addColumn<int>("expected");

    const int sig = TranslationStatus::Signature;
    const int cause = TranslationStatus::RootCause;
    const int work = TranslationStatus::Workarounds;
    QTest::newRow("signature missing") << QByteArray() << sig << int(TranslationStatus::Missing);
    QTest::newRow("signature empty") << QByteArray(", \"signature_zh\": \"  \"") << sig
                                     << int(TranslationStatus::Missing);
    QTest::newRow("signature no Han") << QByteArray(", \"signature_zh\": \"Disk voll\"") << sig
                                      << int(TranslationStatus::Untranslated);
    QTest::newRow("signature repeated") << QByteArray(", \"signature_zh\": \" Disk full \"") << sig
                                        << int(TranslationStatus::Untranslated);
    QTest::newRow("signature kana only") << QByteArray(", \"signature_zh\": \"ディスク\"") << sig
                                         << int(TranslationStatus::Untranslated);
    QTest::newRow("signature translated")
        << QByteArray(", \"signature_zh\": \"磁盘已满\"") << sig << int(TranslationStatus::Translated);
    QTest::newRow("signature beyond the Basic Multilingual Plane")
        << QByteArray(", \"signature_zh\": \"𠮷\"") << sig << int(TranslationStatus::Translated);
    QTest::newRow("signature not a string")
        << QByteArray(", \"signature_zh\": 3") << sig << int(TranslationStatus::Missing);
    QTest::newRow("no root cause") << QByteArray(", \"root_cause_zh\": \"磁盘已满\"") << cause
                                   << int(TranslationStatus::NotApplicable);
    QTest::newRow("root cause missing") << QByteArray(", \"root_cause\": \"The disk is full.\"") << cause
                                        << int(TranslationStatus::Missing);
    QTest::newRow("root cause translated")
        << QByteArray(", \"root_cause\": \"The disk is full.\", \"root_cause_zh\": \"磁盘满了。\"") << cause
        << int(TranslationStatus::Translated);
    QTest::newRow("no workarounds") << QByteArray() << work << int(TranslationStatus::NotApplicable);
    QTest::newRow("empty workarounds") << QByteArray(", \"workarounds\": []") << work
                                       << int(TranslationStatus::NotApplicable);
    const QByteArray two = ", \"workarounds\": [{\"action\": \"Free space\", \"success_rate\": 0.9}, "
                           "{\"action\": \"Add a disk\", \"success_rate\": 0.5}]";
    QTest::newRow("workarounds missing") << two << work << int(TranslationStatus::Missing);
    QTest::newRow("workarounds empty list")
        << two + ", \"workarounds_zh\": []" << work << int(TranslationStatus::Missing);
    QTest::newRow("workarounds count") << two + ", \"workarounds_zh\": [\"释放空间\"]" << work
                                       << int(TranslationStatus::CountMismatch);
    QTest::newRow("workarounds count before untranslated")
        << two + ", \"workarounds_zh\": [\"Free space\"]" << work << int(TranslationStatus::CountMismatch);
    QTest::newRow("workarounds one untranslated")
        << two + ", \"workarounds_zh\": [\"释放空间\", \"Add a disk\"]" << work << int(TranslationStatus::Untranslated);
    QTest::newRow("workarounds translated")
        << two + ", \"workarounds_zh\": [\"释放空间\", \"加一块磁盘\"]" << work << int(TranslationStatus::Translated);
}

void TranslationStatusTest::detect()
{
    QFETCH(QByteArray, extra);
    QFETCH(int, field);
    QFETCH(int, expected);
    QCOMPARE(int(TranslationStatus::detect(parsed(extra), TranslationStatus::Field(field))), expected);
}

void TranslationStatusTest::textsAndKeys()
{
    const Record record = parsed(", \"workarounds\": [{\"action\": \"A\"}, {\"action\": \"B\"}], "
                                 "\"workarounds_zh\": [\"甲\", \"乙\"]");
    QCOMPARE(TranslationStatus::englishText(record, TranslationStatus::Workarounds), QStringLiteral("A\nB"));
    QCOMPARE(TranslationStatus::chineseText(record, TranslationStatus::Workarounds), QStringLiteral("甲\n乙"));
    QCOMPARE(TranslationStatus::englishText(record, TranslationStatus::Signature), QStringLiteral("Disk full"));
    QCOMPARE(TranslationStatus::chineseKey(TranslationStatus::RootCause), QStringLiteral("root_cause_zh"));
    QCOMPARE(TranslationStatus::englishKey(TranslationStatus::Workarounds), QStringLiteral("workarounds"));
    QCOMPARE(TranslationStatus::statusKey(TranslationStatus::CountMismatch), QStringLiteral("count-mismatch"));
    QCOMPARE(TranslationStatus::statusKey(TranslationStatus::NotApplicable), QStringLiteral("not-applicable"));
}

void TranslationStatusTest::completeAndUnfinished()
{
    QVERIFY(TranslationStatus::isComplete(TranslationStatus::NotApplicable));
    QVERIFY(TranslationStatus::isComplete(TranslationStatus::Translated));
    QVERIFY(TranslationStatus::isComplete(TranslationStatus::Reviewed));
    QVERIFY(!TranslationStatus::isComplete(TranslationStatus::Missing));
    QVERIFY(!TranslationStatus::isComplete(TranslationStatus::Untranslated));
    QVERIFY(!TranslationStatus::isComplete(TranslationStatus::CountMismatch));
    QVERIFY(TranslationStatus::isUnfinished(TranslationStatus::Translated));
    QVERIFY(!TranslationStatus::isUnfinished(TranslationStatus::Reviewed));
    QVERIFY(!TranslationStatus::isUnfinished(TranslationStatus::NotApplicable));
}

QTEST_APPLESS_MAIN(TranslationStatusTest)
#include "TranslationStatusTest.moc"
