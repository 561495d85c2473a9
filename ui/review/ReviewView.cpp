#include "ui/review/ReviewView.h"

#include "models/itemmodels/ReviewFilterModel.h"
#include "models/itemmodels/ReviewModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/review/ReviewTally.h"
#include "models/settings/Settings.h"
#include "ui/editing/EditSession.h"
#include "ui/review/ReviewPane.h"
#include "ui/review/ReviewStatusDelegate.h"
#include "ui/style/StatusColors.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

namespace Errata {

namespace {

const QStringList Tiers = {QStringLiteral("ai_generated"), QStringLiteral("human_reviewed"),
                           QStringLiteral("community_verified"), QStringLiteral("expert_verified")};

QString fraction(int part, int whole)
{
    return whole == 0 ? QStringLiteral("—") : QStringLiteral("%1/%2").arg(part).arg(whole);
}

OrderedJson toJson(TranslationStatus::Field field, const QString &text)
{
    if (field != TranslationStatus::Workarounds)
        return OrderedJson(text.toStdString());
    OrderedJson items = OrderedJson::array();
    for (const QString &line : text.split(QLatin1Char('\n')))
        items.push_back(line.toStdString());
    return items;
}

} // namespace

ReviewView::ReviewView(QWidget *parent)
    : QWidget(parent)
    , m_model(new ReviewModel(this))
    , m_filter(new ReviewFilterModel(this))
    , m_domains(new QTreeWidget(this))
    , m_status(new QComboBox(this))
    , m_tier(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_errorBar(new QLabel(this))
    , m_table(new QTableView(this))
    , m_pane(new ReviewPane(m_model, this))
    , m_horizontal(new QSplitter(Qt::Horizontal, this))
    , m_vertical(new QSplitter(Qt::Vertical, this))
{
    m_filter->setSourceModel(m_model);
    configureTable();
    configureDomains();
    createActions();
    createLayout();
    followModel();
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &ReviewView::currentRowChanged);
    connect(m_table, &QTableView::activated, this, [this] { m_pane->focusField(m_pane->currentField()); });
    connect(m_domains, &QTreeWidget::currentItemChanged, this, &ReviewView::applyFilters);
    connect(m_status, &QComboBox::currentIndexChanged, this, &ReviewView::applyFilters);
    connect(m_tier, &QComboBox::currentIndexChanged, this, &ReviewView::applyFilters);
    connect(m_pane, &ReviewPane::chineseEdited, this, &ReviewView::editChinese);
    connect(m_pane, &ReviewPane::acceptRequested, this, &ReviewView::accept);
    connect(m_pane, &ReviewPane::reopenRequested, this, &ReviewView::reopen);
    restoreSettings();
}

ReviewView::~ReviewView()
{
    saveSettings();
}

void ReviewView::configureTable()
{
    m_table->setModel(m_filter);
    m_table->setItemDelegate(new ReviewStatusDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ReviewModel::IdColumn, Qt::AscendingOrder);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);     // keep the domain and the name
    m_table->hideColumn(ReviewModel::DomainColumn); // the id starts with it
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ReviewModel::IdColumn, QHeaderView::Stretch);
}

void ReviewView::configureDomains()
{
    m_domains->setHeaderLabels({tr("Domain"), tr("Translated"), tr("Reviewed")});
    m_domains->setRootIsDecorated(false);
    m_domains->header()->setStretchLastSection(false);
    m_domains->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_domains->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_summary->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("reviewSummary"));
}

// Filters on top; the domains and their progress on the left; the table
// above the selected record's pairs on the right.
void ReviewView::createLayout()
{
    m_errorBar->setWordWrap(true);
    m_errorBar->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: %2; padding: 6px; }")
            .arg(StatusColors::bannerBackground(palette()).name(), StatusColors::bannerText(palette()).name()));
    m_errorBar->hide();
    m_vertical->addWidget(m_table);
    m_vertical->addWidget(m_pane);
    m_vertical->setStretchFactor(0, 1);
    m_vertical->setStretchFactor(1, 2);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_domains, 1);
    leftLayout->addWidget(m_summary);
    m_horizontal->addWidget(left);
    m_horizontal->addWidget(m_vertical);
    m_horizontal->setStretchFactor(1, 1);
    m_horizontal->setSizes({230, 900});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(createFilterBar());
    layout->addWidget(m_errorBar);
    layout->addWidget(m_horizontal, 1);
}

