#include "models/itemmodels/ReviewModel.h"
#include "models/itemmodels/ReviewFilterModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/review/ReviewStore.h"
#include "models/review/ReviewTally.h"
#include "models/settings/Settings.h"
#include "support/TestFiles.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

class ReviewModelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void rowsAndStatuses();
    void acceptWritesSidecarThatTheLoaderIgnores();
    void acceptRecordsWhoAndWhen();
    void acceptRefusesUnfinished();
    void reviewGoesStaleWhenEnglishChanges();
    void followsAddedAndRemovedRecords();
    void brokenSidecarRefusesAccept();
    void acceptKeepsReviewsWrittenMeanwhile();
    void filters();
    void tallyPerDomain();
    void countsWithoutKeepingDocuments();
    void statusColumnsSortByProgress();
    void unchangedFiltersAreNotAppliedAgain();
    void changesWhileCountingAreSeen();
    void anotherKbWhileCountingDropsTheFirst();

private:
    void load();
    void waitForCounted();
    int row(const char *id) const { return m_model.rowOf(m_kb.find(QString::fromLatin1(id))); }

    std::unique_ptr<QTemporaryDir> m_dir;
    KnowledgeBase m_kb;
    ReviewModel m_model;
};

namespace {

const auto Sig = TranslationStatus::Signature;
const auto Cause = TranslationStatus::RootCause;
const auto Work = TranslationStatus::Workarounds;

QByteArray record(const QByteArray &id, const QByteArray &tier, const QByteArray &extra)
{
    const QByteArray domain = id.left(id.indexOf('/'));
    return "{\"id\": \"" + id + "\", \"signature\": \"Disk full\", \"regex\": \"Disk full\", \"domain\": \"" + domain
        + "\", \"category\": \"io\", \"verification_tier\": \"" + tier + "\"" + extra + "}\n";
}

} // namespace

void ReviewModelTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void ReviewModelTest::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    const QString root = m_dir->path();
    // done: everything translated; partial: root cause missing, workarounds short; raw: nothing translated
    QVERIFY(writeFile(
        root + QStringLiteral("/disk/done.json"),
        record("disk/done", "human_reviewed",
               ", \"signature_zh\": \"磁盘已满\", \"root_cause\": \"No space.\", \"root_cause_zh\": \"没有空间。\", "
               "\"workarounds\": [{\"action\": \"Free space\", \"success_rate\": 0.9}], "
               "\"workarounds_zh\": [\"释放空间\"]")));
    QVERIFY(writeFile(root + QStringLiteral("/disk/partial.json"),
                      record("disk/partial", "ai_generated",
                             ", \"signature_zh\": \"Disk full\", \"root_cause\": \"No space.\", "
                             "\"workarounds\": [{\"action\": \"A\", \"success_rate\": 0.9}, {\"action\": \"B\", "
                             "\"success_rate\": 0.1}], "
                             "\"workarounds_zh\": [\"甲\"]")));
    QVERIFY(writeFile(root + QStringLiteral("/net/raw.json"), record("net/raw", "ai_generated", "")));
    load();
}

void ReviewModelTest::load()
{
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QString error;
    QVERIFY2(m_model.setKnowledgeBase(&m_kb, &error), qPrintable(error));
    waitForCounted();
}

void ReviewModelTest::waitForCounted()
{
    QVERIFY(m_model.isCounting());
    QSignalSpy counted(&m_model, &ReviewModel::counted); // queued: not emitted before the event loop runs
    QVERIFY(counted.wait(10000));
    QVERIFY(!m_model.isCounting());
}

void ReviewModelTest::rowsAndStatuses()
{
    QAbstractItemModelTester tester(&m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_model.rowCount(), 3);
    QCOMPARE(m_model.columnCount(), int(ReviewModel::ColumnCount));
    const int done = row("disk/done");
    const int partial = row("disk/partial");
    const int raw = row("net/raw");
    QCOMPARE(m_model.status(done, Sig), TranslationStatus::Translated);
    QCOMPARE(m_model.status(done, Work), TranslationStatus::Translated);
    QCOMPARE(m_model.status(partial, Sig), TranslationStatus::Untranslated);
    QCOMPARE(m_model.status(partial, Cause), TranslationStatus::Missing);
    QCOMPARE(m_model.status(partial, Work), TranslationStatus::CountMismatch);
    QCOMPARE(m_model.status(raw, Sig), TranslationStatus::Missing);
    QCOMPARE(m_model.status(raw, Cause), TranslationStatus::NotApplicable);
    const QModelIndex cell = m_model.index(partial, ReviewModel::columnOf(Work));
    QCOMPARE(cell.data(ReviewModel::StatusRole).toInt(), int(TranslationStatus::CountMismatch));
    QCOMPARE(cell.data().toString(), ReviewModel::statusText(TranslationStatus::CountMismatch));
    QCOMPARE(m_model.index(raw, ReviewModel::IdColumn).data().toString(), QStringLiteral("net/raw"));
    QCOMPARE(m_model.index(raw, ReviewModel::TierColumn).data().toString(), QStringLiteral("ai_generated"));
}

