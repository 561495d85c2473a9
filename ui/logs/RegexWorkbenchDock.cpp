#include "ui/logs/RegexWorkbenchDock.h"

#include "models/itemmodels/RegexMatchListModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/matching/LogMatcher.h"
#include "models/matching/LogReader.h"
#include "models/matching/RegexBudget.h"
#include "models/matching/RegexEngine.h"
#include "models/record/Record.h"
#include "models/settings/Settings.h"
#include "models/util/Utf16Offsets.h"
#include "ui/editing/EditSession.h"
#include "ui/logs/LogFileDialog.h"
#include "ui/logs/MatchHighlighter.h"
#include "ui/style/StatusColors.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <QSet>

namespace Errata {

namespace {

constexpr int MatchLimit = 10000;                 // matches listed and highlighted
constexpr qint64 MaxLogBytes = qint64(256) << 20; // the biggest log file opened

} // namespace

struct RegexWorkbenchDock::Outcome
{
    bool valid = true;
    QString error;
    int errorPosition = -1;
    bool emptyPattern = false;
    bool matchesEmpty = false;
    QList<RegexMatch> matches;
    QList<MatchHighlighter::Range> ranges;
    bool truncated = false;
    int lines = 0;
    RegexBudget::Cut cut = RegexBudget::Cut::None; // Stopped or InPieces when the budget cut it short
    double seconds = 0;                            // what the search took
    double budgetSeconds = 0;
};

RegexWorkbenchDock::RegexWorkbenchDock(QWidget *parent)
    : QDockWidget(tr("Regex Workbench"), parent)
    , m_binding(new QLabel(this))
    , m_regex(new QLineEdit(this))
    , m_ignoreCase(new QCheckBox(tr("&Ignore case"), this))
    , m_status(new QLabel(this))
    , m_tests(new QTreeWidget(this))
    , m_log(new QPlainTextEdit(this))
    , m_matchView(new QTreeView(this))
    , m_model(new RegexMatchListModel(this))
    , m_highlighter(new MatchHighlighter(m_log))
    , m_budgetMs(LogMatcher::DefaultRegexBudgetMs)
{
    setObjectName(QStringLiteral("RegexWorkbench"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tests);
    splitter->addWidget(createLogPane());
    splitter->addWidget(m_matchView);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 1);
    splitter->setSizes({90, 400, 160});
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->addWidget(m_binding);
    layout->addWidget(createRegexRow());
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
    setWidget(body);

    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_tests->setColumnCount(3);
    m_tests->setHeaderLabels({tr("Result"), tr("Test line"), tr("Text")});
    m_tests->setRootIsDecorated(false);
    m_tests->setMaximumHeight(120);
    m_tests->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matchView->setModel(m_model);
    m_matchView->setRootIsDecorated(false);
    m_matchView->setUniformRowHeights(true);
    m_matchView->setAlternatingRowColors(true);
    m_matchView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matchView->header()->setStretchLastSection(true);
    connect(m_matchView, &QTreeView::clicked, this, &RegexWorkbenchDock::jumpTo);
    connect(m_matchView, &QTreeView::activated, this, &RegexWorkbenchDock::jumpTo);

    m_ignoreCase->setChecked(Settings::ignoreCase(Settings::Tool::Workbench));
    m_delay.setSingleShot(true);
    m_delay.setInterval(200);
    connect(&m_delay, &QTimer::timeout, this, &RegexWorkbenchDock::start);
    connect(m_log, &QPlainTextEdit::textChanged, this, [this] {
        m_logChanged = true;
        schedule();
    });
    connect(m_ignoreCase, &QCheckBox::toggled, this, [this](bool on) {
        Settings::setIgnoreCase(Settings::Tool::Workbench, on);
        updateTests();
        schedule();
    });
    bind(nullptr, nullptr);
}

RegexWorkbenchDock::~RegexWorkbenchDock()
{
    m_job->discard();
}

QWidget *RegexWorkbenchDock::createRegexRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("&Regex:"), row);
    label->setBuddy(m_regex);
    m_regex->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_regex->setClearButtonEnabled(true);
    connect(m_regex, &QLineEdit::textEdited, this, &RegexWorkbenchDock::regexEdited);
    connect(m_regex, &QLineEdit::returnPressed, this, &RegexWorkbenchDock::matchNow);
    layout->addWidget(label);
    layout->addWidget(m_regex, 1);
    layout->addWidget(m_ignoreCase);
    return row;
}

