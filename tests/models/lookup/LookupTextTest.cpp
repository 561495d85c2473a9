// LookupText: what varies between occurrences of an error is normalised
// away, and what says most about it weighs most.

#include "models/lookup/LookupText.h"

#include <QTest>

#include <map>

using namespace Errata;

class LookupTextTest : public QObject
{
    Q_OBJECT

private:
    // Word -> summed weight.
    static std::map<std::string, float> weights(const QString &text)
    {
        std::map<std::string, float> sums;
        for (const auto &[word, weight] : LookupText::words(text))
            sums[word] += weight;
        return sums;
    }

private slots:
    void normalized_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("uuid") << QStringLiteral("job 3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b failed")
                              << QStringLiteral("job <uuid> failed");
        QTest::newRow("timestamp") << QStringLiteral("2026-03-04T12:00:03.123Z ERROR x")
                                   << QStringLiteral("<time> ERROR x");
        QTest::newRow("clock") << QStringLiteral("[12:00:03] boom") << QStringLiteral("[<time>] boom");
        QTest::newRow("ip and port") << QStringLiteral("connect to 10.0.3.17:5432 refused")
                                     << QStringLiteral("connect to <ip> refused");
        QTest::newRow("hex address") << QStringLiteral("segfault at 0x7f3a9c0d1e")
                                     << QStringLiteral("segfault at <hex>");
        QTest::newRow("hash") << QStringLiteral("commit 9fceb02d0ae598e95dc970b74767f19372d61af8")
                              << QStringLiteral("commit <hex>");
        QTest::newRow("path") << QStringLiteral("open /home/u/proj/src/x.py failed")
                              << QStringLiteral("open <path> failed");
        QTest::newRow("windows path") << QStringLiteral("in C:\\Users\\me\\app\\main.js")
                                      << QStringLiteral("in <path>");
        QTest::newRow("url") << QStringLiteral("GET https://example.com/a?b=1 502") << QStringLiteral("GET <url> 502");
        QTest::newRow("version") << QStringLiteral("torch 2.1.0 needs") << QStringLiteral("torch <version> needs");
        QTest::newRow("long number") << QStringLiteral("pid 1234567 killed") << QStringLiteral("pid <num> killed");
        QTest::newRow("short number kept") << QStringLiteral("exit code 137") << QStringLiteral("exit code 137");
        QTest::newRow("error code kept") << QStringLiteral("ORA-00942 and E0502")
                                         << QStringLiteral("ORA-00942 and E0502");
        QTest::newRow("words not hex") << QStringLiteral("deadbeef facade") << QStringLiteral("deadbeef facade");
    }

    void normalized()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(LookupText::normalized(text), expected);
    }

    void variablePartsWeighLess()
    {
        const auto sums = weights(QStringLiteral("KeyError: 'user_id' at /srv/app/models/user.py:42 (0x7f3a9c0d1e)"));
        QCOMPARE(sums.at("keyerror"), LookupText::CodeWeight);
        QCOMPARE(sums.at("id"), LookupText::QuotedWeight);
        QCOMPARE(sums.at("py"), LookupText::PathWeight);
        QCOMPARE(sums.at("42"), LookupText::NumberWeight);
        QVERIFY(!sums.count("srv")); // folders are dropped
        QVERIFY(!sums.count("models"));
        QVERIFY(!sums.count("7f3a9c0d1e"));
    }

    void codesAndClassNamesWeighMore()
    {
        const auto sums = weights(QStringLiteral("error[E0502]: NullPointerException in TS2322 plain"));
        QCOMPARE(sums.at("e0502"), LookupText::CodeWeight);
        QCOMPARE(sums.at("ts2322"), LookupText::CodeWeight);
        QCOMPARE(sums.at("nullpointerexception"), LookupText::CodeWeight);
        QCOMPARE(sums.at("plain"), 1.0f);
    }

    // Two occurrences of one error differ only in what is normalised away.
    void occurrencesShareTheirWords()
    {
        const auto a = weights(QStringLiteral("Tried to allocate 2.00 GiB at 2024-06-01 10:00:00 on 10.0.0.1"));
        const auto b = weights(QStringLiteral("Tried to allocate 13.75 GiB at 2026-12-03 23:59:59 on 192.168.1.20"));
        QCOMPARE(a, b);
    }

    void chineseIsSplitInPairs()
    {
        const auto sums = weights(QStringLiteral("梯度裁剪"));
        QVERIFY(sums.count("梯度"));
        QVERIFY(sums.count("度裁"));
        QVERIFY(sums.count("裁剪"));
    }

    void caseAndCamelCaseAreFolded()
    {
        const auto sums = weights(QStringLiteral("RuntimeError"));
        QVERIFY(sums.count("runtimeerror"));
        QVERIFY(sums.count("runtime"));
        QVERIFY(sums.count("error"));
    }

    void mergedSumsRepeatedWords()
    {
        const LookupText::Words merged = LookupText::merged({{"a", 1.0f}, {"b", 0.5f}, {"a", 0.2f}});
        QCOMPARE(merged.size(), size_t(2));
        QCOMPARE(merged[0].first, std::string("a"));
        QCOMPARE(merged[0].second, 1.2f);
        QCOMPARE(merged[1].second, 0.5f);
    }

    void invalidUtf8DoesNotThrow()
    {
        const std::string bad = "caf\xC3 \xFF\xFE error"; // 13 bytes, no NUL inside
        const LookupText::Words words = LookupText::words(std::string_view(bad));
        QVERIFY(!words.empty());
    }
};

QTEST_GUILESS_MAIN(LookupTextTest)
#include "LookupTextTest.moc"