void ReviewModelTest::acceptWritesSidecarThatTheLoaderIgnores()
{
    QSignalSpy reviews(&m_model, &ReviewModel::reviewsChanged);
    QSignalSpy changed(&m_model, &QAbstractItemModel::dataChanged);
    const Record *done = m_kb.find(QStringLiteral("disk/done"));
    QString error;
    QVERIFY2(m_model.accept(done, Sig, &error), qPrintable(error));
    QCOMPARE(reviews.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_model.status(row("disk/done"), Sig), TranslationStatus::Reviewed);
    QVERIFY(QFileInfo::exists(ReviewStore::filePath(m_dir->path())));

    load(); // the sidecar is read back, and is not taken for a record
    QCOMPARE(m_kb.count(), 3);
    QVERIFY(m_kb.loadProblems().isEmpty());
    QCOMPARE(m_model.status(row("disk/done"), Sig), TranslationStatus::Reviewed);
    QCOMPARE(m_model.status(row("disk/done"), Cause), TranslationStatus::Translated);

    QVERIFY(m_model.unaccept(m_kb.find(QStringLiteral("disk/done")), Sig, &error));
    load();
    QCOMPARE(m_model.status(row("disk/done"), Sig), TranslationStatus::Translated);
}

// Accepting records the reviewer name of the settings and the time, in
// UTC, and the table's tooltip says who and when.
void ReviewModelTest::acceptRecordsWhoAndWhen()
{
    Settings::setReviewerName(QStringLiteral("Ana Lima"));
    const Record *done = m_kb.find(QStringLiteral("disk/done"));
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    QString error;
    QVERIFY2(m_model.accept(done, Sig, &error), qPrintable(error));
    const QDateTime after = QDateTime::currentDateTimeUtc();
    ReviewStore store;
    QVERIFY(store.load(m_dir->path(), &error));
    const ReviewStore::Review review = store.review(QStringLiteral("disk/done"), Sig);
    QCOMPARE(review.acceptedBy, QStringLiteral("Ana Lima"));
    QVERIFY2(review.acceptedAt >= before && review.acceptedAt <= after, qPrintable(review.acceptedAt.toString()));
    QCOMPARE(review.acceptedAt.timeSpec(), Qt::UTC);
    QVERIFY(readFile(ReviewStore::filePath(m_dir->path())).contains("\"accepted_by\": \"Ana Lima\""));

    const QString when = review.acceptedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    QCOMPARE(ReviewModel::acceptedText(review), QStringLiteral("Accepted by Ana Lima, ") + when);
    const QString tip = m_model.index(row("disk/done"), ReviewModel::columnOf(Sig)).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Accepted by Ana Lima, ") + when), qPrintable(tip));
    // Not reviewed: no acceptance to show.
    QVERIFY(!m_model.index(row("disk/done"), ReviewModel::columnOf(Cause))
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(QLatin1String("Accepted")));

    ReviewStore::Review older;
    older.date = QDate(2026, 12, 2);
    QCOMPARE(ReviewModel::acceptedText(older), QStringLiteral("Accepted 2026-12-02"));
    QVERIFY(ReviewModel::acceptedText(ReviewStore::Review()).isEmpty());
}

void ReviewModelTest::acceptRefusesUnfinished()
{
    QString error;
    QVERIFY(!m_model.accept(m_kb.find(QStringLiteral("disk/partial")), Work, &error));
    QVERIFY2(error.contains(QStringLiteral("disk/partial")), qPrintable(error));
    QVERIFY(!m_model.accept(m_kb.find(QStringLiteral("net/raw")), Sig, &error));
    QVERIFY(!QFileInfo::exists(ReviewStore::filePath(m_dir->path())));
}

