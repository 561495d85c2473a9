// Tests for Errata::JsonText: where a JSON pointer's value stands in the raw
// text, line and column of an offset (columns in characters), and the
// nesting-depth check that runs before parsing.

#include "models/json/JsonText.h"

#include <QFile>
#include <QTest>

using namespace Errata;

namespace {

const QByteArray Bom("\xEF\xBB\xBF");

QByteArray seedText()
{
    QFile file(QStringLiteral(ERRATA_TEST_DATA "/seed.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString describe(const JsonText::Position &position)
{
    return QStringLiteral("%1:%2").arg(position.line).arg(position.column);
}

// Expected offset of a row: where `needle` occurs (the first or the last
// time), or -1 for an empty needle.
qsizetype expectedOffset(const QByteArray &text, const QByteArray &needle, bool last)
{
    if (needle.isEmpty())
        return -1;
    return last ? text.lastIndexOf(needle) : text.indexOf(needle);
}

} // namespace

class JsonTextTest : public QObject
{
    Q_OBJECT

private slots:
    void offsetOf_data();
    void offsetOf();
    void keyOffsetsOf_data();
    void keyOffsetsOf();
    void nearestOffsetOf_data();
    void nearestOffsetOf();
    void headerExample();
    void seedPointers();
    void positionOf_data();
    void positionOf();
    void positionsMatchAnIndependentCount_data();
    void positionsMatchAnIndependentCount();
    void positionsOnOneLongLine();
    void firstTooDeep_data();
    void firstTooDeep();
};

void JsonTextTest::offsetOf_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QByteArray>("needle"); // the value starts where this occurs; empty: -1
    QTest::addColumn<bool>("last");         // use the last occurrence of needle

    const QByteArray nested = R"({"a": [1, {"b": 2}]})";
    QTest::newRow("root") << nested << QString() << QByteArray("{\"a\"") << false;
    QTest::newRow("root after whitespace") << QByteArray(" \n\t{\"a\": 1}") << QString() << QByteArray("{") << false;
    QTest::newRow("root after BOM") << (Bom + "{\"a\": 1}") << QString() << QByteArray("{") << false;
    QTest::newRow("array value") << nested << QStringLiteral("/a") << QByteArray("[") << false;
    QTest::newRow("array item 0") << nested << QStringLiteral("/a/0") << QByteArray("1") << false;
    QTest::newRow("array item 1") << nested << QStringLiteral("/a/1") << QByteArray("{\"b\"") << false;
    QTest::newRow("key in object in array") << nested << QStringLiteral("/a/1/b") << QByteArray("2") << false;

    const QByteArray arrays = "[[10, [20, 30]], 40]";
    QTest::newRow("nested arrays /0/1/1") << arrays << QStringLiteral("/0/1/1") << QByteArray("30") << false;
    QTest::newRow("nested arrays /0/1") << arrays << QStringLiteral("/0/1") << QByteArray("[20") << false;
    QTest::newRow("nested arrays /1") << arrays << QStringLiteral("/1") << QByteArray("40") << false;
    QTest::newRow("after empty containers")
        << QByteArray("[[], {}, 50]") << QStringLiteral("/2") << QByteArray("50") << false;
    QTest::newRow("empty object item") << QByteArray("[[], {}, 50]") << QStringLiteral("/1") << QByteArray("{}")
                                       << false;
    QTest::newRow("after nested object") << QByteArray(R"({"a": {"x": {"y": [1]}}, "b": true})") << QStringLiteral("/b")
                                         << QByteArray("true") << false;

    // RFC 6901: "/" is written "~1" and "~" is written "~0".
    const QByteArray slashes = R"({"a/b": 11, "a": {"b": 22}})";
    QTest::newRow("key with slash") << slashes << QStringLiteral("/a~1b") << QByteArray("11") << false;
    QTest::newRow("slash as separator") << slashes << QStringLiteral("/a/b") << QByteArray("22") << false;
    const QByteArray tildes = R"({"a~b": 33, "a~1b": 44})";
    QTest::newRow("key with tilde") << tildes << QStringLiteral("/a~0b") << QByteArray("33") << false;
    QTest::newRow("key holding ~1 literally") << tildes << QStringLiteral("/a~01b") << QByteArray("44") << false;
    QTest::newRow("~1 is not a literal key")
        << QByteArray(R"({"a~1b": 1})") << QStringLiteral("/a~1b") << QByteArray() << false;
    QTest::newRow("unescaped slash is a separator")
        << QByteArray(R"({"a/b": 1})") << QStringLiteral("/a/b") << QByteArray() << false;

    // Keys are compared decoded.
    QTest::newRow("\\u escape in key") << QByteArray(R"({"caf\u00e9": 55})") << QStringLiteral("/café")
                                       << QByteArray("55") << false;
    QTest::newRow("surrogate pair escape in key")
        << QByteArray(R"({"\ud83d\ude00": 88})") << QStringLiteral("/😀") << QByteArray("88") << false;
    QTest::newRow("escaped quote in key")
        << QByteArray(R"({"say \"hi\"": 66})") << QStringLiteral("/say \"hi\"") << QByteArray("66") << false;
    QTest::newRow("escaped slash in key")
        << QByteArray(R"({"a\/b": 77})") << QStringLiteral("/a~1b") << QByteArray("77") << false;
    QTest::newRow("chinese key") << QByteArray(R"({"签名": "值", "b": 1})") << QStringLiteral("/签名")
                                 << QByteArray("\"值\"") << false;
    QTest::newRow("value after chinese") << QByteArray(R"({"签名": "值", "b": 1})") << QStringLiteral("/b")
                                         << QByteArray("1") << false;

