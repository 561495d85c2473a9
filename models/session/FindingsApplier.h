#pragma once

#include <QObject>
#include <QTimer>

#include <chrono>
#include <memory>

namespace Errata {

class KnowledgeBase;
class OwnFindingsJob;
class RecordValidator;
class SearchIndexCache;

// Sets the findings of checks done in the background (an OwnFindingsJob) in a KB the window shows, without holding the
// window's thread: the KB-wide rules (links, duplicate ids) run on a slice of the records at each turn of the event
// loop, and the findings are set in one batch at the end. A record removed, changed or given findings by others
// meanwhile is left out, as its findings are newer. finished() comes a turn after the findings are set, so that what
// follows it (the views, the cache) holds the window's thread apart from setting them.
//   connect(applier, &FindingsApplier::finished, ...);
//   applier->start();
class FindingsApplier : public QObject
{
    Q_OBJECT

public:
    // How long one turn of the event loop is held, at most about.
    static constexpr std::chrono::milliseconds DefaultSlice{25};

    FindingsApplier(KnowledgeBase *kb, const RecordValidator *validator, SearchIndexCache *cache,
                    std::shared_ptr<OwnFindingsJob> job, QObject *parent = nullptr);

    void setSlice(std::chrono::milliseconds slice) { m_slice = slice; }
    void start();     // the first slice at the next turn of the event loop
    void finishNow(); // the rest at once
    bool isFinished() const { return m_finished; }

signals:
    // The findings are set (`records` of the job's records got them); once.
    void finished(int records);

private:
    using Turn = void (FindingsApplier::*)();
    void next(Turn turn);
    void step();
    void setFindings();
    void finish();
    void stop(); // the KB was reset: nothing is set

    KnowledgeBase *m_kb;
    const RecordValidator *m_validator;
    SearchIndexCache *m_cache;
    std::shared_ptr<OwnFindingsJob> m_job;
    QTimer m_turn;
    Turn m_next = nullptr;
    std::chrono::milliseconds m_slice = DefaultSlice;
    int m_set = -1; // records given findings, once they are set
    bool m_finished = false;
};

} // namespace Errata
