#include "ui/card/OutcomeBar.h"

#include "models/kb/KnowledgeBase.h"
#include "models/outcomes/OutcomeFold.h"
#include "models/outcomes/OutcomeSummary.h"
#include "models/record/Record.h"
#include "models/review/Reviewer.h"
#include "ui/editing/EditSession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSet>

namespace Errata {

OutcomeBar::OutcomeBar(KnowledgeBase *kb, Record *record, QWidget *parent)
    : QFrame(parent)
    , m_kb(kb)
    , m_record(record)
    , m_label(new QLabel(this))
    , m_fold(new QPushButton(tr("Fold into the record"), this))
{
    setFrameShape(QFrame::StyledPanel);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fold->setToolTip(tr("Fold the reports not yet folded in into the success and fail rates, fix_success_rate "
                          "and evidence_count: one edit, undone with Undo; noted in the reports file when saved."));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_fold);
    connect(m_fold, &QPushButton::clicked, this, &OutcomeBar::foldRequested);
    connect(m_kb, &KnowledgeBase::recordSaved, this, [this](const Record *saved) {
        if (saved == m_record)
            noteSaved();
    });
    refresh();
}

QString OutcomeBar::text() const
{
    return m_label->text();
}

bool OutcomeBar::canFold() const
{
    return m_fold->isEnabled();
}

// The reports of the record not folded into it as it is edited: the log's
// word, and the folds done or undone since the last save.
QList<OutcomeReport> OutcomeBar::unfolded(const OutcomeLog::Contents &contents) const
{
    QSet<QString> folded = contents.foldedKeys();
    for (const std::shared_ptr<FoldOutcomesCommand::State> &state : m_folds) {
        for (const QString &key : state->fold.reports) {
            if (state->applied)
                folded.insert(key);
            else if (state->written)
                folded.remove(key);
        }
    }
    QList<OutcomeReport> result = contents.of(m_record->id());
    result.removeIf([&folded](const OutcomeReport &report) { return folded.contains(report.key); });
    return result;
}

void OutcomeBar::refresh()
{
    const OutcomeLog::Contents contents = OutcomeLog::read(m_kb->root());
    const QList<OutcomeReport> reports = contents.of(m_record->id());
    const qsizetype unfolded = this->unfolded(contents).size();
    setVisible(!reports.isEmpty());
    QString text = OutcomeSummary::describe(reports);
    if (!reports.isEmpty())
        text += QStringLiteral("; ")
            + (unfolded == 0       ? tr("all folded in")
                   : unfolded == 1 ? tr("1 not folded in yet")
                                   : tr("%1 not folded in yet").arg(unfolded));
    m_label->setText(text);
    m_label->setToolTip(contents.problems.isEmpty() ? QString()
                                                    : tr("Lines of the reports file that could not be read:")
                                + QLatin1Char('\n') + contents.problems.join(QLatin1Char('\n')));
    m_fold->setEnabled(unfolded > 0);
}

bool OutcomeBar::fold(EditSession *session, QString *message)
{
    const QList<OutcomeReport> reports = unfolded(OutcomeLog::read(m_kb->root()));
    const OutcomeFold plan = OutcomeFold::plan(*m_record, reports);
    if (plan.isEmpty()) {
        *message = reports.isEmpty()
            ? tr("Every report on this record is folded in already.")
            : tr("No report can be folded in: %1").arg(plan.skipped().join(QStringLiteral("; ")));
        return false;
    }
    QList<ChangeValuesCommand::Change> changes;
    for (const OutcomeFold::Change &change : plan.changes())
        changes << ChangeValuesCommand::Change{change.first, change.second};
    const OutcomeLog::Fold fold{OutcomeLog::newKey(QStringLiteral("f-")), m_record->id(), plan.foldedKeys()};
    const int count = int(plan.foldedKeys().size());
    auto *command = new FoldOutcomesCommand(
        m_kb, m_record, changes,
        count == 1 ? tr("Fold in 1 outcome report") : tr("Fold in %1 outcome reports").arg(count), fold);
    m_folds.push_back(command->state());
    session->undoStack()->push(command);
    refresh();
    *message = plan.skipped().isEmpty() ? QString()
                                        : tr("Not folded in: %1").arg(plan.skipped().join(QStringLiteral("; ")));
    return true;
}

void OutcomeBar::noteSaved()
{
    const QString by = Reviewer::current(m_kb->root()).name;
    for (const std::shared_ptr<FoldOutcomesCommand::State> &state : m_folds) {
        QString error;
        if (!FoldOutcomesCommand::noteSaved(*state, m_kb->root(), by, &error))
            emit problem(tr("The fold of outcome reports could not be noted: %1").arg(error));
    }
    refresh();
}

} // namespace Errata
