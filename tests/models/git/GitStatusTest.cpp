// GitStatus reads each record file's state against HEAD with libgit2, in
// repositories made here with libgit2 (no git executable needed): edits,
// additions staged or not, deletions, renames, conflicts, a KB below the
// repository's root, and a folder that is no repository.

#include "models/git/GitStatus.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

// A record of a few lines, each naming the record, as records differ.
QByteArray record(const QString &id, const QString &signature = QStringLiteral("disk full"))
{
    return QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"%2\",\n  \"root_cause\": \"The cause of %1.\",\n"
                          "  \"workarounds\": [{\"action\": \"Fix %1\", \"success_rate\": 0.5}]\n}\n")
        .arg(id, signature)
        .toUtf8();
}

// "path state [from old path]" for each entry, one a line.
QString described(const GitStatus &status)
{
    QStringList lines;
    for (const GitStatus::Entry &entry : status.entries()) {
        QString line = entry.path + QLatin1Char(' ') + GitStatus::stateName(entry.state);
        if (!entry.oldPath.isEmpty())
            line += QStringLiteral(" from ") + entry.oldPath;
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

// Sets git's diff.renameLimit in the repository's own configuration, so
// that a few files stand for the thousands past git's default of 1000.
bool setRenameLimit(const QString &folder, int limit)
{
    QFile config(folder + QStringLiteral("/.git/config"));
    return config.open(QIODevice::Append)
        && config.write(QStringLiteral("[diff]\n\trenameLimit = %1\n").arg(limit).toUtf8()) > 0;
}

// Counts of each state in `status`: "renamed 30, deleted 0, added 0…".
int countOf(const GitStatus &status, GitStatus::State state)
{
    return int(std::count_if(status.entries().cbegin(), status.entries().cend(),
                             [state](const GitStatus::Entry &entry) { return entry.state == state; }));
}

} // namespace

class GitStatusTest : public QObject
{
    Q_OBJECT

private slots:
    void notARepository();
    void cleanCheckout();
    void everyState();
    void stagedChangesCount();
    void conflictedFile();
    void kbBelowTheRepositoryRoot();
    void branchNames();
    void findByPath();
    void lockedIndexIsReadAsItIs();
    void identicalMovesPastTheRenameLimit_data();
    void identicalMovesPastTheRenameLimit();
    void changedMovesOfOneNamePastTheRenameLimit();
    void changedMovesPastTheRenameLimitAreNamed();
    void submodulesAreNamed();
};

void GitStatusTest::notARepository()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("app/one.json")), record(QStringLiteral("app/one"))));
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY(!status.isRepository());
    QVERIFY(status.entries().isEmpty());
    QVERIFY(status.branch().isEmpty());
    QVERIFY(status.error().isEmpty());
}

