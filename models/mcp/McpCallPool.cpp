#include "models/mcp/McpCallPool.h"

#include "models/mcp/McpKnowledgeBase.h"

#include <QMetaObject>

#include <algorithm>
#include <mutex>
#include <utility>

namespace Errata {

namespace {

// Qt 6.4 hands a task to a pool thread, and a queued call back, through
// locks ThreadSanitizer cannot see (Qt is not instrumented), so it would
// take what the call reads of the KB, written here before the call, for a
// race. Taking this mutex around each hand-off, on both sides, makes it
// visible (as BackgroundJob does). It is never held while waiting for
// anything else.
std::mutex &handOffMutex()
{
    static std::mutex mutex;
    return mutex;
}

} // namespace

McpCallPool::McpCallPool(McpKnowledgeBase *kb, QObject *parent)
    : QObject(parent)
    , m_kb(kb)
{
    m_pool.setMaxThreadCount(MaxRunning);
    m_stall.setSingleShot(true);
    connect(&m_stall, &QTimer::timeout, this, [this] {
        const int unanswered = int(m_running.size() + m_waiting.size());
        m_waiting.clear();
        m_finishing = false;
        emit finished(unanswered);
    });
    if (m_kb)
        connect(m_kb, &McpKnowledgeBase::changesWaiting, this, [this] { m_changesWaiting = true; });
}

McpCallPool::~McpCallPool()
{
    m_pool.waitForDone();
}

void McpCallPool::submit(Call call)
{
    m_waiting.append(std::move(call));
    startWaiting();
}

bool McpCallPool::cancel(const QJsonValue &id)
{
    const auto waiting = std::find_if(m_waiting.begin(), m_waiting.end(),
                                      [&](const Call &call) { return call.id == id; });
    if (waiting != m_waiting.end()) {
        m_waiting.erase(waiting);
        checkFinished();
        return true;
    }
    for (Running &running : m_running) {
        if (running.id == id && !running.cancelled) {
            running.cancelled = true;
            return true;
        }
    }
    return false;
}

void McpCallPool::finish(int stallMs)
{
    m_finishing = true;
    m_stall.setInterval(stallMs);
    m_stall.start();
    checkFinished();
}

bool McpCallPool::canStart(const Call &call) const
{
    return call.parallel
        || std::none_of(m_running.cbegin(), m_running.cend(), [](const Running &running) { return !running.parallel; });
}

// In order, each waiting call that may start now; none while changes on
// disk wait for the running calls to end.
void McpCallPool::startWaiting()
{
    for (qsizetype i = 0; i < m_waiting.size() && m_running.size() < MaxRunning && !m_changesWaiting;) {
        if (canStart(m_waiting.at(i)))
            start(m_waiting.takeAt(i));
        else
            ++i;
    }
}

void McpCallPool::start(Call call)
{
    if (m_running.isEmpty() && m_kb)
        m_kb->holdChanges();
    const int serial = m_nextSerial++;
    m_running.append(Running{serial, call.id, call.parallel, false});
    const std::lock_guard<std::mutex> posting(handOffMutex());
    m_pool.start([this, serial, run = std::move(call.run)] {
        {
            const std::lock_guard<std::mutex> received(handOffMutex());
        }
        const QByteArray line = run();
        const std::lock_guard<std::mutex> posting(handOffMutex());
        QMetaObject::invokeMethod(
            this,
            [this, serial, line] {
                {
                    const std::lock_guard<std::mutex> received(handOffMutex());
                }
                ended(serial, line);
            },
            Qt::QueuedConnection);
    });
}

void McpCallPool::ended(int serial, const QByteArray &line)
{
    const auto it = std::find_if(m_running.begin(), m_running.end(),
                                 [serial](const Running &running) { return running.serial == serial; });
    if (it == m_running.end())
        return;
    const bool cancelled = it->cancelled;
    m_running.erase(it);
    if (m_running.isEmpty() && m_kb) {
        m_changesWaiting = false;
        m_kb->allowChanges();
    }
    if (!cancelled && !line.isEmpty())
        emit answered(line);
    startWaiting();
    if (m_waiting.size() < MaxWaiting)
        emit roomForMore();
    if (m_finishing)
        m_stall.start(); // a call ended: the wait starts again
    checkFinished();
}

void McpCallPool::checkFinished()
{
    if (!m_finishing || !isIdle())
        return;
    m_finishing = false;
    m_stall.stop();
    emit finished(0);
}

} // namespace Errata
