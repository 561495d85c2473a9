// Tests for Errata::RegexTrigramIndex: what candidates() gives, once every
// key is checked, is what checking every entry gives (random regex keys and
// texts, alternatives without keys, keys shorter than three bytes never
// made by RegexKeys but packed by hand, entries posted twice), and that it
// leaves out entries whose keys are not in the text.

#include "models/lookup/RegexTrigramIndex.h"
#include "models/lookup/PackedRegexKeys.h"
#include "models/lookup/TrigramFilter.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace Errata;

namespace {

bool holds(const PackedRegexKeys &keys, const TrigramFilter &filter)
{
    return keys.anyAlternative([&](std::string_view key) { return filter.contains(key); });
}

std::string randomWord(QRandomGenerator &random)
{
    static const char *const Words[] = {"timeout", "refused", "connection", "errno", "denied", "null", "pointer",
                                        "module",  "not",     "found",      "cuda",  "oom",    "ab",   "x"};
    return Words[random.bounded(int(std::size(Words)))];
}

} // namespace

class RegexTrigramIndexTest : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithCheckingEveryEntry();
    void leavesOutWhatCannotMatch();
    void alwaysAndShortKeys();
};

void RegexTrigramIndexTest::agreesWithCheckingEveryEntry()
{
    QRandomGenerator random(7);
    std::vector<PackedRegexKeys> entries;
    RegexTrigramIndex index;
    for (uint32_t i = 0; i < 400; ++i) {
        RegexKeys::Keys keys(size_t(random.bounded(0, 4)));
        for (auto &alternative : keys) {
            for (int k = random.bounded(0, 3); k > 0; --k)
                alternative.push_back(randomWord(random) + (random.bounded(2) ? " " + randomWord(random) : ""));
        }
        entries.emplace_back(keys);
        index.add(i, entries.back());
    }
    for (int t = 0; t < 200; ++t) {
        std::string text;
        for (int w = random.bounded(0, 12); w > 0; --w)
            text += randomWord(random) + " ";
        const TrigramFilter filter(text);
        std::vector<uint32_t> expected, got;
        for (uint32_t i = 0; i < entries.size(); ++i) {
            if (holds(entries[i], filter))
                expected.push_back(i);
        }
        const std::vector<uint32_t> candidates = index.candidates(filter);
        QVERIFY(std::is_sorted(candidates.begin(), candidates.end()));
        QVERIFY(std::adjacent_find(candidates.begin(), candidates.end()) == candidates.end());
        for (uint32_t i : candidates) {
            if (holds(entries[i], filter))
                got.push_back(i);
        }
        QCOMPARE(got, expected);
    }
}

void RegexTrigramIndexTest::leavesOutWhatCannotMatch()
{
    RegexTrigramIndex index;
    const PackedRegexKeys kafka(RegexKeys::of(QStringLiteral("(CommitFailed|poll timeout)")));
    const PackedRegexKeys cuda(RegexKeys::of(QStringLiteral("CUDA out of memory")));
    index.add(0, kafka);
    index.add(1, cuda);
    index.add(2, kafka); // a second entry of the same regex
    const std::string text = RegexKeys::folded(QStringLiteral("RuntimeError: CUDA out of memory."));
    QCOMPARE(index.candidates(TrigramFilter(text)), std::vector<uint32_t>({1}));
    const std::string both = RegexKeys::folded(QStringLiteral("poll timeout; CUDA out of memory"));
    QCOMPARE(index.candidates(TrigramFilter(both)), std::vector<uint32_t>({0, 1, 2}));
    QVERIFY(index.candidates(TrigramFilter("")).empty());
    index.clear();
    QVERIFY(index.candidates(TrigramFilter(both)).empty());
}

void RegexTrigramIndexTest::alwaysAndShortKeys()
{
    RegexTrigramIndex index;
    index.add(5, PackedRegexKeys(RegexKeys::of(QStringLiteral("[Ee]r+or"))));           // no key
    index.add(3, PackedRegexKeys(RegexKeys::Keys{{"ab"}}));                             // too short to post
    index.add(4, PackedRegexKeys(RegexKeys::Keys{{"segfault"}, {}}));                   // one alternative free
    index.add(6, PackedRegexKeys(RegexKeys::of(QStringLiteral("killed by signal 9")))); // posted
    index.add(7, PackedRegexKeys());                                                    // no alternative at all
    QCOMPARE(index.candidates(TrigramFilter("nothing here")), std::vector<uint32_t>({3, 4, 5}));
    QCOMPARE(index.candidates(TrigramFilter("killed by signal 9")), std::vector<uint32_t>({3, 4, 5, 6}));
}

QTEST_GUILESS_MAIN(RegexTrigramIndexTest)
#include "RegexTrigramIndexTest.moc"
