#include "ui/merge/ConflictMergeDialog.h"

#include "models/merge/ConflictSession.h"
#include "models/text/DisplayName.h"
#include "ui/style/StatusColors.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Errata {

namespace {

enum Column { FieldColumn, OursColumn, TheirsColumn, KeepColumn, ColumnCount };

using Side = RecordMerge::Side;

QString shown(const OrderedJson &value, bool missing)
{
    if (missing)
        return ConflictMergeDialog::tr("(removed)");
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

// What the user typed as a value: JSON, or for a field whose versions are
// texts, the text itself (no quotes needed). Empty: the member removed.
bool typedValue(const QString &text, const RecordMerge::Conflict &conflict, std::optional<OrderedJson> *value)
{
    if (text.trimmed().isEmpty()) {
        *value = std::nullopt;
        return true;
    }
    if (conflict.ours.is_string() || conflict.theirs.is_string()) {
        *value = OrderedJson(text.toStdString());
        return true;
    }
    const OrderedJson parsed = OrderedJson::parse(text.toStdString(), nullptr, false);
    if (parsed.is_discarded())
        return false;
    *value = parsed;
    return true;
}

} // namespace

ConflictMergeDialog::ConflictMergeDialog(ConflictSession *session, const RecordValidator *validator,
                                         const KnowledgeBase *kb, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_validator(validator)
    , m_kb(kb)
    , m_summary(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_value(new QPlainTextEdit(this))
    , m_preview(new QPlainTextEdit(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Merge Conflict — %1").arg(DisplayName::of(session->path())));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Both sides of the merge changed %Ln field(s) of this record differently. Every other "
                          "change, from either side, is merged already. Choose the version to keep of each "
                          "field, or type the value.",
                          nullptr, int(session->conflicts().size())));
    m_table->setColumnCount(ColumnCount);
    m_table->setHorizontalHeaderLabels({tr("Field"), tr("Ours"), tr("Theirs"), tr("Keep")});
    m_table->horizontalHeader()->setSectionResizeMode(OursColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(TheirsColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_value->setPlaceholderText(tr("The value to keep of the selected field (JSON; a text as it is; empty: removed)"));
    m_value->setMaximumHeight(fontMetrics().height() * 5);
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_message->setWordWrap(true);
    m_message->hide();
    m_buttons->button(QDialogButtonBox::Save)->setText(tr("Save and Mark Resolved"));
    QPushButton *ours = m_buttons->addButton(tr("Keep All &Ours"), QDialogButtonBox::ActionRole);
    QPushButton *theirs = m_buttons->addButton(tr("Keep All &Theirs"), QDialogButtonBox::ActionRole);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_table, 1);
    topLayout->addWidget(new QLabel(tr("Value kept:"), this));
    topLayout->addWidget(m_value);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(new QLabel(tr("The file as it will be saved:"), this));
    bottomLayout->addWidget(m_preview);
    splitter->addWidget(bottom);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConflictMergeDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ConflictMergeDialog::reject);
    connect(ours, &QPushButton::clicked, this, [this] { takeAll(int(Side::Ours)); });
    connect(theirs, &QPushButton::clicked, this, [this] { takeAll(int(Side::Theirs)); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ConflictMergeDialog::rowSelected);
    connect(m_value, &QPlainTextEdit::textChanged, this, &ConflictMergeDialog::valueEdited);
    fillTable();
    updatePreview();
    resize(900, 640);
    if (m_table->rowCount() > 0)
        m_table->selectRow(0);
}

QComboBox *ConflictMergeDialog::choiceAt(int row) const
{
    return qobject_cast<QComboBox *>(m_table->cellWidget(row, KeepColumn));
}

void ConflictMergeDialog::fillTable()
{
    const QList<RecordMerge::Conflict> &conflicts = m_session->conflicts();
    m_table->setRowCount(int(conflicts.size()));
    for (int row = 0; row < conflicts.size(); ++row) {
        const RecordMerge::Conflict &conflict = conflicts.at(row);
        m_table->setItem(row, FieldColumn, new QTableWidgetItem(conflict.pointer));
        m_table->setItem(row, OursColumn, new QTableWidgetItem(shown(conflict.ours, conflict.oursMissing)));
        m_table->setItem(row, TheirsColumn, new QTableWidgetItem(shown(conflict.theirs, conflict.theirsMissing)));
        auto *choice = new QComboBox(m_table);
        choice->addItem(tr("Ours"), int(Side::Ours));
        choice->addItem(tr("Theirs"), int(Side::Theirs));
        if (m_session->hasBase())
            choice->addItem(tr("Common ancestor's"), int(Side::Base));
        choice->addItem(tr("Edited"), int(Side::Edited));
        connect(choice, &QComboBox::activated, this, [this, row] { choiceChanged(row); });
        m_table->setCellWidget(row, KeepColumn, choice);
    }
    m_table->resizeColumnToContents(FieldColumn);
    m_table->resizeColumnToContents(KeepColumn);
    m_table->resizeRowsToContents();
}

void ConflictMergeDialog::choiceChanged(int row)
{
    const auto side = Side(choiceAt(row)->currentData().toInt());
    if (side == Side::Edited) {
        m_table->selectRow(row);
        m_value->setFocus();
        return; // settled when a value is typed
    }
    m_session->resolve(row, {side, std::nullopt});
    m_table->selectRow(row);
    rowSelected();
    updatePreview();
}

// The value the selected row keeps now, in the editor below the table.
void ConflictMergeDialog::rowSelected()
{
    const int row = m_table->currentRow();
    if (row < 0)
        return;
    const RecordMerge::Conflict &conflict = m_session->conflicts().at(row);
    const RecordMerge::Resolution resolution = m_session->resolution(row);
    const OrderedJson *value = nullptr;
    bool missing = false;
    switch (resolution.side) {
    case Side::Ours: value = &conflict.ours, missing = conflict.oursMissing; break;
    case Side::Theirs: value = &conflict.theirs, missing = conflict.theirsMissing; break;
    case Side::Base: value = &conflict.base, missing = conflict.baseMissing; break;
    case Side::Edited: value = resolution.edited ? &*resolution.edited : nullptr, missing = !resolution.edited; break;
    }
    m_showingValue = true;
    m_value->setPlainText(
        missing || !value ? QString()
                          : QString::fromStdString(value->is_string() ? value->get<std::string>() : value->dump(2)));
    m_showingValue = false;
}

void ConflictMergeDialog::valueEdited()
{
    const int row = m_table->currentRow();
    if (m_showingValue || row < 0)
        return;
    choiceAt(row)->setCurrentIndex(choiceAt(row)->findData(int(Side::Edited)));
    std::optional<OrderedJson> value;
    if (!typedValue(m_value->toPlainText(), m_session->conflicts().at(row), &value)) {
        m_table->item(row, FieldColumn)->setData(Qt::UserRole, true); // not JSON yet
        showMessage(tr("The value of %1 is not JSON yet.").arg(m_session->conflicts().at(row).pointer), true);
        return;
    }
    m_table->item(row, FieldColumn)->setData(Qt::UserRole, false);
    m_message->hide();
    m_session->resolve(row, {Side::Edited, value});
    updatePreview();
}

void ConflictMergeDialog::takeAll(int side)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        m_session->resolve(row, {Side(side), std::nullopt});
        choiceAt(row)->setCurrentIndex(choiceAt(row)->findData(side));
        m_table->item(row, FieldColumn)->setData(Qt::UserRole, false);
    }
    rowSelected();
    updatePreview();
}

void ConflictMergeDialog::updatePreview()
{
    QByteArray text;
    QString error;
    m_preview->setPlainText(m_session->resultText(&text, &error) ? QString::fromUtf8(text) : error);
}

void ConflictMergeDialog::showMessage(const QString &text, bool error)
{
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, error ? StatusColors::error(palette) : StatusColors::success(palette));
    m_message->setPalette(palette);
    m_message->setText(text);
    m_message->show();
}

void ConflictMergeDialog::accept()
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, FieldColumn)->data(Qt::UserRole).toBool()) {
            showMessage(tr("Not saved: the value of %1 is not JSON.").arg(m_session->conflicts().at(row).pointer),
                        true);
            m_table->selectRow(row);
            return;
        }
    }
    QString error;
    if (!m_session->save(*m_validator, m_kb, &error)) {
        showMessage(error, true);
        return;
    }
    QDialog::accept();
}

} // namespace Errata
