#include "ui/logs/LogMatcherDock.h"

#include "models/itemmodels/LogMatchModel.h"
#include "models/itemmodels/LookupHitModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/matching/LogMatcher.h"
#include "models/matching/LogReader.h"
#include "models/settings/Settings.h"
#include "ui/browser/LookupHitDelegate.h"
#include "ui/logs/LogExcerpt.h"
#include "ui/logs/LogFileDialog.h"
#include "ui/logs/MatchHighlighter.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace Errata {

namespace {

constexpr qint64 MaxShownBytes = qint64(32) << 20; // bigger log files are matched without being shown
constexpr qint64 MaxLogBytes = qint64(2) << 30;    // the biggest log file read at all
constexpr int FewMatches = 3;                      // fewer matches than this: similar records too
constexpr int SimilarLimit = 10;

// Columns count characters from 1; a line's text counts UTF-16 units from 0.
int unitOf(const QString &text, int column)
{
    int units = 0;
    for (int characters = 1; characters < column && units < text.size(); ++characters)
        units += text.at(units).isHighSurrogate() ? 2 : 1;
    return int(qMin<qsizetype>(units, text.size()));
}

} // namespace

// What a worker needs: copies only, nothing shared with the UI thread.
struct LogMatcherDock::Job
{
    QByteArray log;
    bool ignoreCase = false;
    qint64 regexBudgetMs = LogMatcher::DefaultRegexBudgetMs;
    std::shared_ptr<const LogMatcher> matcher; // null: build one from `sources`
    QList<LogMatcher::Source> sources;
    bool similar = false; // cut the excerpt that lookup reads, if few records match
};

struct LogMatcherDock::Outcome
{
    LogMatchResult result;
    std::shared_ptr<const LogMatcher> builtMatcher; // set when the run built it
    bool ignoreCase = false;
    std::optional<LogExcerpt> excerpt; // for the similar records
};

LogMatcherDock::LogMatcherDock(QWidget *parent)
    : QDockWidget(tr("Log Matcher"), parent)
    , m_log(new QPlainTextEdit(this))
    , m_view(new QTreeView(this))
    , m_model(new LogMatchModel(this))
    , m_results(new QSplitter(Qt::Vertical, this))
    , m_similar(nullptr)
    , m_similarLabel(new QLabel(this))
    , m_similarView(new QListView(this))
    , m_similarModel(new LookupHitModel(this))
    , m_ignoreCase(new QCheckBox(tr("Ignore &case"), this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_highlighter(new MatchHighlighter(m_log))
    , m_job(new BackgroundJob(this))
{
    setObjectName(QStringLiteral("LogMatcher"));
    connect(m_job, &BackgroundJob::progressed, m_progress, &QProgressBar::setValue);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_results->addWidget(m_view);
    m_results->addWidget(createSimilarPanel());
    m_results->setChildrenCollapsible(false);
    splitter->addWidget(m_log);
    splitter->addWidget(m_results);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->addWidget(createToolRow());
    layout->addWidget(splitter, 1);
    setWidget(body);

    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setPlaceholderText(defaultPlaceholder());
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(LogMatchModel::SignatureColumn, QHeaderView::Stretch);
    m_view->header()->restoreState(Settings::matcherHeader());
    connect(m_view, &QTreeView::clicked, this, &LogMatcherDock::itemClicked);
    connect(m_view, &QTreeView::activated, this, &LogMatcherDock::itemClicked);

    m_ignoreCase->setChecked(Settings::ignoreCase(Settings::Tool::Matcher));
    m_delay.setSingleShot(true);
    m_delay.setInterval(300);
    connect(&m_delay, &QTimer::timeout, this, &LogMatcherDock::start);
    connect(m_log, &QPlainTextEdit::textChanged, this, &LogMatcherDock::logEdited);
    connect(m_ignoreCase, &QCheckBox::toggled, this, [this](bool on) {
        Settings::setIgnoreCase(Settings::Tool::Matcher, on);
        schedule();
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && !m_matcher && m_kb && m_kb->count() > 0 && !m_log->document()->isEmpty())
            schedule(); // the KB changed while hidden
    });
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &LogMatcherDock::cancel);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    setRunning(false);
    m_status->setText(tr("No log yet."));
}

LogMatcherDock::~LogMatcherDock()
{
    Settings::setMatcherHeader(m_view->header()->saveState());
    cancel();
    m_job->discard();
}