void ReviewModelTest::reviewGoesStaleWhenEnglishChanges()
{
    Record *done = m_kb.find(QStringLiteral("disk/done"));
    QString error;
    QVERIFY(m_model.accept(done, Cause, &error));
    QVERIFY(m_model.accept(done, Work, &error));
    QSignalSpy changed(&m_model, &QAbstractItemModel::dataChanged);
    m_kb.setValue(done, QStringLiteral("/root_cause"), OrderedJson("No space left."));
    QVERIFY(changed.count() >= 1);
    const int r = row("disk/done");
    QCOMPARE(m_model.status(r, Cause), TranslationStatus::Translated);
    QCOMPARE(m_model.reviewCheck(r, Cause), ReviewStore::EnglishChanged);
    QVERIFY(m_model.index(r, ReviewModel::columnOf(Cause))
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("English")));
    QCOMPARE(m_model.status(r, Work), TranslationStatus::Reviewed);
    m_kb.setValue(done, QStringLiteral("/workarounds_zh/0"), OrderedJson("腾出空间"));
    QCOMPARE(m_model.status(r, Work), TranslationStatus::Translated);
    QCOMPARE(m_model.reviewCheck(r, Work), ReviewStore::ChineseChanged);
    m_kb.setValue(done, QStringLiteral("/workarounds_zh/0"), OrderedJson("释放空间"));
    QCOMPARE(m_model.status(r, Work), TranslationStatus::Reviewed); // back to the reviewed text
}

void ReviewModelTest::followsAddedAndRemovedRecords()
{
    QAbstractItemModelTester tester(&m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto added = std::make_unique<Record>();
    Record::LoadError error;
    QVERIFY(added->parse(record("net/new", "ai_generated", ", \"signature_zh\": \"新\""), &error));
    Record *raw = m_kb.add(std::move(added));
    QCOMPARE(m_model.rowCount(), 4);
    QCOMPARE(m_model.status(m_model.rowOf(raw), Sig), TranslationStatus::Translated);
    m_kb.take(raw);
    QCOMPARE(m_model.rowCount(), 3);
    QCOMPARE(m_model.rowOf(raw), -1);
}

void ReviewModelTest::brokenSidecarRefusesAccept()
{
    QVERIFY(writeFile(ReviewStore::filePath(m_dir->path()), "{ broken"));
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QString error;
    QVERIFY(!m_model.setKnowledgeBase(&m_kb, &error));
    QVERIFY(error.contains(ReviewStore::fileName()));
    waitForCounted();
    QCOMPARE(m_model.rowCount(), 3);
    QVERIFY(!m_model.accept(m_kb.find(QStringLiteral("disk/done")), Sig, &error));
    QVERIFY(error.contains(QStringLiteral("not overwritten")));
    QFile file(ReviewStore::filePath(m_dir->path()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("{ broken"));
}

void ReviewModelTest::acceptKeepsReviewsWrittenMeanwhile()
{
    ReviewStore theirs; // someone else's review arrives with a git pull
    QString error;
    QVERIFY(theirs.load(m_dir->path(), &error));
    theirs.markReviewed(QStringLiteral("net/other"), Sig, QStringLiteral("x"), QStringLiteral("甲"), QDate(2026, 1, 1));
    QVERIFY(theirs.save(&error));
    QVERIFY2(m_model.accept(m_kb.find(QStringLiteral("disk/done")), Sig, &error), qPrintable(error));
    ReviewStore merged;
    QVERIFY(merged.load(m_dir->path(), &error));
    QCOMPARE(merged.count(), 2);
    QVERIFY(merged.contains(QStringLiteral("net/other"), Sig));
    QCOMPARE(m_model.store().count(), 2);
}

void ReviewModelTest::filters()
{
    ReviewFilterModel filter;
    filter.setSourceModel(&m_model);
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(filter.rowCount(), 3);
    filter.setDomain(QStringLiteral("disk"));
    QCOMPARE(filter.rowCount(), 2);
    filter.setTier(QStringLiteral("human_reviewed"));
    QCOMPARE(filter.rowCount(), 1);
    filter.setTier(QString());
    filter.setStatus(TranslationStatus::CountMismatch);
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, ReviewModel::IdColumn).data().toString(), QStringLiteral("disk/partial"));
    filter.setDomain(QString());
    filter.setStatus(TranslationStatus::Missing);
    QCOMPARE(filter.rowCount(), 2); // partial (root cause) and raw (signature)
    filter.setStatus(ReviewFilterModel::Unfinished);
    QCOMPARE(filter.rowCount(), 3);
    QString error;
    const Record *done = m_kb.find(QStringLiteral("disk/done"));
    for (TranslationStatus::Field field : TranslationStatus::fields())
        QVERIFY(m_model.accept(done, field, &error));
    QCOMPARE(filter.rowCount(), 2); // done is finished
    filter.setStatus(TranslationStatus::Reviewed);
    QCOMPARE(filter.rowCount(), 1);
    filter.setStatus(ReviewFilterModel::AnyStatus);
    QCOMPARE(filter.rowCount(), 3);
    filter.setDomain(QStringLiteral("net"));
    filter.setPinned(done); // the record under review stays whatever the filters say
    QCOMPARE(filter.rowCount(), 2);
    filter.setPinned(nullptr);
    QCOMPARE(filter.rowCount(), 1);
}

