// Tests for Errata::PackedRegexKeys: keys packed and unpacked unchanged
// (empty alternatives, long keys, bytes of every value, lengths past one
// LEB128 byte), and anyAlternative() as the lists of lists answered it.

#include "models/lookup/PackedRegexKeys.h"

#include <QtTest>

#include <algorithm>

using namespace Errata;

namespace {

bool anyAlternative(const RegexKeys::Keys &keys, const std::string &text)
{
    return std::any_of(keys.begin(), keys.end(), [&](const std::vector<std::string> &alternative) {
        return std::all_of(alternative.begin(), alternative.end(),
                           [&](const std::string &key) { return text.find(key) != std::string::npos; });
    });
}

} // namespace

class PackedRegexKeysTest : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void ofARegex();
};

void PackedRegexKeysTest::roundTrip_data()
{
    QTest::addColumn<int>("shape");
    for (int shape = 0; shape < 6; ++shape)
        QTest::newRow(QByteArray::number(shape).constData()) << shape;
}

void PackedRegexKeysTest::roundTrip()
{
    QFETCH(int, shape);
    std::string everyByte;
    for (int c = 0; c < 256; ++c)
        everyByte += char(c);
    const std::vector<RegexKeys::Keys> shapes = {
        {},
        {{}},
        {{"commitfailed"}, {"poll timeout"}, {"consumer", "timeout"}},
        {{}, {"abc"}, {}},
        {{everyByte, std::string(300, 'x')}, {std::string(20000, 'y')}},
        RegexKeys::Keys(200, std::vector<std::string>(130, "key")),
    };
    const RegexKeys::Keys &keys = shapes.at(size_t(shape));
    const PackedRegexKeys packed(keys);
    QVERIFY(packed.unpacked() == keys);
    for (const std::string text : {"", "poll timeout here", "consumer ... timeout", "abc", "key"})
        QCOMPARE(packed.anyAlternative(
                     [&](std::string_view key) { return std::string(text).find(key) != std::string::npos; }),
                 anyAlternative(keys, text));
}

void PackedRegexKeysTest::ofARegex()
{
    const PackedRegexKeys packed(RegexKeys::of(QStringLiteral("(CommitFailed|poll timeout|consumer.*timeout)")));
    const auto in = [](const char *text) {
        return [text](std::string_view key) { return std::string_view(text).find(key) != std::string_view::npos; };
    };
    QVERIFY(packed.anyAlternative(in("kafka: commitfailed")));
    QVERIFY(packed.anyAlternative(in("the consumer hit a timeout")));
    QVERIFY(!packed.anyAlternative(in("the consumer stopped")));
    QVERIFY(!PackedRegexKeys().anyAlternative(in("anything")));
    QVERIFY(PackedRegexKeys().unpacked().empty());
}

QTEST_GUILESS_MAIN(PackedRegexKeysTest)
#include "PackedRegexKeysTest.moc"
