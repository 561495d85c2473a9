#pragma once

#include "models/links/ReciprocalLinks.h"
#include "models/record/Link.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace Errata {

class ArrayTableModel;
class EditSession;

// One link list of a record (leads_to, preceded_by or
// frequently_confused_with) as a table, with a field to add a link by typing
// (completion over ids and signatures), and buttons to remove, reorder,
// convert bare id strings to objects, add the reciprocal link to the target
// and open the target. Every change is one undoable edit of the session.
class LinkListEditor : public QWidget
{
    Q_OBJECT

public:
    LinkListEditor(EditSession *session, ArrayTableModel *model, Link::Kind kind, const QString &help,
                   QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    QLineEdit *targetField() const { return m_target; }
    // Appends {"error_id": id}; false (with a message shown) for an empty id,
    // the record itself, or a target already listed.
    bool addLink(const QString &id);
    void removeSelected();
    void moveCurrent(int delta);
    void convertSelected();
    void requestReciprocal();
    QList<int> selectedRows() const;

signals:
    void recordLinkActivated(const QString &id);
    void reciprocalRequested(const Errata::ReciprocalLinks::Missing &missing);

private:
    QToolButton *button(const QString &text, const QString &tip, const QKeySequence &shortcut);
    QString currentTarget() const;
    void updateButtons();
    void say(const QString &message);

    EditSession *m_session;
    ArrayTableModel *m_model;
    Link::Kind m_kind;
    QTableView *m_view;
    QLineEdit *m_target;
    QLabel *m_message;
    QToolButton *m_convert = nullptr;
    QToolButton *m_reciprocal = nullptr;
    QToolButton *m_open = nullptr;
};

} // namespace Errata
