#include "ui/editing/LinkListEditor.h"

#include "models/itemmodels/ArrayTableModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "ui/editing/ArrayItemDelegate.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/LinkTargetCompleter.h"
#include "ui/style/StatusColors.h"

#include <QAbstractItemView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace Errata {

LinkListEditor::LinkListEditor(EditSession *session, ArrayTableModel *model, Link::Kind kind, const QString &help,
                               QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(model)
    , m_kind(kind)
    , m_view(new QTableView)
    , m_target(new QLineEdit)
    , m_message(new QLabel)
{
    m_view->setModel(model);
    m_view->setItemDelegate(new ArrayItemDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setDefaultSectionSize(kind == Link::ConfusedWith ? 320 : 160);
    m_view->horizontalHeader()->resizeSection(0, 320);
    m_view->setWordWrap(true);
    m_target->setPlaceholderText(
        tr("Add a link: type an id or words of a signature, then pick a record or press Enter"));
    m_target->setClearButtonEnabled(true);
    auto *completer = new LinkTargetCompleter(session->knowledgeBase(), session->record()->id(), m_target);
    connect(completer, &LinkTargetCompleter::chosen, this, &LinkListEditor::addLink);
    // Enter adds what is typed, unless an entry of the popup is chosen (the
    // completer then adds that one, right after this).
    connect(m_target, &QLineEdit::returnPressed, this, [this, completer] {
        if (completer->popup()->isVisible() && completer->popup()->currentIndex().isValid())
            return;
        completer->popup()->hide();
        if (!m_target->text().trimmed().isEmpty())
            addLink(m_target->text().trimmed());
    });
    m_message->setStyleSheet(QStringLiteral("color: %1;").arg(StatusColors::warning(palette()).name()));

    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_target, 1);
    auto *add = new QPushButton(tr("Add"));
    connect(add, &QPushButton::clicked, this, [this] { addLink(m_target->text().trimmed()); });
    addRow->addWidget(add);

    auto *buttons = new QHBoxLayout;
    const auto place = [buttons](QToolButton *b) {
        buttons->addWidget(b);
        return b;
    };
    connect(place(button(tr("Remove"), tr("Remove the selected links"), QKeySequence::Delete)), &QToolButton::clicked,
            this, &LinkListEditor::removeSelected);
    connect(place(button(tr("Up"), tr("Move the current link up"), QKeySequence(Qt::ALT | Qt::Key_Up))),
            &QToolButton::clicked, this, [this] { moveCurrent(-1); });
    connect(place(button(tr("Down"), tr("Move the current link down"), QKeySequence(Qt::ALT | Qt::Key_Down))),
            &QToolButton::clicked, this, [this] { moveCurrent(1); });
    m_convert = place(button(tr("Convert to object"),
                             tr("Write the selected bare id strings as objects, which can hold more than the id"),
                             QKeySequence()));
    connect(m_convert, &QToolButton::clicked, this, &LinkListEditor::convertSelected);
    if (kind != Link::ConfusedWith) {
        m_reciprocal = place(button(tr("Add reciprocal link"),
                                    tr("Add the link back (%1) to the target record, as an undoable edit there")
                                        .arg(QLatin1String(Link::key(Link::reverse(kind)))),
                                    QKeySequence()));
        connect(m_reciprocal, &QToolButton::clicked, this, &LinkListEditor::requestReciprocal);
    }
    m_open = place(button(tr("Open target"), tr("Open the record this link points to"), QKeySequence()));
    connect(m_open, &QToolButton::clicked, this, [this] { emit recordLinkActivated(currentTarget()); });
    buttons->addStretch();
    buttons->addWidget(m_message);

    auto *label = new QLabel(help);
    label->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addLayout(addRow);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &LinkListEditor::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LinkListEditor::updateButtons);
    connect(model, &QAbstractItemModel::modelReset, this, &LinkListEditor::updateButtons);
    connect(model, &QAbstractItemModel::dataChanged, this, &LinkListEditor::updateButtons);
    updateButtons();
}

// A tool button whose shortcut works while the table has the focus.
QToolButton *LinkListEditor::button(const QString &text, const QString &tip, const QKeySequence &shortcut)
{
    auto *b = new QToolButton;
    b->setText(text);
    b->setToolTip(shortcut.isEmpty() ? tip
                                     : QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    if (!shortcut.isEmpty()) {
        auto *action = new QAction(this);
        action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WidgetShortcut); // not while a cell is being edited
        connect(action, &QAction::triggered, b, &QToolButton::click);
        m_view->addAction(action);
    }
    return b;
}

QList<int> LinkListEditor::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        rows << index.row();
    if (rows.isEmpty() && m_view->currentIndex().isValid())
        rows << m_view->currentIndex().row();
    return rows;
}

QString LinkListEditor::currentTarget() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->index(current.row(), 0).data(Qt::EditRole).toString() : QString();
}

void LinkListEditor::updateButtons()
{
    const QModelIndex current = m_view->currentIndex();
    const QModelIndex target = current.isValid() ? m_model->index(current.row(), 0) : QModelIndex();
    bool anyBare = false;
    for (int row : selectedRows())
        anyBare = anyBare || m_model->isBareLink(row);
    m_convert->setEnabled(anyBare);
    if (m_reciprocal)
        m_reciprocal->setEnabled(target.isValid() && target.data(ArrayTableModel::ReciprocalMissingRole).toBool());
    const KnowledgeBase *kb = m_session->knowledgeBase();
    m_open->setEnabled(target.isValid() && kb->find(target.data(Qt::EditRole).toString()));
}

void LinkListEditor::say(const QString &message)
{
    m_message->setText(message);
}

bool LinkListEditor::addLink(const QString &id)
{
    say(QString());
    if (id.isEmpty())
        return false;
    if (id == m_session->record()->id()) {
        say(tr("A record cannot link to itself."));
        return false;
    }
    for (const Link &link : m_session->record()->links(m_kind)) {
        if (link.targetId == id) {
            say(tr("%1 is already listed.").arg(id));
            return false;
        }
    }
    m_model->appendRow(OrderedJson::object({{"error_id", id.toStdString()}}), tr("Add link to %1").arg(id));
    m_target->clear();
    const int row = m_model->rowCount() - 1;
    m_view->setCurrentIndex(m_model->index(row, 0));
    if (!m_session->knowledgeBase()->find(id))
        say(tr("No record %1 in this KB yet: the link dangles.").arg(id));
    return true;
}

void LinkListEditor::removeSelected()
{
    const QList<int> rows = selectedRows();
    if (!rows.isEmpty())
        m_model->removeRowsAt(rows);
}

void LinkListEditor::moveCurrent(int delta)
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return;
    const int target = current.row() + delta;
    if (target < 0 || target >= m_model->rowCount())
        return;
    m_model->moveRow(current.row(), delta);
    m_view->setCurrentIndex(m_model->index(target, current.column()));
}

void LinkListEditor::convertSelected()
{
    const QList<int> rows = selectedRows();
    m_model->convertToObjects(rows);
    if (!rows.isEmpty())
        m_view->setCurrentIndex(m_model->index(rows.first(), 0));
}

void LinkListEditor::requestReciprocal()
{
    const QString target = currentTarget();
    if (target.isEmpty() || m_kind == Link::ConfusedWith)
        return;
    emit reciprocalRequested(ReciprocalLinks::Missing{m_session->record()->id(), m_kind, target});
}

} // namespace Errata
