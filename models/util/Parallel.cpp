#include "models/util/Parallel.h"

#include <QElapsedTimer>
#include <QThread>
#include <QThreadPool>

namespace Errata {

namespace {

constexpr int ProgressMs = 40;
std::atomic_int maxThreads{0};

} // namespace

void Parallel::setMaxThreads(int threads)
{
    maxThreads = qMax(0, threads);
}

void Parallel::forEach(int count, const std::function<void(int)> &work, const std::atomic_bool *cancel,
                       const std::function<void(int)> &progress)
{
    std::atomic_int next{0};
    std::atomic_int done{0};
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const int limit = maxThreads > 0 ? maxThreads.load() : QThread::idealThreadCount();
    const int threads = qMax(1, qMin(limit, count));
    if (threads == 1) {
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < count && !cancelled(); ++i) {
            work(i);
            ++done;
            if (progress && timer.hasExpired(ProgressMs)) {
                progress(done.load());
                timer.restart();
            }
        }
        if (progress)
            progress(done.load());
        return;
    }
    const auto worker = [&] {
        for (int i = next++; i < count && !cancelled(); i = next++) {
            work(i);
            ++done;
        }
    };
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    for (int t = 0; t < threads; ++t)
        pool.start(worker);
    while (!pool.waitForDone(ProgressMs)) {
        if (progress)
            progress(done.load());
    }
    if (progress)
        progress(done.load());
}

} // namespace Errata
