// The log matcher dock: a 10 MB log with three known errors among noise
// lines shows exactly those three records, pasting a new log cancels the
// run in progress, Cancel stops a run, a click opens the record, and a
// regex stopped for its time budget is named.

#include "ui/logs/LogMatcherDock.h"
#include "models/itemmodels/LogMatchModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

#include <random>

using namespace Errata;

namespace {

// Lines no record of the sample KB matches.
QString noiseLine(std::mt19937 &random, int number)
{
    static const char *const words[] = {"worker", "batch", "shard", "request", "cache", "queue", "upload", "step"};
    return QStringLiteral("2026-11-30T09:%1:%2Z [%3-%4] processed %5 %6 in %7 ms")
        .arg(number / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(number % 60, 2, 10, QLatin1Char('0'))
        .arg(QLatin1String(words[random() % 8]))
        .arg(random() % 16)
        .arg(QLatin1String(words[random() % 8]))
        .arg(random() % 100000)
        .arg(random() % 900);
}

// About `bytes` of noise with the three lines at 10%, 50% and 90%.
QString makeLog(qsizetype bytes, const QStringList &errors)
{
    std::mt19937 random(7);
    QStringList lines;
    qsizetype size = 0;
    for (int number = 0; size < bytes; ++number) {
        lines << noiseLine(random, number);
        size += lines.last().size() + 1;
    }
    const qsizetype count = lines.size();
    lines[count / 10] = errors.at(0);
    lines[count / 2] = errors.at(1);
    lines[count * 9 / 10] = errors.at(2);
    return lines.join(QLatin1Char('\n'));
}

const QStringList KnownErrors = {
    QStringLiteral("E   ModuleNotFoundError: No module named 'requests'"),
    QStringLiteral(
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity"),
    QStringLiteral("Error: listen EADDRINUSE: address already in use :::3000"),
};

} // namespace

class LogMatcherDockTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void tenMegabyteLogShowsTheThreeKnownErrors();
    void newPasteCancelsTheRunningOne();
    void cancelStopsTheRun();
    void clickOpensTheRecord();
    void editingTheKbMatchesAgain();
    void slowRegexIsNamedInTheStatus();

private:
    QStringList ids(const LogMatcherDock &dock) const;

    KnowledgeBase m_kb;
};

void LogMatcherDockTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    QVERIFY(m_kb.count() >= 20);
}

void LogMatcherDockTest::init()
{
    QSettings().clear(); // the case toggle is remembered between runs
}

QStringList LogMatcherDockTest::ids(const LogMatcherDock &dock) const
{
    QStringList list;
    const LogMatchModel *model = dock.resultModel();
    for (int row = 0; row < model->rowCount(); ++row)
        list << model->index(row, LogMatchModel::IdColumn).data().toString();
    return list;
}

void LogMatcherDockTest::tenMegabyteLogShowsTheThreeKnownErrors()
{
    LogMatcherDock dock;
    dock.resize(1000, 500);
    dock.show();
    dock.setKnowledgeBase(&m_kb);
    QApplication::clipboard()->setText(makeLog(10 << 20, KnownErrors));
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    QElapsedTimer timer;
    timer.start();
    QPushButton *paste = nullptr;
    const QList<QPushButton *> buttons = dock.findChildren<QPushButton *>();
    for (QPushButton *button : buttons) {
        if (button->text().remove(QLatin1Char('&')) == QLatin1String("Paste Log"))
            paste = button;
    }
    QVERIFY(paste);
    QTest::mouseClick(paste, Qt::LeftButton);
    const qint64 pasted = timer.elapsed();
    dock.matchNow(); // no wait for typing to settle: the figure is the work itself
    QVERIFY(finished.wait(30000));
    qInfo("10 MB log: pasted in %lld ms, matched and shown %lld ms after the paste", pasted, timer.elapsed() - pasted);
    const QStringList found = ids(dock);
    QCOMPARE(QSet<QString>(found.cbegin(), found.cend()),
             QSet<QString>({QStringLiteral("python/module-not-found"), QStringLiteral("pytorch/cuda-out-of-memory"),
                            QStringLiteral("node/eaddrinuse")}));
    QVERIFY2(dock.statusText().startsWith(QStringLiteral("3 of ")), qPrintable(dock.statusText()));
    const QModelIndex first = dock.resultModel()->index(0, 0);
    QCOMPARE(dock.resultModel()->rowCount(first), 1); // one matching line each
}

