#pragma once

#include "ui/editing/FoldOutcomesCommand.h"

#include <QFrame>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;

namespace Errata {

class EditSession;
class KnowledgeBase;
class Record;

// The outcome reports coding agents made on a record (`errata mcp`'s
// report_outcome, read from the KB's OutcomeLog), above its card: "3
// reports: workaround 2 worked 2 times, failed once; 1 not folded in yet",
// and "Fold into the record", which folds the reports not yet folded in
// (OutcomeFold) as one undoable edit of the record's editor; the fold is
// noted in the log when the record is saved (FoldOutcomesCommand), and a
// fold not saved yet already counts here. Hidden while the record has no
// report; the record's tab reads the log again whenever it is shown. Lines of the log that cannot be read are
// listed in the tooltip, with their file and line.
class OutcomeBar : public QFrame
{
    Q_OBJECT

public:
    OutcomeBar(KnowledgeBase *kb, Record *record, QWidget *parent = nullptr);

    // Reads the log again.
    void refresh();
    // Folds the reports not yet folded in through `session`; false (and a
    // message) when there is nothing to fold.
    bool fold(EditSession *session, QString *message);
    QString text() const;
    bool canFold() const;

signals:
    void foldRequested();
    void problem(const QString &message);

private:
    QList<OutcomeReport> unfolded(const OutcomeLog::Contents &contents) const;
    void noteSaved();

    KnowledgeBase *m_kb;
    Record *m_record;
    QLabel *m_label;
    QPushButton *m_fold;
    std::vector<std::shared_ptr<FoldOutcomesCommand::State>> m_folds;
};

} // namespace Errata
