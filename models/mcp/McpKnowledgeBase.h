#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>

namespace Errata {

class KnowledgeBase;
class KnowledgeBaseSession;
class KnowledgeBaseWatcher;
class LogMatcher;
class LookupEngine;
class Record;
class SearchIndex;

// The KB that `errata mcp` serves, kept current while it runs. It is read
// once through the cache, as `errata lookup` reads it (read, check, index,
// write the cache), then followed on disk by a KnowledgeBaseWatcher: a file
// changed by someone else is reloaded, a new one added, a removed one taken
// out, each whole and on the server's thread, between two requests. The
// search index follows through the session; the log matcher is built again
// the first time it is needed after a change. A file that cannot be read is
// said on standard error and the record keeps its last good content, so an
// answer always comes from the last complete reading of each record.
//
// Tool calls read it from other threads (McpCallPool), several at once: the lookup engine, the log matcher (built once,
// under a lock) and the settled search index are safe for that, and records' summaries never change in place. While
// a call runs, changes found on disk wait (holdChanges(), changesWaiting()); allowChanges() handles them here, with
// all that follows from them (findings, the index, the log matcher), before the next call starts, so that no call
// ever reads a KB being changed.
class McpKnowledgeBase : public QObject
{
    Q_OBJECT

public:
    explicit McpKnowledgeBase(QObject *parent = nullptr);
    ~McpKnowledgeBase() override;

    // The time budgets of lookup_error and match_log, in milliseconds:
    // of each regex and of one call (LogMatcher::Options); before open().
    void setBudgets(qint64 regexBudgetMs, qint64 runBudgetMs);
    struct OpenOptions
    {
        // Follow the KB on disk (a KnowledgeBaseWatcher). Frozen (false):
        // the KB stays as it was read, whatever happens on disk
        // (`errata serve`'s snapshots, which a reload replaces whole).
        bool follow = true;
        // Stops the reading: open() is then false, `error` "cancelled".
        const std::atomic_bool *cancel = nullptr;
    };
    // False with `error` set when `folder` is not a readable folder.
    bool open(const QString &folder, QString *error) { return open(folder, OpenOptions(), error); }
    bool open(const QString &folder, const OpenOptions &options, QString *error);
    // For a frozen KB that many threads read and any thread may destroy:
    // this object, its session and its KB (with their children) belong to
    // no thread from now on (QObject::moveToThread(nullptr)), so no event
    // or timer is ever delivered to them and their destruction touches no
    // thread's event queue. Called on the thread that opened it, after
    // open(); does nothing for a KB that follows the disk.
    void leaveThread();
    QString root() const { return m_root; }

    KnowledgeBase &kb() const;
    SearchIndex &index() const;
    const LookupEngine &lookup() const { return *m_lookup; }
    // Built the first time it is needed (or now), from any thread.
    const LogMatcher &matcher();
    // Keeps changes on disk waiting (while tool calls run), then handles what waits.
    void holdChanges();
    void allowChanges();
    // Handles the changes on disk seen so far now (for tests).
    void checkDisk();

signals:
    // A record was reloaded, added or taken out after a change on disk.
    void changed();
    // Changes on disk wait while held: the first since holdChanges().
    void changesWaiting();

private:
    void watch();
    void recheck(Record *record);
    void resetMatcher();

    QString m_root;
    std::unique_ptr<KnowledgeBaseSession> m_session;
    std::unique_ptr<LookupEngine> m_lookup;
    std::mutex m_matcherLock;
    std::unique_ptr<LogMatcher> m_matcher; // null: to build
    qint64 m_regexBudgetMs;
    qint64 m_runBudgetMs;
    KnowledgeBaseWatcher *m_watcher = nullptr;
};

} // namespace Errata
