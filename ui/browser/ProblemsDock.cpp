#include "ui/browser/ProblemsDock.h"

#include "models/itemmodels/ProblemListModel.h"
#include "ui/browser/RecordTreeDelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace Errata {

namespace {

// Adds the severity icon to the first column.
class SeverityIconModel : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::DecorationRole && index.column() == ProblemListModel::SeverityColumn)
            return RecordTreeDelegate::severityIcon(index.data(ProblemListModel::SeverityRole).toInt());
        return QIdentityProxyModel::data(index, role);
    }
};

} // namespace

ProblemsDock::ProblemsDock(QWidget *parent)
    : QDockWidget(tr("Problems"), parent)
    , m_model(new ProblemListModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_severity(new QComboBox)
    , m_count(new QLabel)
    , m_hint(new QLabel)
    , m_view(new QTableView)
{
    setObjectName(QStringLiteral("ProblemsDock"));
    auto *icons = new SeverityIconModel(this);
    icons->setSourceModel(m_model);
    m_filter->setSourceModel(icons);
    m_filter->setFilterRole(ProblemListModel::SeverityRole);
    m_severity->addItem(tr("Errors"), QStringLiteral("^0$"));
    m_severity->addItem(tr("Errors and warnings"), QStringLiteral("^[01]$"));
    m_severity->addItem(tr("All, with infos"), QString());
    m_severity->setCurrentIndex(1);
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_hint->setWordWrap(true);
    m_hint->setTextInteractionFlags(Qt::TextSelectableByMouse); // the command, to copy
    m_hint->setFrameShape(QFrame::StyledPanel);
    m_hint->setMargin(6);
    m_hint->hide();

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:")));
    bar->addWidget(m_severity);
    bar->addStretch();
    bar->addWidget(m_count);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_hint);
    layout->addLayout(bar);
    layout->addWidget(m_view);
    setWidget(content);

    connect(m_severity, &QComboBox::currentIndexChanged, this, &ProblemsDock::applyFilter);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &ProblemsDock::updateCount);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &ProblemsDock::updateCount);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QString id = index.data(ProblemListModel::RecordIdRole).toString();
        if (id.isEmpty())
            emit fileProblemActivated(index.data(ProblemListModel::FileRole).toString());
        else
            emit problemActivated(id, index.data(ProblemListModel::PointerRole).toString());
    });
    applyFilter();
}

void ProblemsDock::setKnowledgeBase(const KnowledgeBase *kb)
{
    m_hint->clear();
    m_hint->hide();
    m_model->setKnowledgeBase(kb);
    m_view->resizeColumnToContents(ProblemListModel::SeverityColumn);
    m_view->setColumnWidth(ProblemListModel::FileColumn, 280);
    m_view->setColumnWidth(ProblemListModel::FieldColumn, 200);
}

void ProblemsDock::showHint(const QString &text)
{
    m_hint->setText(text);
    m_hint->show();
    show();
    raise();
}

void ProblemsDock::applyFilter()
{
    m_filter->setFilterRegularExpression(m_severity->currentData().toString());
    updateCount();
}

void ProblemsDock::updateCount()
{
    m_count->setText(tr("%Ln shown", nullptr, m_filter->rowCount()) + QStringLiteral(" / ")
                     + tr("%Ln in all", nullptr, m_model->rowCount()));
}

} // namespace Errata
