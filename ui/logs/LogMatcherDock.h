#pragma once

#include "models/matching/LogMatchResult.h"
#include "models/matching/LogMatcher.h"
#include "models/util/BackgroundJob.h"
#include "ui/logs/LogExcerpt.h"

#include <QDockWidget>
#include <QTimer>

#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QListView;
class QPlainTextEdit;
class QProgressBar;
class QSplitter;
class QToolButton;
class QTreeView;

namespace Errata {

class KnowledgeBase;
class LogMatchModel;
class LookupEngine;
class LookupHitModel;
class MatchHighlighter;

// Finds every known error in a whole log: paste a log (or open one) and the
// records whose regex matches it are listed, most specific first, with their
// matching lines. Matching runs on a worker thread with progress; Cancel (or
// Esc) stops it, and a new paste cancels the run in progress. Clicking a
// record opens it; clicking a line shows it in the log.
//
// When fewer than three records match (often none: the regexes know the
// exact wording of an error), "similar records" are listed under the
// matches: the records a lookup (LookupEngine) finds most like the errors
// of the log, less those already matched, opened the same way.
class LogMatcherDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit LogMatcherDock(QWidget *parent = nullptr);
    ~LogMatcherDock() override;

    // `lookup` (may be null: no similar records) answers over the same KB.
    void setKnowledgeBase(const KnowledgeBase *kb, std::shared_ptr<const LookupEngine> lookup = {});
    // The lookup engine of a KB whose lookup index was still being built:
    // the log shown is matched again, with its similar records this time.
    void setLookupEngine(std::shared_ptr<const LookupEngine> lookup);

    void setLogText(const QString &text);
    bool openLog(const QString &path, QString *error);
    void setIgnoreCase(bool ignore);
    // Each regex's time budget on a log (LogMatcher::Options::regexBudgetMs).
    void setRegexBudgetMs(qint64 milliseconds);
    void matchNow(); // skips the wait after typing
    void cancel();

    // For tests and the screenshot.
    QPlainTextEdit *logEdit() const { return m_log; }
    const LogMatchModel *resultModel() const { return m_model; }
    const LookupHitModel *similarModel() const { return m_similarModel; }
    bool isRunning() const;
    QString statusText() const;

signals:
    void recordActivated(const QString &id);
    void finished(); // a run ended (matched, failed or cancelled) and is shown

private:
    struct Job;
    struct Outcome;

    QWidget *createToolRow();
    QWidget *createSimilarPanel();
    QString defaultPlaceholder() const;
    void chooseLog();
    void pasteLog();
    void logEdited();
    void schedule();
    void start();
    void finish(const std::shared_ptr<Outcome> &outcome);
    void showResult(const LogMatchResult &result);
    void highlightLines(const LogMatchResult &result);
    void showSimilar(const LogMatchResult &result, const std::optional<LogExcerpt> &excerpt);
    void clearResult();
    void itemClicked(const QModelIndex &index);
    void revealLine(int number, int startColumn, int endColumn);
    void setRunning(bool running);
    static std::shared_ptr<Outcome> run(const Job &job, const BackgroundJob::Control &control);

    const KnowledgeBase *m_kb = nullptr;
    std::shared_ptr<const LookupEngine> m_lookup;
    std::shared_ptr<const LogMatcher> m_matcher; // for the KB as it was when built
    bool m_matcherIgnoresCase = false;
    qint64 m_regexBudgetMs = LogMatcher::DefaultRegexBudgetMs;
    QByteArray m_fileLog; // a log opened from a file too big to show; empty otherwise
    QString m_fileName;
    QPlainTextEdit *m_log;
    QTreeView *m_view;
    LogMatchModel *m_model;
    QSplitter *m_results; // the matches over the similar records
    QWidget *m_similar;
    QLabel *m_similarLabel;
    QListView *m_similarView;
    LookupHitModel *m_similarModel;
    QCheckBox *m_ignoreCase;
    QLabel *m_status;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
    MatchHighlighter *m_highlighter;
    QTimer m_delay;
    BackgroundJob *m_job;
    bool m_running = false;
    bool m_cancelled = false; // the run going was cancelled
};

} // namespace Errata
