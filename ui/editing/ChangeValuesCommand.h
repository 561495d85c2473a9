#pragma once

#include "models/json/OrderedJson.h"

#include <QList>
#include <QUndoCommand>

#include <optional>

namespace Errata {

class KnowledgeBase;
class Record;

// The one undoable edit of a record: some values set (or removed) at JSON
// pointers, all at once. Undo puts back the whole document as it was, so a
// removed key returns to its place, not to the end. Typing in one field
// produces one command per keystroke; consecutive ones for the same field
// merge, so undo takes back the whole word, not a letter.
class ChangeValuesCommand : public QUndoCommand
{
public:
    struct Change
    {
        QString pointer;
        std::optional<OrderedJson> value; // nullopt removes the value
    };

    ChangeValuesCommand(KnowledgeBase *kb, Record *record, const QList<Change> &changes, const QString &text,
                        bool mergeable = false);

    void undo() override;
    void redo() override;
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    static void apply(KnowledgeBase *kb, Record *record, const QList<Change> &changes);

    KnowledgeBase *m_kb;
    Record *m_record;
    QList<Change> m_after;
    OrderedJson m_before; // the whole document
    bool m_mergeable;
};

} // namespace Errata