void ReviewModelTest::tallyPerDomain()
{
    QString error;
    QVERIFY(m_model.accept(m_kb.find(QStringLiteral("disk/done")), Sig, &error));
    const QMap<QString, ReviewTally::Counts> domains = ReviewTally::byDomain(m_kb, m_model.store());
    QCOMPARE(domains.keys(), (QStringList{QStringLiteral("disk"), QStringLiteral("net")}));
    const ReviewTally::Counts disk = domains.value(QStringLiteral("disk"));
    QCOMPARE(disk.of(TranslationStatus::Reviewed), 1);
    QCOMPARE(disk.of(TranslationStatus::Translated), 2);
    QCOMPARE(disk.of(TranslationStatus::Untranslated), 1);
    QCOMPARE(disk.of(TranslationStatus::Missing), 1);
    QCOMPARE(disk.of(TranslationStatus::CountMismatch), 1);
    QCOMPARE(disk.applicable(), 6);
    QCOMPARE(disk.complete(), 3);
    const ReviewTally::Counts net = domains.value(QStringLiteral("net"));
    QCOMPARE(net.of(TranslationStatus::NotApplicable), 2);
    QCOMPARE(net.applicable(), 1);
    const ReviewTally::Counts total = ReviewTally::total(domains);
    QCOMPARE(total.applicable(), 7);
    QCOMPARE(total.of(TranslationStatus::Missing), 2);
}

// Missing before untranslated before translated before reviewed, whatever
// the statuses are called in the language shown; ties by id.
void ReviewModelTest::statusColumnsSortByProgress()
{
    ReviewFilterModel filter;
    filter.setSourceModel(&m_model);
    QString error;
    QVERIFY(m_model.accept(m_kb.find(QStringLiteral("disk/done")), Cause, &error));
    const auto ids = [&filter] {
        QStringList list;
        for (int row = 0; row < filter.rowCount(); ++row)
            list << filter.index(row, ReviewModel::IdColumn).data().toString();
        return list;
    };
    filter.sort(ReviewModel::columnOf(Sig)); // missing, untranslated, translated
    QCOMPARE(ids(),
             (QStringList{QStringLiteral("net/raw"), QStringLiteral("disk/partial"), QStringLiteral("disk/done")}));
    filter.sort(ReviewModel::columnOf(Cause)); // not applicable, missing, reviewed
    QCOMPARE(ids(),
             (QStringList{QStringLiteral("net/raw"), QStringLiteral("disk/partial"), QStringLiteral("disk/done")}));
    filter.sort(ReviewModel::columnOf(Sig), Qt::DescendingOrder);
    QCOMPARE(ids(),
             (QStringList{QStringLiteral("disk/done"), QStringLiteral("disk/partial"), QStringLiteral("net/raw")}));
    filter.sort(ReviewModel::IdColumn);
    QCOMPARE(ids(),
             (QStringList{QStringLiteral("disk/done"), QStringLiteral("disk/partial"), QStringLiteral("net/raw")}));
}

namespace {

class CountingFilter : public ReviewFilterModel
{
public:
    mutable int calls = 0;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override
    {
        ++calls;
        return ReviewFilterModel::filterAcceptsRow(sourceRow, sourceParent);
    }
};

} // namespace

