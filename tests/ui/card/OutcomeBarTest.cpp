// The outcome reports above a record's card: what the bar says, folding
// the reports in as one undoable edit of the record's editor, and the fold
// noted in the reports file only as saved (a fold undone after its save is
// taken back there too); a broken line of the file is named in the tooltip.

#include "ui/card/OutcomeBar.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/outcomes/OutcomeLog.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"

#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QString Id = QStringLiteral("python/module-not-found");

} // namespace

class OutcomeBarTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void hiddenWithoutReports();
    void saysWhatTheReportsSay();
    void foldIsOneUndoableEdit();
    void foldIsNotedWhenSaved();
    void unreadableLinesAreNamed();

private:
    void report(OutcomeReport::Kind kind, int index, bool worked);
    Record *record() const { return m_kb->find(Id); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
    RecordValidator m_validator;
};

void OutcomeBarTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_dir->path()));
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QVERIFY(record());
}

void OutcomeBarTest::cleanup()
{
    m_kb.reset();
    m_dir.reset();
}

void OutcomeBarTest::report(OutcomeReport::Kind kind, int index, bool worked)
{
    OutcomeReport report;
    report.key = OutcomeLog::newKey(QStringLiteral("r-"));
    report.time = QDateTime::currentDateTimeUtc();
    report.client = QStringLiteral("test-agent");
    report.recordId = Id;
    report.kind = kind;
    report.index = index;
    report.worked = worked;
    QString error;
    QVERIFY2(OutcomeLog::append(m_dir->path(), report, &error), qPrintable(error));
}

void OutcomeBarTest::hiddenWithoutReports()
{
    RecordTab tab(m_kb.get(), record(), &m_validator);
    QVERIFY(!tab.outcomes()->isVisibleTo(&tab));
    report(OutcomeReport::Workaround, 0, true);
    tab.outcomes()->refresh();
    QVERIFY(tab.outcomes()->isVisibleTo(&tab));
}

void OutcomeBarTest::saysWhatTheReportsSay()
{
    report(OutcomeReport::Workaround, 1, true);
    report(OutcomeReport::Workaround, 1, false);
    report(OutcomeReport::Workaround, 1, true);
    RecordTab tab(m_kb.get(), record(), &m_validator);
    QCOMPARE(tab.outcomes()->text(),
             QStringLiteral("3 reports: workaround 2 worked 2 times, failed once; 3 not folded in yet"));
    QVERIFY(tab.outcomes()->canFold());
}

void OutcomeBarTest::foldIsOneUndoableEdit()
{
    report(OutcomeReport::Workaround, 1, true);
    report(OutcomeReport::Workaround, 1, true);
    report(OutcomeReport::DeadEnd, 0, false);
    RecordTab tab(m_kb.get(), record(), &m_validator);
    tab.foldOutcomes();
    QVERIFY(tab.isEditing());
    QUndoStack *stack = tab.session()->undoStack();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Fold in 3 outcome reports"));
    // Weighted by the 412 reports of evidence_count.
    QCOMPARE(record()->evidenceCount(), std::optional<qint64>(415));
    QCOMPARE(record()->value(QStringLiteral("/workarounds/1/success_rate")).get<double>(), 0.88);
    QCOMPARE(record()->value(QStringLiteral("/dead_ends/0/fail_rate")).get<double>(), 0.7);
    QVERIFY(tab.outcomes()->text().endsWith(u"all folded in"));
    QVERIFY(!tab.outcomes()->canFold());
    stack->undo();
    QCOMPARE(record()->evidenceCount(), std::optional<qint64>(412));
    QVERIFY(!record()->isModified() || record()->serialize() == record()->originalText());
    QVERIFY(tab.outcomes()->text().endsWith(u"3 not folded in yet"));
    stack->redo();
    QCOMPARE(record()->evidenceCount(), std::optional<qint64>(415));
    // Nothing is noted in the reports file before a save.
    QCOMPARE(OutcomeLog::read(m_dir->path()).unfolded(Id).size(), 3);
}

void OutcomeBarTest::foldIsNotedWhenSaved()
{
    report(OutcomeReport::Workaround, 0, false);
    RecordTab tab(m_kb.get(), record(), &m_validator);
    tab.foldOutcomes();
    QString message;
    QCOMPARE(tab.session()->save(false, &message), EditSession::Saved);
    QVERIFY(readFile(m_dir->filePath(Id + QStringLiteral(".json"))).contains("\"evidence_count\": 413"));
    QVERIFY(OutcomeLog::read(m_dir->path()).unfolded(Id).isEmpty());
    // A new report comes in; the first stays folded.
    report(OutcomeReport::Workaround, 2, true);
    tab.outcomes()->refresh();
    QVERIFY(tab.outcomes()->text().endsWith(u"1 not folded in yet"));
    // The fold undone and saved: taken back in the file too.
    tab.session()->undoStack()->undo();
    QCOMPARE(tab.session()->save(false, &message), EditSession::Saved);
    QCOMPARE(OutcomeLog::read(m_dir->path()).unfolded(Id).size(), 2);
    QVERIFY(readFile(m_dir->filePath(Id + QStringLiteral(".json"))).contains("\"evidence_count\": 412"));
}

void OutcomeBarTest::unreadableLinesAreNamed()
{
    report(OutcomeReport::Workaround, 0, true);
    QFile file(OutcomeLog::filePath(m_dir->path()));
    QVERIFY(file.open(QIODevice::Append));
    file.write("{broken\n");
    file.close();
    RecordTab tab(m_kb.get(), record(), &m_validator);
    QVERIFY(tab.outcomes()->text().startsWith(u"1 report: workaround 1 worked once"));
    QVERIFY(tab.outcomes()->findChild<QLabel *>()->toolTip().contains(OutcomeLog::filePath(m_dir->path())
                                                                      + QStringLiteral(":2: not a JSON object")));
}

QTEST_MAIN(OutcomeBarTest)
#include "OutcomeBarTest.moc"