QWidget *RegexWorkbenchDock::createLogPane()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    auto *open = new QPushButton(tr("&Open Log…"), pane);
    auto *clear = new QPushButton(tr("C&lear"), pane);
    connect(open, &QPushButton::clicked, this, &RegexWorkbenchDock::chooseLog);
    connect(clear, &QPushButton::clicked, m_log, &QPlainTextEdit::clear);
    buttons->addWidget(new QLabel(tr("Log:"), pane));
    buttons->addStretch(1);
    buttons->addWidget(open);
    buttons->addWidget(clear);
    layout->addLayout(buttons);
    layout->addWidget(m_log, 1);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setPlaceholderText(tr("Paste a log here, or open a log file. Every match of the regex is highlighted."));
    const auto step = [this](int direction) {
        const int count = int(m_model->matches().size());
        if (count == 0)
            return;
        const int next = (m_highlighter->current() + direction + count) % count;
        showMatch(next);
    };
    auto *nextMatch = new QAction(tr("Next Match"), this);
    nextMatch->setShortcut(QKeySequence(Qt::Key_F3)); // not FindNext: Ctrl+G opens the graph
    nextMatch->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(nextMatch, &QAction::triggered, this, [step] { step(1); });
    auto *previousMatch = new QAction(tr("Previous Match"), this);
    previousMatch->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    previousMatch->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(previousMatch, &QAction::triggered, this, [step] { step(-1); });
    addActions({nextMatch, previousMatch});
    return pane;
}

void RegexWorkbenchDock::setKnowledgeBase(KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    bind(nullptr, nullptr);
    if (!kb)
        return;
    connect(kb, &KnowledgeBase::recordChanged, this, [this](const Record *record) {
        if (record == m_record)
            showRecordRegex();
    });
    connect(kb, &KnowledgeBase::recordAboutToBeRemoved, this, [this](const Record *record) {
        if (record == m_record)
            bind(nullptr, nullptr);
    });
    connect(kb, &KnowledgeBase::reset, this, [this] { bind(nullptr, nullptr); });
}

void RegexWorkbenchDock::bind(const Record *record, EditSession *session)
{
    m_record = record;
    m_session = session;
    m_regex->setReadOnly(record && !session);
    const QString hint = !record ? tr("No record open: try any regex against the log.")
        : session                ? tr("%1 — changes go to the record; Ctrl+Z undoes them.").arg(record->id())
                                 : tr("%1 — edit the record (Ctrl+E) to change its regex here.").arg(record->id());
    m_binding->setText(hint);
    m_regex->setToolTip(hint);
    if (record)
        showRecordRegex();
    else
        updateTests();
}

void RegexWorkbenchDock::showRecordRegex()
{
    const QString regex = m_record->regex();
    if (m_regex->text() != regex) {
        const bool typing = m_regex->hasFocus();
        m_regex->setText(regex);
        if (!typing)
            m_regex->setCursorPosition(0); // show the start of a long regex
        schedule();
    }
    updateTests();
}

void RegexWorkbenchDock::regexEdited(const QString &text)
{
    if (m_session && m_record)
        m_session->setValue(QStringLiteral("/regex"), OrderedJson(text.toStdString()), tr("Edit regex"), true);
    updateTests();
    schedule();
}

void RegexWorkbenchDock::setLogText(const QString &text)
{
    m_log->setPlainText(text);
}

// Only a regular file, read without waiting: a FIFO or a device given here
// (the command line's --workbench) would hold up the window.
bool RegexWorkbenchDock::openLog(const QString &path, QString *error)
{
    if (const QString why = LogFileDialog::refusal(path); !why.isEmpty()) {
        *error = why;
        return false;
    }
    const LogReader::Result read = LogReader::read(path, {MaxLogBytes, 0});
    if (read.status == LogReader::TooLarge) {
        *error = tr("%1 is %2 MB; the workbench opens logs up to %3 MB. Cut out the part you need.")
                     .arg(QDir::toNativeSeparators(path))
                     .arg(QFileInfo(path).size() >> 20)
                     .arg(MaxLogBytes >> 20);
        return false;
    }
    if (read.status != LogReader::Read) {
        *error = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), read.error);
        return false;
    }
    setLogText(QString::fromUtf8(read.bytes));
    return true;
}

