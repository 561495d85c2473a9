#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace Errata {

class ConflictSession;
class KnowledgeBase;
class RecordValidator;

// The conflict view: a record file left in conflict by a git merge,
// resolved field by field. The fields changed on one side only are merged
// already; each field both sides changed is a row with our value, their
// value and which to keep (ours, theirs, the common ancestor's, or an
// edited value, typed as JSON below the table). The result is shown as the
// file will hold it; Save checks it (no errors), writes it and stages it.
class ConflictMergeDialog : public QDialog
{
    Q_OBJECT

public:
    // `session` is open (ConflictSession::open); the dialog does not own it.
    ConflictMergeDialog(ConflictSession *session, const RecordValidator *validator, const KnowledgeBase *kb,
                        QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QComboBox *choiceAt(int row) const;
    QPlainTextEdit *valueEdit() const { return m_value; }
    QPlainTextEdit *preview() const { return m_preview; }
    QLabel *messageLabel() const { return m_message; }

    // Save: the result checked, written and staged; stays open with the
    // reason when it cannot be.
    void accept() override;

private:
    void fillTable();
    void choiceChanged(int row);
    void rowSelected();
    void valueEdited();
    void takeAll(int side);
    void updatePreview();
    void showMessage(const QString &text, bool error);

    ConflictSession *m_session;
    const RecordValidator *m_validator;
    const KnowledgeBase *m_kb;
    QLabel *m_summary;
    QTableWidget *m_table;
    QPlainTextEdit *m_value;
    QPlainTextEdit *m_preview;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    bool m_showingValue = false;
};

} // namespace Errata
