// The log matcher's similar records: when fewer than three records match a
// log, the records a lookup finds most like its errors are listed under the
// matches (less the matched ones), labelled as such, and open on a click;
// with three matches or more they are not.

#include "models/itemmodels/LogMatchModel.h"
#include "models/itemmodels/LookupHitModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/search/SearchIndex.h"
#include "ui/logs/LogExcerpt.h"
#include "ui/logs/LogMatcherDock.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

#include <memory>

using namespace Errata;

namespace {

// No regex of the sample KB matches this pip failure; the Docker record
// about a full disk is like it.
const QString DiskFull = QStringLiteral("Step 3/7 : RUN pip install -r requirements.txt\n"
                                        "ERROR: Could not install packages due to an OSError: [Errno 28] No space "
                                        "left on device\n"
                                        "The command returned a non-zero code: 1\n");
const QString PortInUse = QStringLiteral("Error: listen EADDRINUSE: address already in use :::3000\n");

QStringList similarIds(const LogMatcherDock &dock)
{
    QStringList ids;
    for (int row = 0; row < dock.similarModel()->rowCount(); ++row)
        ids << dock.similarModel()->idAt(row);
    return ids;
}

} // namespace

class LogMatcherSimilarTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void noMatchListsSimilarRecords();
    void matchedRecordsAreNotListedAgain();
    void threeMatchesListNoSimilarRecords();
    void withoutLookupNothingIsListed();
    void longLogIsLookedUpQuickly();

private:
    void match(LogMatcherDock &dock, const QString &log);

    KnowledgeBase m_kb;
    SearchIndex m_index;
    std::shared_ptr<const LookupEngine> m_lookup;
};

void LogMatcherSimilarTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    QVERIFY(m_index.build(m_kb));
    m_lookup = std::make_shared<LookupEngine>(m_index.lookup());
}

void LogMatcherSimilarTest::init()
{
    QSettings().clear();
}

void LogMatcherSimilarTest::match(LogMatcherDock &dock, const QString &log)
{
    QSignalSpy finished(&dock, &LogMatcherDock::finished);
    dock.setLogText(log);
    dock.matchNow();
    if (finished.isEmpty()) // an empty log is done at once
        QVERIFY(finished.wait(30000));
}

void LogMatcherSimilarTest::noMatchListsSimilarRecords()
{
    LogMatcherDock dock;
    dock.resize(1000, 500);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.setKnowledgeBase(&m_kb, m_lookup);
    match(dock, DiskFull);
    QCOMPARE(dock.resultModel()->rowCount(), 0);
    QCOMPARE(similarIds(dock).value(0), QStringLiteral("docker/no-space-left-on-device"));
    auto *label = dock.findChild<QLabel *>(QStringLiteral("similarLabel"));
    auto *view = dock.findChild<QListView *>(QStringLiteral("similarRecords"));
    QVERIFY(label->isVisible() && view->isVisible());
    QVERIFY2(label->text().startsWith(QLatin1String("No regex matched. Similar records")), qPrintable(label->text()));
    QVERIFY2(dock.statusText().contains(QLatin1String("similar record")), qPrintable(dock.statusText()));
    QVERIFY(!dock.findChild<QTreeView *>()->isVisible()); // nothing matched: no empty table above

    QSignalSpy opened(&dock, &LogMatcherDock::recordActivated);
    const QModelIndex first = dock.similarModel()->index(0, 0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(first).center());
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.first().first().toString(), QStringLiteral("docker/no-space-left-on-device"));

    match(dock, QString()); // cleared
    QCOMPARE(dock.similarModel()->rowCount(), 0);
    QVERIFY(!view->isVisible());
}

void LogMatcherSimilarTest::matchedRecordsAreNotListedAgain()
{
    LogMatcherDock dock;
    dock.resize(1000, 500);
    dock.show();
    dock.setKnowledgeBase(&m_kb, m_lookup);
    match(dock, DiskFull + PortInUse);
    QCOMPARE(dock.resultModel()->rowCount(), 1);
    QCOMPARE(dock.resultModel()->idAt(dock.resultModel()->index(0, 0)), QStringLiteral("node/eaddrinuse"));
    const QStringList similar = similarIds(dock);
    QVERIFY(similar.contains(QStringLiteral("docker/no-space-left-on-device")));
    QVERIFY(!similar.contains(QStringLiteral("node/eaddrinuse")));
    auto *label = dock.findChild<QLabel *>(QStringLiteral("similarLabel"));
    QVERIFY2(label->text().contains(QLatin1String("not matched by their regex")), qPrintable(label->text()));
    QVERIFY(dock.findChild<QTreeView *>()->isVisible());
}

void LogMatcherSimilarTest::threeMatchesListNoSimilarRecords()
{
    LogMatcherDock dock;
    dock.show();
    dock.setKnowledgeBase(&m_kb, m_lookup);
    match(dock,
          PortInUse + QStringLiteral("fatal: refusing to merge unrelated histories\n")
              + QStringLiteral("ModuleNotFoundError: No module named 'yaml'\n") + DiskFull);
    QCOMPARE(dock.resultModel()->rowCount(), 3);
    QCOMPARE(dock.similarModel()->rowCount(), 0);
    QVERIFY(!dock.findChild<QListView *>(QStringLiteral("similarRecords"))->isVisible());
    QVERIFY(!dock.statusText().contains(QLatin1String("similar")));
}

void LogMatcherSimilarTest::withoutLookupNothingIsListed()
{
    LogMatcherDock dock;
    dock.show();
    dock.setKnowledgeBase(&m_kb);
    match(dock, DiskFull);
    QCOMPARE(dock.similarModel()->rowCount(), 0);
    QVERIFY(dock.findChild<QTreeView *>()->isVisible());
}

// A long log: the match runs in the background, and the lookup on the
// window's thread reads only its head and tail (LogExcerpt), where CI logs
// say what failed.
void LogMatcherSimilarTest::longLogIsLookedUpQuickly()
{
    QStringList lines;
    for (int i = 0; lines.size() < 100000; ++i)
        lines << QStringLiteral("2026-11-30T09:00:%1Z [worker-%2] processed batch %3 in %4 ms")
                     .arg(i % 60, 2, 10, QLatin1Char('0'))
                     .arg(i % 16)
                     .arg(i)
                     .arg(i % 900);
    lines.insert(lines.size() - 20, DiskFull.trimmed());
    const QString log = lines.join(QLatin1Char('\n'));
    LogMatcherDock dock;
    dock.setKnowledgeBase(&m_kb, m_lookup);
    QElapsedTimer timer;
    match(dock, log);
    QCOMPARE(similarIds(dock).value(0), QStringLiteral("docker/no-space-left-on-device"));
    const LogExcerpt excerpt = LogExcerpt::of(log);
    timer.start();
    const LookupResult result = m_lookup->lookup(excerpt.text(), 10);
    const qint64 ms = timer.elapsed();
    qInfo("%lld lines: the lookup on the window's thread took %lld ms", qint64(lines.size()), ms);
    QCOMPARE(result.hits.value(0).id, QStringLiteral("docker/no-space-left-on-device"));
}

QTEST_MAIN(LogMatcherSimilarTest)
#include "LogMatcherSimilarTest.moc"
