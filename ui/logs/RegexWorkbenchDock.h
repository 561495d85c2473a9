#pragma once

#include "models/matching/RegexMatch.h"
#include "models/util/BackgroundJob.h"

#include <QDockWidget>
#include <QPointer>
#include <QTimer>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTreeView;
class QTreeWidget;

namespace Errata {

class EditSession;
class KnowledgeBase;
class MatchHighlighter;
class Record;
class RegexMatchListModel;

// Tunes one record's regex against a real log: the regex (editable, through
// the record's undo stack, while the record is being edited; free to try
// anything when no record is shown), a case toggle, the log, every match
// highlighted as either side changes, the list of matches with their groups,
// the RE2 error with its position, and the record's signature and aliases
// as test lines that must match.
class RegexWorkbenchDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit RegexWorkbenchDock(QWidget *parent = nullptr);
    ~RegexWorkbenchDock() override;

    void setKnowledgeBase(KnowledgeBase *kb);
    // Shows `record` (may be null); `session` is non-null while it is edited.
    void bind(const Record *record, EditSession *session);

    void setLogText(const QString &text);
    bool openLog(const QString &path, QString *error);
    void setIgnoreCase(bool ignore);
    // The time budget of the regex on the log, in milliseconds, at least (a
    // longer log gets more, as LogMatcher::budgetNs() gives); 0: none. A
    // search that spends it is stopped and says so. For tests.
    void setBudgetMs(qint64 ms) { m_budgetMs = ms; }

    // What is shown now, for tests.
    QString recordId() const; // empty when no record is shown
    QString regexText() const;
    bool regexEditable() const;
    const RegexMatchListModel *matchModel() const { return m_model; }
    QString statusText() const;
    QStringList testLineResults() const; // "pass: text" or "fail: text"
    bool isMatching() const;             // a search is running or waiting
    void matchNow();                     // skips the wait after typing
    void showMatch(int row);             // selects it in the list and the log

signals:
    void matched(); // the list and highlights show the current regex and log

private:
    struct Outcome;
    static std::shared_ptr<Outcome> search(const QString &pattern, bool ignoreCase, const QString &text,
                                           qint64 budgetMs);
    QString budgetText(const Outcome &outcome) const;

    QWidget *createRegexRow();
    QWidget *createLogPane();
    void chooseLog();
    void showRecordRegex();
    void regexEdited(const QString &text);
    void schedule();
    void start();
    void finish(const std::shared_ptr<Outcome> &outcome);
    void showError(const QString &message, int position);
    void updateTests();
    void jumpTo(const QModelIndex &index);

    KnowledgeBase *m_kb = nullptr;
    const Record *m_record = nullptr;
    QPointer<EditSession> m_session;
    QLabel *m_binding; // which record, and whether its regex can be edited
    QLineEdit *m_regex;
    QCheckBox *m_ignoreCase;
    QLabel *m_status;
    QTreeWidget *m_tests;
    QPlainTextEdit *m_log;
    QTreeView *m_matchView;
    RegexMatchListModel *m_model;
    MatchHighlighter *m_highlighter;
    QTimer m_delay;
    BackgroundJob *m_job = new BackgroundJob(this);
    bool m_rerun = false;     // the input changed while a search ran
    bool m_searching = false; // until finish() has shown the result
    QString m_logText;        // the log as last searched
    bool m_logChanged = true;
    qint64 m_budgetMs;
};

} // namespace Errata
