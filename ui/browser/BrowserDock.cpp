#include "ui/browser/BrowserDock.h"

#include "models/itemmodels/RecordFilterModel.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/ErrorLines.h"
#include "models/lookup/LookupEngine.h"
#include "models/search/SearchQuery.h"
#include "ui/browser/LookupPanel.h"
#include "ui/browser/RecordTreeDelegate.h"
#include "ui/browser/SearchField.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace Errata {

namespace {

constexpr int LookupLimit = 25;

// A line typed or pasted is looked up, not searched word by word, when it
// reads like an error and like a statement: "KeyError: 'x'", "fatal:
// refusing to merge unrelated histories", "CUDA out of memory on device 0".
// A word or two ("error", "permission denied", "KeyError") and filters
// ("severity:error") stay a word search, as they always were.
bool readsAsError(const QString &text)
{
    const QString line = text.trimmed();
    if (!ErrorLines::looksLikeError(line) || SearchQuery::parse(line).hasFilters())
        return false;
    static const QRegularExpression statement(QStringLiteral(R"(\S:\s+\S)"));
    return line.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() >= 4 || statement.match(line).hasMatch();
}

// What the field shows for a pasted text: its first strongest error line
// (the exception at the end of a Python traceback), else its first line.
QString mainLine(const QString &text)
{
    ErrorLines::Line best;
    for (const ErrorLines::Line &line : ErrorLines::find(text)) {
        if (best.text.isEmpty() || line.strength > best.strength)
            best = line;
    }
    return best.text.trimmed();
}

} // namespace

BrowserDock::BrowserDock(QWidget *parent)
    : QDockWidget(tr("Records"), parent)
    , m_search(new SearchField)
    , m_count(new QLabel)
    , m_tree(new QTreeView)
    , m_lookup(new LookupPanel)
    , m_pages(new QStackedWidget)
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

    auto *words = new QWidget;
    auto *wordsLayout = new QVBoxLayout(words);
    wordsLayout->setContentsMargins(0, 0, 0, 0);
    wordsLayout->addWidget(m_count);
    wordsLayout->addWidget(m_tree);
    m_pages->addWidget(words);
    m_pages->addWidget(m_lookup);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_search);
    layout->addWidget(m_pages);
    setWidget(content);

    connect(m_search, &QLineEdit::textChanged, this, &BrowserDock::fieldChanged);
    connect(m_search, &SearchField::multiLinePasted, this, &BrowserDock::lookUp);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (isLookupMode())
            activateId(m_lookup->currentId());
        else
            activate(m_tree->currentIndex());
    });
    connect(m_tree, &QTreeView::activated, this, &BrowserDock::activate);
    connect(m_lookup, &LookupPanel::hitActivated, this, &BrowserDock::activateId);
    connect(m_lookup, &LookupPanel::wordSearchRequested, this, &BrowserDock::searchWords);
    connect(m_model, &QAbstractItemModel::modelReset, this, &BrowserDock::updateCount);
}

BrowserDock::~BrowserDock() = default;

void BrowserDock::setKnowledgeBase(const KnowledgeBase *kb, const SearchIndex *index,
                                   std::shared_ptr<const LookupEngine> lookup)
{
    m_engine = std::move(lookup);
    m_model->setKnowledgeBase(kb);
    m_filter->setIndex(index);
    applySearch();
}

void BrowserDock::setLookupEngine(std::shared_ptr<const LookupEngine> lookup)
{
    m_engine = std::move(lookup);
    if (isLookupMode())
        showLookup();
}

QLineEdit *BrowserDock::searchField() const
{
    return m_search;
}

void BrowserDock::setSearchText(const QString &text)
{
    if (SearchField::isMultiLine(text))
        lookUp(text);
    else
        m_search->setText(text);
}

void BrowserDock::lookUp(const QString &text)
{
    LogExcerpt excerpt = LogExcerpt::of(text); // a whole log pasted: its head and tail
    const QString line = mainLine(excerpt.text());
    if (line.isEmpty())
        return;
    m_pasted = true;
    m_pastedLines = int(text.trimmed().count(QLatin1Char('\n'))) + 1;
    m_excerpt = std::move(excerpt);
    m_shown = line;
    m_wordsOnly = false;
    setFieldText(line);
    showLookup();
}

void BrowserDock::searchWords()
{
    m_wordsOnly = true;
    givePasteUp();
    applySearch();
    m_search->setFocus();
}

bool BrowserDock::isLookupMode() const
{
    return m_pages->currentWidget() == m_lookup;
}

// The field shows the pasted text's main line from its start, without
// that counting as an edit.
void BrowserDock::setFieldText(const QString &text)
{
    m_settingText = true;
    m_search->setText(text);
    m_search->setCursorPosition(0);
    m_settingText = false;
}

// Typing in the field: an edit of the line shown for a paste gives the
// paste up; the text is then what was typed.
void BrowserDock::fieldChanged(const QString &text)
{
    if (m_settingText || SearchField::isMultiLine(text))
        return; // the field's multiLinePasted() has it
    if (m_pasted && m_search->text() != m_shown)
        givePasteUp();
    if (m_search->text().trimmed().isEmpty())
        m_wordsOnly = false;
    applySearch();
}