void GitStatusTest::cleanCheckout()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.isValid());
    QVERIFY(repository.write(QStringLiteral("app/one.json"), record(QStringLiteral("app/one"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY(status.isRepository());
    QVERIFY(status.error().isEmpty());
    QCOMPARE(described(status), QString());
    QCOMPARE(status.branch(), QStringLiteral("main"));
}

void GitStatusTest::everyState()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    const QStringList ids{QStringLiteral("app/edited"), QStringLiteral("app/gone"), QStringLiteral("app/moved"),
                          QStringLiteral("net/same")};
    for (const QString &id : ids)
        QVERIFY(repository.write(id + QStringLiteral(".json"), record(id, QStringLiteral("text of ") + id)));
    QVERIFY(repository.write(QStringLiteral("README.md"), "# KB\n"));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());

    QVERIFY(repository.write(QStringLiteral("app/edited.json"),
                             record(QStringLiteral("app/edited"), QStringLiteral("new"))));
    QVERIFY(repository.removeFile(QStringLiteral("app/gone.json")));
    const QByteArray moved = readFile(dir.filePath(QStringLiteral("app/moved.json")));
    QVERIFY(repository.removeFile(QStringLiteral("app/moved.json")));
    QVERIFY(repository.write(QStringLiteral("net/moved.json"), moved));
    QVERIFY(repository.write(QStringLiteral("app/staged.json"), record(QStringLiteral("app/staged"))));
    QVERIFY(repository.stage(QStringLiteral("app/staged.json")));
    QVERIFY(repository.write(QStringLiteral("app/loose.json"), record(QStringLiteral("app/loose"))));
    // Not records: other files, hidden folders.
    QVERIFY(repository.write(QStringLiteral("README.md"), "# KB, changed\n"));
    QVERIFY(repository.write(QStringLiteral(".errata/x.json"), "{}"));
    QVERIFY(repository.write(QStringLiteral("app/notes.txt"), "x"));

    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY2(status.error().isEmpty(), qPrintable(status.error()));
    QCOMPARE(described(status),
             QStringLiteral("app/edited.json modified\n"
                            "app/gone.json deleted\n"
                            "app/loose.json untracked\n"
                            "app/staged.json added\n"
                            "net/moved.json renamed from app/moved.json"));
}

// What is staged and what is only on disk both count against HEAD; a file
// staged new and then deleted from the disk is in neither.
void GitStatusTest::stagedChangesCount()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("a/one.json"), record(QStringLiteral("a/one"))));
    QVERIFY(repository.write(QStringLiteral("a/two.json"), record(QStringLiteral("a/two"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.write(QStringLiteral("a/one.json"), record(QStringLiteral("a/one"), QStringLiteral("staged"))));
    QVERIFY(repository.stage(QStringLiteral("a/one.json")));
    QVERIFY(repository.unstage(QStringLiteral("a/two.json"))); // git rm --cached: deleted, and untracked on disk
    QVERIFY(repository.write(QStringLiteral("a/three.json"), record(QStringLiteral("a/three"))));
    QVERIFY(repository.stage(QStringLiteral("a/three.json")));
    QVERIFY(repository.removeFile(QStringLiteral("a/three.json")));

    const GitStatus status = GitStatus::read(dir.path());
    // a/two.json: deleted by the next commit (git status says "D" and "??").
    QCOMPARE(described(status), QStringLiteral("a/one.json modified\na/two.json deleted"));
}

void GitStatusTest::conflictedFile()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    const QByteArray base = record(QStringLiteral("app/one"), QStringLiteral("base"));
    QVERIFY(repository.write(QStringLiteral("app/one.json"), base));
    QVERIFY(repository.write(QStringLiteral("app/two.json"), record(QStringLiteral("app/two"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    const QByteArray ours = record(QStringLiteral("app/one"), QStringLiteral("ours"));
    const QByteArray theirs = record(QStringLiteral("app/one"), QStringLiteral("theirs"));
    QVERIFY(repository.conflict(QStringLiteral("app/one.json"), base, ours, theirs,
                                "{\n<<<<<<< ours\n  \"signature\": \"ours\"\n=======\n  \"signature\": "
                                "\"theirs\"\n>>>>>>> theirs\n}\n"));
    // An add/add conflict has no base.
    QVERIFY(repository.conflict(QStringLiteral("app/new.json"), QByteArray(), ours, theirs, ours));

    const GitStatus status = GitStatus::read(dir.path());
    QCOMPARE(described(status), QStringLiteral("app/new.json conflicted\napp/one.json conflicted"));
}

void GitStatusTest::kbBelowTheRepositoryRoot()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    // A folder name with fnmatch's special characters must match itself only.
    const QString kb = QStringLiteral("docs/kb [team]*");
    QVERIFY(repository.write(kb + QStringLiteral("/app/one.json"), record(QStringLiteral("app/one"))));
    QVERIFY(repository.write(QStringLiteral("docs/kb t/app/one.json"), record(QStringLiteral("app/one"))));
    QVERIFY(repository.write(QStringLiteral("other.json"), record(QStringLiteral("other"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(
        repository.write(kb + QStringLiteral("/app/one.json"), record(QStringLiteral("app/one"), QStringLiteral("x"))));
    QVERIFY(repository.write(kb + QStringLiteral("/app/two.json"), record(QStringLiteral("app/two"))));
    QVERIFY(repository.write(QStringLiteral("docs/kb t/app/one.json"),
                             record(QStringLiteral("app/one"), QStringLiteral("y"))));
    QVERIFY(repository.write(QStringLiteral("other.json"), record(QStringLiteral("other"), QStringLiteral("z"))));

    const GitStatus status = GitStatus::read(dir.filePath(kb));
    QVERIFY(status.isRepository());
    QCOMPARE(described(status), QStringLiteral("app/one.json modified\napp/two.json untracked"));
}

void GitStatusTest::branchNames()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path(), QStringLiteral("curation"));
    // Not born yet: the branch the first commit makes; every file is untracked.
    QVERIFY(repository.write(QStringLiteral("app/one.json"), record(QStringLiteral("app/one"))));
    GitStatus status = GitStatus::read(dir.path());
    QCOMPARE(status.branch(), QStringLiteral("curation"));
    QCOMPARE(described(status), QStringLiteral("app/one.json untracked"));

    const QByteArray commit = repository.commitAll(QStringLiteral("first"));
    QVERIFY(!commit.isEmpty());
    QCOMPARE(GitStatus::read(dir.path()).branch(), QStringLiteral("curation"));
    QVERIFY(repository.detachHead());
    status = GitStatus::read(dir.path());
    QCOMPARE(status.branch(), QStringLiteral("HEAD detached at ") + QString::fromLatin1(commit.left(7)));
}

void GitStatusTest::findByPath()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("b/one.json"), record(QStringLiteral("b/one"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.write(QStringLiteral("a/new.json"), record(QStringLiteral("a/new"))));
    QVERIFY(repository.write(QStringLiteral("b/one.json"), record(QStringLiteral("b/one"), QStringLiteral("x"))));
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY(status.find(QStringLiteral("a/new.json")));
    QCOMPARE(status.find(QStringLiteral("a/new.json"))->state, GitStatus::State::Untracked);
    QCOMPARE(status.find(QStringLiteral("b/one.json"))->state, GitStatus::State::Modified);
    QVERIFY(!status.find(QStringLiteral("b/two.json")));
    QVERIFY(!status.find(QStringLiteral("a")));
}

// The index is refreshed where git status would refresh it; while git holds
// its lock, the state is read all the same.
void GitStatusTest::lockedIndexIsReadAsItIs()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("a/one.json"), record(QStringLiteral("a/one"))));
    QVERIFY(repository.write(QStringLiteral("a/two.json"), record(QStringLiteral("a/two"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.write(QStringLiteral("a/one.json"), record(QStringLiteral("a/one"), QStringLiteral("x"))));
    // The same bytes written again, a second later: the index's times are
    // out of date, and the refresh wants to write the index.
    QTest::qWait(1100);
    QVERIFY(repository.write(QStringLiteral("a/two.json"), record(QStringLiteral("a/two"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral(".git/index.lock")), QByteArray()));
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY2(status.error().isEmpty(), qPrintable(status.error()));
    QCOMPARE(described(status), QStringLiteral("a/one.json modified"));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral(".git/index.lock")))); // git's lock left alone
}

void GitStatusTest::identicalMovesPastTheRenameLimit_data()
{
    QTest::addColumn<bool>("staged");
    QTest::newRow("staged") << true;
    QTest::newRow("on disk only") << false;
}

// 2,522 staged moves came out as 1,001 renamed, 1,521 deleted and 1,521
// added (libgit2 compares each new file with the first 1,000 deleted ones);
// git shows 2,522 renames. Here the limit is 10, and 30 files move.
void GitStatusTest::identicalMovesPastTheRenameLimit()
{
    QFETCH(bool, staged);
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.isValid());
    constexpr int Count = 30;
    for (int i = 0; i < Count; ++i) {
        const QString id = QStringLiteral("old/r%1").arg(i, 2, 10, QLatin1Char('0'));
        QVERIFY(repository.write(id + QStringLiteral(".json"), record(id)));
    }
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(setRenameLimit(dir.path(), 10));
    for (int i = 0; i < Count; ++i) {
        const QString name = QStringLiteral("r%1.json").arg(i, 2, 10, QLatin1Char('0'));
        const QByteArray text = readFile(dir.filePath(QStringLiteral("old/") + name));
        QVERIFY(repository.removeFile(QStringLiteral("old/") + name));
        QVERIFY(repository.write(QStringLiteral("new/") + name, text));
        if (staged) {
            QVERIFY(repository.unstage(QStringLiteral("old/") + name));
            QVERIFY(repository.stage(QStringLiteral("new/") + name));
        }
    }
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY2(status.error().isEmpty(), qPrintable(status.error()));
    QCOMPARE(countOf(status, GitStatus::State::Renamed), Count);
    QCOMPARE(status.entries().size(), Count);
    for (const GitStatus::Entry &entry : status.entries())
        QCOMPARE(entry.oldPath, QStringLiteral("old/") + entry.path.mid(4));
    QCOMPARE(status.notCovered(), QStringList());
}

// Moves that change the files too, past the limit: `git status` shows 30
// renames (it pairs files of one name first); so does GitStatus.
void GitStatusTest::changedMovesOfOneNamePastTheRenameLimit()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.isValid());
    constexpr int Count = 30;
    for (int i = 0; i < Count; ++i) {
        const QString id = QStringLiteral("old/r%1").arg(i, 2, 10, QLatin1Char('0'));
        QVERIFY(repository.write(id + QStringLiteral(".json"), record(id)));
    }
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(setRenameLimit(dir.path(), 10));
    for (int i = 0; i < Count; ++i) {
        const QString name = QStringLiteral("r%1.json").arg(i, 2, 10, QLatin1Char('0'));
        const QByteArray text = readFile(dir.filePath(QStringLiteral("old/") + name));
        QVERIFY(repository.removeFile(QStringLiteral("old/") + name));
        QVERIFY(repository.write(QStringLiteral("new/") + name, text + "\n"));
        if (i % 2 == 0) { // staged or on disk only: both are compared
            QVERIFY(repository.unstage(QStringLiteral("old/") + name));
            QVERIFY(repository.stage(QStringLiteral("new/") + name));
        }
    }
    const GitStatus status = GitStatus::read(dir.path());
    QCOMPARE(countOf(status, GitStatus::State::Renamed), Count);
    for (const GitStatus::Entry &entry : status.entries())
        QCOMPARE(entry.oldPath, QStringLiteral("old/") + entry.path.mid(4));
    QCOMPARE(status.notCovered(), QStringList());
}

// Moves under other names that change the files too are compared up to the
// limit only: what may be left unpaired is named.
void GitStatusTest::changedMovesPastTheRenameLimitAreNamed()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.isValid());
    constexpr int Count = 30;
    for (int i = 0; i < Count; ++i) {
        const QString id = QStringLiteral("old/r%1").arg(i, 2, 10, QLatin1Char('0'));
        QVERIFY(repository.write(id + QStringLiteral(".json"), record(id)));
    }
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(setRenameLimit(dir.path(), 10));
    for (int i = 0; i < Count; ++i) {
        const QString name = QStringLiteral("%1.json").arg(i, 2, 10, QLatin1Char('0'));
        const QByteArray text = readFile(dir.filePath(QStringLiteral("old/r") + name));
        QVERIFY(repository.removeFile(QStringLiteral("old/r") + name));
        QVERIFY(repository.write(QStringLiteral("new/s") + name, text + "\n"));
    }
    const GitStatus status = GitStatus::read(dir.path());
    const int renamed = countOf(status, GitStatus::State::Renamed);
    QVERIFY(renamed < Count);
    QCOMPARE(countOf(status, GitStatus::State::Deleted), Count - renamed);
    QCOMPARE(status.notCovered().size(), 1);
    QVERIFY2(status.notCovered().first().contains(QStringLiteral("diff.renameLimit, 10")),
             qPrintable(status.notCovered().first()));
}

