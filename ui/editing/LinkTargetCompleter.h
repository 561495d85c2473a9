#pragma once

#include <QCompleter>

class QLineEdit;

namespace Errata {

class KnowledgeBase;
class LinkTargetModel;

// Completion of a link target in a line edit: as the user types, a popup
// lists the records whose id or signature fits (LinkTargetModel: word
// starts, letters in order, best first); choosing one puts its id in the
// field. The record being edited is never offered.
class LinkTargetCompleter : public QCompleter
{
    Q_OBJECT

public:
    LinkTargetCompleter(const KnowledgeBase *kb, const QString &excludedId, QLineEdit *edit);

    LinkTargetModel *targets() const { return m_targets; }

signals:
    // An entry of the popup was chosen (the field already holds its id).
    void chosen(const QString &id);

private:
    void update(const QString &text);

    LinkTargetModel *m_targets;
    QLineEdit *m_edit;
};

} // namespace Errata
