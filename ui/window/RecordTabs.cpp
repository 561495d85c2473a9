#include "ui/window/RecordTabs.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/record/RecordId.h"
#include "models/text/DisplayName.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"

#include <QUndoGroup>
#include <QUndoStack>

namespace Errata {

RecordTabs::RecordTabs(QUndoGroup *undoGroup, QWidget *parent)
    : QTabWidget(parent)
    , m_undoGroup(undoGroup)
{
    setTabsClosable(true);
    setMovable(true);
    setDocumentMode(true);
}

void RecordTabs::setKnowledgeBase(KnowledgeBase *kb, const RecordValidator *validator)
{
    m_kb = kb;
    m_validator = validator;
}

RecordTab *RecordTabs::open(const Record *record)
{
    if (RecordTab *existing = tabFor(record)) {
        setCurrentWidget(existing);
        return existing;
    }
    // The KB owns its records; the tree hands them out read-only.
    auto *tab = new RecordTab(m_kb, const_cast<Record *>(record), m_validator);
    connect(tab, &RecordTab::recordLinkActivated, this, &RecordTabs::recordLinkActivated);
    connect(tab, &RecordTab::reciprocalRequested, this, &RecordTabs::reciprocalRequested);
    connect(tab, &RecordTab::titleChanged, this, [this, tab] { updateTitle(tab); });
    connect(tab, &RecordTab::editingChanged, this, [this, tab] {
        if (current() == tab)
            emit currentEditingChanged();
    });
    connect(tab, &RecordTab::sessionCreated, this, [this, tab](EditSession *session) {
        m_undoGroup->addStack(session->undoStack());
        if (current() == tab)
            m_undoGroup->setActiveStack(session->undoStack());
    });
    const int index = addTab(tab, QString()); // updateTitle() names it
    setTabToolTip(index, DisplayName::of(record->id()) + QLatin1Char('\n') + record->signature());
    updateTitle(tab);
    setCurrentIndex(index);
    emit opened(record);
    emit countChanged();
    return tab;
}

RecordTab *RecordTabs::current() const
{
    return qobject_cast<RecordTab *>(currentWidget());
}

RecordTab *RecordTabs::tabFor(const Record *record) const
{
    for (RecordTab *tab : all()) {
        if (tab->record() == record)
            return tab;
    }
    return nullptr;
}

QList<RecordTab *> RecordTabs::all() const
{
    QList<RecordTab *> tabs;
    for (int i = 0; i < count(); ++i)
        tabs << static_cast<RecordTab *>(widget(i));
    return tabs;
}

QStringList RecordTabs::openIds() const
{
    QStringList ids;
    for (RecordTab *tab : all())
        ids << tab->record()->id();
    return ids;
}

void RecordTabs::restore(const QStringList &ids)
{
    for (const QString &id : ids) {
        if (const Record *record = m_kb->find(id))
            open(record);
    }
}

void RecordTabs::remove(RecordTab *tab)
{
    if (tab->session())
        m_undoGroup->removeStack(tab->session()->undoStack());
    removeTab(indexOf(tab));
    delete tab;
    updateTitle(nullptr);
    emit countChanged();
}

void RecordTabs::removeAll()
{
    while (count() > 0) {
        QWidget *tab = widget(0);
        removeTab(0);
        delete tab;
    }
    emit countChanged();
}

// Each title is the shortest ending of its id that no other open tab
// shares ("docker27-linux" twice becomes "docker/docker27-linux" and
// "podman/docker27-linux"), marked ● while unsaved.
void RecordTabs::updateTitle(RecordTab *)
{
    const QList<RecordTab *> tabs = all();
    const QStringList names = RecordId::shortNames(openIds());
    for (int i = 0; i < tabs.size(); ++i)
        setTabText(i, (tabs.at(i)->isDirty() ? QStringLiteral("● ") : QString()) + DisplayName::of(names.at(i)));
}

void RecordTabs::activateUndo(RecordTab *tab)
{
    m_undoGroup->setActiveStack(tab && tab->session() ? tab->session()->undoStack() : nullptr);
}

} // namespace Errata
