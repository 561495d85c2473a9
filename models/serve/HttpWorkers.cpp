#include "models/serve/HttpWorkers.h"

namespace Errata {

HttpWorkers::HttpWorkers(int threads)
{
    for (int i = 0; i < threads; ++i)
        m_threads.emplace_back([this] { work(); });
}

HttpWorkers::~HttpWorkers()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread &thread : m_threads)
        thread.join();
}

bool HttpWorkers::run(std::function<void()> job)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_closed)
            return false;
        m_jobs.push_back(std::move(job));
    }
    m_wake.notify_one();
    return true;
}

void HttpWorkers::close()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_closed = true;
    m_idle.wait(lock, [this] { return m_jobs.empty() && m_running == 0; });
}

void HttpWorkers::work()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
        if (m_jobs.empty())
            return; // stopping, and nothing left to do
        std::function<void()> job = std::move(m_jobs.front());
        m_jobs.pop_front();
        ++m_running;
        lock.unlock();
        job();
        lock.lock();
        --m_running;
        if (m_jobs.empty() && m_running == 0)
            m_idle.notify_all();
    }
}

} // namespace Errata
