// FindingsApplier: the findings of checks done in the background set in a
// KB in use, a slice of the records per turn of the event loop, with the
// KB's changes meanwhile winning over what the checks found.

#include "models/session/FindingsApplier.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/links/LinkRevalidator.h"
#include "models/session/OwnFindingsJob.h"
#include "models/validation/RecordValidator.h"

#include "bench/SyntheticKnowledgeBase.h"

#include <QtTest>

#include <memory>

using namespace Errata;
using namespace std::chrono_literals;

namespace {

const QDate Today(2026, 12, 1);
constexpr int Records = 400;

QStringList rulesOf(const QList<Problem> &problems)
{
    QStringList rules;
    for (const Problem &problem : problems)
        rules << problem.rule + QLatin1Char('@') + problem.pointer;
    return rules;
}

// Counts the turns of the event loop that a zero timer gets while the
// applier works, and does `atFirstTurn` at the first.
class TurnCounter : public QObject
{
public:
    explicit TurnCounter(std::function<void()> atFirstTurn = {})
        : m_atFirstTurn(std::move(atFirstTurn))
    {
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_turns++ == 0 && m_atFirstTurn)
                m_atFirstTurn();
        });
        m_timer.start();
    }
    int turns() const { return m_turns; }
    void stop() { m_timer.stop(); }

private:
    QTimer m_timer;
    int m_turns = 0;
    std::function<void()> m_atFirstTurn;
};

} // namespace

class FindingsApplierTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void findingsAreThoseOfAFullValidationInTurns();
    void editsMeanwhileWin();
    void aRemovalMeanwhileIsCaughtUpWith();
    void finishNowSetsTheRestAtOnce();
    void aResetKbGetsNothing();
    void theJobIsLetGoAndRepeatedStringsShared();

private:
    std::shared_ptr<OwnFindingsJob> checkedJob();
    int runToTheEnd(FindingsApplier &applier);

    QTemporaryDir m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
    const RecordValidator m_validator{Today};
};

void FindingsApplierTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(SyntheticKnowledgeBase(Records, 5).write(m_dir.path()));
}

void FindingsApplierTest::init()
{
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir.path()));
    QCOMPARE(m_kb->count(), Records);
}

std::shared_ptr<OwnFindingsJob> FindingsApplierTest::checkedJob()
{
    auto job = std::make_shared<OwnFindingsJob>(m_kb->records());
    if (!job->run(m_validator))
        return nullptr;
    return job;
}

int FindingsApplierTest::runToTheEnd(FindingsApplier &applier)
{
    QSignalSpy finished(&applier, &FindingsApplier::finished);
    applier.start();
    if (!finished.wait(30000))
        return -1;
    return finished.first().first().toInt();
}

// A slice of no time still does 64 records: 400 records take 7 turns, and
// the window's timers run between them. The findings are those a whole
// validation gives, the KB-wide rules (links, duplicate ids) included.
void FindingsApplierTest::findingsAreThoseOfAFullValidationInTurns()
{
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, checkedJob());
    applier.setSlice(0ms);
    QSignalSpy many(m_kb.get(), &KnowledgeBase::manyProblemsChanged);
    TurnCounter counter;
    QCOMPARE(runToTheEnd(applier), Records);
    QVERIFY2(counter.turns() >= 7, qPrintable(QString::number(counter.turns())));
    QCOMPARE(many.count(), 1); // set in one batch
    int withLinkFindings = 0;
    for (int i = 0; i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        const QStringList rules = rulesOf(m_kb->problems(record));
        QCOMPARE(rules, rulesOf(m_validator.validate(*record, m_kb.get())));
        withLinkFindings += rules.join(QLatin1Char(' ')).contains(QLatin1String("link-")) ? 1 : 0;
    }
    QVERIFY(withLinkFindings > 0); // the KB-wide rules were applied, not only each record's own
}

// Between two slices the window edits a record and sets another's
// findings (as the editor does): both keep what the window gave them, the
// rest get the checks'.
void FindingsApplierTest::editsMeanwhileWin()
{
    Record *edited = m_kb->recordAt(1); // in the first slice: completed already
    Record *givenFindings = m_kb->recordAt(Records - 2);
    const QList<Problem> editors = {Problem{Problem::Info, givenFindings->filePath(), QStringLiteral("/id"), 2, 3,
                                            QStringLiteral("set by the editor"), QStringLiteral("editor")}};
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, checkedJob());
    applier.setSlice(0ms);
    TurnCounter counter([&] {
        m_kb->setValue(edited, QStringLiteral("/signature"), "Edited, not saved");
        m_kb->setProblems(givenFindings, editors);
    });
    QCOMPARE(runToTheEnd(applier), Records - 2);
    QVERIFY(counter.turns() > 1);
    QVERIFY(m_kb->problems(edited).isEmpty()); // the editor sets an edited record's findings
    QCOMPARE(rulesOf(m_kb->problems(givenFindings)), QStringList{QStringLiteral("editor@/id")});
    for (int i = 0; i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        if (record != edited && record != givenFindings)
            QCOMPARE(rulesOf(m_kb->problems(record)), rulesOf(m_validator.validate(*record, m_kb.get())));
    }
}