// The view sets every filter after each review; only a change filters the
// rows again.
void ReviewModelTest::unchangedFiltersAreNotAppliedAgain()
{
    CountingFilter filter;
    filter.setSourceModel(&m_model);
    filter.setDomain(QStringLiteral("disk"));
    filter.setStatus(ReviewFilterModel::Unfinished);
    filter.setTier(QStringLiteral("ai_generated"));
    QCOMPARE(filter.rowCount(), 1);
    filter.calls = 0;
    filter.setDomain(QStringLiteral("disk"));
    filter.setStatus(ReviewFilterModel::Unfinished);
    filter.setTier(QStringLiteral("ai_generated"));
    QCOMPARE(filter.calls, 0);
    filter.setTier(QString());
    QCOMPARE(filter.calls, 3);
    QCOMPARE(filter.rowCount(), 2);
}

// The rows come in the background, from copies of the texts: the KB's
// records are neither parsed for good nor touched by the counting threads.
void ReviewModelTest::countsWithoutKeepingDocuments()
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(m_dir->path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
    for (int i = 0; i < kb.count(); ++i)
        QVERIFY(!kb.recordAt(i)->hasDocument());
    ReviewModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy progress(&model, &ReviewModel::countingProgress);
    QSignalSpy counted(&model, &ReviewModel::counted);
    QString error;
    QVERIFY(model.setKnowledgeBase(&kb, &error));
    QVERIFY(model.isCounting());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(counted.wait(10000));
    QCOMPARE(counted.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(1).toInt(), 3);
    for (int i = 0; i < kb.count(); ++i)
        QVERIFY(!kb.recordAt(i)->hasDocument());
    const int raw = model.rowOf(kb.find(QStringLiteral("net/raw")));
    QCOMPARE(model.status(raw, Sig), TranslationStatus::Missing);
    QCOMPARE(model.index(raw, ReviewModel::TierColumn).data().toString(), QStringLiteral("ai_generated"));
    QCOMPARE(ReviewTally::total(model.tally()).byStatus,
             ReviewTally::total(ReviewTally::byDomain(kb, model.store())).byStatus);
    for (int i = 0; i < kb.count(); ++i) // nor does the command line's tally
        QVERIFY(!kb.recordAt(i)->hasDocument());
}

// A record edited, added or removed while the texts are being read is
// shown as it is when the rows come, not as it was copied.
void ReviewModelTest::changesWhileCountingAreSeen()
{
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QString error;
    QVERIFY(m_model.setKnowledgeBase(&m_kb, &error));
    QVERIFY(m_model.isCounting());
    Record *raw = m_kb.find(QStringLiteral("net/raw"));
    m_kb.setValue(raw, QStringLiteral("/signature_zh"), OrderedJson("磁盘已满"));
    auto added = std::make_unique<Record>();
    Record::LoadError loadError;
    QVERIFY(added->parse(record("net/new", "ai_generated", ""), &loadError));
    const Record *fresh = m_kb.add(std::move(added));
    std::unique_ptr<Record> gone = m_kb.take(m_kb.find(QStringLiteral("disk/partial")));
    QCOMPARE(m_model.rowCount(), 0);
    waitForCounted();
    QCOMPARE(m_model.rowCount(), 3);
    QCOMPARE(m_model.rowOf(gone.get()), -1);
    QCOMPARE(m_model.status(m_model.rowOf(raw), Sig), TranslationStatus::Translated);
    QCOMPARE(m_model.status(m_model.rowOf(fresh), Sig), TranslationStatus::Missing);
}

void ReviewModelTest::anotherKbWhileCountingDropsTheFirst()
{
    KnowledgeBase other;
    QString error;
    QVERIFY(m_model.setKnowledgeBase(&other, &error)); // an empty KB: nothing to count, but counted all the same
    QVERIFY(m_model.setKnowledgeBase(&m_kb, &error));
    QSignalSpy counted(&m_model, &ReviewModel::counted);
    QVERIFY(counted.wait(10000));
    QTest::qWait(50); // a late signal of the dropped job would come now
    QCOMPARE(counted.count(), 1);
    QCOMPARE(m_model.rowCount(), 3);
    QVERIFY(m_model.setKnowledgeBase(nullptr, &error));
    QVERIFY(!m_model.isCounting());
    QCOMPARE(m_model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(ReviewModelTest)
#include "ReviewModelTest.moc"
