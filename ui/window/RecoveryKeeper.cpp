#include "ui/window/RecoveryKeeper.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLock.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"

#include <QDir>
#include <QLocale>
#include <QMessageBox>
#include <QWidget>

namespace Errata {

RecoveryKeeper::RecoveryKeeper(QWidget *window, const QString &baseDir)
    : QObject(window)
    , m_window(window)
    , m_store(baseDir)
{
    m_timer.setInterval(5000);
    connect(&m_timer, &QTimer::timeout, this, &RecoveryKeeper::tick);
    m_timer.start();
}

RecoveryKeeper::~RecoveryKeeper() = default;

void RecoveryKeeper::setKnowledgeBase(KnowledgeBase *kb)
{
    release();
    m_kb = kb;
    if (!m_kb || m_kb->root().isEmpty())
        return;
    m_lock = std::make_unique<KnowledgeBaseLock>(m_store.lockFile(m_kb->root()));
    if (takeLock())
        offer();
    else
        emit openElsewhere(elsewhereText());
}

void RecoveryKeeper::release()
{
    if (m_lock)
        m_lock->unlock();
    m_lock.reset();
    m_owner = false;
}

bool RecoveryKeeper::takeLock()
{
    m_owner = m_lock && m_lock->tryLock();
    return m_owner;
}

void RecoveryKeeper::store()
{
    if (!m_owner || !m_kb)
        return;
    QString error;
    if (!m_store.store(*m_kb, &error))
        emit message(tr("Could not keep a recovery copy: %1").arg(error));
}

// Every few seconds: the owner stores; a window that is not tries to take
// the lock over (the other window closed, or crashed and left copies).
void RecoveryKeeper::tick()
{
    if (!m_owner && m_lock && takeLock()) {
        emit ownerAgain();
        offer();
    }
    store();
}

// Unsaved edits left by a run that did not end cleanly.
void RecoveryKeeper::offer()
{
    const QString root = m_kb->root();
    const QList<RecoveryStore::Entry> entries = m_store.entries(root);
    if (entries.isEmpty())
        return;
    QStringList names;
    for (const RecoveryStore::Entry &entry : entries)
        names << QStringLiteral("%1 (%2)").arg(DisplayName::of(entry.id),
                                               QLocale().toString(entry.time.toLocalTime(), QLocale::ShortFormat));
    if (!ask(names)) {
        m_store.clearAll(root);
        return;
    }
    for (const RecoveryStore::Entry &entry : entries) {
        Record restored;
        QString error;
        if (!m_store.restore(root, entry.filePath, &restored, &error)) {
            QMessageBox::warning(m_window, tr("Restore"), error);
            continue;
        }
        Record *existing = m_kb->findFile(entry.filePath);
        if (existing)
            m_kb->replaceRecord(existing, std::move(restored));
        else
            existing = m_kb->add(std::make_unique<Record>(std::move(restored)));
        emit recordRestored(existing->id());
    }
}

bool RecoveryKeeper::ask(const QStringList &records) const
{
    if (m_ask)
        return m_ask(records);
    return QMessageBox::question(
               m_window, tr("Restore unsaved edits?"),
               tr("Errata did not close normally. Unsaved edits of these records were kept:\n%1\n\nRestore them?")
                   .arg(records.join(QLatin1Char('\n'))),
               QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes)
        == QMessageBox::Yes;
}

QString RecoveryKeeper::elsewhereText() const
{
    const KnowledgeBaseLock::Holder holder = m_lock->holder();
    const QString who = holder.pid > 0 ? tr("process %1 on %2").arg(holder.pid).arg(holder.hostname)
                                       : tr("a process that could not be named");
    return tr("%1 is open in another Errata window (%2). This window keeps no crash-recovery copies of unsaved "
              "edits while the other one is open; save often, or work in the other window.")
        .arg(DisplayName::of(QDir::toNativeSeparators(m_kb->root())), who);
}

} // namespace Errata
