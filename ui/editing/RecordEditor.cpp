#include "ui/editing/RecordEditor.h"

#include "models/git/GitHeadFile.h"
#include "models/itemmodels/ArrayTableModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/links/BacklinkList.h"
#include "models/matching/RegexEngine.h"
#include "models/record/Record.h"
#include "ui/editing/ArrayItemDelegate.h"
#include "ui/editing/DiffView.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/FieldBindings.h"
#include "ui/editing/LinkListEditor.h"
#include "ui/editing/RecordUndoKeys.h"
#include "ui/style/StatusColors.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Errata {

namespace {

using Column = ArrayTableModel::Column;

QPlainTextEdit *textBox(int lines)
{
    auto *edit = new QPlainTextEdit;
    edit->setTabChangesFocus(true);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * lines + 12);
    return edit;
}

QScrollArea *scrolled(QWidget *content)
{
    auto *area = new QScrollArea;
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

const QStringList RootCauseTypes = {QStringLiteral("generic"), QStringLiteral("version_specific"),
                                    QStringLiteral("os_specific"), QStringLiteral("hardware_specific"),
                                    QStringLiteral("config_specific")};

} // namespace

RecordEditor::RecordEditor(EditSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings(new FieldBindings(session, this))
    , m_pages(new QTabWidget)
    , m_problems(new QListWidget)
{
    m_pages->setDocumentMode(true);
    m_pages->addTab(recordPage(), tr("&Record"));
    m_pages->addTab(versionsPage(), tr("&Versions && OS"));
    m_pages->addTab(tablePage(m_tables.value(2), tr("What people try that does not fix the error.")), tr("&Dead ends"));
    m_pages->addTab(tablePage(m_tables.value(3), tr("What fixes it; the Chinese column is workarounds_zh.")),
                    tr("&Workarounds"));
    m_pages->addTab(linksPage(), tr("&Links"));
    m_pages->addTab(trustPage(), tr("&Trust && docs"));
    m_pages->addTab(jsonPage(), tr("&JSON"));
    m_pages->addTab(changesPage(), tr("C&hanges"));
    m_problems->setMaximumHeight(110);
    new RecordUndoKeys(this, m_session->undoStack());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_problems);
    connect(m_problems, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { focusField(item->data(Qt::UserRole).toString()); });
    connect(m_session->knowledgeBase(), &KnowledgeBase::recordChanged, this, [this](const Record *record) {
        if (record == m_session->record())
            refresh();
    });
    connect(m_session, &EditSession::validated, this, &RecordEditor::showProblems);
    connect(m_pages, &QTabWidget::currentChanged, this, &RecordEditor::updateJsonAndChanges);
    // A save changes what the file on disk holds: the Changes page, if shown, follows.
    connect(m_session, &EditSession::dirtyChanged, this, &RecordEditor::updateJsonAndChanges);
    refresh();
    showProblems(m_session->problems());
}

