// Tests for Errata::Parallel: every item is worked once, on the pool's
// threads or, when one thread would do it all, on the calling thread;
// cancelling stops it; progress ends with the number done.

#include "models/util/Parallel.h"

#include <QMutex>
#include <QSet>
#include <QTest>
#include <QThread>

#include <atomic>
#include <vector>

using namespace Errata;

class ParallelTest : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Parallel::setMaxThreads(0); }
    void everyItemOnce_data();
    void everyItemOnce();
    void oneThreadRunsOnTheCallingThread();
    void cancelStops();
};

void ParallelTest::everyItemOnce_data()
{
    QTest::addColumn<int>("maxThreads");
    QTest::addColumn<int>("count");
    for (const int maxThreads : {0, 1, 3}) {
        for (const int count : {0, 1, 2, 1000}) {
            QTest::addRow("%d threads, %d items", maxThreads, count) << maxThreads << count;
        }
    }
}

void ParallelTest::everyItemOnce()
{
    QFETCH(int, maxThreads);
    QFETCH(int, count);
    Parallel::setMaxThreads(maxThreads);
    auto times = std::vector<std::atomic_int>(size_t(count));
    int lastProgress = -1;
    Parallel::forEach(
        count, [&](int i) { ++times[size_t(i)]; }, nullptr, [&](int done) { lastProgress = done; });
    for (const std::atomic_int &n : times)
        QCOMPARE(n.load(), 1);
    QCOMPARE(lastProgress, count);
}

void ParallelTest::oneThreadRunsOnTheCallingThread()
{
    QThread *const caller = QThread::currentThread();
    QSet<QThread *> threads;
    QMutex mutex;
    const auto work = [&](int) {
        QMutexLocker lock(&mutex);
        threads.insert(QThread::currentThread());
    };
    Parallel::forEach(1, work);
    QCOMPARE(threads, QSet<QThread *>{caller});

    threads.clear();
    Parallel::setMaxThreads(1);
    Parallel::forEach(50, work);
    QCOMPARE(threads, QSet<QThread *>{caller});

    if (QThread::idealThreadCount() > 1) {
        threads.clear();
        Parallel::setMaxThreads(0);
        Parallel::forEach(50, work);
        QVERIFY(!threads.contains(caller));
    }
}

void ParallelTest::cancelStops()
{
    for (const int maxThreads : {1, 0}) {
        Parallel::setMaxThreads(maxThreads);
        std::atomic_bool cancel{false};
        std::atomic_int worked{0};
        Parallel::forEach(
            100000,
            [&](int i) {
                ++worked;
                if (i == 10)
                    cancel = true;
            },
            &cancel);
        QVERIFY(worked.load() < 100000);
    }
}

QTEST_GUILESS_MAIN(ParallelTest)
#include "ParallelTest.moc"