// Progress is recounted shortly after any change; the pane follows edits,
// and lets go of a record that goes away.
void ReviewView::followModel()
{
    m_progressTimer.setSingleShot(true);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &ReviewView::updateProgress);
    connect(m_model, &QAbstractItemModel::modelReset, &m_progressTimer, qOverload<>(&QTimer::start));
    connect(m_model, &QAbstractItemModel::rowsInserted, &m_progressTimer, qOverload<>(&QTimer::start));
    connect(m_model, &QAbstractItemModel::rowsRemoved, &m_progressTimer, qOverload<>(&QTimer::start));
    connect(m_model, &ReviewModel::reviewsChanged, &m_progressTimer, qOverload<>(&QTimer::start));
    connect(m_model, &ReviewModel::countingProgress, this, &ReviewView::showCounting);
    connect(m_model, &ReviewModel::counted, this, [this] {
        updateProgress();
        const Position pending = std::exchange(m_pending, {});
        if (pending.record)
            selectRecord(pending.record, pending.field);
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this] {
        m_pane->refresh();
        m_progressTimer.start();
    });
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_pane->showRecord(nullptr); });
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this](const QModelIndex &, int first, int last) {
        for (int row = first; row <= last; ++row) {
            if (m_model->recordAt(row) == m_pane->record())
                m_pane->showRecord(nullptr);
        }
    });
    const auto unpin = [this] {
        if (!m_pane->record())
            m_filter->setPinned(nullptr);
    };
    connect(m_model, &QAbstractItemModel::modelReset, this, unpin);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, unpin);
}

QWidget *ReviewView::createFilterBar()
{
    m_status->addItem(tr("All fields"), int(ReviewFilterModel::AnyStatus));
    m_status->addItem(tr("Unfinished"), int(ReviewFilterModel::Unfinished));
    for (int status = TranslationStatus::Missing; status <= TranslationStatus::Reviewed; ++status)
        m_status->addItem(ReviewModel::statusText(TranslationStatus::Status(status)), status);
    m_tier->addItem(tr("All tiers"), QString());
    for (const QString &tier : Tiers)
        m_tier->addItem(tier, tier);
    auto *bar = new QWidget(this);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *statusLabel = new QLabel(tr("&Status:"));
    statusLabel->setBuddy(m_status);
    auto *tierLabel = new QLabel(tr("&Tier:"));
    tierLabel->setBuddy(m_tier);
    layout->addWidget(statusLabel);
    layout->addWidget(m_status);
    layout->addWidget(tierLabel);
    layout->addWidget(m_tier);
    layout->addSpacing(12);
    for (QAction *action : {m_previous, m_next, m_accept}) {
        auto *button = new QToolButton(bar);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->addWidget(button);
    }
    layout->addStretch(1);
    return bar;
}

void ReviewView::createActions()
{
    m_accept = new QAction(tr("&Accept and Next"), this);
    m_accept->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_next = new QAction(tr("&Next Unfinished"), this);
    m_next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_previous = new QAction(tr("&Previous Unfinished"), this);
    m_previous->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    for (QAction *action : {m_accept, m_next, m_previous}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(action->text().remove(QLatin1Char('&')),
                                                         action->shortcut().toString(QKeySequence::NativeText)));
        addAction(action);
    }
    connect(m_accept, &QAction::triggered, this, &ReviewView::acceptCurrent);
    connect(m_next, &QAction::triggered, this, &ReviewView::nextUnfinished);
    connect(m_previous, &QAction::triggered, this, &ReviewView::previousUnfinished);
}

// Hidden, the view waits for the KB: its rows need every record read in
// full (ReviewModel summarises them in the background), which a window
// that never shows review mode should not pay for.
void ReviewView::setKnowledgeBase(KnowledgeBase *kb)
{
    m_kb = kb;
    attachKnowledgeBase(isHidden() ? nullptr : kb);
}

void ReviewView::setVisible(bool visible)
{
    QWidget::setVisible(visible);
    if (visible && m_attached != m_kb)
        attachKnowledgeBase(m_kb);
}