// Records in a submodule: "no changed records" while a full validate found
// errors in them. They are named as not covered.
void GitStatusTest::submodulesAreNamed()
{
    if (!GitTestRepository::hasGit())
        QSKIP("git is not installed: a submodule is made with git");
    QTemporaryDir dir;
    const QString main = dir.filePath(QStringLiteral("main"));
    GitTestRepository repository(main);
    QVERIFY(repository.write(QStringLiteral("kb/app/one.json"), record(QStringLiteral("app/one"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(GitTestRepository::addSubmodule(main, QStringLiteral("kb/vendor"), dir.filePath(QStringLiteral("sub")),
                                            {{QStringLiteral("app/inner.json"), record(QStringLiteral("app/inner"))}}));
    QVERIFY(writeFile(main + QStringLiteral("/kb/vendor/app/inner.json"), "{ broken"));

    const GitStatus status = GitStatus::read(main + QStringLiteral("/kb"));
    QVERIFY2(status.error().isEmpty(), qPrintable(status.error()));
    QCOMPARE(described(status), QString()); // git's state stops at the submodule
    QCOMPARE(status.submodules(), QStringList{QStringLiteral("vendor")});
    QCOMPARE(status.notCovered().size(), 1);
    QVERIFY2(status.notCovered().first().contains(QStringLiteral("submodule vendor")),
             qPrintable(status.notCovered().first()));
    // From the repository's root, the path is below it.
    QVERIFY(writeFile(main + QStringLiteral("/other/x.json"), record(QStringLiteral("other/x"))));
    QCOMPARE(GitStatus::read(main).submodules(), QStringList{QStringLiteral("kb/vendor")});
    QCOMPARE(GitStatus::read(main + QStringLiteral("/other")).submodules(), QStringList());
}

QTEST_GUILESS_MAIN(GitStatusTest)
#include "GitStatusTest.moc"