void RegexWorkbenchDock::chooseLog()
{
    const QString path = LogFileDialog::choose(this, Settings::Tool::Workbench);
    if (path.isEmpty())
        return;
    QString error;
    if (!openLog(path, &error))
        QMessageBox::warning(this, tr("Open Log"), error);
}

void RegexWorkbenchDock::setIgnoreCase(bool ignore)
{
    m_ignoreCase->setChecked(ignore);
}

QString RegexWorkbenchDock::recordId() const
{
    return m_record ? m_record->id() : QString();
}

QString RegexWorkbenchDock::regexText() const
{
    return m_regex->text();
}

bool RegexWorkbenchDock::regexEditable() const
{
    return !m_regex->isReadOnly();
}

QString RegexWorkbenchDock::statusText() const
{
    return m_status->text();
}

QStringList RegexWorkbenchDock::testLineResults() const
{
    QStringList results;
    for (int i = 0; i < m_tests->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_tests->topLevelItem(i);
        results << QStringLiteral("%1: %2").arg(
            item->data(0, Qt::UserRole).toBool() ? QStringLiteral("pass") : QStringLiteral("fail"), item->text(2));
    }
    return results;
}

bool RegexWorkbenchDock::isMatching() const
{
    return m_delay.isActive() || m_searching;
}

void RegexWorkbenchDock::matchNow()
{
    m_delay.stop();
    start();
}

void RegexWorkbenchDock::schedule()
{
    m_delay.start();
}

void RegexWorkbenchDock::start()
{
    if (m_job->isRunning()) {
        m_rerun = true;
        return;
    }
    m_rerun = false;
    m_searching = true;
    if (m_logChanged) { // typing a regex does not copy a big log again
        m_logText = m_log->toPlainText();
        m_logChanged = false;
    }
    m_job->start(
        [pattern = m_regex->text(), ignoreCase = m_ignoreCase->isChecked(), text = m_logText,
         budget = m_budgetMs](const BackgroundJob::Control &) { return search(pattern, ignoreCase, text, budget); },
        [this](const std::shared_ptr<Outcome> &outcome) { finish(outcome); });
}

void RegexWorkbenchDock::finish(const std::shared_ptr<Outcome> &outcome)
{
    if (m_rerun) {
        start();
        return;
    }
    m_searching = false;
    m_model->setMatches(outcome->matches);
    m_highlighter->setRanges(outcome->ranges);
    if (!outcome->valid)
        showError(outcome->error, outcome->errorPosition);
    else if (outcome->emptyPattern)
        m_status->setText(tr("Type a regex to see its matches."));
    else if (m_log->document()->isEmpty())
        m_status->setText(tr("Paste a log or open one to see the matches."));
    else {
        QString text = outcome->matches.isEmpty()
            ? tr("No match in the log.")
            : QStringLiteral("%1 · %2").arg(tr("%Ln match(es)", nullptr, int(outcome->matches.size())),
                                            tr("%Ln line(s)", nullptr, outcome->lines));
        if (outcome->truncated)
            text = tr("More than %1 matches; the first %1 are listed and highlighted.").arg(MatchLimit);
        if (outcome->matchesEmpty)
            text += QLatin1Char(' ') + tr("The regex matches the empty string, so it would match every log.");
        const QString budget = budgetText(*outcome);
        m_status->setText(budget.isEmpty()
                              ? text.toHtmlEscaped()
                              : QStringLiteral("%1 <span style=\"color:%2\">%3</span>")
                                    .arg(text.toHtmlEscaped(), StatusColors::error(m_status->palette()).name(),
                                         budget.toHtmlEscaped()));
    }
    emit matched();
}