void ReviewView::attachKnowledgeBase(KnowledgeBase *kb)
{
    m_attached = kb;
    QString error;
    const bool loaded = m_model->setKnowledgeBase(kb, &error);
    m_errorBar->setVisible(!loaded);
    if (!loaded)
        m_errorBar->setText(tr("The review file could not be read, so reviews are not shown and cannot be recorded "
                               "until it is fixed or removed: %1")
                                .arg(error));
    updateProgress();
}

Record *ReviewView::currentRecord() const
{
    // The KB owns its records; the model hands them out read-only.
    return const_cast<Record *>(m_pane->record());
}

void ReviewView::currentRowChanged(const QModelIndex &current, const QModelIndex &previous)
{
    TranslationStatus::Field field;
    if (ReviewModel::fieldOf(current.column(), &field))
        m_pane->setCurrentField(field);
    if (current.isValid() && previous.isValid() && current.row() == previous.row())
        return;
    const QModelIndex source = m_filter->mapToSource(current);
    const Record *record = source.isValid() ? m_model->recordAt(source.row()) : nullptr;
    if (record == m_pane->record())
        return;
    m_pane->showRecord(record);
    m_filter->setPinned(record); // stays in view while its status changes
    if (record)
        emit recordSelected(const_cast<Record *>(record));
}

void ReviewView::selectRecord(const Record *record, TranslationStatus::Field field)
{
    if (m_model->isCounting()) { // selected once the rows are there
        m_pending = {record, field};
        return;
    }
    const int row = m_model->rowOf(record);
    if (row < 0)
        return;
    QModelIndex index = m_filter->mapFromSource(m_model->index(row, ReviewModel::columnOf(field)));
    if (!index.isValid()) { // filtered out: show everything again
        m_domains->setCurrentItem(m_domains->topLevelItem(0));
        m_status->setCurrentIndex(0);
        m_tier->setCurrentIndex(0);
        index = m_filter->mapFromSource(m_model->index(row, ReviewModel::columnOf(field)));
    }
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index);
    m_pane->setCurrentField(field);
}

void ReviewView::editChinese(TranslationStatus::Field field, const QString &text)
{
    Record *record = currentRecord();
    if (!record || !m_sessionProvider)
        return;
    const QString key = TranslationStatus::chineseKey(field);
    const QString pointer = QLatin1Char('/') + key;
    const bool present = record->json().contains(key.toStdString());
    std::optional<OrderedJson> value;
    if (!text.trimmed().isEmpty())
        value = toJson(field, text);
    if (value ? present && record->value(pointer) == *value : !present)
        return;
    EditSession *session = m_sessionProvider(record);
    if (session)
        session->change({{pointer, value}}, tr("Edit %1").arg(key), true);
}

bool ReviewView::acceptCurrent()
{
    if (!m_pane->record()) {
        emit message(tr("Select a record to review first."));
        return false;
    }
    const TranslationStatus::Field field = m_pane->currentField();
    const Position next = findUnfinished(1);
    QString error;
    if (!m_model->accept(m_pane->record(), field, &error)) {
        emit message(error);
        return false;
    }
    emit message(tr("Accepted %1 of %2.").arg(ReviewModel::fieldName(field), m_pane->record()->id()));
    if (!moveTo(next))
        emit message(tr("Every field shown is reviewed."));
    return true;
}

void ReviewView::accept(TranslationStatus::Field field)
{
    m_pane->setCurrentField(field);
    acceptCurrent();
}

void ReviewView::reopen(TranslationStatus::Field field)
{
    QString error;
    if (m_pane->record() && !m_model->unaccept(m_pane->record(), field, &error))
        emit message(error);
}

bool ReviewView::nextUnfinished()
{
    if (moveTo(findUnfinished(1)))
        return true;
    emit message(tr("No other unfinished field in view."));
    return false;
}

bool ReviewView::previousUnfinished()
{
    if (moveTo(findUnfinished(-1)))
        return true;
    emit message(tr("No other unfinished field in view."));
    return false;
}

