#pragma once

#include <QObject>

namespace Errata {

class KnowledgeBase;
class KnowledgeBaseWatcher;
class Record;

// The window's watch on the files of the KB it shows, changed by someone
// else: unmodified records reload by themselves (KnowledgeBaseWatcher), and
// each change is put into words for the status bar; a modified record whose
// file changed is a conflict for its tab to show.
class DiskWatch : public QObject
{
    Q_OBJECT

public:
    explicit DiskWatch(QObject *parent = nullptr);

    // Watches `kb`'s folder from now on; null: none (the KB is let go of).
    void setKnowledgeBase(KnowledgeBase *kb);
    // The watcher of the KB watched, or null.
    KnowledgeBaseWatcher *watcher() const { return m_watcher; }

signals:
    void message(const QString &text, int timeoutMs);
    void conflict(Errata::Record *record);

private:
    KnowledgeBaseWatcher *m_watcher = nullptr;
};

} // namespace Errata
