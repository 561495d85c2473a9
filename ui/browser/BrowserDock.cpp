#include "browser/BrowserDock.h"

#include "browser/RecordTreeDelegate.h"
#include "itemmodels/RecordFilterModel.h"
#include "itemmodels/RecordTreeModel.h"
#include "kb/KnowledgeBase.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace Errata {

BrowserDock::BrowserDock(QWidget *parent)
    : QDockWidget(tr("Records"), parent)
    , m_search(new QLineEdit)
    , m_count(new QLabel)
    , m_tree(new QTreeView)
    , m_model(new RecordTreeModel(this))
    , m_filter(new RecordFilterModel(this))
    , m_delegate(new RecordTreeDelegate(this))
{
    setObjectName(QStringLiteral("BrowserDock"));
    m_search->setPlaceholderText(tr("Search: words, domain:, tier:, fix<0.5, has:zh, stale…"));
    m_search->setClearButtonEnabled(true);
    m_search->installEventFilter(this);
    m_count->setObjectName(QStringLiteral("resultCount"));
    m_filter->setSourceModel(m_model);
    m_tree->setModel(m_filter);
    m_tree->setItemDelegate(m_delegate);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(false);
    m_tree->setExpandsOnDoubleClick(false); // activate() toggles groups, for Enter too
    m_tree->header()->setStretchLastSection(true);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_search);
    layout->addWidget(m_count);
    layout->addWidget(m_tree);
    setWidget(content);

    connect(m_search, &QLineEdit::textChanged, this, &BrowserDock::applySearch);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { activate(m_tree->currentIndex()); });
    connect(m_tree, &QTreeView::activated, this, &BrowserDock::activate);
    connect(m_model, &QAbstractItemModel::modelReset, this, &BrowserDock::updateCount);
}

void BrowserDock::setKnowledgeBase(const KnowledgeBase *kb, const SearchIndex *index)
{
    m_model->setKnowledgeBase(kb);
    m_filter->setIndex(index);
    applySearch();
}

void BrowserDock::setSearchText(const QString &text)
{
    m_search->setText(text);
}

void BrowserDock::refreshSearch()
{
    if (m_search->text().trimmed().isEmpty())
        return;
    const Record *current = currentRecord();
    m_filter->setSearchText(m_search->text());
    expandResults();
    if (current)
        selectRecord(current);
    updateCount();
}

QString BrowserDock::searchText() const
{
    return m_search->text();
}

void BrowserDock::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void BrowserDock::applySearch()
{
    m_filter->setSearchText(m_search->text());
    m_delegate->setHighlightWords(m_filter->query().words);
    if (m_filter->isSearching()) {
        expandResults();
        m_tree->setCurrentIndex(m_filter->firstResult());
    } else {
        m_tree->collapseAll();
        m_tree->expandToDepth(0);
    }
    m_tree->viewport()->update();
    updateCount();
}

// Every group with results, but only as many record rows as the filter
// model's budget: at 50,000 records "c" matches nearly all of them.
void BrowserDock::expandResults()
{
    m_tree->collapseAll();
    for (const QModelIndex &group : m_filter->groupsToExpand())
        m_tree->expand(group);
}

void BrowserDock::updateCount()
{
    const KnowledgeBase *kb = m_model->knowledgeBase();
    const int total = kb ? kb->count() : 0;
    m_count->setText(m_filter->isSearching() ? tr("%Ln result(s) of %L1", nullptr, m_filter->resultCount()).arg(total)
                                             : tr("%Ln record(s)", nullptr, total));
}

int BrowserDock::resultCount() const
{
    return m_filter->isSearching() ? m_filter->resultCount()
                                   : (m_model->knowledgeBase() ? m_model->knowledgeBase()->count() : 0);
}

void BrowserDock::activate(const QModelIndex &index)
{
    // Enter with nothing chosen opens the best result; on a group, Enter or
    // a double click opens or closes it (searches leave the groups beyond
    // the first thousand records closed).
    QModelIndex target = index;
    if (!target.isValid() && m_filter->isSearching())
        target = m_filter->firstResult();
    const auto record = reinterpret_cast<const Record *>(target.data(RecordTreeModel::RecordRole).value<quintptr>());
    if (record)
        emit recordActivated(record);
    else if (target.isValid())
        m_tree->setExpanded(target, !m_tree->isExpanded(target));
}

void BrowserDock::selectRecord(const Record *record)
{
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOf(record));
    if (!index.isValid())
        return;
    m_tree->scrollTo(index);
    m_tree->setCurrentIndex(index);
}

const Record *BrowserDock::currentRecord() const
{
    return reinterpret_cast<const Record *>(m_tree->currentIndex().data(RecordTreeModel::RecordRole).value<quintptr>());
}

void BrowserDock::moveCurrent(int step)
{
    const QModelIndex current = m_tree->currentIndex();
    QModelIndex next = step > 0 ? m_tree->indexBelow(current) : m_tree->indexAbove(current);
    if (!current.isValid())
        next = m_filter->index(0, 0);
    if (next.isValid())
        m_tree->setCurrentIndex(next);
}

bool BrowserDock::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Up) {
            moveCurrent(key == Qt::Key_Down ? 1 : -1);
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

} // namespace Errata
