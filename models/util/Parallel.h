#pragma once

#include <atomic>
#include <functional>

namespace Errata {

// Runs work(0) ... work(count - 1) on all cores (a local QThreadPool) and
// returns when all are done or `cancel` became true. `progress(done)` is
// called on the calling thread every few milliseconds and once at the end.
// When one thread would do all the work (one item, one core, or a limit
// of one thread), it runs on the calling thread, without a pool.
class Parallel
{
public:
    static void forEach(int count, const std::function<void(int)> &work, const std::atomic_bool *cancel = nullptr,
                        const std::function<void(int)> &progress = {});

    // At most `threads` threads for each forEach(); 0 (the default): one
    // per core. The fuzz targets set 1: they run one input at a time, and
    // starting threads for every input would take most of their time.
    static void setMaxThreads(int threads);
};

} // namespace Errata