    // String values must be skipped whole, whatever they hold.
    QTest::newRow("brackets in a string")
        << QByteArray(R"({"a": "[,]{\"", "b": 99})") << QStringLiteral("/b") << QByteArray("99") << false;
    QTest::newRow("key-like text in a string")
        << QByteArray(R"({"a": "\"b\": 1,", "b": 2})") << QStringLiteral("/b") << QByteArray("2}") << false;
    QTest::newRow("escaped backslash ends a string")
        << QByteArray(R"({"a": "\\", "b": 3})") << QStringLiteral("/b") << QByteArray("3") << false;

    // Pointers the text does not have.
    QTest::newRow("missing key") << nested << QStringLiteral("/nope") << QByteArray() << false;
    QTest::newRow("index past the end") << nested << QStringLiteral("/a/5") << QByteArray() << false;
    QTest::newRow("missing nested key") << nested << QStringLiteral("/a/1/c") << QByteArray() << false;
    QTest::newRow("append marker -") << nested << QStringLiteral("/a/-") << QByteArray() << false;
    QTest::newRow("leading zero index") << nested << QStringLiteral("/a/01") << QByteArray() << false;
    QTest::newRow("no leading slash") << nested << QStringLiteral("a") << QByteArray() << false;
    QTest::newRow("trailing slash") << nested << QStringLiteral("/a/") << QByteArray() << false;
    QTest::newRow("empty text") << QByteArray() << QString() << QByteArray() << false;
}

void JsonTextTest::offsetOf()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, pointer);
    QFETCH(QByteArray, needle);
    QFETCH(bool, last);

    if (!needle.isEmpty() && !last)
        QVERIFY2(text.count(needle) == 1, "bad row: the needle must occur exactly once");
    const JsonText json(text);
    QCOMPARE(json.offsetOf(pointer), expectedOffset(text, needle, last));
    // Asking twice gives the same answer (the index is built once).
    QCOMPARE(json.offsetOf(pointer), expectedOffset(text, needle, last));
}

void JsonTextTest::keyOffsetsOf_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QList<qsizetype>>("offsets");

    const QByteArray twice = R"({"a": 1, "b": {"a": 2}, "a": 3})";
    QTest::newRow("twice at the top") << twice << QStringLiteral("/a") << QList<qsizetype>{1, 24};
    QTest::newRow("once, nested") << twice << QStringLiteral("/b/a") << QList<qsizetype>{15};
    QTest::newRow("missing") << twice << QStringLiteral("/c") << QList<qsizetype>{};
    QTest::newRow("in an array") << QByteArray(R"([{"k": 1}, {"k": 2, "k": 3}])") << QStringLiteral("/1/k")
                                 << QList<qsizetype>{12, 20};
    QTest::newRow("decoded and escaped") << QByteArray(R"({"a/b": 1, "a\/b": 2})") << QStringLiteral("/a~1b")
                                         << QList<qsizetype>{1, 11};
    QTest::newRow("after a BOM") << (Bom + R"({"a": 1, "a": 2})") << QStringLiteral("/a") << QList<qsizetype>{4, 12};
    QTest::newRow("not a key: a string value")
        << QByteArray(R"({"x": "a", "y": {"a": 1}})") << QStringLiteral("/a") << QList<qsizetype>{};
}