QWidget *LogMatcherDock::createToolRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *open = new QPushButton(tr("&Open Log…"), row);
    auto *paste = new QPushButton(tr("&Paste Log"), row);
    auto *clear = new QPushButton(tr("C&lear"), row);
    paste->setToolTip(tr("Replace the log with the text on the clipboard"));
    connect(open, &QPushButton::clicked, this, &LogMatcherDock::chooseLog);
    connect(paste, &QPushButton::clicked, this, &LogMatcherDock::pasteLog);
    connect(clear, &QPushButton::clicked, this, [this] { setLogText(QString()); });
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop matching (Esc)"));
    connect(m_cancel, &QToolButton::clicked, this, &LogMatcherDock::cancel);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(160);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(open);
    layout->addWidget(paste);
    layout->addWidget(clear);
    layout->addWidget(m_ignoreCase);
    layout->addWidget(m_status, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    return row;
}

// The similar records, under the matches; shown when few records match.
QWidget *LogMatcherDock::createSimilarPanel()
{
    m_similar = new QWidget(this);
    auto *layout = new QVBoxLayout(m_similar);
    layout->setContentsMargins(0, 0, 0, 0);
    m_similarLabel->setObjectName(QStringLiteral("similarLabel"));
    m_similarLabel->setWordWrap(true);
    m_similarView->setObjectName(QStringLiteral("similarRecords"));
    m_similarView->setModel(m_similarModel);
    m_similarView->setItemDelegate(new LookupHitDelegate(m_similarView));
    m_similarView->setUniformItemSizes(true);
    layout->addWidget(m_similarLabel);
    layout->addWidget(m_similarView, 1);
    const auto open = [this](const QModelIndex &index) { emit recordActivated(m_similarModel->idAt(index.row())); };
    connect(m_similarView, &QListView::clicked, this, open);
    connect(m_similarView, &QListView::activated, this, open);
    m_similar->hide();
    return m_similar;
}

void LogMatcherDock::setLookupEngine(std::shared_ptr<const LookupEngine> lookup)
{
    m_lookup = std::move(lookup);
    if (isVisible() && !m_log->document()->isEmpty())
        schedule();
}

void LogMatcherDock::setKnowledgeBase(const KnowledgeBase *kb, std::shared_ptr<const LookupEngine> lookup)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    m_lookup = std::move(lookup);
    const auto stale = [this] {
        m_matcher.reset();
        if (isVisible() && !m_log->document()->isEmpty())
            schedule();
    };
    stale();
    clearResult();
    if (!kb)
        return;
    connect(kb, &KnowledgeBase::reset, this, stale);
    connect(kb, &KnowledgeBase::recordAdded, this, stale);
    connect(kb, &KnowledgeBase::recordChanged, this, stale);
    connect(kb, &KnowledgeBase::recordAboutToBeRemoved, this, stale);
}

QString LogMatcherDock::defaultPlaceholder() const
{
    return tr("Paste a whole log here (or open a log file): every known error in it is listed on the right, "
              "most specific first.");
}

void LogMatcherDock::setLogText(const QString &text)
{
    m_fileLog.clear();
    m_fileName.clear();
    m_log->setPlaceholderText(defaultPlaceholder());
    m_log->setPlainText(text);
}

// Only a regular file, read without waiting: a FIFO or a device given here
// (the command line's --workbench, a drop) would hold up the window.
bool LogMatcherDock::openLog(const QString &path, QString *error)
{
    if (const QString why = LogFileDialog::refusal(path); !why.isEmpty()) {
        *error = why;
        return false;
    }
    const LogReader::Result read = LogReader::read(path, {MaxLogBytes, 0});
    if (read.status == LogReader::TooLarge) {
        *error = tr("%1 is larger than %2 MB.").arg(QDir::toNativeSeparators(path)).arg(MaxLogBytes >> 20);
        return false;
    }
    if (read.status != LogReader::Read) {
        *error = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), read.error);
        return false;
    }
    const QByteArray &bytes = read.bytes;
    if (bytes.size() <= MaxShownBytes) {
        setLogText(QString::fromUtf8(bytes));
        return true;
    }
    // Too big to show: matched as it is; typing or pasting replaces it.
    m_log->blockSignals(true);
    m_log->clear();
    m_log->blockSignals(false);
    m_fileLog = bytes;
    m_fileName = QFileInfo(path).fileName();
    m_log->setPlaceholderText(tr("%1 (%2 MB) is matched but too big to show here. Paste or type to replace it.")
                                  .arg(m_fileName)
                                  .arg(bytes.size() >> 20));
    schedule();
    return true;
}

void LogMatcherDock::chooseLog()
{
    const QString path = LogFileDialog::choose(this, Settings::Tool::Matcher);
    if (path.isEmpty())
        return;
    QString error;
    if (!openLog(path, &error))
        QMessageBox::warning(this, tr("Open Log"), error);
}

