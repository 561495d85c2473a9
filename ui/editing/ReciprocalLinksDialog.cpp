#include "ui/editing/ReciprocalLinksDialog.h"
#include "models/text/DisplayName.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Errata {

ReciprocalLinksDialog::ReciprocalLinksDialog(const QList<ReciprocalLinks::Missing> &missing, QWidget *parent)
    : QDialog(parent)
    , m_missing(missing)
    , m_list(new QTreeWidget)
{
    setWindowTitle(tr("Missing Reciprocal Links"));
    auto *intro = new QLabel(tr("These records lack the link back to a record that links to them. The ticked links "
                                "are added and the changed files are written at once; records with unsaved edits "
                                "must be saved first. git shows (and can revert) the change."));
    intro->setWordWrap(true);
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Record to change"), tr("Link to add"), tr("Because")});
    m_list->header()->resizeSection(0, 300);
    m_list->header()->resizeSection(1, 320);
    for (const ReciprocalLinks::Missing &item : missing) {
        auto *row = new QTreeWidgetItem(
            m_list,
            {item.targetId,
             QStringLiteral("%1 → %2").arg(QLatin1String(Link::key(item.missingKind())),
                                           DisplayName::of(item.sourceId)),
             tr("%1 %2 it").arg(DisplayName::of(item.sourceId), QLatin1String(Link::key(item.kind)))});
        row->setCheckState(0, Qt::Checked);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_fix = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_fix->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemChanged, this, &ReciprocalLinksDialog::updateButton);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(980, 520);
    updateButton();
}

QList<ReciprocalLinks::Missing> ReciprocalLinksDialog::chosen() const
{
    QList<ReciprocalLinks::Missing> list;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->checkState(0) == Qt::Checked)
            list << m_missing.at(i);
    }
    return list;
}

void ReciprocalLinksDialog::updateButton()
{
    const int count = int(chosen().size());
    m_fix->setText(tr("Add %Ln Link(s)", nullptr, count));
    m_fix->setEnabled(count > 0);
}

} // namespace Errata
