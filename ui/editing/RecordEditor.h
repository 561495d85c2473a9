#pragma once

#include "models/kb/Problem.h"
#include "models/links/ReciprocalLinks.h"

#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QTabWidget;
class QTableView;
class QTreeWidget;
class QPushButton;

namespace Errata {

class ArrayTableModel;
class DiffView;
class EditSession;
class FieldBindings;
class LinkListEditor;

// The edit form of one record, grouped in pages: the record (identity,
// signature and regex, root cause), versions and OS notes, dead ends,
// workarounds, links, trust and documentation, plus the JSON as it will be
// written and the changes against the file on disk. Every edit goes through
// the session's undo stack; findings show next to their fields and in the
// list below the form.
class RecordEditor : public QWidget
{
    Q_OBJECT

public:
    explicit RecordEditor(EditSession *session, QWidget *parent = nullptr);

    EditSession *session() const { return m_session; }
    // Shows the page and focuses the widget that edits `pointer`.
    void focusField(const QString &pointer);
    // The link lists (leads_to, preceded_by, frequently_confused_with) and
    // the records linking here.
    LinkListEditor *linkEditor(Link::Kind kind) const { return m_linkEditors.value(int(kind)); }
    QTreeWidget *backlinks() const { return m_backlinks; }
    // The Changes page: the diff against the file on disk, or against the
    // last commit (HEAD) when the KB is a git checkout.
    DiffView *changesView() const { return m_changes; }
    QComboBox *changesBase() const { return m_changesBase; }

signals:
    void recordLinkActivated(const QString &id);
    void reciprocalRequested(const Errata::ReciprocalLinks::Missing &missing);

private:
    QWidget *recordPage();
    QWidget *versionsPage();
    QWidget *tablePage(ArrayTableModel *model, const QString &help);
    QWidget *linksPage();
    QWidget *backlinksBox();
    void updateBacklinks();
    void requestBackReciprocal();
    QWidget *trustPage();
    QWidget *jsonPage();
    QWidget *changesPage();
    QTableView *makeTable(ArrayTableModel *model);

    void refresh();
    void showProblems(const QList<Problem> &problems);
    void updateRegexCheck();
    void updateJsonAndChanges();

    EditSession *m_session;
    FieldBindings *m_bindings;
    QTabWidget *m_pages;
    QLabel *m_regexCheck = nullptr;
    QLabel *m_unknownKeys = nullptr;
    QPlainTextEdit *m_json = nullptr;
    DiffView *m_changes = nullptr;
    QComboBox *m_changesBase = nullptr; // against the file on disk, or HEAD
    QWidget *m_changesPage = nullptr;
    QListWidget *m_problems;
    QList<ArrayTableModel *> m_tables;
    QList<QTableView *> m_views;
    QList<LinkListEditor *> m_linkEditors;
    QTreeWidget *m_backlinks = nullptr;
    QPushButton *m_backReciprocal = nullptr;
    QTimer *m_backlinkTimer = nullptr;
};

} // namespace Errata