void JsonTextTest::keyOffsetsOf()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, pointer);
    QFETCH(QList<qsizetype>, offsets);
    QCOMPARE(JsonText(text).keyOffsetsOf(pointer), offsets);
}

void JsonTextTest::nearestOffsetOf_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QByteArray>("needle");

    const QByteArray nested = R"({"a": [1, {"b": 2}]})";
    QTest::newRow("existing value") << nested << QStringLiteral("/a/1/b") << QByteArray("2");
    QTest::newRow("missing key: parent object") << nested << QStringLiteral("/a/1/c") << QByteArray("{\"b\"");
    QTest::newRow("missing index: parent array") << nested << QStringLiteral("/a/9/x") << QByteArray("[");
    QTest::newRow("missing below a scalar") << nested << QStringLiteral("/a/1/b/c/d") << QByteArray("2");
    QTest::newRow("missing top-level key: root") << nested << QStringLiteral("/zzz") << QByteArray("{\"a\"");
    QTest::newRow("escaped slash is not a level")
        << QByteArray(R"({"x": 0, "a/b": {"c": 1}})") << QStringLiteral("/a~1b/zz") << QByteArray("{\"c\"");
    QTest::newRow("chinese keys") << QByteArray(R"({"错误": {"信息": 1}})") << QStringLiteral("/错误/原因")
                                  << QByteArray("{\"信息\"");
    QTest::newRow("empty text") << QByteArray() << QStringLiteral("/a") << QByteArray();
}

void JsonTextTest::nearestOffsetOf()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, pointer);
    QFETCH(QByteArray, needle);

    if (!needle.isEmpty())
        QVERIFY2(text.count(needle) == 1, "bad row: the needle must occur exactly once");
    const JsonText json(text);
    QCOMPARE(json.nearestOffsetOf(pointer), expectedOffset(text, needle, false));
}

void JsonTextTest::headerExample()
{
    // The example in JsonText.h: "/a/1/b" is at the "2", line 1, column 17.
    const QByteArray text = R"({"a": [1, {"b": 2}]})";
    const JsonText json(text);
    const qsizetype offset = json.offsetOf(QStringLiteral("/a/1/b"));
    QCOMPARE(offset, qsizetype(16));
    QCOMPARE(describe(json.positionOf(offset)), QStringLiteral("1:17"));
}

void JsonTextTest::seedPointers()
{
    const QByteArray seed = seedText();
    QVERIFY2(!seed.isEmpty(), "cannot read the seed fixture");
    const JsonText json(seed);

    struct Expected
    {
        const char *pointer;
        const char *line; // the whole line the value is on
        const char *value;
    };
    const Expected cases[] = {
        {"/id", "  \"id\": \"pytorch/nan-loss-step\",", "\"pytorch/nan-loss-step\""},
        {"/dead_ends/1/fail_rate", "      \"fail_rate\": 0.95,", "0.95"},
        {"/versions/1/version", "      \"version\": \"torch>=2.0\",", "\"torch>=2.0\""},
        {"/confidence", "  \"confidence\": 0.9,", "0.9"},
        {"/aliases", "  \"aliases\": []", "[]"},
        {"/transition_graph/preceded_by", "    \"preceded_by\": [],", "[]"},
    };
    const QList<QByteArray> lines = seed.split('\n');
    for (const Expected &expected : cases) {
        const int lineIndex = int(lines.indexOf(QByteArray(expected.line)));
        QVERIFY2(lineIndex >= 0, expected.line);
        const qsizetype offset = json.offsetOf(QString::fromUtf8(expected.pointer));
        QVERIFY2(offset >= 0, expected.pointer);
        QVERIFY2(seed.mid(offset).startsWith(expected.value), expected.pointer);
        const JsonText::Position position = json.positionOf(offset);
        const int column = int(lines.at(lineIndex).indexOf(expected.value)) + 1; // ASCII lines
        QCOMPARE(describe(position), QStringLiteral("%1:%2").arg(lineIndex + 1).arg(column));
    }

    // A Chinese value, and the value on the line after it.
    const qsizetype zh = json.offsetOf(QStringLiteral("/root_cause_zh"));
    QCOMPARE(describe(json.positionOf(zh)), QStringLiteral("11:20"));
    const qsizetype afterZh = json.offsetOf(QStringLiteral("/versions"));
    QCOMPARE(describe(json.positionOf(afterZh)), QStringLiteral("12:15"));
}

