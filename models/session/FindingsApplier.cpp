#include "models/session/FindingsApplier.h"

#include "models/kb/KnowledgeBase.h"
#include "models/session/OwnFindingsJob.h"

#include <QDeadlineTimer>

namespace Errata {

FindingsApplier::FindingsApplier(KnowledgeBase *kb, const RecordValidator *validator, SearchIndexCache *cache,
                                 std::shared_ptr<OwnFindingsJob> job, QObject *parent)
    : QObject(parent)
    , m_kb(kb)
    , m_validator(validator)
    , m_cache(cache)
    , m_job(std::move(job))
{
    m_job->forgetRemoved(*m_kb);
    const auto forget = [this](const Record *record) { m_job->forget(record); };
    connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, forget);
    connect(m_kb, &KnowledgeBase::recordChanged, this, forget);
    connect(m_kb, &KnowledgeBase::problemsChanged, this, forget);
    connect(m_kb, &KnowledgeBase::reset, this, &FindingsApplier::stop);
    m_turn.setSingleShot(true);
    m_turn.setInterval(0);
    connect(&m_turn, &QTimer::timeout, this, [this] { (this->*m_next)(); });
}

void FindingsApplier::start()
{
    next(&FindingsApplier::step);
}

// A timer, not a posted event: a chain of posted events runs before the
// window's input and timers; a timer waits for them.
void FindingsApplier::next(Turn turn)
{
    m_next = turn;
    m_turn.start();
}

// A slice of the records at each turn; setting their findings and
// finishing are turns of their own.
void FindingsApplier::step()
{
    if (m_finished)
        return;
    const bool completed = m_job->complete(*m_kb, *m_validator, m_cache, QDeadlineTimer(m_slice));
    next(completed ? &FindingsApplier::setFindings : &FindingsApplier::step);
}

void FindingsApplier::setFindings()
{
    if (m_finished || m_set >= 0)
        return;
    disconnect(m_kb, nullptr, this, nullptr);
    m_set = m_job->setFindings(*m_kb);
    next(&FindingsApplier::finish);
}

void FindingsApplier::finishNow()
{
    if (m_finished)
        return;
    if (m_set < 0) {
        m_job->complete(*m_kb, *m_validator, m_cache, QDeadlineTimer(QDeadlineTimer::Forever));
        setFindings();
    }
    finish();
}

void FindingsApplier::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_turn.stop();
    // What the job held (a copy of each record's findings, the texts) is
    // not kept while the cache is written.
    disconnect(m_kb, nullptr, this, nullptr);
    m_job.reset();
    emit finished(m_set);
}

void FindingsApplier::stop()
{
    disconnect(m_kb, nullptr, this, nullptr);
    m_set = 0;
    finish();
}

} // namespace Errata