void BrowserDock::showLookup()
{
    m_pages->setCurrentWidget(m_lookup);
    if (!m_engine)
        m_lookup->setPreparing();
    else
        m_lookup->setResult(lookupResult());
    m_search->setToolTip(
        !m_pasted ? QString()
                  : tr("Looking up the pasted text (%Ln line(s)); Esc clears the field", nullptr, m_pastedLines));
}

LookupResult BrowserDock::lookupResult() const
{
    LookupResult result = m_engine->lookup(m_pasted ? m_excerpt.text() : m_search->text(), LookupLimit);
    if (m_pasted)
        m_excerpt.mapLines(result);
    return result;
}

void BrowserDock::givePasteUp()
{
    m_pasted = false;
    m_excerpt = LogExcerpt();
    m_shown.clear();
}

void BrowserDock::setGitStatus(std::shared_ptr<const GitStatus> status,
                               std::shared_ptr<const GitDeletedRecords> deleted)
{
    m_model->setGitStatus(std::move(status));
    m_model->setDeletedRecords(std::move(deleted));
    if (!isLookupMode() && !SearchQuery::parse(m_search->text()).gitStates.isEmpty())
        refreshSearch();
}

void BrowserDock::refreshSearch()
{
    if (isLookupMode()) { // the records found may have changed
        const QString current = m_lookup->currentId();
        showLookup();
        m_lookup->selectId(current);
        return;
    }
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
    if (!m_wordsOnly && (m_pasted || readsAsError(m_search->text()))) {
        showLookup();
        return;
    }
    m_pages->setCurrentIndex(0);
    m_search->setToolTip(QString());
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

// Every group with results, but only as many record rows as the filter model's budget: in a large KB "c" matches
// nearly all of them.
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
    if (isLookupMode())
        return m_lookup->hitCount();
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
    const QString deletedPath = target.data(RecordTreeModel::DeletedPathRole).toString();
    if (record)
        emit recordActivated(record);
    else if (!deletedPath.isEmpty())
        emit deletedRecordActivated(deletedPath);
    else if (target.isValid())
        m_tree->setExpanded(target, !m_tree->isExpanded(target));
}

void BrowserDock::activateId(const QString &id)
{
    const KnowledgeBase *kb = m_model->knowledgeBase();
    if (const Record *record = kb && !id.isEmpty() ? kb->find(id) : nullptr)
        emit recordActivated(record);
}

void BrowserDock::selectRecord(const Record *record)
{
    if (isLookupMode() && record)
        m_lookup->selectId(record->id());
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOf(record));
    if (!index.isValid())
        return;
    m_tree->scrollTo(index);
    m_tree->setCurrentIndex(index);
}

QString BrowserDock::currentDeletedPath() const
{
    return isLookupMode() ? QString() : m_tree->currentIndex().data(RecordTreeModel::DeletedPathRole).toString();
}

const Record *BrowserDock::currentRecord() const
{
    if (isLookupMode()) {
        const KnowledgeBase *kb = m_model->knowledgeBase();
        return kb ? kb->find(m_lookup->currentId()) : nullptr;
    }
    return reinterpret_cast<const Record *>(m_tree->currentIndex().data(RecordTreeModel::RecordRole).value<quintptr>());
}

// To the next (or previous) record row, over the rows of domains and
// categories between: Down opens a closed group on its way, Up passes it.
// Without a current row, Down starts at the first record.
void BrowserDock::moveCurrent(int step)
{
    const auto isRecord = [](const QModelIndex &index) {
        const int kind = index.data(RecordTreeModel::KindRole).toInt();
        return index.isValid() && (kind == RecordTreeModel::RecordNode || kind == RecordTreeModel::DeletedNode);
    };
    const QModelIndex current = m_tree->currentIndex();
    QModelIndex next = current.isValid() ? current : m_filter->index(0, 0);
    if (current.isValid() || !isRecord(next)) {
        do {
            if (step > 0 && !isRecord(next) && m_filter->hasChildren(next))
                m_tree->expand(next);
            next = step > 0 ? m_tree->indexBelow(next) : m_tree->indexAbove(next);
        } while (next.isValid() && !isRecord(next));
    }
    if (next.isValid())
        m_tree->setCurrentIndex(next);
}

bool BrowserDock::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_search && event->type() == QEvent::KeyPress && keyPressed(static_cast<QKeyEvent *>(event)->key()))
        return true;
    return QDockWidget::eventFilter(watched, event);
}

// Up and Down move through the results, in either mode; Esc leaves lookup.
bool BrowserDock::keyPressed(int key)
{
    if (key == Qt::Key_Down || key == Qt::Key_Up) {
        if (isLookupMode())
            m_lookup->moveCurrent(key == Qt::Key_Down ? 1 : -1);
        else
            moveCurrent(key == Qt::Key_Down ? 1 : -1);
        return true;
    }
    if (key == Qt::Key_Escape && isLookupMode()) {
        m_search->clear();
        return true;
    }
    return false;
}

} // namespace Errata
