// ConflictSession resolves a record file left in conflict by a git merge,
// in repositories made with libgit2: the stages are read and merged, the
// fields changed on one side only are taken, a conflict is settled by a
// side or an edit, the save gate refuses a result with errors, and a save
// writes the file in OURS's layout and ends the conflict in the index.

#include "models/merge/ConflictSession.h"
#include "models/git/GitStatus.h"
#include "models/validation/RecordValidator.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &signature, const QString &rootCause, double confidence)
{
    return QStringLiteral("{\n    \"id\": \"app/one\",\n    \"signature\": \"%1\",\n    \"regex\": \"disk\",\n"
                          "    \"domain\": \"app\",\n    \"category\": \"general\",\n    \"root_cause\": \"%2\",\n"
                          "    \"confidence\": %3\n}\n")
        .arg(signature, rootCause)
        .arg(confidence)
        .toUtf8();
}

} // namespace

class ConflictSessionTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void oneSidedChangesAreTakenAndTheConflictListed();
    void saveWritesStagesAndEndsTheConflict();
    void saveGateRefusesErrors();
    void notInConflict();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitTestRepository> m_repository;
};

void ConflictSessionTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_repository = std::make_unique<GitTestRepository>(m_dir->path());
    const QByteArray base = record(QStringLiteral("disk full"), QStringLiteral("No space."), 0.5);
    QVERIFY(m_repository->write(QStringLiteral("app/one.json"), base));
    QVERIFY(!m_repository->commitAll(QStringLiteral("first")).isEmpty());
    // Ours rewords the signature and sets confidence 0.8; theirs rewrites
    // the root cause and sets confidence 0.6.
    const QByteArray ours = record(QStringLiteral("disk is full"), QStringLiteral("No space."), 0.8);
    const QByteArray theirs = record(QStringLiteral("disk full"), QStringLiteral("The disk has no space left."), 0.6);
    QVERIFY(m_repository->conflict(QStringLiteral("app/one.json"), base, ours, theirs,
                                   "<<<<<<< ours\n=======\n>>>>>>> theirs\n"));
}

void ConflictSessionTest::oneSidedChangesAreTakenAndTheConflictListed()
{
    ConflictSession session;
    QString error;
    QVERIFY2(session.open(m_dir->path(), QStringLiteral("app/one.json"), &error), qPrintable(error));
    QVERIFY(session.hasBase());
    QCOMPARE(session.conflicts().size(), 1);
    const RecordMerge::Conflict &conflict = session.conflicts().first();
    QCOMPARE(conflict.pointer, QStringLiteral("/confidence"));
    QCOMPARE(conflict.ours.get<double>(), 0.8);
    QCOMPARE(conflict.theirs.get<double>(), 0.6);
    QByteArray text;
    QVERIFY(session.resultText(&text, &error));
    // OURS for the conflict until settled, both one-sided changes, OURS's 4-space layout.
    QCOMPARE(text, record(QStringLiteral("disk is full"), QStringLiteral("The disk has no space left."), 0.8));
    session.resolve(0, {RecordMerge::Side::Theirs, std::nullopt});
    QVERIFY(session.resultText(&text, &error));
    QCOMPARE(text, record(QStringLiteral("disk is full"), QStringLiteral("The disk has no space left."), 0.6));
    session.resolve(0, {RecordMerge::Side::Edited, OrderedJson(0.7)});
    QVERIFY(session.resultText(&text, &error));
    QCOMPARE(text, record(QStringLiteral("disk is full"), QStringLiteral("The disk has no space left."), 0.7));
}

void ConflictSessionTest::saveWritesStagesAndEndsTheConflict()
{
    QCOMPARE(GitStatus::read(m_dir->path()).find(QStringLiteral("app/one.json"))->state, GitStatus::State::Conflicted);
    ConflictSession session;
    QString error;
    QVERIFY(session.open(m_dir->path(), QStringLiteral("app/one.json"), &error));
    session.resolve(0, {RecordMerge::Side::Base, std::nullopt});
    QVERIFY2(session.save(RecordValidator(QDate(2026, 12, 1)), nullptr, &error), qPrintable(error));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("app/one.json"))),
             record(QStringLiteral("disk is full"), QStringLiteral("The disk has no space left."), 0.5));
    const GitStatus status = GitStatus::read(m_dir->path());
    QVERIFY(status.find(QStringLiteral("app/one.json")));
    QCOMPARE(status.find(QStringLiteral("app/one.json"))->state, GitStatus::State::Modified);
    QVERIFY(!session.open(m_dir->path(), QStringLiteral("app/one.json"), &error)); // no conflict any more
}

void ConflictSessionTest::saveGateRefusesErrors()
{
    ConflictSession session;
    QString error;
    QVERIFY(session.open(m_dir->path(), QStringLiteral("app/one.json"), &error));
    session.resolve(0, {RecordMerge::Side::Edited, OrderedJson(7)});
    QVERIFY(!session.save(RecordValidator(QDate(2026, 12, 1)), nullptr, &error));
    QVERIFY2(error.contains(QStringLiteral("confidence")), qPrintable(error));
    // Nothing written, nothing staged.
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("app/one.json"))),
             QByteArray("<<<<<<< ours\n=======\n>>>>>>> theirs\n"));
    QCOMPARE(GitStatus::read(m_dir->path()).find(QStringLiteral("app/one.json"))->state, GitStatus::State::Conflicted);
}

void ConflictSessionTest::notInConflict()
{
    QVERIFY(m_repository->write(QStringLiteral("app/two.json"), record(QStringLiteral("x"), QStringLiteral("y"), 0.1)));
    ConflictSession session;
    QString error;
    QVERIFY(!session.open(m_dir->path(), QStringLiteral("app/two.json"), &error));
    QVERIFY2(error.contains(QStringLiteral("not in conflict")), qPrintable(error));
    QTemporaryDir plain;
    QVERIFY(!session.open(plain.path(), QStringLiteral("app/one.json"), &error));
    QVERIFY2(error.contains(QStringLiteral("no git checkout")), qPrintable(error));
}

QTEST_GUILESS_MAIN(ConflictSessionTest)
#include "ConflictSessionTest.moc"
