#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>

namespace Errata {

class McpKnowledgeBase;

// The tool calls of `errata mcp`, run off the thread that reads and answers the requests, so that a slow call (a
// lookup of a long paste, a log of megabytes) never holds up the others: ping, initialize, tools/list and resources
// are answered at once on that thread, and up to MaxRunning calls run at a time, each on a thread of the pool. A call
// that is not `parallel` (it reads records' documents, parsed on demand, or writes the outcome log) runs while no other
// such call runs. Each call's answer, one JSON-RPC line with its id, comes out of answered() on this object's thread,
// in the order the calls end; lines are whole, and one at a time.
//
// Calls past MaxRunning wait, in order; isFull() says when MaxWaiting wait, for the reader to stop reading. A call
// cancelled (notifications/cancelled) is dropped while it waits; while it runs, it runs on and its answer is not sent.
// While any call runs, the KB's changes on disk wait (McpKnowledgeBase::holdChanges()); once some do, no new call
// starts until the running ones end and the changes are handled. finish() (the end of the input) says finished() when
// every call accepted is answered, or when none ended for `stallMs`.
class McpCallPool : public QObject
{
    Q_OBJECT

public:
    static constexpr int MaxRunning = 4;
    static constexpr int MaxWaiting = 64;
    // At the end of the input, how long the server waits for a call to end before it gives up the rest.
    static constexpr int EndStallMs = 60000;

    struct Call
    {
        QJsonValue id;
        bool parallel = false;
        std::function<QByteArray()> run; // the answer line; never throws
    };

    // `kb` may be null (tests of the pool alone).
    explicit McpCallPool(McpKnowledgeBase *kb, QObject *parent = nullptr);
    // Waits for the calls that run.
    ~McpCallPool() override;

    void submit(Call call);
    // True when a call with this id waited (now dropped) or runs (its answer will not be sent).
    bool cancel(const QJsonValue &id);
    void finish(int stallMs = EndStallMs);

    bool isFull() const { return m_waiting.size() >= MaxWaiting; }
    bool isIdle() const { return m_running.isEmpty() && m_waiting.isEmpty(); }
    int runningCount() const { return int(m_running.size()); }
    int waitingCount() const { return int(m_waiting.size()); }

signals:
    void answered(const QByteArray &line);
    // A call ended and fewer than MaxWaiting wait.
    void roomForMore();
    // After finish(): `unanswered` is the number of calls given up (0: all were answered).
    void finished(int unanswered);

private:
    struct Running
    {
        int serial = 0;
        QJsonValue id;
        bool parallel = false;
        bool cancelled = false;
    };

    void startWaiting();
    bool canStart(const Call &call) const;
    void start(Call call);
    void ended(int serial, const QByteArray &line);
    void checkFinished();

    McpKnowledgeBase *m_kb;
    QThreadPool m_pool;
    QList<Call> m_waiting;
    QList<Running> m_running;
    int m_nextSerial = 0;
    bool m_changesWaiting = false;
    bool m_finishing = false;
    QTimer m_stall;
};

} // namespace Errata