void JsonTextTest::positionOf_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qsizetype>("offset");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("start") << QByteArray("abc") << qsizetype(0) << 1 << 1;
    QTest::newRow("same line") << QByteArray("abc") << qsizetype(2) << 1 << 3;
    QTest::newRow("end of text") << QByteArray("abc") << qsizetype(3) << 1 << 4;
    QTest::newRow("beyond the end clamps") << QByteArray("abc") << qsizetype(99) << 1 << 4;
    QTest::newRow("negative clamps") << QByteArray("abc") << qsizetype(-5) << 1 << 1;
    QTest::newRow("empty text") << QByteArray() << qsizetype(0) << 1 << 1;
    QTest::newRow("on the newline") << QByteArray("ab\ncd") << qsizetype(2) << 1 << 3;
    QTest::newRow("just after the newline") << QByteArray("ab\ncd") << qsizetype(3) << 2 << 1;
    QTest::newRow("second line") << QByteArray("ab\ncd") << qsizetype(4) << 2 << 2;
    QTest::newRow("empty lines") << QByteArray("\n\n\nx") << qsizetype(3) << 4 << 1;
    QTest::newRow("CRLF") << QByteArray("a\r\nb") << qsizetype(3) << 2 << 1;
    QTest::newRow("chinese") << QByteArray("错误x") << qsizetype(6) << 1 << 3;
    QTest::newRow("chinese, second line") << QByteArray("第一行\n第二行x") << qsizetype(19) << 2 << 4;
    QTest::newRow("third line after chinese lines") << QByteArray("错\n误\nabc") << qsizetype(10) << 3 << 3;
    QTest::newRow("emoji is one character") << QByteArray("😀x") << qsizetype(4) << 1 << 2;
    QTest::newRow("emoji and chinese") << QByteArray("a😀错b") << qsizetype(8) << 1 << 4;
    // A BOM is not shown by editors, so it takes no column.
    QTest::newRow("BOM is not a column") << (Bom + "{\"a\": 1}") << qsizetype(9) << 1 << 7;
    QTest::newRow("just after the BOM") << (Bom + "{}") << qsizetype(3) << 1 << 1;
    QTest::newRow("BOM, second line") << (Bom + "{\n\"a\": 1}") << qsizetype(10) << 2 << 6;
}

void JsonTextTest::positionOf()
{
    QFETCH(QByteArray, text);
    QFETCH(qsizetype, offset);
    QFETCH(int, line);
    QFETCH(int, column);

    const QString expected = QStringLiteral("%1:%2").arg(line).arg(column);
    QCOMPARE(describe(JsonText::positionOf(text, offset)), expected);
    const JsonText json(text);
    QCOMPARE(describe(json.positionOf(offset)), expected);
}

void JsonTextTest::positionsMatchAnIndependentCount_data()
{
    QTest::addColumn<QByteArray>("text");

    QTest::newRow("seed") << seedText();
    QTest::newRow("mixed scripts and line ends")
        << QByteArray("{\r\n  \"签名\": \"错误 😀 x\",\n\n  \"b\": [\"é\", 1]\r\n}\n");
    QTest::newRow("BOM and chinese") << (Bom + "{\"错\":\n \"误\"}");
    // Characters of 1 to 4 bytes across many checkpoints of the index, on few lines.
    QByteArray longLines = Bom + "[";
    for (int i = 0; i < 300; ++i)
        longLines += i % 97 == 0 ? "\"\n\"," : "\"错😀é\",";
    QTest::newRow("long lines, every width of character") << longLines + "1]";
}

