#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QTimer>
#include <QWidget>

class QFrame;
class QStackedWidget;

namespace Errata {

class EditSession;
class KnowledgeBase;
class OutcomeBar;
class Record;
class RecordCardView;
class RecordEditor;
class RecordValidator;

// One record in the central tab area: its read-only card, and, once the
// user switches to edit mode, its editor and edit session; above them, the
// outcome reports agents made on it (OutcomeBar).
class RecordTab : public QWidget
{
    Q_OBJECT

public:
    RecordTab(KnowledgeBase *kb, Record *record, const RecordValidator *validator, QWidget *parent = nullptr);

    Record *record() const { return m_record; }
    RecordCardView *card() const { return m_card; }
    RecordEditor *editor() const { return m_editor; }
    OutcomeBar *outcomes() const { return m_outcomes; }
    EditSession *session() const { return m_session; }
    bool isEditing() const;
    bool isDirty() const;

    void setEditing(bool editing);
    // The file changed on disk while this record has unsaved edits: a bar
    // offers to keep these edits, take the file's version, or see the difference.
    void showConflict();
    // Folds the record's outcome reports not yet folded in (OutcomeBar),
    // and shows the editor with the edit.
    void foldOutcomes();

signals:
    void titleChanged();
    void editingChanged(bool editing);
    void recordLinkActivated(const QString &id);
    void reciprocalRequested(const Errata::ReciprocalLinks::Missing &missing);
    void sessionCreated(Errata::EditSession *session);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void ensureSession();
    void takeTheirs();
    void showDifference();

    KnowledgeBase *m_kb;
    Record *m_record;
    const RecordValidator *m_validator;
    QStackedWidget *m_stack;
    QFrame *m_conflictBar;
    RecordCardView *m_card;
    OutcomeBar *m_outcomes;
    RecordEditor *m_editor = nullptr;
    EditSession *m_session = nullptr;
    QTimer m_cardTimer; // refreshes the card after edits anywhere in the KB
};

} // namespace Errata
