// Tests for Errata::OrderedJsonBuilder: it must build exactly the document
// OrderedJson::parse builds (values, key order, numbers) and fail where it
// fails, at the same byte and with the same message; and, unlike it, refuse
// a key written twice in one object, naming the member.

#include "models/json/OrderedJsonBuilder.h"
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
    void duplicateKeyIsRefused_data();
    void duplicateKeyIsRefused();
    void sameErrorAsNlohmann_data();
    void sameErrorAsNlohmann();
    void nulByteIsRefused_data();
    void nulByteIsRefused();
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

void OrderedJsonBuilderTest::duplicateKeyIsRefused_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("pointer"); // the member written twice

    QTest::newRow("top level") << QByteArray(R"({"a": 1, "b": 2, "a": 3})") << QStringLiteral("/a");
    QTest::newRow("same value") << QByteArray(R"({"a": 1, "a": 1})") << QStringLiteral("/a");
    QTest::newRow("in an object in an array")
        << QByteArray(R"({"list": [{"k": 1}, {"j": 2, "k": 3, "k": 4}]})") << QStringLiteral("/list/1/k");
    QTest::newRow("nested objects") << QByteArray(R"({"a": {"b": {"c": 1, "c": 2}}})") << QStringLiteral("/a/b/c");
    QTest::newRow("in an array of arrays") << QByteArray(R"([[1], [2, {"x": 0, "x": 0}]])") << QStringLiteral("/1/1/x");
    QTest::newRow("empty key") << QByteArray(R"({"": 1, "": 2})") << QStringLiteral("/");
    QTest::newRow("slash and tilde") << QByteArray(R"({"a/~b": 1, "a/~b": 2})") << QStringLiteral("/a~1~0b");
    QTest::newRow("escaped the second time") << QByteArray(R"({"é": 1, "é": 2})") << QStringLiteral("/é");
    QTest::newRow("the first of two") << QByteArray(R"({"b": {"x": 1, "x": 2}, "a": 1, "a": 2})")
                                      << QStringLiteral("/b/x");
    QByteArray wide = "{";
    for (int i = 0; i < 1000; ++i)
        wide += "\"k" + QByteArray::number(i) + "\": " + QByteArray::number(i) + ", ";
    QTest::newRow("the 1001st key of a large object") << wide + "\"k500\": 0}" << QStringLiteral("/k500");
}

void OrderedJsonBuilderTest::duplicateKeyIsRefused()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, pointer);
    OrderedJsonBuilder builder;
    QVERIFY(!builder.parse(std::string_view(text.constData(), size_t(text.size()))));
    QVERIFY(builder.hasDuplicateKey());
    QCOMPARE(QString::fromStdString(builder.duplicateKey().to_string()), pointer);
    QVERIFY(builder.takeDocument().is_null());
    // nlohmann takes it (the last value wins): that is what the builder refuses.
    QVERIFY(OrderedJson::accept(text.toStdString()));
    // The same keys in different objects are not repeated.
    QVERIFY(builder.parse(R"({"a": {"x": 1}, "b": {"x": 2}, "x": [{"x": 3}, {"x": 4}]})"));
    QVERIFY(!builder.hasDuplicateKey());
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

void OrderedJsonBuilderTest::nulByteIsRefused_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("errorByte");
    QTest::newRow("after the value") << QByteArray("{}\0garbage", 10) << 3;
    QTest::newRow("after a record and a line end") << QByteArray("{\"a\": 1}\n\0\0\0", 12) << 10;
    QTest::newRow("inside a string") << QByteArray("{\"a\0\": 1}", 9) << 4;
    QTest::newRow("between members") << QByteArray("{\"a\": 1,\0 \"b\": 2}", 18) << 9;
}

// nlohmann's lexer reads a NUL as the end of the input: "{}\0garbage" would
// be "{}", and the rest of the file lost on the next save.
void OrderedJsonBuilderTest::nulByteIsRefused()
{
    QFETCH(QByteArray, text);
    QFETCH(int, errorByte);
    OrderedJsonBuilder builder;
    QVERIFY(!builder.parse(std::string_view(text.constData(), size_t(text.size()))));
    QCOMPARE(builder.errorByte(), size_t(errorByte));
    QVERIFY(!builder.hasDuplicateKey());
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
