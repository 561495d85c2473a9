#include "models/util/BackgroundJob.h"

#include "models/util/Parallel.h"

#include <QMutex>
#include <QThread>

#include <algorithm>
#include <mutex>

namespace Errata {

namespace {

// Qt 6.4 hands a queued call to the receiver's thread through its event
// queue, whose locks ThreadSanitizer cannot see (Qt is not instrumented):
// it then takes the call, written on this thread and read on the other, for
// a race. Taking this mutex around the posting and once more when the call
// starts makes the hand-off visible to it. It is never held while waiting
// for anything else, and uncontended it costs a few nanoseconds.
std::mutex &handOffMutex()
{
    static std::mutex mutex;
    return mutex;
}

// QMetaObject::invokeMethod(target, call, Qt::QueuedConnection), with the
// hand-off above.
template<typename Call>
void post(QObject *target, Call call)
{
    const std::lock_guard<std::mutex> posting(handOffMutex());
    QMetaObject::invokeMethod(
        target,
        [call = std::move(call)]() mutable {
            {
                const std::lock_guard<std::mutex> received(handOffMutex());
            }
            call();
        },
        Qt::QueuedConnection);
}

} // namespace

struct BackgroundJob::Run
{
    quint64 generation = 0;
    std::atomic_bool cancel{false};
    QThread *thread = nullptr;
    QMutex mutex;
    std::function<void()> apply; // set by the work when it returns
    bool reaped = false;
};

bool BackgroundJob::Control::isCancelled() const
{
    return m_run->cancel.load();
}

const std::atomic_bool *BackgroundJob::Control::cancelFlag() const
{
    return &m_run->cancel;
}

void BackgroundJob::Control::progress(int done, int total, int stage) const
{
    BackgroundJob *job = m_job;
    const quint64 generation = m_run->generation;
    post(job, [job, generation, done, total, stage] {
        if (job->m_current && job->m_current->generation == generation)
            emit job->progressed(done, total, stage);
    });
}

std::function<void(int, int)> BackgroundJob::Control::reporter(int stage) const
{
    const Control control = *this;
    return [control, stage](int done, int total) { control.progress(done, total, stage); };
}

void BackgroundJob::Control::forEach(int count, const std::function<void(int)> &work, int stage) const
{
    Parallel::forEach(count, work, cancelFlag(), [this, count, stage](int done) { progress(done, count, stage); });
}

BackgroundJob::BackgroundJob(QObject *owner)
    : QObject(owner)
{
}

BackgroundJob::~BackgroundJob()
{
    discard();
}

void BackgroundJob::launch(std::function<std::function<void()>(const Control &)> work)
{
    if (m_current)
        m_current->cancel = true; // superseded: not waited for, never applied
    auto run = std::make_shared<Run>();
    run->generation = ++m_generation;
    run->thread = QThread::create([this, run, work = std::move(work)] {
        std::function<void()> apply = work(Control(run.get(), this));
        {
            QMutexLocker lock(&run->mutex);
            run->apply = std::move(apply);
        }
        post(this, [this, run] { deliver(run); });
    });
    m_runs.push_back(run);
    m_current = run;
    run->thread->start();
}

void BackgroundJob::deliver(std::shared_ptr<Run> run) // a copy: m_current may be the caller's
{
    if (run->reaped)
        return; // applied or dropped already (finishNow, discard)
    reap(run);
    if (run != m_current)
        return; // superseded
    m_current.reset();
    std::function<void()> apply;
    {
        QMutexLocker lock(&run->mutex);
        apply = std::move(run->apply);
    }
    apply();
    emit finished();
}

// Joins the run's thread (its work has returned, or is about to).
void BackgroundJob::reap(const std::shared_ptr<Run> &run)
{
    run->reaped = true;
    run->thread->wait();
    delete run->thread;
    run->thread = nullptr;
    m_runs.erase(std::remove(m_runs.begin(), m_runs.end(), run), m_runs.end());
}

void BackgroundJob::cancel()
{
    if (m_current)
        m_current->cancel = true;
}

void BackgroundJob::wait()
{
    for (const std::shared_ptr<Run> &run : m_runs)
        run->thread->wait();
}

void BackgroundJob::finishNow()
{
    if (m_current)
        deliver(m_current);
}

void BackgroundJob::abandon()
{
    if (m_current)
        m_current->cancel = true;
    m_current.reset();
}

void BackgroundJob::discard()
{
    m_current.reset();
    for (const std::shared_ptr<Run> &run : m_runs)
        run->cancel = true;
    while (!m_runs.empty()) {
        const std::shared_ptr<Run> run = m_runs.front();
        reap(run);
    }
}

} // namespace Errata