QWidget *RecordEditor::recordPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);

    auto *identity = new QGroupBox(tr("Identity"));
    auto *identityForm = new QFormLayout(identity);
    auto *id = new QLineEdit;
    id->setReadOnly(true);
    id->setToolTip(tr("The id is the file path; rename a record from the Record menu."));
    m_bindings->bindLine(id, QStringLiteral("/id"), tr("id"));
    identityForm->addRow(tr("Id:"), id);
    const struct
    {
        const char *pointer;
        const char *label;
        bool nullable;
    } lines[] = {{"/domain", QT_TR_NOOP("Domain:"), false},
                 {"/category", QT_TR_NOOP("Category:"), false},
                 {"/subcategory", QT_TR_NOOP("Subcategory:"), true},
                 {"/locale", QT_TR_NOOP("Locale:"), false}};
    for (const auto &line : lines) {
        auto *edit = new QLineEdit;
        m_bindings->bindLine(edit, QString::fromLatin1(line.pointer), QString::fromLatin1(line.pointer + 1),
                             line.nullable);
        identityForm->addRow(tr(line.label), edit);
    }
    auto *tags = textBox(3);
    m_bindings->bindList(tags, QStringLiteral("/tags"), tr("tags"));
    identityForm->addRow(tr("Tags (one per line):"), tags);
    auto *aliases = textBox(3);
    m_bindings->bindList(aliases, QStringLiteral("/aliases"), tr("aliases"));
    identityForm->addRow(tr("Aliases (one per line):"), aliases);
    layout->addWidget(identity);

    auto *signature = new QGroupBox(tr("Signature and regex"));
    auto *signatureForm = new QFormLayout(signature);
    auto *sig = textBox(3);
    m_bindings->bindText(sig, QStringLiteral("/signature"), tr("signature"));
    signatureForm->addRow(tr("Signature:"), sig);
    auto *sigZh = textBox(3);
    m_bindings->bindText(sigZh, QStringLiteral("/signature_zh"), tr("Chinese signature"));
    signatureForm->addRow(tr("Signature (中文):"), sigZh);
    auto *regex = new QLineEdit;
    regex->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_bindings->bindLine(regex, QStringLiteral("/regex"), tr("regex"));
    signatureForm->addRow(tr("Regex (RE2):"), regex);
    m_regexCheck = new QLabel;
    signatureForm->addRow(QString(), m_regexCheck);
    layout->addWidget(signature);

    auto *cause = new QGroupBox(tr("Root cause"));
    auto *causeForm = new QFormLayout(cause);
    auto *rootCause = textBox(3);
    m_bindings->bindText(rootCause, QStringLiteral("/root_cause"), tr("root cause"));
    causeForm->addRow(tr("Root cause:"), rootCause);
    auto *type = new QComboBox;
    type->setEditable(true);
    type->addItems(RootCauseTypes);
    m_bindings->bindChoice(type, QStringLiteral("/root_cause_type"), tr("root cause type"));
    causeForm->addRow(tr("Type:"), type);
    auto *causeZh = textBox(3);
    m_bindings->bindText(causeZh, QStringLiteral("/root_cause_zh"), tr("Chinese root cause"));
    causeForm->addRow(tr("Root cause (中文):"), causeZh);
    layout->addWidget(cause);
    layout->addStretch();

    // The tables of the other pages are made here so that their order is fixed.
    const QStringList statuses{QStringLiteral("active"), QStringLiteral("deprecated"), QStringLiteral("removed"),
                               QStringLiteral("fixed")};
    const auto table = [this](const QString &pointer, const QList<Column> &columns) {
        auto *model = new ArrayTableModel(pointer, columns, this);
        model->setEditFunction([this](const QList<ArrayTableModel::Change> &changes, const QString &what) {
            QList<ChangeValuesCommand::Change> commands;
            for (const auto &change : changes)
                commands << ChangeValuesCommand::Change{change.pointer, change.value};
            m_session->change(commands, what);
        });
        model->setRecord(m_session->knowledgeBase(), m_session->record());
        m_tables << model;
        return model;
    };
    table(QStringLiteral("/versions"),
          {{tr("Version"), QStringLiteral("version")},
           {tr("Introduced"), QStringLiteral("introduced")},
           {tr("Deprecated"), QStringLiteral("deprecated")},
           {tr("Removed"), QStringLiteral("removed")},
           {tr("Behavior change"), QStringLiteral("behavior_change")},
           {tr("Status"), QStringLiteral("status"), ArrayTableModel::Choice, statuses}});
    table(QStringLiteral("/os_specific"), {{tr("OS"), QStringLiteral("@key")}, {tr("Note"), QStringLiteral("@value")}})
        ->setObjectMode(true);
    table(QStringLiteral("/dead_ends"),
          {{tr("Action"), QStringLiteral("action")},
           {tr("Why it fails"), QStringLiteral("why_fails")},
           {tr("Fail rate"), QStringLiteral("fail_rate"), ArrayTableModel::Rate},
           {tr("Condition"), QStringLiteral("condition")},
           {tr("Sources"), QStringLiteral("sources"), ArrayTableModel::StringList}});
    table(QStringLiteral("/workarounds"),
          {{tr("Action"), QStringLiteral("action")},
           {tr("Success rate"), QStringLiteral("success_rate"), ArrayTableModel::Rate},
           {tr("How"), QStringLiteral("how")},
           {tr("Condition"), QStringLiteral("condition")},
           {tr("Trade-off"), QStringLiteral("tradeoff")},
           {tr("Sources"), QStringLiteral("sources"), ArrayTableModel::StringList},
           {tr("Chinese (workarounds_zh)"), QString(), ArrayTableModel::Text, {}, QStringLiteral("workarounds_zh")}});
    const QList<Column> directional{{tr("Target id"), QStringLiteral("error_id")},
                                    {tr("Probability"), QStringLiteral("probability"), ArrayTableModel::Rate},
                                    {tr("Condition"), QStringLiteral("condition")},
                                    {tr("Typical delay"), QStringLiteral("typical_delay")}};
    table(QStringLiteral("/transition_graph/leads_to"), directional);
    table(QStringLiteral("/transition_graph/preceded_by"), directional);
    table(QStringLiteral("/transition_graph/frequently_confused_with"),
          {{tr("Target id"), QStringLiteral("error_id")}, {tr("Distinction"), QStringLiteral("distinction")}});
    return scrolled(page);
}

