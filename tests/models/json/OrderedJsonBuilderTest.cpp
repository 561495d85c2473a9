// Tests for Errata::OrderedJsonBuilder: it must build exactly the document
// OrderedJson::parse builds (values, key order, duplicate keys, numbers) and
// fail where it fails, at the same byte and with the same message.

#include "json/OrderedJsonBuilder.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray bytes(const std::string &text)
{
    return QByteArray::fromStdString(text);
}

} // namespace

class OrderedJsonBuilderTest : public QObject
{
    Q_OBJECT

private slots:
    void sameDocumentAsNlohmann_data();
    void sameDocumentAsNlohmann();
    void keepsKeyOrderAndDumpsTheSeedByteForByte();
    void duplicateKeyKeepsTheFirstPositionAndTheLastValue();
    void sameErrorAsNlohmann_data();
    void sameErrorAsNlohmann();
    void deepNestingDoesNotRecurse();
    void reusableAfterAnError();
    void sameDocumentsForTheSampleKb();
};

void OrderedJsonBuilderTest::sameDocumentAsNlohmann_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("object") << QByteArray(R"({"z": 1, "a": 2, "m": {"y": [1, 2, {"b": null}], "x": true}})");
    QTest::newRow("scalars") << QByteArray(
        R"([null, true, false, -0, 0.5, 1e-3, 18446744073709551615, -9223372036854775808])");
    QTest::newRow("strings") << QByteArray(R"({"zh": "显存不足", "esc": "a\"b\\c\u00e9\ud83d\ude00", "": ""})");
    QTest::newRow("empty containers") << QByteArray(R"({"a": {}, "b": [], "c": [[], {}]})");
    QTest::newRow("top-level scalar") << QByteArray("42");
    QTest::newRow("top-level string") << QByteArray(R"("text")");
    QTest::newRow("whitespace") << QByteArray(" \r\n\t{ \"a\" :\n[ 1 ,2 ] }\n\n");
}

void OrderedJsonBuilderTest::sameDocumentAsNlohmann()
{
    QFETCH(QByteArray, text);
    OrderedJsonBuilder builder;
    QVERIFY(builder.parse(std::string_view(text.constData(), size_t(text.size()))));
    const OrderedJson expected = OrderedJson::parse(text.toStdString());
    const OrderedJson built = builder.takeDocument();
    QVERIFY(built == expected);
    QCOMPARE(bytes(built.dump(2)), bytes(expected.dump(2)));
}

void OrderedJsonBuilderTest::keepsKeyOrderAndDumpsTheSeedByteForByte()
{
    const std::string seed = readFile(QStringLiteral(ERRATA_TEST_DATA "/seed.json")).toStdString();
    QVERIFY(!seed.empty());
    OrderedJsonBuilder builder;
    QVERIFY(builder.parse(seed));
    const OrderedJson document = builder.takeDocument();
    QCOMPARE(bytes(document.begin().key()), QByteArray("id"));
    std::string dumped = document.dump(2);
    if (seed.back() == '\n')
        dumped += '\n';
    QCOMPARE(bytes(dumped), bytes(seed));
}

void OrderedJsonBuilderTest::duplicateKeyKeepsTheFirstPositionAndTheLastValue()
{
    const std::string text = R"({"a": 1, "b": 2, "a": 3})";
    OrderedJsonBuilder builder;
    QVERIFY(builder.parse(text));
    const OrderedJson document = builder.takeDocument();
    QCOMPARE(bytes(document.dump()), QByteArray(R"({"a":3,"b":2})"));
    QCOMPARE(bytes(document.dump()), bytes(OrderedJson::parse(text).dump()));
}

void OrderedJsonBuilderTest::sameErrorAsNlohmann_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("missing value") << QByteArray(R"({"a": })");
    QTest::newRow("trailing comma") << QByteArray(R"({"a": 1,})");
    QTest::newRow("unterminated") << QByteArray(R"({"a": [1, 2)");
    QTest::newRow("trailing text") << QByteArray(R"({"a": 1} x)");
    QTest::newRow("invalid UTF-8") << QByteArray("{\"a\": \"\xC3(\"}");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("bad literal") << QByteArray("[tru]");
}

void OrderedJsonBuilderTest::sameErrorAsNlohmann()
{
    QFETCH(QByteArray, text);
    OrderedJsonBuilder builder;
    QVERIFY(!builder.parse(std::string_view(text.constData(), size_t(text.size()))));
    try {
        const OrderedJson accepted = OrderedJson::parse(text.toStdString());
        QFAIL("nlohmann accepted the text");
    } catch (const OrderedJson::parse_error &error) {
        QCOMPARE(builder.errorByte(), error.byte);
        QCOMPARE(bytes(builder.errorMessage()), QByteArray(error.what()));
    }
    QVERIFY(builder.takeDocument().is_null());
}

void OrderedJsonBuilderTest::deepNestingDoesNotRecurse()
{
    const int depth = 100000;
    const std::string text = std::string(depth, '[') + std::string(depth, ']');
    OrderedJsonBuilder builder;
    QVERIFY(builder.parse(text));
    const OrderedJson document = builder.takeDocument();
    QVERIFY(document.is_array());
    // nlohmann's destructor of a deep document is iterative too.
}

void OrderedJsonBuilderTest::reusableAfterAnError()
{
    OrderedJsonBuilder builder;
    QVERIFY(!builder.parse(R"({"a": [1, {"b": )"));
    QVERIFY(builder.parse(R"({"c": 1})"));
    QCOMPARE(builder.errorByte(), size_t(0));
    QVERIFY(builder.errorMessage().empty());
    QCOMPARE(bytes(builder.takeDocument().dump()), QByteArray(R"({"c":1})"));
}

void OrderedJsonBuilderTest::sameDocumentsForTheSampleKb()
{
    QDirIterator it(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int compared = 0;
    OrderedJsonBuilder builder;
    while (it.hasNext()) {
        const QString path = it.next();
        const std::string text = readFile(path).toStdString();
        QVERIFY2(builder.parse(text), qPrintable(path));
        QVERIFY2(builder.takeDocument().dump() == OrderedJson::parse(text).dump(), qPrintable(path));
        ++compared;
    }
    QVERIFY(compared >= 20);
}

QTEST_GUILESS_MAIN(OrderedJsonBuilderTest)
#include "OrderedJsonBuilderTest.moc"