ReviewView::Position ReviewView::findUnfinished(int step) const
{
    const int rows = m_filter->rowCount();
    const int cells = rows * TranslationStatus::FieldCount;
    if (cells == 0)
        return {};
    const int row = m_pane->record()
        ? m_filter->mapFromSource(m_model->index(m_model->rowOf(m_pane->record()), 0)).row()
        : -1;
    const int start = row >= 0 ? row * TranslationStatus::FieldCount + int(m_pane->currentField())
                               : (step > 0 ? -1 : cells);
    const int tries = row >= 0 ? cells - 1 : cells;
    for (int i = 1; i <= tries; ++i) {
        const int cell = ((start + step * i) % cells + cells) % cells;
        const int sourceRow = m_filter->mapToSource(m_filter->index(cell / TranslationStatus::FieldCount, 0)).row();
        const auto field = TranslationStatus::Field(cell % TranslationStatus::FieldCount);
        if (TranslationStatus::isUnfinished(m_model->status(sourceRow, field)))
            return {m_model->recordAt(sourceRow), field};
    }
    return {};
}

bool ReviewView::moveTo(const Position &position)
{
    if (!position.record)
        return false;
    selectRecord(position.record, position.field);
    m_pane->focusField(position.field);
    return true;
}

void ReviewView::applyFilters()
{
    const QTreeWidgetItem *domain = m_domains->currentItem();
    m_filter->setDomain(domain ? domain->data(0, Qt::UserRole).toString() : QString());
    m_filter->setStatus(m_status->currentData().toInt());
    m_filter->setTier(m_tier->currentData().toString());
}

void ReviewView::showCounting(int done, int total)
{
    m_summary->setText(
        tr("Reading the translations: %1 of %Ln record(s)…", nullptr, total).arg(QLocale().toString(done)));
}

void ReviewView::updateProgress()
{
    m_domains->setEnabled(!m_model->isCounting()); // the figures of the KB before, if any
    if (m_model->isCounting())
        return; // showCounting() says how far it has come
    const QMap<QString, ReviewTally::Counts> domains = m_model->tally();
    const ReviewTally::Counts total = ReviewTally::total(domains);
    const QString selected = m_domains->currentItem() ? m_domains->currentItem()->data(0, Qt::UserRole).toString()
                                                      : Settings::reviewDomain();
    const QSignalBlocker blocker(m_domains);
    m_domains->clear();
    const auto addItem = [this](const QString &name, const QString &domain, const ReviewTally::Counts &counts) {
        auto *item = new QTreeWidgetItem(
            m_domains,
            {name, fraction(counts.complete(), counts.applicable()), fraction(counts.reviewed(), counts.applicable())});
        item->setData(0, Qt::UserRole, domain);
        item->setTextAlignment(1, Qt::AlignRight);
        item->setTextAlignment(2, Qt::AlignRight);
        return item;
    };
    QTreeWidgetItem *current = addItem(tr("All domains"), QString(), total);
    for (auto it = domains.cbegin(); it != domains.cend(); ++it) {
        QTreeWidgetItem *item = addItem(it.key(), it.key(), it.value());
        if (it.key() == selected)
            current = item;
    }
    m_domains->setCurrentItem(current);
    m_summary->setText(tr("%1 of %2 fields translated, %3 reviewed")
                           .arg(total.complete())
                           .arg(total.applicable())
                           .arg(total.reviewed()));
    applyFilters();
}

void ReviewView::restoreSettings()
{
    const int status = m_status->findData(Settings::reviewStatus(int(ReviewFilterModel::Unfinished)));
    m_status->setCurrentIndex(std::max(status, 0));
    m_tier->setCurrentIndex(std::max(m_tier->findData(Settings::reviewTier()), 0));
    m_horizontal->restoreState(Settings::reviewSplitter(Qt::Horizontal));
    m_vertical->restoreState(Settings::reviewSplitter(Qt::Vertical));
}

void ReviewView::saveSettings() const
{
    Settings::setReviewStatus(m_status->currentData().toInt());
    Settings::setReviewTier(m_tier->currentData().toString());
    Settings::setReviewDomain(m_filter->domain());
    Settings::setReviewSplitter(Qt::Horizontal, m_horizontal->saveState());
    Settings::setReviewSplitter(Qt::Vertical, m_vertical->saveState());
}

} // namespace Errata
