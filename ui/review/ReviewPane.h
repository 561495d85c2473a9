#pragma once

#include "models/record/TranslationStatus.h"

#include <QWidget>

#include <array>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Errata {

class Record;
class ReviewModel;

// The selected record of review mode, one pair per bilingual field: the
// English (read-only) beside the Chinese (editable), the field's status,
// the consistency checks of the pair (numbers, versions, code, URLs and
// placeholders the Chinese must keep) and an Accept button (Reopen on a
// reviewed field). Workarounds are
// edited one per line. The pane only shows and reports; the review view
// turns edits into undoable commands.
class ReviewPane : public QWidget
{
    Q_OBJECT

public:
    explicit ReviewPane(const ReviewModel *model, QWidget *parent = nullptr);

    void showRecord(const Record *record);
    const Record *record() const { return m_record; }
    // Re-reads the shown record; an editor already holding the text is left
    // alone, so typing keeps its cursor.
    void refresh();
    // The field being worked on: the last Chinese editor that had focus.
    TranslationStatus::Field currentField() const { return m_current; }
    void setCurrentField(TranslationStatus::Field field) { m_current = field; }
    // Makes `field` current and puts the cursor in its Chinese editor.
    void focusField(TranslationStatus::Field field);
    QPlainTextEdit *chineseEditor(TranslationStatus::Field field) const;
    QLabel *checksLabel(TranslationStatus::Field field) const;
    QLabel *statusLabel(TranslationStatus::Field field) const;

signals:
    void chineseEdited(Errata::TranslationStatus::Field field, const QString &text);
    void acceptRequested(Errata::TranslationStatus::Field field);
    // The field's button on a reviewed field: take the review back.
    void reopenRequested(Errata::TranslationStatus::Field field);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Pair
    {
        QWidget *box = nullptr;
        QLabel *status = nullptr;
        QPlainTextEdit *english = nullptr;
        QPlainTextEdit *chinese = nullptr;
        QLabel *checks = nullptr;
        QPushButton *accept = nullptr;
    };

    QWidget *createPair(TranslationStatus::Field field);
    void updatePair(TranslationStatus::Field field);
    QString statusLine(TranslationStatus::Field field) const;
    QString checksText(TranslationStatus::Field field) const;

    const ReviewModel *m_model;
    const Record *m_record = nullptr;
    QLabel *m_title;
    std::array<Pair, TranslationStatus::FieldCount> m_pairs;
    TranslationStatus::Field m_current = TranslationStatus::Signature;
};

} // namespace Errata
