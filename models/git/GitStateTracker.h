#pragma once

#include "models/git/GitDeletedRecords.h"
#include "models/git/GitStatus.h"

#include <QObject>
#include <QString>

#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace Errata {

class BackgroundJob;
class KnowledgeBase;

// Keeps the git state of an open KB's files (GitStatus) and the record files deleted since HEAD (GitDeletedRecords,
// less those the KB still holds) up to date, read in the background so that the window never waits for git. It reads
// again when the KB is set or reloaded, when the program saves, adds or removes a record, when git changes the
// checkout (the folder holding HEAD and the index), and on refresh() (files changed on disk by others); requests
// close together are read once, after a short delay.
//
//   tracker.setKnowledgeBase(&kb);
//   connect(&tracker, &GitStateTracker::updated, this, [&] { show(tracker.status()); });
class GitStateTracker : public QObject
{
    Q_OBJECT

public:
    static constexpr int DelayMs = 300;

    explicit GitStateTracker(QObject *parent = nullptr);
    ~GitStateTracker() override;

    void setKnowledgeBase(const KnowledgeBase *kb);
    // The state last read; never null (isRepository() false before any).
    std::shared_ptr<const GitStatus> status() const { return m_status; }
    // The deleted record files of that state, as HEAD has them; never null.
    std::shared_ptr<const GitDeletedRecords> deletedRecords() const { return m_deleted; }
    // Reads the state again soon.
    void refresh();
    // Reads it now and waits (tests, and a screenshot that must show it).
    void refreshNow();

signals:
    void updated();

private:
    void read();
    void watchRepository();

    const KnowledgeBase *m_kb = nullptr;
    QString m_root;
    std::shared_ptr<const GitStatus> m_status;
    std::shared_ptr<const GitDeletedRecords> m_deleted;
    BackgroundJob *m_job;
    QTimer *m_delay;
    QFileSystemWatcher *m_watcher = nullptr;
};

} // namespace Errata
