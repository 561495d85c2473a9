#include "models/links/LinkRevalidator.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"

namespace Errata {

LinkRevalidator::LinkRevalidator(KnowledgeBase *kb, const RecordValidator *validator, QObject *parent)
    : QObject(parent)
    , m_kb(kb)
    , m_validator(validator)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(DelayMs);
    connect(&m_timer, &QTimer::timeout, this, &LinkRevalidator::flush);
    connect(kb, &KnowledgeBase::reset, this, &LinkRevalidator::remember);
    connect(kb, &KnowledgeBase::recordAdded, this, &LinkRevalidator::touched);
    connect(kb, &KnowledgeBase::recordChanged, this, &LinkRevalidator::touched);
    connect(kb, &KnowledgeBase::recordAboutToBeRemoved, this, &LinkRevalidator::removed);
    remember();
}

void LinkRevalidator::remember()
{
    m_ids.clear();
    for (int i = 0; i < m_kb->count(); ++i)
        m_ids.insert(m_kb->recordAt(i), m_kb->recordAt(i)->id());
}

void LinkRevalidator::touched(const Record *record)
{
    const QString id = record->id();
    const QString before = m_ids.value(record, id);
    m_pending << id << before;
    m_ids.insert(record, id);
    m_timer.start();
}

void LinkRevalidator::removed(const Record *record)
{
    m_pending << m_ids.value(record, record->id());
    m_ids.remove(record);
    m_timer.start();
}

void LinkRevalidator::flush()
{
    m_timer.stop();
    QSet<Record *> records;
    for (const QString &id : std::as_const(m_pending)) {
        for (Record *record : m_kb->recordsWithId(id))
            records << record;
        for (const LinkIndex::Backlink &backlink : m_kb->links().backlinks(id)) {
            for (Record *record : m_kb->recordsWithId(backlink.sourceId))
                records << record;
        }
    }
    m_pending.clear();
    for (Record *record : std::as_const(records))
        m_kb->setProblems(record, m_validator->validate(*record, m_kb));
}

} // namespace Errata