QTableView *RecordEditor::makeTable(ArrayTableModel *model)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setItemDelegate(new ArrayItemDelegate(view));
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                          | QAbstractItemView::AnyKeyPressed);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultSectionSize(180);
    view->setWordWrap(true);
    m_views << view;
    return view;
}

QWidget *RecordEditor::tablePage(ArrayTableModel *model, const QString &help)
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *view = makeTable(model);
    auto *buttons = new QHBoxLayout;
    const auto selectedRows = [view] {
        QList<int> rows;
        for (const QModelIndex &index : view->selectionModel()->selectedRows())
            rows << index.row();
        if (rows.isEmpty() && view->currentIndex().isValid())
            rows << view->currentIndex().row();
        return rows;
    };
    const auto button = [&](const QString &text, const QString &tip, auto action) {
        auto *b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, action);
        buttons->addWidget(b);
    };
    button(tr("Add"), tr("Add a row"), [model] { model->addRow(); });
    button(tr("Remove"), tr("Remove the selected rows"),
           [model, selectedRows] { model->removeRowsAt(selectedRows()); });
    button(tr("Duplicate"), tr("Duplicate the current row"), [model, view] {
        if (view->currentIndex().isValid())
            model->duplicateRow(view->currentIndex().row());
    });
    button(tr("Up"), tr("Move the current row up"), [model, view] {
        const QModelIndex current = view->currentIndex();
        if (current.isValid()) {
            model->moveRow(current.row(), -1);
            view->setCurrentIndex(model->index(current.row() - 1, current.column()));
        }
    });
    button(tr("Down"), tr("Move the current row down"), [model, view] {
        const QModelIndex current = view->currentIndex();
        if (current.isValid()) {
            model->moveRow(current.row(), 1);
            view->setCurrentIndex(model->index(current.row() + 1, current.column()));
        }
    });
    buttons->addStretch();
    auto *label = new QLabel(help);
    label->setWordWrap(true);
    layout->addWidget(label);
    layout->addWidget(view, 1);
    layout->addLayout(buttons);
    return page;
}

QWidget *RecordEditor::versionsPage()
{
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(tablePage(m_tables.value(0), tr("Versions: a package with a specifier, such as torch>=2.0.")));
    splitter->addWidget(
        tablePage(m_tables.value(1), tr("Notes for one operating system each (linux, windows, macos).")));
    return splitter;
}

QWidget *RecordEditor::linksPage()
{
    const struct
    {
        Link::Kind kind;
        const char *help;
    } lists[] = {{Link::LeadsTo, QT_TR_NOOP("Leads to: errors that often follow this one.")},
                 {Link::PrecededBy, QT_TR_NOOP("Preceded by: errors that often come before this one.")},
                 {Link::ConfusedWith, QT_TR_NOOP("Often confused with: similar errors, and how to tell them apart.")}};
    auto *splitter = new QSplitter(Qt::Vertical);
    for (const auto &list : lists) {
        auto *editor = new LinkListEditor(m_session, m_tables.value(4 + int(list.kind)), list.kind, tr(list.help));
        connect(editor, &LinkListEditor::recordLinkActivated, this, &RecordEditor::recordLinkActivated);
        connect(editor, &LinkListEditor::reciprocalRequested, this, &RecordEditor::reciprocalRequested);
        m_linkEditors << editor;
        m_views << editor->view();
        splitter->addWidget(editor);
    }
    splitter->addWidget(backlinksBox());
    return splitter;
}

