// BackgroundJob: work on a thread of its own, its result applied on the
// owner's thread; progress; cancel, supersede, finish now, discard.

#include "models/util/BackgroundJob.h"

#include <QtTest>

#include <QSemaphore>
#include <QThread>

#include <atomic>
#include <memory>

using namespace Errata;

class BackgroundJobTest : public QObject
{
    Q_OBJECT

private slots:
    void appliesOnTheOwnersThread();
    void spreadsOverCoresWithProgress();
    void cancelledWorkIsStillApplied();
    void newerRunSupersedesOlder();
    void finishNowAppliesAtOnce();
    void discardDropsTheResult();
    void abandonDoesNotWait();
    void destructorWaitsForTheWork();
};

void BackgroundJobTest::appliesOnTheOwnersThread()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    QThread *workThread = nullptr;
    QThread *applyThread = nullptr;
    int result = 0;
    QSignalSpy finished(job, &BackgroundJob::finished);
    job->start(
        [&workThread](const BackgroundJob::Control &) {
            workThread = QThread::currentThread();
            return 42;
        },
        [&](int value) {
            applyThread = QThread::currentThread();
            result = value;
        });
    QVERIFY(job->isRunning());
    QVERIFY(finished.wait(5000));
    QCOMPARE(result, 42);
    QCOMPARE(applyThread, QThread::currentThread());
    QVERIFY(workThread != QThread::currentThread());
    QVERIFY(!job->isRunning());
}

void BackgroundJobTest::spreadsOverCoresWithProgress()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    QSignalSpy progressed(job, &BackgroundJob::progressed);
    QSignalSpy finished(job, &BackgroundJob::finished);
    auto squares = std::make_shared<std::vector<int>>(1000);
    long long sum = 0;
    job->start(
        [squares](const BackgroundJob::Control &control) {
            control.forEach(
                int(squares->size()), [&](int i) { (*squares)[size_t(i)] = i * i; }, 7);
            long long total = 0;
            for (int value : *squares)
                total += value;
            return total;
        },
        [&sum](long long total) { sum = total; });
    QVERIFY(finished.wait(5000));
    QCOMPARE(sum, 332833500LL); // 0² + … + 999²
    QVERIFY(!progressed.isEmpty());
    const QList<QVariant> last = progressed.last();
    QCOMPARE(last.at(0).toInt(), 1000);
    QCOMPARE(last.at(1).toInt(), 1000);
    QCOMPARE(last.at(2).toInt(), 7);
}

void BackgroundJobTest::cancelledWorkIsStillApplied()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    QSemaphore started;
    bool sawCancel = false;
    bool applied = false;
    QSignalSpy finished(job, &BackgroundJob::finished);
    job->start(
        [&started](const BackgroundJob::Control &control) {
            started.release();
            while (!control.isCancelled())
                QThread::msleep(1);
            return true;
        },
        [&](bool cancelled) {
            applied = true;
            sawCancel = cancelled;
        });
    started.acquire();
    job->cancel();
    QVERIFY(finished.wait(5000));
    QVERIFY(applied);
    QVERIFY(sawCancel);
}

void BackgroundJobTest::newerRunSupersedesOlder()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    QSemaphore started;
    std::atomic_bool firstCancelled{false};
    QList<int> applied;
    QSignalSpy finished(job, &BackgroundJob::finished);
    job->start(
        [&](const BackgroundJob::Control &control) {
            started.release();
            while (!control.isCancelled())
                QThread::msleep(1);
            firstCancelled = true;
            return 1;
        },
        [&applied](int value) { applied << value; });
    started.acquire();
    job->start([](const BackgroundJob::Control &) { return 2; }, [&applied](int value) { applied << value; });
    QVERIFY(finished.wait(5000));
    QTRY_VERIFY(firstCancelled.load());
    QTest::qWait(50); // the first run's result, had it been queued, would be here now
    QCOMPARE(applied, QList<int>{2});
    QCOMPARE(finished.size(), 1);
}

void BackgroundJobTest::finishNowAppliesAtOnce()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    int applied = 0;
    QSignalSpy finished(job, &BackgroundJob::finished);
    job->start(
        [](const BackgroundJob::Control &) {
            QThread::msleep(50);
            return 5;
        },
        [&applied](int value) { applied += value; });
    job->finishNow();
    QCOMPARE(applied, 5);
    QCOMPARE(finished.size(), 1);
    QVERIFY(!job->isRunning());
    QTest::qWait(50); // the queued delivery finds the run applied already
    QCOMPARE(applied, 5);
    QCOMPARE(finished.size(), 1);
}

void BackgroundJobTest::discardDropsTheResult()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    std::atomic_bool stopped{false};
    bool applied = false;
    job->start(
        [&stopped](const BackgroundJob::Control &control) {
            while (!control.isCancelled())
                QThread::msleep(1);
            stopped = true;
        },
        [&applied] { applied = true; });
    job->discard();
    QVERIFY(stopped.load()); // waited for
    QVERIFY(!job->isRunning());
    QTest::qWait(50);
    QVERIFY(!applied);
}

void BackgroundJobTest::abandonDoesNotWait()
{
    QObject owner;
    auto *job = new BackgroundJob(&owner);
    QSemaphore started;
    QSemaphore release;
    bool applied = false;
    job->start(
        [&](const BackgroundJob::Control &) {
            started.release();
            release.acquire(); // until the test lets it end
            return 1;
        },
        [&applied](int) { applied = true; });
    started.acquire();
    job->abandon(); // returns although the work still runs
    QVERIFY(!job->isRunning());
    release.release();
    QTest::qWait(50);
    QVERIFY(!applied);
}

void BackgroundJobTest::destructorWaitsForTheWork()
{
    std::atomic_bool ended{false};
    {
        QObject owner;
        auto *job = new BackgroundJob(&owner);
        job->start(
            [&ended](const BackgroundJob::Control &control) {
                while (!control.isCancelled())
                    QThread::msleep(1);
                ended = true;
            },
            [] {});
    }
    QVERIFY(ended.load());
}

QTEST_GUILESS_MAIN(BackgroundJobTest)
#include "BackgroundJobTest.moc"
