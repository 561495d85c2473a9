#pragma once

#include <atomic>
#include <functional>

namespace Errata {

// Runs work(0) ... work(count - 1) on all cores (a local QThreadPool) and
// returns when all are done or `cancel` became true. `progress(done)` is
// called on the calling thread every few milliseconds and once at the end.
class Parallel
{
public:
    static void forEach(int count, const std::function<void(int)> &work, const std::atomic_bool *cancel = nullptr,
                        const std::function<void(int)> &progress = {});
};

} // namespace Errata
