#pragma once

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace Errata {

// The one way Errata runs work in the background, so that the window never waits for a whole-KB pass and every such
// pass can be stopped. The work gets copies (or shared ownership) of what it reads and never touches what the owner's
// thread uses; it runs on a thread of its own and spreads loops over every core (Control::forEach()); its result is
// handed to `apply` on this object's thread, queued. cancel() asks it to stop and still applies its partial result;
// discard() drops it. Starting a run while one still goes cancels the older one without waiting: only the newest
// result is applied. The destructor cancels every run and waits for them, so the work may use this object to its end.
//
//   m_job.start([copy](const BackgroundJob::Control &control) { return work(copy, control); },
//               [this](Result result) { show(result); });
class BackgroundJob : public QObject
{
    Q_OBJECT

public:
    struct Run;

    // What the work of a run sees of its job.
    class Control
    {
    public:
        explicit Control(Run *run, BackgroundJob *job)
            : m_run(run)
            , m_job(job)
        {
        }
        bool isCancelled() const;
        const std::atomic_bool *cancelFlag() const;
        // Reported to the owner's thread as progressed(), while the run is
        // the newest one. `stage` tells apart the steps of a work.
        void progress(int done, int total, int stage = 0) const;
        std::function<void(int, int)> reporter(int stage = 0) const;
        // work(0) ... work(count - 1) on all cores, with progress; stops
        // early when cancelled.
        void forEach(int count, const std::function<void(int)> &work, int stage = 0) const;

    private:
        Run *m_run;
        BackgroundJob *m_job;
    };

    explicit BackgroundJob(QObject *owner);
    ~BackgroundJob() override;

    template<typename Work, typename Apply>
    void start(Work work, Apply apply)
    {
        launch([work = std::move(work), apply = std::move(apply)](const Control &control) -> std::function<void()> {
            using Result = std::invoke_result_t<Work &, const Control &>;
            if constexpr (std::is_void_v<Result>) {
                work(control);
                return [apply] { apply(); };
            } else {
                auto result = std::make_shared<Result>(work(control));
                return [apply, result] { apply(std::move(*result)); };
            }
        });
    }

    // The newest run has not been applied (or discarded) yet.
    bool isRunning() const { return m_current != nullptr; }
    // Asks the newest run to stop; what it did is still applied.
    void cancel();
    // Waits until the work of every run has returned; applies nothing.
    void wait();
    // Waits for the newest run and applies its result now, on this thread.
    void finishNow();
    // Cancels the newest run and forgets it without waiting: its result is
    // never applied.
    void abandon();
    // Cancels every run and waits for them; nothing is applied.
    void discard();

signals:
    void progressed(int done, int total, int stage);
    // After the newest run's result was applied.
    void finished();

private:
    void launch(std::function<std::function<void()>(const Control &)> work);
    void deliver(std::shared_ptr<Run> run);
    void reap(const std::shared_ptr<Run> &run);

    std::vector<std::shared_ptr<Run>> m_runs; // started and not yet reaped
    std::shared_ptr<Run> m_current;           // the newest run, until applied
    quint64 m_generation = 0;
};

} // namespace Errata
