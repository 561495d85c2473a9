#pragma once

#include "models/kb/RecoveryStore.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

class QWidget;

namespace Errata {

class KnowledgeBase;
class KnowledgeBaseLock;

// Keeps the unsaved edits of the window's KB on disk every few seconds, so
// that they survive a crash, and offers them back at the next start.
//
// The copies of a KB belong to one window: the first to open it takes the
// KB's lock. A second window on the same KB (another process) says so and
// keeps no copies; it never replaces or deletes those of the first. When the
// first closes, the second takes the lock over at its next store; when the
// first crashed, its copies are offered first.
class RecoveryKeeper : public QObject
{
    Q_OBJECT

public:
    // `window` parents the dialogs; `baseDir` as RecoveryStore's.
    explicit RecoveryKeeper(QWidget *window, const QString &baseDir = QString());
    ~RecoveryKeeper() override;

    // Lets the previous KB go and takes the lock of `kb`. The owner offers
    // what a crash left; a window that is not the owner emits openElsewhere.
    void setKnowledgeBase(KnowledgeBase *kb);
    bool ownsCopies() const { return m_owner; }
    // Stores the modified records now (the timer does so every 5 s); with
    // none left the copies go. Nothing is stored without the lock.
    void store();
    // After the last store() on closing: lets the lock go.
    void release();
    // What the timer does every 5 s: store(), after taking the lock over
    // when this window did not hold it and its holder has gone.
    void tick();

    // What asks whether to restore the records listed (one line each); by
    // default a question box.
    using Ask = std::function<bool(const QStringList &records)>;
    void setAsk(Ask ask) { m_ask = std::move(ask); }

    const RecoveryStore &recoveryStore() const { return m_store; }
    QTimer &timer() { return m_timer; }

signals:
    void openElsewhere(const QString &message);
    void ownerAgain(); // the other window closed: the copies are kept again
    void message(const QString &text);
    // Restored records, to be opened for editing.
    void recordRestored(const QString &id);

private:
    bool takeLock();
    void offer();
    QString elsewhereText() const;
    bool ask(const QStringList &records) const;

    QWidget *m_window;
    RecoveryStore m_store;
    QTimer m_timer;
    KnowledgeBase *m_kb = nullptr;
    std::unique_ptr<KnowledgeBaseLock> m_lock;
    bool m_owner = false;
    Ask m_ask;
};

} // namespace Errata