void LogMatcherDock::pasteLog()
{
    setLogText(QApplication::clipboard()->text());
}

void LogMatcherDock::setIgnoreCase(bool ignore)
{
    m_ignoreCase->setChecked(ignore);
}

// The next run builds its matcher again, with this budget.
void LogMatcherDock::setRegexBudgetMs(qint64 milliseconds)
{
    m_regexBudgetMs = milliseconds;
    m_matcher.reset();
}

void LogMatcherDock::logEdited()
{
    if (!m_fileLog.isEmpty()) {
        m_fileLog.clear();
        m_fileName.clear();
        m_log->setPlaceholderText(defaultPlaceholder());
    }
    // A new log: the run in progress is for the old one.
    m_cancelled = true;
    m_job->cancel();
    schedule();
}

void LogMatcherDock::schedule()
{
    m_delay.start();
}

bool LogMatcherDock::isRunning() const
{
    return m_delay.isActive() || m_running;
}

QString LogMatcherDock::statusText() const
{
    return m_status->text();
}

void LogMatcherDock::matchNow()
{
    m_delay.stop();
    start();
}

void LogMatcherDock::cancel()
{
    m_delay.stop();
    m_cancelled = true;
    m_job->cancel();
}

void LogMatcherDock::start()
{
    m_job->abandon(); // the previous run, if it still goes
    m_cancelled = false;
    Job job;
    job.log = m_fileLog.isEmpty() ? m_log->toPlainText().toUtf8() : m_fileLog;
    job.ignoreCase = m_ignoreCase->isChecked();
    job.regexBudgetMs = m_regexBudgetMs;
    job.similar = m_lookup != nullptr;
    if (job.log.isEmpty() || !m_kb) {
        clearResult();
        m_status->setText(tr("No log yet."));
        setRunning(false);
        emit finished();
        return;
    }
    if (m_matcher && m_matcherIgnoresCase == job.ignoreCase)
        job.matcher = m_matcher;
    else
        job.sources = LogMatcher::sources(*m_kb, false);
    m_progress->setValue(0);
    m_status->setText(job.matcher ? tr("Matching…")
                                  : tr("Preparing the regexes of %Ln record(s)…", nullptr, int(job.sources.size())));
    m_job->start([job](const BackgroundJob::Control &control) { return run(job, control); },
                 [this](const std::shared_ptr<Outcome> &outcome) { finish(outcome); });
    setRunning(true);
}

// On a thread of the run's own, with copies of the log and the regexes.
std::shared_ptr<LogMatcherDock::Outcome> LogMatcherDock::run(const Job &job, const BackgroundJob::Control &control)
{
    auto outcome = std::make_shared<Outcome>();
    outcome->ignoreCase = job.ignoreCase;
    std::shared_ptr<const LogMatcher> matcher = job.matcher;
    if (!matcher) {
        auto built = std::make_shared<LogMatcher>();
        LogMatcher::Options options;
        options.ignoreCase = job.ignoreCase;
        options.regexBudgetMs = job.regexBudgetMs;
        built->build(job.sources, options);
        matcher = outcome->builtMatcher = built;
    }
    int shown = -1;
    outcome->result = matcher->match(job.log, control.cancelFlag(), [&](int done, int) {
        if (done != shown)
            control.progress(shown = done, 100);
    });
    if (job.similar && !outcome->result.cancelled && outcome->result.matches.size() < FewMatches)
        outcome->excerpt = LogExcerpt::of(job.log);
    return outcome;
}

void LogMatcherDock::finish(const std::shared_ptr<Outcome> &outcome)
{
    if (outcome->builtMatcher) {
        m_matcher = outcome->builtMatcher;
        m_matcherIgnoresCase = outcome->ignoreCase;
    }
    setRunning(false);
    // Cancel may come after the work finished but before this was shown.
    if (outcome->result.cancelled || m_cancelled) {
        clearResult();
        m_status->setText(tr("Cancelled. Edit the log or press Paste Log to match again."));
    } else {
        showSimilar(outcome->result, outcome->excerpt);
        showResult(outcome->result);
    }
    emit finished();
}