// The records whose links point here, how, and whether this record links back.
QWidget *RecordEditor::backlinksBox()
{
    auto *box = new QGroupBox(tr("Linked from"));
    auto *layout = new QVBoxLayout(box);
    m_backlinks = new QTreeWidget;
    m_backlinks->setRootIsDecorated(false);
    m_backlinks->setHeaderLabels({tr("Record"), tr("Link"), tr("Details"), tr("Link back")});
    m_backlinks->header()->resizeSection(0, 300);
    m_backlinks->setToolTip(tr("Double-click to open the record"));
    connect(m_backlinks, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (item->data(1, Qt::UserRole).isValid()) // not the "no record links here" line
            emit recordLinkActivated(item->text(0));
    });
    m_backReciprocal = new QPushButton(tr("Add reciprocal link here"));
    m_backReciprocal->setToolTip(tr("Add to this record the link back to the selected record"));
    connect(m_backReciprocal, &QPushButton::clicked, this, &RecordEditor::requestBackReciprocal);
    connect(m_backlinks, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_backReciprocal->setEnabled(item && item->data(0, Qt::UserRole).toBool());
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_backReciprocal);
    buttons->addStretch();
    layout->addWidget(m_backlinks, 1);
    layout->addLayout(buttons);
    m_backlinkTimer = new QTimer(this);
    m_backlinkTimer->setSingleShot(true);
    connect(m_backlinkTimer, &QTimer::timeout, this, &RecordEditor::updateBacklinks);
    const KnowledgeBase *kb = m_session->knowledgeBase();
    for (auto signal :
         {&KnowledgeBase::recordChanged, &KnowledgeBase::recordAdded, &KnowledgeBase::recordAboutToBeRemoved})
        connect(kb, signal, m_backlinkTimer, qOverload<>(&QTimer::start));
    updateBacklinks();
    return box;
}

void RecordEditor::updateBacklinks()
{
    const QString id = m_session->record()->id();
    const QString current = m_backlinks->currentItem() ? m_backlinks->currentItem()->text(0) : QString();
    m_backlinks->clear();
    for (const BacklinkList::Entry &entry : BacklinkList::of(*m_session->knowledgeBase(), id)) {
        QStringList details;
        if (entry.link.probability)
            details << QLocale().toString(*entry.link.probability, 'f', 2);
        for (const QString &text : {entry.link.condition, entry.link.typicalDelay, entry.link.distinction})
            if (!text.isEmpty())
                details << text;
        const bool directed = entry.link.kind != Link::ConfusedWith;
        const QString back = !directed ? tr("not needed")
            : entry.reciprocated       ? tr("yes (%1)").arg(QLatin1String(Link::key(Link::reverse(entry.link.kind))))
                                       : tr("missing");
        auto *item = new QTreeWidgetItem(
            m_backlinks,
            {entry.sourceId, QLatin1String(Link::key(entry.link.kind)), details.join(QStringLiteral("; ")), back});
        item->setData(0, Qt::UserRole, directed && !entry.reciprocated);
        item->setData(1, Qt::UserRole, int(entry.link.kind));
        if (directed && !entry.reciprocated)
            item->setIcon(3, style()->standardIcon(QStyle::SP_MessageBoxInformation));
        if (entry.sourceId == current)
            m_backlinks->setCurrentItem(item);
    }
    if (m_backlinks->topLevelItemCount() == 0)
        new QTreeWidgetItem(m_backlinks, {tr("No record links here.")});
    m_backReciprocal->setEnabled(m_backlinks->currentItem()
                                 && m_backlinks->currentItem()->data(0, Qt::UserRole).toBool());
}

void RecordEditor::requestBackReciprocal()
{
    const QTreeWidgetItem *item = m_backlinks->currentItem();
    if (!item || !item->data(0, Qt::UserRole).toBool())
        return;
    emit reciprocalRequested(ReciprocalLinks::Missing{item->text(0), Link::Kind(item->data(1, Qt::UserRole).toInt()),
                                                      m_session->record()->id()});
}

