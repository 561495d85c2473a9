// GitIdentity reads user.name where git would: the repository's
// configuration over ~/.gitconfig over the XDG file, or the global files
// alone outside a checkout. HOME and XDG_CONFIG_HOME point into temporary
// folders; the system's gitconfig is whatever the machine has, so the
// expected names are the ones set at a higher level, and where git is
// installed its own answer is compared too.

#include "models/git/GitIdentity.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

class GitIdentityTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void repositoryConfigComesFirst();
    void globalConfigOutsideARepository();
    void xdgConfigIsRead();
    void homeGitconfigOverridesXdg();
    void xdgDefaultsToDotConfig();
    void repositoryWithoutANameUsesTheGlobalOne();
    void trimmedAndEmail();

private:
    QString home() const { return m_home->path(); }
    QString xdg() const { return m_xdg->path(); }
    // A git checkout at `folder` (as git init makes it), with `config`
    // appended to its .git/config.
    static bool makeRepository(const QString &folder, const QByteArray &config);
    // What git itself says, when it is installed; null otherwise.
    static QString gitSays(const QString &folder);
    void compareWithGit(const QString &folder);

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<QTemporaryDir> m_xdg;
    std::unique_ptr<QTemporaryDir> m_work;
    QByteArray m_savedHome;
    QByteArray m_savedXdg;
};

bool GitIdentityTest::makeRepository(const QString &folder, const QByteArray &config)
{
    const QDir git(folder + QStringLiteral("/.git"));
    return git.mkpath(QStringLiteral("objects")) && git.mkpath(QStringLiteral("refs/heads"))
        && writeFile(git.filePath(QStringLiteral("HEAD")), "ref: refs/heads/main\n")
        && writeFile(git.filePath(QStringLiteral("config")),
                     "[core]\n\trepositoryformatversion = 0\n\tbare = false\n" + config);
}

QString GitIdentityTest::gitSays(const QString &folder)
{
    const QString git = QStandardPaths::findExecutable(QStringLiteral("git"));
    if (git.isEmpty())
        return QString();
    QProcess process;
    process.start(git, {QStringLiteral("-C"), folder, QStringLiteral("config"), QStringLiteral("user.name")});
    if (!process.waitForFinished(10000))
        return QString();
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

void GitIdentityTest::compareWithGit(const QString &folder)
{
    const QString git = gitSays(folder);
    if (!git.isNull())
        QCOMPARE(GitIdentity::userName(folder), git);
}

void GitIdentityTest::init()
{
    m_savedHome = qgetenv("HOME");
    m_savedXdg = qgetenv("XDG_CONFIG_HOME");
    m_home = std::make_unique<QTemporaryDir>();
    m_xdg = std::make_unique<QTemporaryDir>();
    m_work = std::make_unique<QTemporaryDir>();
    qputenv("HOME", QFile::encodeName(home()));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(xdg()));
}

void GitIdentityTest::cleanup()
{
    qputenv("HOME", m_savedHome);
    if (m_savedXdg.isNull())
        qunsetenv("XDG_CONFIG_HOME");
    else
        qputenv("XDG_CONFIG_HOME", m_savedXdg);
}

void GitIdentityTest::repositoryConfigComesFirst()
{
    QVERIFY(writeFile(home() + QStringLiteral("/.gitconfig"), "[user]\n\tname = Global Name\n"));
    const QString repository = m_work->filePath(QStringLiteral("kb"));
    QVERIFY(makeRepository(repository, "[user]\n\tname = Ana Lima\n"));
    const QString inside = repository + QStringLiteral("/pytorch/cuda");
    QVERIFY(QDir().mkpath(inside));
    QCOMPARE(GitIdentity::userName(repository), QStringLiteral("Ana Lima"));
    QCOMPARE(GitIdentity::userName(inside), QStringLiteral("Ana Lima")); // found upwards, as git does
    QVERIFY(GitIdentity::isInRepository(inside));
    compareWithGit(inside);
}

void GitIdentityTest::globalConfigOutsideARepository()
{
    QVERIFY(writeFile(home() + QStringLiteral("/.gitconfig"), "[user]\n\tname = Global Name\n"));
    QVERIFY(!GitIdentity::isInRepository(m_work->path()));
    QCOMPARE(GitIdentity::userName(m_work->path()), QStringLiteral("Global Name"));
    compareWithGit(m_work->path());
}

void GitIdentityTest::xdgConfigIsRead()
{
    QVERIFY(writeFile(xdg() + QStringLiteral("/git/config"), "[user]\n\tname = Xdg Name\n"));
    QCOMPARE(GitIdentity::userName(m_work->path()), QStringLiteral("Xdg Name"));
    compareWithGit(m_work->path());
}

// git reads the XDG file before ~/.gitconfig: the latter wins.
void GitIdentityTest::homeGitconfigOverridesXdg()
{
    QVERIFY(writeFile(xdg() + QStringLiteral("/git/config"), "[user]\n\tname = Xdg Name\n"));
    QVERIFY(writeFile(home() + QStringLiteral("/.gitconfig"), "[user]\n\tname = Global Name\n"));
    QCOMPARE(GitIdentity::userName(m_work->path()), QStringLiteral("Global Name"));
    compareWithGit(m_work->path());
}

void GitIdentityTest::xdgDefaultsToDotConfig()
{
    qunsetenv("XDG_CONFIG_HOME");
    QVERIFY(writeFile(home() + QStringLiteral("/.config/git/config"), "[user]\n\tname = Dot Config\n"));
    QCOMPARE(GitIdentity::userName(m_work->path()), QStringLiteral("Dot Config"));
    compareWithGit(m_work->path());
}

void GitIdentityTest::repositoryWithoutANameUsesTheGlobalOne()
{
    QVERIFY(writeFile(home() + QStringLiteral("/.gitconfig"), "[user]\n\tname = Global Name\n"));
    const QString repository = m_work->filePath(QStringLiteral("kb"));
    QVERIFY(makeRepository(repository, QByteArray()));
    QVERIFY(GitIdentity::isInRepository(repository));
    QCOMPARE(GitIdentity::userName(repository), QStringLiteral("Global Name"));
    compareWithGit(repository);
}

void GitIdentityTest::trimmedAndEmail()
{
    QVERIFY(writeFile(home() + QStringLiteral("/.gitconfig"),
                      "[user]\n\tname = \"  Zhang Wei \"\n\temail = zw@example.com\n"));
    QCOMPARE(GitIdentity::userName(m_work->path()), QStringLiteral("Zhang Wei"));
    QCOMPARE(GitIdentity::userEmail(m_work->path()), QStringLiteral("zw@example.com"));
    QCOMPARE(GitIdentity::userName(QString()), QStringLiteral("Zhang Wei")); // no folder: the global files
}

QTEST_GUILESS_MAIN(GitIdentityTest)
#include "GitIdentityTest.moc"
