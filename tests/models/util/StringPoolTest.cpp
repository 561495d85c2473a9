// StringPool: equal strings made apart end up sharing one copy of their
// data, different ones do not, and threads sharing at once all get the
// same copy.

#include "models/util/StringPool.h"

#include <QtTest>

#include <thread>
#include <vector>

using namespace Errata;

class StringPoolTest : public QObject
{
    Q_OBJECT

private slots:
    void equalStringsShareTheirData();
    void differentStringsStayApart();
    void emptyStringsAreLeftAlone();
    void threadsShareOneCopy();
};

namespace {

// Made at run time, so that no two are the same literal's data.
QString made(const char *text)
{
    return QString::fromLatin1(text);
}

} // namespace

void StringPoolTest::equalStringsShareTheirData()
{
    StringPool pool;
    QString first = made("no source is given");
    QString second = made("no source is given");
    QVERIFY(first.constData() != second.constData());
    pool.share(first);
    pool.share(second);
    QCOMPARE(second, made("no source is given"));
    QCOMPARE(second.constData(), first.constData());
    QCOMPARE(pool.size(), 1);
}

void StringPoolTest::differentStringsStayApart()
{
    StringPool pool;
    QString aging = made("aging");
    QString stale = made("stale");
    pool.share(aging);
    pool.share(stale);
    QCOMPARE(aging, made("aging"));
    QCOMPARE(stale, made("stale"));
    QVERIFY(aging.constData() != stale.constData());
    QCOMPARE(pool.size(), 2);
}

void StringPoolTest::emptyStringsAreLeftAlone()
{
    StringPool pool;
    QString null;
    QString empty = made("");
    pool.share(null);
    pool.share(empty);
    QVERIFY(null.isNull());
    QVERIFY(empty.isEmpty());
    QCOMPARE(pool.size(), 0);
}

void StringPoolTest::threadsShareOneCopy()
{
    constexpr int Threads = 4;
    constexpr int Each = 2000;
    StringPool pool;
    std::vector<std::vector<QString>> strings(Threads);
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&pool, &mine = strings[size_t(t)]] {
            for (int i = 0; i < Each; ++i) {
                mine.push_back(QStringLiteral("message %1").arg(i % 50));
                pool.share(mine.back());
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(pool.size(), 50);
    for (int i = 0; i < Each; ++i) {
        for (int t = 1; t < Threads; ++t)
            QCOMPARE(strings[size_t(t)][size_t(i)].constData(), strings[0][size_t(i)].constData());
    }
}

QTEST_GUILESS_MAIN(StringPoolTest)
#include "StringPoolTest.moc"
