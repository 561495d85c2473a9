#pragma once

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

namespace Errata {

class KnowledgeBase;
class Record;
class RecordValidator;

// Keeps link findings current across a KB. A record's dangling, reciprocal
// and duplicate-id findings depend on other records, so when a record is
// added, changed (edited, renamed, reloaded) or removed, the records that
// link to its id (its old id too, after a rename) and the record itself are
// validated again, shortly after, in one batch. Lives as long as the KB it
// follows (make it the KB's child).
class LinkRevalidator : public QObject
{
    Q_OBJECT

public:
    static constexpr int DelayMs = 200;

    LinkRevalidator(KnowledgeBase *kb, const RecordValidator *validator, QObject *parent = nullptr);

    // Validates what is pending now instead of after the delay.
    void flush();
    bool isPending() const { return !m_pending.isEmpty(); }

private:
    void remember();
    void touched(const Record *record);
    void removed(const Record *record);

    KnowledgeBase *m_kb;
    const RecordValidator *m_validator;
    QHash<const Record *, QString> m_ids; // each record's id when last seen
    QSet<QString> m_pending;              // ids whose record and linkers need validating
    QTimer m_timer;
};

} // namespace Errata