// A record other records link to is removed between two slices, before its
// own slice: it is never read again, and with the links' revalidation
// following the KB, as in the window, every record ends with the findings
// of a whole validation of the KB as it is now (dangling links included).
void FindingsApplierTest::aRemovalMeanwhileIsCaughtUpWith()
{
    Record *removed = nullptr;
    for (int i = Records - 1; i > Records / 2 && !removed; --i) {
        if (!m_kb->links().backlinks(m_kb->recordAt(i)->id()).isEmpty())
            removed = m_kb->recordAt(i);
    }
    QVERIFY(removed);
    const QString removedId = removed->id();
    new LinkRevalidator(m_kb.get(), &m_validator, m_kb.get());
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, checkedJob());
    applier.setSlice(0ms);
    TurnCounter counter([&] { m_kb->take(removed).reset(); }); // its address must not be read again
    QVERIFY(runToTheEnd(applier) <= Records - 1);
    QCOMPARE(m_kb->count(), Records - 1);
    const auto consistent = [this] {
        for (int i = 0; i < m_kb->count(); ++i) {
            const Record *record = m_kb->recordAt(i);
            if (rulesOf(m_kb->problems(record)) != rulesOf(m_validator.validate(*record, m_kb.get())))
                return false;
        }
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(consistent(), 10000);
    const Record *linking = m_kb->find(m_kb->links().backlinks(removedId).first().sourceId);
    QVERIFY(rulesOf(m_kb->problems(linking)).join(QLatin1Char(' ')).contains(QLatin1String("link-dangling")));
}

// Stopping the checks, or closing the window, sets everything right away.
void FindingsApplierTest::finishNowSetsTheRestAtOnce()
{
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, checkedJob());
    applier.setSlice(0ms);
    QSignalSpy finished(&applier, &FindingsApplier::finished);
    applier.start();
    QTest::qWait(0); // a turn, perhaps a slice
    applier.finishNow();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toInt(), Records);
    QVERIFY(applier.isFinished());
    for (int i = 0; i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        QCOMPARE(rulesOf(m_kb->problems(record)), rulesOf(m_validator.validate(*record, m_kb.get())));
    }
    QTest::qWait(20);
    QCOMPARE(finished.count(), 1); // once
}

// A KB read anew meanwhile holds other records: none gets the checks'.
void FindingsApplierTest::aResetKbGetsNothing()
{
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, checkedJob());
    applier.setSlice(0ms);
    TurnCounter counter([&] { m_kb->adopt(KnowledgeBaseLoader::load(m_dir.path())); });
    QCOMPARE(runToTheEnd(applier), 0);
    for (int i = 0; i < m_kb->count(); ++i)
        QVERIFY(m_kb->problems(m_kb->recordAt(i)).isEmpty());
}

// Once the findings are set, what the job held (the texts, each record's
// findings) is let go, before the window writes the cache; and the
// messages, pointers and rules the findings repeat share one copy.
void FindingsApplierTest::theJobIsLetGoAndRepeatedStringsShared()
{
    std::shared_ptr<OwnFindingsJob> job = checkedJob();
    const std::weak_ptr<OwnFindingsJob> watched = job;
    FindingsApplier applier(m_kb.get(), &m_validator, nullptr, std::move(job));
    QCOMPARE(runToTheEnd(applier), Records);
    QVERIFY(watched.expired());
    QHash<QString, const QChar *> firstCopy;
    int repeated = 0;
    const auto check = [&](const QString &text) {
        const auto it = firstCopy.constFind(text);
        if (it == firstCopy.cend()) {
            firstCopy.insert(text, text.constData());
            return true;
        }
        ++repeated;
        return *it == text.constData();
    };
    for (int i = 0; i < m_kb->count(); ++i) {
        for (const Problem &problem : m_kb->problems(m_kb->recordAt(i))) {
            QVERIFY2(check(problem.message), qPrintable(problem.message));
            QVERIFY2(check(problem.pointer), qPrintable(problem.pointer));
            QVERIFY2(check(problem.rule), qPrintable(problem.rule));
        }
    }
    QVERIFY(repeated > Records); // the synthetic KB repeats its findings
}

QTEST_GUILESS_MAIN(FindingsApplierTest)
#include "FindingsApplierTest.moc"
