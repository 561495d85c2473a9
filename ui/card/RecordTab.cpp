#include "ui/card/RecordTab.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "ui/card/OutcomeBar.h"
#include "ui/card/RecordCardView.h"
#include "ui/editing/DiffView.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/RecordEditor.h"
#include "ui/style/StatusColors.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace Errata {

RecordTab::RecordTab(KnowledgeBase *kb, Record *record, const RecordValidator *validator, QWidget *parent)
    : QWidget(parent)
    , m_kb(kb)
    , m_record(record)
    , m_validator(validator)
    , m_stack(new QStackedWidget(this))
    , m_conflictBar(new QFrame(this))
    , m_card(new RecordCardView(record, kb))
    , m_outcomes(new OutcomeBar(kb, record, this))
{
    m_stack->addWidget(m_card);
    m_conflictBar->setFrameShape(QFrame::StyledPanel);
    m_conflictBar->setStyleSheet(
        QStringLiteral("QFrame { background: %1; } QLabel { color: %2; }")
            .arg(StatusColors::bannerBackground(palette()).name(), StatusColors::bannerText(palette()).name()));
    auto *bar = new QHBoxLayout(m_conflictBar);
    bar->addWidget(new QLabel(tr("This record's file was changed on disk by someone else.")), 1);
    auto *keep = new QPushButton(tr("Keep mine"));
    auto *take = new QPushButton(tr("Take theirs"));
    auto *diff = new QPushButton(tr("Show difference"));
    bar->addWidget(keep);
    bar->addWidget(take);
    bar->addWidget(diff);
    connect(keep, &QPushButton::clicked, m_conflictBar, &QWidget::hide);
    connect(take, &QPushButton::clicked, this, &RecordTab::takeTheirs);
    connect(diff, &QPushButton::clicked, this, &RecordTab::showDifference);
    m_conflictBar->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_conflictBar);
    layout->addWidget(m_outcomes);
    layout->addWidget(m_stack);
    connect(m_outcomes, &OutcomeBar::foldRequested, this, &RecordTab::foldOutcomes);
    connect(m_outcomes, &OutcomeBar::problem, this,
            [this](const QString &message) { QMessageBox::warning(this, tr("Outcome reports"), message); });
    connect(m_card, &RecordCardView::recordLinkActivated, this, &RecordTab::recordLinkActivated);
    connect(m_card, &RecordCardView::reciprocalRequested, this, &RecordTab::reciprocalRequested);
    // Links and backlinks on the card follow edits of any record.
    m_cardTimer.setSingleShot(true);
    m_cardTimer.setInterval(100);
    connect(&m_cardTimer, &QTimer::timeout, this, [this] {
        if (!isEditing())
            m_card->refresh();
        m_outcomes->refresh();
    });
    connect(m_kb, &KnowledgeBase::recordChanged, this, [this](const Record *changed) {
        m_cardTimer.start();
        if (changed == m_record)
            emit titleChanged();
    });
    connect(m_kb, &KnowledgeBase::recordAdded, &m_cardTimer, qOverload<>(&QTimer::start));
    connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, &m_cardTimer, qOverload<>(&QTimer::start));
}

void RecordTab::ensureSession()
{
    if (m_session)
        return;
    m_session = new EditSession(m_kb, m_record, m_validator, this);
    m_editor = new RecordEditor(m_session);
    connect(m_editor, &RecordEditor::recordLinkActivated, this, &RecordTab::recordLinkActivated);
    connect(m_editor, &RecordEditor::reciprocalRequested, this, &RecordTab::reciprocalRequested);
    m_stack->addWidget(m_editor);
    connect(m_session, &EditSession::dirtyChanged, this, &RecordTab::titleChanged);
    emit sessionCreated(m_session);
}

bool RecordTab::isEditing() const
{
    return m_editor && m_stack->currentWidget() == m_editor;
}

bool RecordTab::isDirty() const
{
    return m_session && m_session->isDirty();
}

void RecordTab::setEditing(bool editing)
{
    if (editing)
        ensureSession();
    else
        m_card->refresh();
    const bool changed = editing != isEditing();
    m_stack->setCurrentWidget(editing ? static_cast<QWidget *>(m_editor) : m_card);
    emit titleChanged();
    if (changed)
        emit editingChanged(editing);
}

// Outcome reports folded into the record, as an edit shown in its editor.
void RecordTab::foldOutcomes()
{
    ensureSession();
    QString message;
    if (!m_outcomes->fold(m_session, &message)) {
        QMessageBox::information(this, tr("Fold in outcome reports"), message);
        return;
    }
    setEditing(true);
    if (!message.isEmpty())
        QMessageBox::information(this, tr("Fold in outcome reports"), message);
}

void RecordTab::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_outcomes->refresh();
}

void RecordTab::showConflict()
{
    m_conflictBar->show();
}

void RecordTab::takeTheirs()
{
    QString message;
    const bool reverted = m_session ? m_session->revert(&message) : m_kb->reload(m_record, &message);
    if (!reverted) {
        QMessageBox::warning(this, tr("Take theirs"), message);
        return;
    }
    m_conflictBar->hide();
}

void RecordTab::showDifference()
{
    QByteArray onDisk;
    QString failure;
    const QString theirs = Record::readFile(m_record->filePath(), &onDisk, &failure) ? QString::fromUtf8(onDisk)
                                                                                     : QString();
    QString mine;
    try {
        mine = QString::fromUtf8(m_record->serialize());
    } catch (const std::exception &e) {
        mine = QString::fromUtf8(e.what());
    }
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Their file (-) and your version (+)"));
    auto *text = new DiffView;
    text->showDiff(theirs, mine, tr("Their file and your version are the same."));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog.resize(800, 500);
    dialog.exec();
}

} // namespace Errata