QWidget *RecordEditor::trustPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *trust = new QGroupBox(tr("Trust"));
    auto *form = new QFormLayout(trust);
    auto *tier = new QComboBox;
    tier->addItems({QStringLiteral("ai_generated"), QStringLiteral("human_reviewed"),
                    QStringLiteral("community_verified"), QStringLiteral("expert_verified")});
    m_bindings->bindChoice(tier, QStringLiteral("/verification_tier"), tr("verification tier"));
    form->addRow(tr("Verification tier:"), tier);
    const struct
    {
        const char *pointer;
        const char *label;
    } rates[] = {{"/confidence", QT_TR_NOOP("Confidence:")}, {"/fix_success_rate", QT_TR_NOOP("Fix success rate:")}};
    for (const auto &rate : rates) {
        auto *spin = new QDoubleSpinBox;
        m_bindings->bindRate(spin, QString::fromLatin1(rate.pointer), QString::fromLatin1(rate.pointer + 1));
        form->addRow(tr(rate.label), spin);
    }
    auto *resolvable = new QComboBox;
    resolvable->addItems({QStringLiteral("true"), QStringLiteral("partial"), QStringLiteral("false")});
    m_bindings->bindChoice(resolvable, QStringLiteral("/resolvable"), tr("resolvable"));
    form->addRow(tr("Resolvable:"), resolvable);
    auto *evidence = new QSpinBox;
    m_bindings->bindCount(evidence, QStringLiteral("/evidence_count"), tr("evidence count"));
    form->addRow(tr("Evidence count:"), evidence);
    const struct
    {
        const char *pointer;
        const char *label;
        bool today;
    } dates[] = {{"/first_seen", QT_TR_NOOP("First seen:"), false},
                 {"/last_confirmed", QT_TR_NOOP("Last confirmed:"), true},
                 {"/last_updated", QT_TR_NOOP("Last updated:"), true}};
    for (const auto &date : dates) {
        auto *edit = new QDateEdit;
        const QString pointer = QString::fromLatin1(date.pointer);
        m_bindings->bindDate(edit, pointer, QString::fromLatin1(date.pointer + 1));
        auto *row = new QHBoxLayout;
        row->addWidget(edit);
        if (date.today) {
            auto *today = new QPushButton(tr("Confirmed today"));
            connect(today, &QPushButton::clicked, this, [this, pointer] {
                m_session->setValue(pointer, QDate::currentDate().toString(QStringLiteral("yyyy-MM-dd")).toStdString(),
                                    tr("Set %1 to today").arg(pointer.mid(1)));
            });
            row->addWidget(today);
        }
        row->addStretch();
        form->addRow(tr(date.label), row);
    }
    layout->addWidget(trust);

    auto *docs = new QGroupBox(tr("Documentation"));
    auto *docsForm = new QFormLayout(docs);
    const struct
    {
        const char *pointer;
        const char *label;
    } links[] = {{"/official_doc_url", QT_TR_NOOP("Official URL:")},
                 {"/official_doc_section", QT_TR_NOOP("Section:")},
                 {"/error_code", QT_TR_NOOP("Error code:")}};
    for (const auto &link : links) {
        auto *edit = new QLineEdit;
        m_bindings->bindLine(edit, QString::fromLatin1(link.pointer), QString::fromLatin1(link.pointer + 1), true);
        docsForm->addRow(tr(link.label), edit);
    }
    layout->addWidget(docs);
    auto *unknown = new QGroupBox(tr("Other keys (kept as they are)"));
    auto *unknownLayout = new QVBoxLayout(unknown);
    m_unknownKeys = new QLabel;
    m_unknownKeys->setWordWrap(true);
    m_unknownKeys->setTextInteractionFlags(Qt::TextSelectableByMouse);
    unknownLayout->addWidget(m_unknownKeys);
    layout->addWidget(unknown);
    layout->addStretch();
    return scrolled(page);
}

QWidget *RecordEditor::jsonPage()
{
    m_json = new QPlainTextEdit;
    m_json->setReadOnly(true);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setLineWrapMode(QPlainTextEdit::NoWrap);
    return m_json;
}

QWidget *RecordEditor::changesPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    m_changesBase = new QComboBox;
    m_changesBase->addItem(tr("Against the file on disk"));
    m_changesBase->addItem(tr("Against the last commit (git HEAD)"));
    m_changesBase->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_changesBase, &QComboBox::currentIndexChanged, this, &RecordEditor::updateJsonAndChanges);
    m_changes = new DiffView;
    layout->addWidget(m_changesBase, 0, Qt::AlignLeft);
    layout->addWidget(m_changes);
    m_changesPage = page;
    return page;
}