// For every character boundary, the line and column must agree with a count
// made on the decoded text (code points, BOM skipped).
void JsonTextTest::positionsMatchAnIndependentCount()
{
    QFETCH(QByteArray, text);
    QVERIFY(!text.isEmpty());

    const JsonText json(text);
    for (qsizetype offset = 0; offset <= text.size(); ++offset) {
        if (offset < text.size() && (static_cast<unsigned char>(text.at(offset)) & 0xC0) == 0x80)
            continue; // inside a character
        const qsizetype start = text.startsWith(Bom) ? qMin<qsizetype>(3, offset) : 0;
        const QByteArray before = text.mid(start, offset - start);
        const QList<uint> codePoints = QString::fromUtf8(before).toUcs4();
        const int line = int(before.count('\n')) + 1;
        const int lastNewline = int(codePoints.lastIndexOf('\n'));
        const int column = int(codePoints.size()) - lastNewline;
        const QString expected = QStringLiteral("%1:%2").arg(line).arg(column);
        const QString where = QStringLiteral("offset %1").arg(offset);
        QVERIFY2(
            describe(json.positionOf(offset)) == expected,
            qPrintable(where + QStringLiteral(": %1, expected %2").arg(describe(json.positionOf(offset)), expected)));
        QVERIFY2(describe(JsonText::positionOf(text, offset)) == expected, qPrintable(where));
    }
}

// A document on one line, as `jq -c` writes it, with a value every few
// bytes: every value's column is right, asked in any order, and asking for
// all 200,000 of them takes no time to speak of. Counting each column from
// the start of the line (as before) takes minutes here: the test then runs
// into its time limit.
void JsonTextTest::positionsOnOneLongLine()
{
    const int count = 200000;
    QByteArray text = "[";
    for (int i = 0; i < count; ++i)
        text += i == 0 ? "\"错\"" : ",\"错\""; // 6 bytes and 4 characters each, the comma included
    text += "]\n";
    const JsonText json(text);
    for (int i = count - 1; i >= 0; i -= 7) { // from the end of the line: no help from the order
        const qsizetype offset = 1 + qsizetype(i) * 6;
        QCOMPARE(text.at(offset), '"');
        const JsonText::Position position = json.positionOf(offset);
        QCOMPARE(position.line, 1);
        QCOMPARE(position.column, 2 + i * 4);
    }
    for (int i = 0; i < count; ++i)
        QCOMPARE(json.positionOf(1 + qsizetype(i) * 6).column, 2 + i * 4);
    QCOMPARE(describe(json.positionOf(text.size())), QStringLiteral("2:1"));
    QCOMPARE(describe(json.positionOf(text.size() - 1)), QStringLiteral("1:%1").arg(2 + count * 4));
}

void JsonTextTest::firstTooDeep_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("maxDepth");
    QTest::addColumn<qsizetype>("expected"); // offset of the first bracket too deep, or -1

    // Rows give the expected offset as the first occurrence of a needle.
    const auto row = [](const char *name, const QByteArray &text, int maxDepth, const char *needle) {
        QTest::newRow(name) << text << maxDepth << (needle ? text.indexOf(needle) : qsizetype(-1));
    };
    row("flat object", R"({"a": 1})", 1, nullptr);
    row("scalar document", "42", 0, nullptr);
    row("exactly at the limit", "[[[]]]", 3, nullptr);
    row("one level too deep", "[[[]]]", 2, "[]");
    row("no nesting allowed", "[]", 0, "[]");
    row("objects and arrays mixed", R"({"a": [{"b": {}}]})", 3, "{}");
    row("siblings do not add up", "[[],[],[]]", 2, nullptr);
    row("closing lowers the depth", "[[]][[[1]]]", 2, "[1");
    row("brackets in a string", R"({"a": "[[[[{{{{"})", 1, nullptr);
    row("escaped quote in a string", R"(["\"[[[", 1])", 1, nullptr);
    row("escaped backslash before the quote", R"(["\\", [[1]]])", 2, "[1");
    row("chinese in strings", R"({"错": ["[误", [2]]})", 2, "[2");
    QTest::newRow("100,000 deep") << QByteArray(100000, '[') << 64 << qsizetype(64);
    QTest::newRow("100,000 deep, limit 1000") << QByteArray(100000, '[') << 1000 << qsizetype(1000);
}

void JsonTextTest::firstTooDeep()
{
    QFETCH(QByteArray, text);
    QFETCH(int, maxDepth);
    QFETCH(qsizetype, expected);

    QCOMPARE(JsonText::firstTooDeep(text, maxDepth), expected);
}

QTEST_APPLESS_MAIN(JsonTextTest)
#include "JsonTextTest.moc"
