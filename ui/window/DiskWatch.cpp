#include "ui/window/DiskWatch.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseWatcher.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"

namespace Errata {

DiskWatch::DiskWatch(QObject *parent)
    : QObject(parent)
{
}

void DiskWatch::setKnowledgeBase(KnowledgeBase *kb)
{
    delete m_watcher;
    m_watcher = nullptr;
    if (!kb)
        return;
    m_watcher = new KnowledgeBaseWatcher(kb, this);
    connect(m_watcher, &KnowledgeBaseWatcher::reloaded, this, [this](Record *record) {
        emit message(tr("%1 changed on disk and was reloaded.").arg(DisplayName::of(record->id())), 5000);
    });
    connect(m_watcher, &KnowledgeBaseWatcher::conflict, this, &DiskWatch::conflict);
    connect(m_watcher, &KnowledgeBaseWatcher::removedOnDisk, this, [this](Record *record) {
        emit message(tr("The file of %1 was removed on disk.").arg(DisplayName::of(record->id())), 8000);
    });
    connect(m_watcher, &KnowledgeBaseWatcher::added, this, [this](Record *record) {
        emit message(tr("New record on disk: %1").arg(DisplayName::of(record->id())), 5000);
    });
    connect(m_watcher, &KnowledgeBaseWatcher::loadFailed, this, [this, kb](const QString &file, const QString &text) {
        emit message(tr("%1: %2").arg(DisplayName::of(kb->relativePath(file)), text), 8000);
    });
}

} // namespace Errata