void LogMatcherDock::showResult(const LogMatchResult &result)
{
    m_model->setResult(result, m_kb);
    if (m_model->rowCount() > 0) {
        m_view->setCurrentIndex(m_model->index(0, 0));
        m_view->expand(m_model->index(0, 0));
    }
    const QLocale locale;
    QString text = tr("%1 of %2 records match · %3 lines, %4 · %5 ms")
                       .arg(result.matches.size())
                       .arg(result.regexCount)
                       .arg(locale.toString(result.logLines))
                       .arg(locale.formattedDataSize(result.logBytes))
                       .arg(result.timings.totalMs, 0, 'f', 0);
    QStringList details;
    for (const LogMatchResult::Skipped &skipped : result.skipped)
        details << QStringLiteral("%1: %2").arg(skipped.recordId, skipped.reason);
    if (!result.skipped.isEmpty())
        text += QStringLiteral(" · ") + tr("%Ln record(s) not tried", nullptr, int(result.skipped.size()));
    if (result.usedFallback) {
        text += QStringLiteral(" · ") + tr("slow path used");
        details.prepend(result.note);
    }
    // A regex stopped for its time budget may have missed a match: said in
    // the status line itself, each one named in the tooltip.
    if (!result.cutShort.isEmpty()) {
        text += QStringLiteral(" · ")
            + tr("%Ln regex(es) too slow on this log, results may be incomplete", nullptr, int(result.cutShort.size()));
        QStringList cut;
        for (const LogMatchResult::CutShort &regex : result.cutShort)
            cut << tr("The regex of %1 was %2.").arg(regex.recordId, regex.reason);
        details = cut + details;
    }
    if (m_similarModel->rowCount() > 0)
        text += QStringLiteral(" · ") + tr("%Ln similar record(s)", nullptr, m_similarModel->rowCount());
    m_status->setText(text);
    m_status->setToolTip(details.join(QLatin1Char('\n')));
    highlightLines(result);
}

// A lookup of the log on this thread: the index it reads follows the KB's
// edits, which happen on this thread too. Of a long log it reads the head
// and the tail (LogExcerpt), cut out by the run.
void LogMatcherDock::showSimilar(const LogMatchResult &result, const std::optional<LogExcerpt> &excerpt)
{
    if (!m_lookup || !excerpt || result.matches.size() >= FewMatches) {
        m_similarModel->clear();
        m_similar->hide();
        m_view->show();
        return;
    }
    QSet<QString> matched;
    for (const LogMatchResult::Match &match : result.matches)
        matched << match.recordId;
    LookupResult similar = m_lookup->lookup(excerpt->text(), SimilarLimit + int(matched.size()));
    excerpt->mapLines(similar);
    m_similarModel->setResult(similar, matched);
    const int shown = m_similarModel->rowCount();
    m_similarLabel->setText(result.matches.isEmpty()
                                ? tr("No regex matched. Similar records, like the errors in this log:")
                                : tr("Similar records, like the errors in this log but not matched by their regex:"));
    m_similar->setVisible(shown > 0);
    m_view->setVisible(!result.matches.isEmpty() || shown == 0);
}

void LogMatcherDock::clearResult()
{
    m_model->clear();
    m_highlighter->setRanges({});
    m_similarModel->clear();
    m_similar->hide();
    m_view->show();
}

// Marks the matches of the lines kept in the result, in the log shown.
void LogMatcherDock::highlightLines(const LogMatchResult &result)
{
    QList<MatchHighlighter::Range> ranges;
    for (const LogMatchResult::Match &match : result.matches) {
        for (const LogMatchResult::Line &line : match.lines) {
            const QTextBlock block = m_log->document()->findBlockByNumber(line.number - 1);
            if (block.isValid())
                ranges << MatchHighlighter::Range{block.position() + unitOf(block.text(), line.startColumn),
                                                  block.position() + unitOf(block.text(), line.endColumn)};
        }
    }
    std::sort(ranges.begin(), ranges.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    QList<MatchHighlighter::Range> merged; // two records may match the same text
    for (const MatchHighlighter::Range &range : std::as_const(ranges)) {
        if (!merged.isEmpty() && range.start < merged.last().end)
            merged.last().end = qMax(merged.last().end, range.end);
        else
            merged << range;
    }
    m_highlighter->setRanges(merged);
}

void LogMatcherDock::itemClicked(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    if (!index.parent().isValid()) {
        emit recordActivated(m_model->idAt(index));
        return;
    }
    const LogMatchResult::Line &line = m_model->result().matches.at(index.parent().row()).lines.at(index.row());
    revealLine(line.number, line.startColumn, line.endColumn);
}

void LogMatcherDock::revealLine(int number, int startColumn, int endColumn)
{
    const QTextBlock block = m_log->document()->findBlockByNumber(number - 1);
    if (!block.isValid())
        return; // a log too big to show
    QTextCursor cursor(block);
    cursor.setPosition(block.position() + unitOf(block.text(), endColumn));
    cursor.setPosition(block.position() + unitOf(block.text(), startColumn), QTextCursor::KeepAnchor);
    m_log->setTextCursor(cursor);
    m_log->centerCursor();
}

void LogMatcherDock::setRunning(bool running)
{
    m_running = running;
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
}

} // namespace Errata
