#include "app/GuiLauncher.h"

#include "app/SampleKnowledgeBase.h"
#include "app/commands/ExitCode.h"
#include "models/itemmodels/ReviewModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/matching/LogReader.h"
#include "models/settings/Settings.h"
#include "models/util/BackgroundJob.h"
#include "ui/browser/BrowserDock.h"
#include "ui/logs/LogMatcherDock.h"
#include "ui/logs/RegexWorkbenchDock.h"
#include "ui/merge/ConflictResolver.h"
#include "ui/review/ReviewView.h"
#include "ui/style/Palettes.h"
#include "ui/window/MainWindow.h"
#include "ui/window/StallLog.h"
#include "ui/window/Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>
#include <QTextStream>
#include <QTimer>

#include <functional>
#include <utility>

namespace Errata {

namespace {

// As LogMatcherDock: a longer log is matched without being shown, which
// only a file given to it by name can be.
constexpr qint64 MaxShownLogBytes = qint64(32) << 20;

QCommandLineOption screenshotOption()
{
    return QCommandLineOption(QStringLiteral("screenshot"),
                              QStringLiteral("Render the main window to a PNG file and exit."), QStringLiteral("FILE"));
}

QCommandLineOption selectOption()
{
    return QCommandLineOption(QStringLiteral("select"), QStringLiteral("Open the record with this id."),
                              QStringLiteral("ID"));
}

QCommandLineOption editOption()
{
    return QCommandLineOption(QStringLiteral("edit"),
                              QStringLiteral("Open the record given with --select for editing."));
}

QCommandLineOption graphOption()
{
    return QCommandLineOption(QStringLiteral("graph"),
                              QStringLiteral("Show the Graph dock for the record given with --select."));
}

QCommandLineOption searchOption()
{
    return QCommandLineOption(QStringLiteral("search"), QStringLiteral("Type this query into the search field."),
                              QStringLiteral("QUERY"));
}

QCommandLineOption languageOption()
{
    return QCommandLineOption(QStringLiteral("language"),
                              QStringLiteral("The language of the user interface for this run: en or zh_CN "
                                             "(default: the setting, else the system's)."),
                              QStringLiteral("LANG"));
}

QCommandLineOption resolveOption()
{
    return QCommandLineOption(QStringLiteral("resolve"),
                              QStringLiteral("Open the conflict view for FILE, a record file below DIR that a git "
                                             "merge left in conflict."),
                              QStringLiteral("FILE"));
}

QCommandLineOption reviewOption()
{
    return QCommandLineOption(QStringLiteral("review"),
                              QStringLiteral("Start in translation review mode (with --select, on that record)."));
}

QCommandLineOption workbenchOption()
{
    return QCommandLineOption(
        QStringLiteral("workbench"),
        QStringLiteral("Show the regex workbench with this log (for the record given with --select)."),
        QStringLiteral("LOGFILE"));
}

QCommandLineOption matchOption()
{
    return QCommandLineOption(QStringLiteral("match"), QStringLiteral("Show the log matcher with this log."),
                              QStringLiteral("LOGFILE"));
}

// Reads the log given with --match in the background, and then gives it to
// the log matcher: a FIFO waits for its writer and /dev/zero never ends, and
// neither may hold up the window (Quit cancels the read). Up to LogReader's
// limits; from a stream (a pipe, a FIFO, a device) only as much as the log
// matcher shows, since only a file can be matched without being shown.
BackgroundJob *readMatchLog(MainWindow &window, const QString &path)
{
    auto *job = new BackgroundJob(&window);
    const LogReader::Limits limits = LogReader::limits({LogReader::FileLimit, MaxShownLogBytes});
    const auto read = [path, limits](const BackgroundJob::Control &control) {
        return LogReader::read(path, limits, control.cancelFlag());
    };
    const auto give = [&window, path](LogReader::Result read) {
        QString error = read.error;
        if (read.status == LogReader::Read && read.bytes.size() > MaxShownLogBytes)
            window.logMatcher()->openLog(path, &error); // a regular file, read again there and not shown
        else if (read.status == LogReader::Read)
            window.logMatcher()->setLogText(QString::fromUtf8(read.bytes));
        if (read.status == LogReader::Cancelled || error.isEmpty())
            return;
        QTextStream(stderr) << "errata: " << path << ": " << error << '\n';
        window.statusBar()->showMessage(QStringLiteral("%1: %2").arg(path, error));
    };
    job->start(read, give);
    return job;
}

// Shows the docks the options ask for, with their logs; false if a log
// cannot be read. The log matcher's log comes later, from `matchLog`.
bool showTools(MainWindow &window, const QCommandLineParser &parser, BackgroundJob **matchLog)
{
    QString error;
    if (parser.isSet(workbenchOption())) {
        window.workbench()->show();
        window.resizeDocks({window.workbench()}, {560}, Qt::Horizontal);
        if (!window.workbench()->openLog(parser.value(workbenchOption()), &error))
            QTextStream(stderr) << "errata: " << error << '\n';
        window.workbench()->matchNow();
    }
    if (parser.isSet(matchOption())) {
        window.logMatcher()->show();
        window.logMatcher()->raise();
        window.resizeDocks({window.logMatcher()}, {330}, Qt::Vertical);
        *matchLog = readMatchLog(window, parser.value(matchOption()));
    }
    return error.isEmpty();
}

// Handles events until `done` holds or `limitMs` passed, sleeping between
// checks rather than keeping a core busy that background work needs.
void waitUntil(const std::function<bool()> &done, int limitMs)
{
    QElapsedTimer timer;
    timer.start();
    QEventLoop loop;
    QTimer check;
    const auto quitWhenDone = [&] {
        if (done() || timer.elapsed() >= limitMs)
            loop.quit();
    };
    QObject::connect(&check, &QTimer::timeout, &loop, quitWhenDone);
    check.start(20);
    QTimer::singleShot(0, &loop, quitWhenDone);
    loop.exec();
}

// Waits until the tool docks and review mode show their results (for a
// screenshot), the log matcher's log read first.
void waitForTools(MainWindow &window, const BackgroundJob *matchLog)
{
    waitUntil([matchLog] { return !matchLog || !matchLog->isRunning(); }, 60000);
    waitUntil(
        [&window] {
            return !window.workbench()->isMatching() && !window.logMatcher()->isRunning()
                && !window.review()->model()->isCounting();
        },
        60000);
}

// The KB to open: the folder given, else the last one, else the sample copy.
QString chooseFolder(const QString &given, QString *error)
{
    if (!given.isEmpty())
        return given;
    const QString last = Settings::lastKnowledgeBase();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return SampleKnowledgeBase::ensureCopy(error);
}

int saveScreenshot(MainWindow &window, const QString &file, BackgroundJob *const &matchLog)
{
    window.show();
    window.waitForLoad();
    waitUntil([] { return false; }, 400); // timers that lay out and fill in after the load
    QApplication::processEvents();
    waitForTools(window, matchLog);
    window.workbench()->showMatch(0);
    QApplication::processEvents();
    // The conflict view when it is open (--resolve), else the window.
    QWidget *shown = QApplication::activeModalWidget() ? QApplication::activeModalWidget() : &window;
    if (!shown->grab().save(file, "PNG")) {
        QTextStream(stderr) << "errata: cannot write the screenshot " << file << '\n';
        return ExitCode::Failed;
    }
    return ExitCode::Ok;
}

// --language, else the setting, else the system's; false (after saying
// why) for a language there is no translation for.
bool installLanguage(QApplication &app, const QCommandLineParser &parser)
{
    const QString language = parser.isSet(languageOption()) ? parser.value(languageOption())
                                                            : Translations::resolve(Translations::storedSetting());
    if (!Translations::languages().contains(language)) {
        QTextStream(stderr) << "errata: --language must be one of "
                            << Translations::languages().join(QStringLiteral(", ")) << ", not \"" << language << "\"\n";
        return false;
    }
    Translations::install(&app, language);
    return true;
}

} // namespace

void GuiLauncher::describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Errata curates a knowledge base of error records.\n\n"
                       "Commands (run \"errata COMMAND --help\" for their options):\n"
                       "  validate DIR              check every record against the schema and rules\n"
                       "  import-deadends SRC DST   convert deadends.dev canons to records\n"
                       "  export-deadends SRC DST   convert records to deadends.dev canons\n"
                       "  match [--kb DIR] [LOG]    find the records whose regex matches a log\n"
                       "  lookup [--kb DIR] [TEXT]  find the records most like an error text\n"
                       "  graph [--kb DIR] [ID]     print the transition graph as Graphviz dot or JSON\n"
                       "  mcp [--kb DIR]            serve the KB to coding agents (MCP over stdio)\n"
                       "  publish [--kb DIR] OUT    write the KB as a static website with a JSON API\n"
                       "  serve [--kb DIR]          serve the KB over HTTP to a team: site, API and MCP\n"
                       "  review [--kb DIR]         count translated and reviewed fields per domain\n"
                       "  status [--kb DIR]         list the records changed against git's HEAD\n"
                       "  merge-driver BASE OURS THEIRS\n"
                       "                            merge a record's versions field by field, for git\n\n"
                       "Without a command, the desktop program starts."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The KB folder to open."),
                                 QStringLiteral("[DIR]"));
    parser.addOptions({screenshotOption(), selectOption(), editOption(), graphOption(), searchOption(),
                       workbenchOption(), matchOption(), languageOption(), reviewOption(), resolveOption()});
}

