#include "util/Parallel.h"

#include <QThread>
#include <QThreadPool>

namespace Errata {

void Parallel::forEach(int count, const std::function<void(int)> &work, const std::atomic_bool *cancel,
                       const std::function<void(int)> &progress)
{
    std::atomic_int next{0};
    std::atomic_int done{0};
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const auto worker = [&] {
        for (int i = next++; i < count && !cancelled(); i = next++) {
            work(i);
            ++done;
        }
    };
    const int threads = qMax(1, qMin(QThread::idealThreadCount(), count));
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    for (int t = 0; t < threads; ++t)
        pool.start(worker);
    while (!pool.waitForDone(40)) {
        if (progress)
            progress(done.load());
    }
    if (progress)
        progress(done.load());
}

} // namespace Errata
