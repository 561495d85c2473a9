// What the loader says about the folders of a KB: a folder the user cannot
// list is an error naming it and the system's reason, and so is a record
// file the user cannot read, so that a KB with records missing never looks
// whole; a KB folder inside a repository's `.git` folder, whose files git
// never tracks, is a warning naming that folder.
//
// Permissions mean nothing to root, under which CI runs: the load then runs
// in a child process that has become the user nobody.

#include "KnowledgeBaseFixture.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Errata;
using namespace Errata::KnowledgeBaseFixture;
using namespace Errata::TestSupport;

namespace {

constexpr uid_t Nobody = 65534;

// What a load gave, one line each: "record PATH" and "SEVERITY RULE PATH: MESSAGE".
QStringList describe(const KnowledgeBaseLoader::Result &result)
{
    QStringList lines;
    for (const auto &record : result.records)
        lines << QStringLiteral("record ") + record->filePath();
    for (const Problem &problem : result.problems)
        lines << QStringLiteral("%1 %2 %3: %4")
                     .arg(Problem::severityName(problem.severity), problem.rule, problem.file, problem.message);
    return lines;
}

// Loads `root` as a user without privileges: in this process when it is
// one, else in a child that becomes nobody. Empty with `why` when that
// cannot be done.
QStringList loadAsUser(const QString &root, QString *why)
{
    if (::geteuid() != 0)
        return describe(KnowledgeBaseLoader::load(root));
    int fds[2];
    if (::pipe(fds) != 0) {
        *why = QStringLiteral("no pipe");
        return {};
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        if (::setgroups(0, nullptr) != 0 || ::setgid(Nobody) != 0 || ::setuid(Nobody) != 0)
            ::_exit(3);
        const QByteArray out = describe(KnowledgeBaseLoader::load(root)).join(QLatin1Char('\n')).toUtf8();
        for (qsizetype written = 0; written < out.size();) {
            const ssize_t n = ::write(fds[1], out.constData() + written, size_t(out.size() - written));
            if (n <= 0)
                ::_exit(4);
            written += n;
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    QByteArray out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        out.append(buffer, n);
    ::close(fds[0]);
    int status = 0;
    if (child < 0 || ::waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        *why = QStringLiteral("the child that was to become nobody failed (status %1)").arg(status);
        return {};
    }
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

bool setMode(const QString &path, mode_t mode)
{
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

} // namespace

class KnowledgeBaseLoaderFoldersTest : public QObject
{
    Q_OBJECT

private slots:
    void unreadableFolderAndFileAreErrors();
    void kbInsideGitFolderIsWarned();
    void kbBesideGitFolderIsNot();
};

// kb/ok/a.json loads; kb/locked (no permission) and kb/ok/closed.json (no
// read permission) are one error each, with the system's reason; nothing in
// kb/locked is read.
void KnowledgeBaseLoaderFoldersTest::unreadableFolderAndFileAreErrors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(setMode(dir.path(), 0755)); // nobody may enter it
    const QString root = dir.filePath(QStringLiteral("kb"));
    QVERIFY(writeFile(root + QStringLiteral("/ok/a.json"), cleanRecord(QStringLiteral("ok/a"))));
    QVERIFY(writeFile(root + QStringLiteral("/ok/closed.json"), cleanRecord(QStringLiteral("ok/closed"))));
    QVERIFY(writeFile(root + QStringLiteral("/locked/b.json"), cleanRecord(QStringLiteral("locked/b"))));
    QVERIFY(writeFile(root + QStringLiteral("/locked/deeper/c.json"), cleanRecord(QStringLiteral("locked/c"))));
    for (const QString &folder : {root, root + QStringLiteral("/ok")})
        QVERIFY(setMode(folder, 0755));
    QVERIFY(setMode(root + QStringLiteral("/ok/a.json"), 0644));
    QVERIFY(setMode(root + QStringLiteral("/ok/closed.json"), 0200));
    QVERIFY(setMode(root + QStringLiteral("/locked"), 0300)); // may be entered, not listed

    QString why;
    const QStringList loaded = loadAsUser(root, &why);
    QVERIFY(setMode(root + QStringLiteral("/locked"), 0700)); // for the clean-up
    if (loaded.isEmpty() && !why.isEmpty())
        QSKIP(qPrintable(QStringLiteral("cannot load as a user without privileges: ") + why));
    QCOMPARE(loaded.size(), 3);
    QCOMPARE(loaded.at(0), QStringLiteral("record ") + root + QStringLiteral("/ok/a.json"));
    QCOMPARE(loaded.at(1),
             QStringLiteral("error folder %1/locked: not read: the folder cannot be listed (Permission denied), so "
                            "no record in it is loaded")
                 .arg(root));
    QVERIFY2(loaded.at(2).startsWith(QStringLiteral("error file %1/ok/closed.json: ").arg(root)),
             qPrintable(loaded.at(2)));
    QVERIFY2(loaded.at(2).contains(QLatin1String("Permission denied")), qPrintable(loaded.at(2)));
}

// A KB folder below .git, directly and through a link: one warning, naming
// the .git folder; the records still load.
void KnowledgeBaseLoaderFoldersTest::kbInsideGitFolderIsWarned()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gitFolder = dir.filePath(QStringLiteral("repo/.git"));
    const QString root = gitFolder + QStringLiteral("/kb");
    QVERIFY(writeFile(root + QStringLiteral("/disk/full.json"), cleanRecord(QStringLiteral("disk/full"))));
    const QString link = dir.filePath(QStringLiteral("looks-fine"));
    QVERIFY(QFile::link(root, link));
    for (const QString &folder : {root, link}) {
        const KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(folder);
        QCOMPARE(result.records.size(), size_t(1));
        QCOMPARE(result.problems.size(), 1);
        const Problem &problem = result.problems.first();
        QCOMPARE(problem.severity, Problem::Warning);
        QCOMPARE(problem.rule, QStringLiteral("folder"));
        QCOMPARE(problem.file, QDir::cleanPath(folder));
        QVERIFY2(problem.message.contains(gitFolder), qPrintable(problem.message));
        QVERIFY2(problem.message.contains(QLatin1String("git never tracks")), qPrintable(problem.message));
    }
}

// The checkout's own folder holds .git, which is hidden and not read:
// no warning. Nor for a folder merely named like one ("x.git").
void KnowledgeBaseLoaderFoldersTest::kbBesideGitFolderIsNot()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString root = dir.filePath(QStringLiteral("repo.git/kb"));
    QVERIFY(writeFile(root + QStringLiteral("/disk/full.json"), cleanRecord(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(root + QStringLiteral("/.git/config"), "[core]\n"));
    QVERIFY(writeFile(root + QStringLiteral("/.git/x.json"), cleanRecord(QStringLiteral("git/x"))));
    const KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(root);
    QCOMPARE(result.records.size(), size_t(1));
    QVERIFY2(result.problems.isEmpty(), qPrintable(describe(result).join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(KnowledgeBaseLoaderFoldersTest)
#include "KnowledgeBaseLoaderFoldersTest.moc"