int GuiLauncher::run(QApplication &app)
{
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);
    const QString given = parser.positionalArguments().value(0);
    if (!given.isEmpty() && !QFileInfo(given).isDir()) {
        QTextStream(stderr) << "errata: " << given << ": not a folder\n";
        return ExitCode::UsageError;
    }
    if (!installLanguage(app, parser))
        return ExitCode::UsageError;
    Palettes::apply(app, Settings::colorScheme());
    QString error;
    const QString folder = chooseFolder(given, &error);
    StallLog stalls; // QT_LOGGING_RULES="errata.stall.info=true"
    MainWindow window;
    const bool screenshot = parser.isSet(screenshotOption());
    if (screenshot) // wider with the Graph dock, so that the card stays readable
        window.resize(parser.isSet(graphOption()) ? QSize(1600, 900) : QSize(1280, 800));
    // As soon as the KB is shown: when its checks start, or when it is
    // loaded with nothing left to check.
    bool applied = false;
    BackgroundJob *matchLog = nullptr; // reads the log given with --match
    const auto applyOptions = [&] {
        if (std::exchange(applied, true))
            return;
        if (parser.isSet(reviewOption())) {
            window.setReviewMode(true);
            if (const Record *record = window.knowledgeBase()->find(parser.value(selectOption())))
                window.review()->selectRecord(record);
        } else if (parser.isSet(selectOption()) && parser.isSet(editOption()))
            window.editRecord(parser.value(selectOption()));
        else if (parser.isSet(selectOption()))
            window.openRecord(parser.value(selectOption()));
        if (parser.isSet(graphOption()))
            window.showGraph();
        if (parser.isSet(searchOption()))
            window.browser()->setSearchText(parser.value(searchOption()));
        if (parser.isSet(resolveOption())
            && !window.conflicts()->resolveFile(window.knowledgeBase()->root() + QLatin1Char('/')
                                                + parser.value(resolveOption())))
            QTextStream(stderr) << "errata: --resolve: git reports no conflict in " << parser.value(resolveOption())
                                << '\n';
        showTools(window, parser, &matchLog);
    };
    QObject::connect(&window, &MainWindow::checking, &window, applyOptions, Qt::SingleShotConnection);
    QObject::connect(&window, &MainWindow::loaded, &window, applyOptions, Qt::SingleShotConnection);
    if (folder.isEmpty())
        QMessageBox::warning(&window, QObject::tr("Errata"), error);
    else
        window.openKnowledgeBase(folder);
    if (screenshot)
        return saveScreenshot(window, parser.value(screenshotOption()), matchLog);
    window.show();
    return app.exec();
}

} // namespace Errata
