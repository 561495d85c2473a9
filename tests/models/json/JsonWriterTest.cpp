// Tests for Errata::JsonWriter: the bytes it writes are those nlohmann's
// dump() writes of the same values (the site's JSON files are compared byte
// for byte between runs and versions).

#include "models/json/JsonWriter.h"
#include "models/json/OrderedJson.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace Errata;

namespace {

QByteArray dumped(const OrderedJson &value)
{
    const std::string text = value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace

class JsonWriterTest : public QObject
{
    Q_OBJECT

private slots:
    void strings_data()
    {
        QTest::addColumn<QByteArray>("utf8");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("plain") << QByteArray("docker: exec format error");
        QTest::newRow("quotes and backslashes") << QByteArray("a \"b\" \\c\\ \"");
        QTest::newRow("named escapes") << QByteArray("\b\t\n\f\r");
        QByteArray controls;
        for (char c = 1; c < 0x20; ++c)
            controls += c;
        controls += '\x7F';
        QTest::newRow("every control") << controls;
        QTest::newRow("nul") << QByteArray("a\0b", 3);
        QTest::newRow("markup") << QByteArray("</script><!-- & -->");
        QTest::newRow("two to four bytes") << QByteArray("\xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80 \xE2\x80\xA8");
        QTest::newRow("lone continuation") << QByteArray("a\x80z");
        QTest::newRow("cut sequence") << QByteArray("a\xE4\xB8");
        QTest::newRow("overlong") << QByteArray("\xC0\xAF \xE0\x80\xAF");
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80");
        QTest::newRow("over U+10FFFF") << QByteArray("\xF4\x90\x80\x80");
        QTest::newRow("invalid lead bytes") << QByteArray("\xF5\xFF\xFE");
    }

    void strings()
    {
        QFETCH(QByteArray, utf8);
        const std::string value(utf8.constData(), size_t(utf8.size()));
        QByteArray written;
        JsonWriter(written).string(value);
        QCOMPARE(written, dumped(OrderedJson(value)));
        QCOMPARE(JsonWriter::isValidUtf8(value), QString::fromUtf8(utf8).toUtf8() == utf8);
    }

    void qtStrings()
    {
        const QString text = QStringLiteral("Ω \"x\"\n") + QChar(0xD800) + QStringLiteral("end");
        QByteArray written;
        JsonWriter(written).string(text).raw(',').stringOrNull(QString()).raw(',').stringOrNull(text);
        const QByteArray once = dumped(OrderedJson(text.toStdString()));
        QCOMPARE(written, once + ",null," + once);
    }

    void numbers_data()
    {
        QTest::addColumn<double>("value");
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative zero") << -0.0;
        QTest::newRow("integral") << 12.0;
        QTest::newRow("tenth") << 0.1;
        QTest::newRow("float32") << double(0.3f);
        QTest::newRow("large") << 1e300;
        QTest::newRow("small") << 1.5e-7;
        QTest::newRow("denormal") << 5e-324;
        QTest::newRow("largest") << std::numeric_limits<double>::max();
        QTest::newRow("nan") << std::nan("");
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity();
        QTest::newRow("minus infinity") << -std::numeric_limits<double>::infinity();
    }

    void numbers()
    {
        QFETCH(double, value);
        QByteArray written;
        JsonWriter(written).real(value);
        QCOMPARE(written, dumped(OrderedJson(value)));
    }

    void integers()
    {
        for (const std::int64_t value :
             {std::int64_t(0), std::int64_t(-1), std::int64_t(42), std::numeric_limits<std::int64_t>::min(),
              std::numeric_limits<std::int64_t>::max()}) {
            QByteArray written;
            JsonWriter(written).integer(value);
            QCOMPARE(written, dumped(OrderedJson(value)));
        }
    }

    void objects()
    {
        QByteArray written;
        JsonWriter out(written);
        out.raw('{').key("a\"b", true).boolean(true).key("c").null().key("d").raw("[1]").raw('}');
        QCOMPARE(written, dumped(OrderedJson{{"a\"b", true}, {"c", nullptr}, {"d", {1}}}));
    }
};

QTEST_GUILESS_MAIN(JsonWriterTest)
#include "JsonWriterTest.moc"
