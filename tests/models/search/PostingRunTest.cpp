// Tests for Errata::PostingRun: a token's postings, one per entry with the
// field class it was first met in; the flat table growing past its first
// size without losing a token; runs moved in order keeping lists sorted.

#include "models/search/PostingRun.h"

#include <QtTest>

#include <map>
#include <string>

using namespace Errata;

class PostingRunTest : public QObject
{
    Q_OBJECT

private slots:
    void firstFieldOfAnEntryIsKept();
    void manyTokensAndLongOnes();
    void runsMovedInOrder();
};

void PostingRunTest::firstFieldOfAnEntryIsKept()
{
    PostingRun run;
    run.add(0, "cuda", 2);
    run.add(0, "cuda", 0);
    run.add(0, "memory", 0);
    run.add(3, "cuda", 1);
    run.add(3, "cuda", 2);
    PostingRun::Postings postings;
    run.moveInto(postings);
    QCOMPARE(postings.size(), size_t(2));
    QCOMPARE(postings.at("cuda"), (std::vector<uint32_t>{0 << 2 | 2, 3 << 2 | 1}));
    QCOMPARE(postings.at("memory"), (std::vector<uint32_t>{0 << 2 | 0}));
}

// Far more tokens than the table's first 4,096 places, some sharing a
// prefix, some longer than a short string holds: each has exactly its own
// postings, checked against a std::map filled beside it.
void PostingRunTest::manyTokensAndLongOnes()
{
    PostingRun run;
    std::map<std::string, std::vector<uint32_t>> expected;
    for (uint32_t entry = 0; entry < 40; ++entry) {
        for (int t = 0; t < 1500; ++t) {
            if ((t + int(entry)) % 3 == 0)
                continue;
            std::string token = "token" + std::to_string(t);
            if (t % 7 == 0)
                token += "_with_a_long_tail_beyond_sixteen_bytes";
            run.add(entry, token, uint32_t(t % 3));
            run.add(entry, token, 0); // again in the same entry: not posted
            expected[token].push_back(entry << 2 | uint32_t(t % 3));
        }
    }
    PostingRun::Postings postings;
    run.moveInto(postings);
    QCOMPARE(postings.size(), expected.size());
    for (const auto &[token, list] : expected)
        QVERIFY2(postings.at(token) == list, token.c_str());
}

void PostingRunTest::runsMovedInOrder()
{
    PostingRun first;
    PostingRun second;
    first.add(1, "error", 0);
    first.add(2, "error", 2);
    second.add(5, "error", 1);
    second.add(6, "timeout", 0);
    PostingRun::Postings postings;
    first.moveInto(postings);
    second.moveInto(postings);
    QCOMPARE(postings.at("error"), (std::vector<uint32_t>{1 << 2 | 0, 2 << 2 | 2, 5 << 2 | 1}));
    QCOMPARE(postings.at("timeout"), (std::vector<uint32_t>{6 << 2 | 0}));
    // Emptied: used again, it starts afresh.
    first.add(7, "timeout", 1);
    first.moveInto(postings);
    QCOMPARE(postings.at("timeout"), (std::vector<uint32_t>{6 << 2 | 0, 7 << 2 | 1}));
    QCOMPARE(postings.size(), size_t(2));
}

QTEST_GUILESS_MAIN(PostingRunTest)
#include "PostingRunTest.moc"