void LogMatcherDockTest::newPasteCancelsTheRunningOne()
{
    LogMatcherDock dock;
    dock.setKnowledgeBase(&m_kb);
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    dock.setLogText(makeLog(20 << 20, KnownErrors));
    dock.matchNow();
    QVERIFY(dock.isRunning());
    dock.setLogText(QStringLiteral("fatal: refusing to merge unrelated histories\n"));
    dock.matchNow();
    QVERIFY(finished.wait(30000));
    QTRY_VERIFY(!dock.isRunning());
    QTest::qWait(200); // the first run's late answer, if any, must not show
    QCOMPARE(finished.count(), 1);
    QCOMPARE(ids(dock), QStringList{QStringLiteral("git/refusing-to-merge-unrelated-histories")});
}

void LogMatcherDockTest::cancelStopsTheRun()
{
    LogMatcherDock dock;
    dock.setKnowledgeBase(&m_kb);
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    dock.setLogText(makeLog(20 << 20, KnownErrors));
    dock.matchNow();
    dock.cancel();
    QVERIFY(finished.wait(30000));
    QVERIFY2(dock.statusText().startsWith(QStringLiteral("Cancelled")), qPrintable(dock.statusText()));
    QCOMPARE(dock.resultModel()->rowCount(), 0);
}

void LogMatcherDockTest::clickOpensTheRecord()
{
    LogMatcherDock dock;
    dock.resize(1000, 400);
    dock.show();
    dock.setKnowledgeBase(&m_kb);
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    QSignalSpy opened(&dock, &LogMatcherDock::recordActivated);
    dock.setLogText(KnownErrors.at(2) + QLatin1Char('\n'));
    dock.matchNow();
    QVERIFY(finished.wait(30000));
    auto *view = dock.findChild<QTreeView *>();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    const QModelIndex first = dock.resultModel()->index(0, LogMatchModel::IdColumn);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(first).center());
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.first().first().toString(), QStringLiteral("node/eaddrinuse"));
    // A line row shows the line in the log instead.
    view->expand(dock.resultModel()->index(0, 0));
    const QModelIndex line = dock.resultModel()->index(0, LogMatchModel::SignatureColumn,
                                                       dock.resultModel()->index(0, 0));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(line).center());
    QCOMPARE(opened.count(), 1);
    QCOMPARE(dock.logEdit()->textCursor().selectedText(),
             QStringLiteral("listen EADDRINUSE: address already in use :::3000"));
}

void LogMatcherDockTest::editingTheKbMatchesAgain()
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    LogMatcherDock dock;
    dock.show();
    dock.setKnowledgeBase(&kb);
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    dock.setLogText(QStringLiteral("something unheard of happened\n"));
    dock.matchNow();
    QVERIFY(finished.wait(30000));
    QCOMPARE(dock.resultModel()->rowCount(), 0);
    Record *record = kb.find(QStringLiteral("node/eaddrinuse"));
    kb.setValue(record, QStringLiteral("/regex"), OrderedJson("unheard of"));
    QVERIFY(finished.wait(30000)); // the matcher is rebuilt for the edited KB
    QCOMPARE(ids(dock), QStringList{QStringLiteral("node/eaddrinuse")});
}

// A regex that defeats RE2's DFA, on 1.5 MB with a budget of 100 ms: the
// status line says that a regex was too slow, and the others still match.
void LogMatcherDockTest::slowRegexIsNamedInTheStatus()
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    kb.setValue(kb.find(QStringLiteral("node/eaddrinuse")), QStringLiteral("/regex"), OrderedJson("[a-q][^u-z]{60}x"));
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QString log = KnownErrors.at(0) + QLatin1Char('\n');
    std::mt19937 random(3);
    while (log.size() < 1500000)
        log += random() % 101 == 0 ? QLatin1Char('\n') : QLatin1Char(letters[random() % (sizeof(letters) - 1)]);
    LogMatcherDock dock;
    dock.show();
    dock.setRegexBudgetMs(100);
    dock.setKnowledgeBase(&kb);
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    dock.setLogText(log);
    dock.matchNow();
    QVERIFY(finished.wait(30000));
    QVERIFY2(dock.statusText().contains(QLatin1String("too slow on this log, results may be incomplete")),
             qPrintable(dock.statusText()));
    QCOMPARE(ids(dock), QStringList{QStringLiteral("python/module-not-found")});
}

QTEST_MAIN(LogMatcherDockTest)
#include "LogMatcherDockTest.moc"