// What the time budget cut, in plain words; empty when nothing.
QString RegexWorkbenchDock::budgetText(const Outcome &outcome) const
{
    const QString budget = QString::number(outcome.budgetSeconds, 'g', 3);
    switch (outcome.cut) {
    case RegexBudget::Cut::None: break;
    case RegexBudget::Cut::InPieces:
        return tr("Too slow to search the whole log at once (the budget is %1 s): searched in pieces of 32 KiB, so a "
                  "match that spans two pieces may be missing.")
            .arg(budget);
    case RegexBudget::Cut::RunOut:
    case RegexBudget::Cut::Stopped:
        return tr("Stopped after %1 s, the budget of a regex on this log: there may be more matches further on. A "
                  "regex this slow would be stopped in the log matcher too.")
            .arg(QString::number(outcome.seconds, 'f', 1));
    }
    return QString();
}

void RegexWorkbenchDock::showError(const QString &message, int position)
{
    const QString pattern = m_regex->text();
    QString marked;
    if (position >= 0 && position <= pattern.size()) {
        const QString at = position < pattern.size() ? pattern.mid(position, 1) : QStringLiteral(" ");
        marked = QStringLiteral("<br><code>%1<span style=\"background:#f66;color:#fff\">%2</span>%3</code>")
                     .arg(pattern.left(position).toHtmlEscaped(), at.toHtmlEscaped(),
                          pattern.mid(position + 1).toHtmlEscaped());
    }
    m_status->setText(QStringLiteral("<span style=\"color:%1\">%2</span>%3")
                          .arg(StatusColors::error(m_status->palette()).name(),
                               tr("The regex does not compile: %1").arg(message).toHtmlEscaped(), marked));
}

void RegexWorkbenchDock::updateTests()
{
    m_tests->clear();
    m_tests->setVisible(m_record != nullptr);
    if (!m_record)
        return;
    const RegexEngine engine(m_regex->text(),
                             m_ignoreCase->isChecked() ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
    const auto add = [&](const QString &kind, const QString &text) {
        const bool pass = engine.isValid() && engine.matches(text);
        auto *item = new QTreeWidgetItem(m_tests, {pass ? tr("✓ match") : tr("✗ no match"), kind, text});
        item->setData(0, Qt::UserRole, pass);
        item->setForeground(0,
                            pass ? StatusColors::success(m_tests->palette()) : StatusColors::error(m_tests->palette()));
    };
    if (!m_record->signature().isEmpty())
        add(tr("Signature"), m_record->signature());
    for (const QString &alias : m_record->aliases())
        add(tr("Alias"), alias);
}

void RegexWorkbenchDock::showMatch(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_matchView->setCurrentIndex(m_model->index(row, 0));
    m_highlighter->reveal(row);
}

void RegexWorkbenchDock::jumpTo(const QModelIndex &index)
{
    if (index.isValid())
        m_highlighter->reveal(index.row());
}

// Runs on a worker thread: everything it needs is passed by value.
std::shared_ptr<RegexWorkbenchDock::Outcome> RegexWorkbenchDock::search(const QString &pattern, bool ignoreCase,
                                                                        const QString &text, qint64 budgetMs)
{
    auto outcome = std::make_shared<Outcome>();
    if (pattern.isEmpty()) {
        outcome->emptyPattern = true;
        return outcome;
    }
    const RegexEngine engine(pattern, ignoreCase ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
    if (!engine.isValid()) {
        outcome->valid = false;
        outcome->error = engine.errorMessage();
        outcome->errorPosition = engine.errorPosition();
        return outcome;
    }
    outcome->matchesEmpty = engine.matchesEmptyString();
    const QByteArray utf8 = text.toUtf8();
    LogMatcher::Options options;
    options.regexBudgetMs = budgetMs;
    RegexBudget budget(1, LogMatcher::budgetNs(options, utf8.size()));
    outcome->matches = engine.findAll(utf8, MatchLimit + 1, budget, 0);
    outcome->cut = budget.cut(0);
    outcome->seconds = double(budget.spentNs(0)) / 1e9;
    outcome->budgetSeconds = double(budget.budgetNs()) / 1e9;
    outcome->truncated = outcome->matches.size() > MatchLimit;
    if (outcome->truncated)
        outcome->matches.resize(MatchLimit);
    Utf16Offsets offsets(utf8);
    QSet<int> lines;
    for (const RegexMatch &match : std::as_const(outcome->matches)) {
        const int start = int(offsets.at(match.start));
        outcome->ranges << MatchHighlighter::Range{start, int(offsets.at(match.end))};
        lines.insert(match.line);
    }
    outcome->lines = int(lines.size());
    return outcome;
}

} // namespace Errata