void RecordEditor::refresh()
{
    m_bindings->refresh();
    updateRegexCheck();
    const QStringList unknown = m_session->record()->unknownKeys();
    m_unknownKeys->setText(unknown.isEmpty() ? tr("None.") : unknown.join(QStringLiteral(", ")));
    updateJsonAndChanges();
}

void RecordEditor::updateRegexCheck()
{
    const Record *record = m_session->record();
    const RegexEngine engine(record->regex());
    const QPalette &palette = m_regexCheck->palette();
    const auto show = [this](const QColor &color, const QString &text) {
        m_regexCheck->setText(
            QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), text.toHtmlEscaped()));
    };
    if (!engine.isValid())
        show(StatusColors::error(palette), tr("✗ %1").arg(engine.errorMessage()));
    else if (engine.matches(record->signature()))
        show(StatusColors::success(palette), tr("✓ matches its own signature"));
    else
        show(StatusColors::warning(palette), tr("✗ does not match its own signature"));
}

void RecordEditor::updateJsonAndChanges()
{
    if (m_pages->currentWidget() != m_json && m_pages->currentWidget() != m_changesPage)
        return; // computed when looked at
    const Record *record = m_session->record();
    QString text;
    try {
        text = QString::fromUtf8(record->serialize());
    } catch (const std::exception &e) {
        text = tr("The record cannot be written: %1").arg(QString::fromUtf8(e.what()));
    }
    m_json->setPlainText(text);
    if (m_changesBase->currentIndex() == 0) {
        m_changes->showDiff(QString::fromUtf8(record->originalText()), text,
                            tr("No changes against the file on disk."));
        return;
    }
    const QString root = m_session->knowledgeBase()->root();
    QByteArray head;
    switch (GitHeadFile::read(root, record->filePath().mid(root.size() + 1), &head)) {
    case GitHeadFile::NoRepository:
        m_changes->showDiff(text, text, tr("The KB is not in a git checkout: there is no last commit."));
        break;
    case GitHeadFile::NotInHead: // a record the last commit does not have: all new
        m_changes->showDiff(QString(), text, QString());
        break;
    case GitHeadFile::Read:
        m_changes->showDiff(QString::fromUtf8(head), text, tr("No changes against the last commit."));
        break;
    }
}

void RecordEditor::showProblems(const QList<Problem> &problems)
{
    m_bindings->showProblems(problems);
    m_problems->clear();
    for (const Problem &problem : problems) {
        if (problem.severity == Problem::Info)
            continue;
        auto *item = new QListWidgetItem(
            QStringLiteral("%1: %2  [%3]")
                .arg(Problem::severityName(problem.severity), problem.message, problem.pointer));
        item->setData(Qt::UserRole, problem.pointer);
        item->setForeground(problem.severity == Problem::Error ? StatusColors::error(m_problems->palette())
                                                               : StatusColors::warning(m_problems->palette()));
        m_problems->addItem(item);
    }
    m_problems->setVisible(m_problems->count() > 0);
}

void RecordEditor::focusField(const QString &pointer)
{
    QWidget *widget = m_bindings->widgetFor(pointer);
    if (widget) {
        for (int page = 0; page < m_pages->count(); ++page) {
            if (m_pages->widget(page)->isAncestorOf(widget))
                m_pages->setCurrentIndex(page);
        }
        widget->setFocus();
        return;
    }
    for (int i = 0; i < m_tables.size(); ++i) {
        const QString array = m_tables.at(i)->arrayPointer();
        if (pointer != array && !pointer.startsWith(array + QLatin1Char('/')))
            continue;
        QTableView *view = m_views.value(i);
        for (int page = 0; view && page < m_pages->count(); ++page) {
            if (m_pages->widget(page)->isAncestorOf(view))
                m_pages->setCurrentIndex(page);
        }
        const int row = pointer.mid(array.size() + 1).section(QLatin1Char('/'), 0, 0).toInt();
        if (view) {
            view->setFocus();
            view->setCurrentIndex(m_tables.at(i)->index(row, 0));
        }
        return;
    }
}

} // namespace Errata
