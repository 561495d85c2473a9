#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace Errata {

// The threads HttpServer runs its handler on: a fixed number, fed from one
// queue in the order requests complete. Its own (std::thread, std::mutex)
// rather than QThreadPool, so that ThreadSanitizer sees how a request passes
// from the library's thread to a worker.
class HttpWorkers
{
public:
    explicit HttpWorkers(int threads);
    // Runs what is queued, then ends the threads.
    ~HttpWorkers();
    HttpWorkers(const HttpWorkers &) = delete;
    HttpWorkers &operator=(const HttpWorkers &) = delete;

    // False once closed: the job was not taken.
    bool run(std::function<void()> job);
    // Takes no more jobs, and waits until those taken have run.
    void close();

private:
    void work();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<std::function<void()>> m_jobs;
    int m_running = 0;
    bool m_stopping = false;
    bool m_closed = false;
    std::vector<std::thread> m_threads;
};

} // namespace Errata
