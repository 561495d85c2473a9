// Who a review is recorded for: the name of the settings, else git's
// user.name for the KB, else the account's name; never asked for.

#include "models/review/Reviewer.h"
#include "models/settings/Settings.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

class ReviewerTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void settingComesFirst();
    void gitUserNameOfTheKb();
    void accountNameLast();

private:
    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<QTemporaryDir> m_kb;
    QByteArray m_savedHome;
};

void ReviewerTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_savedHome = qgetenv("HOME");
}

void ReviewerTest::init()
{
    QSettings().clear();
    m_home = std::make_unique<QTemporaryDir>();
    m_kb = std::make_unique<QTemporaryDir>();
    qputenv("HOME", QFile::encodeName(m_home->path()));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home->filePath(QStringLiteral(".config"))));
}

void ReviewerTest::cleanup()
{
    qputenv("HOME", m_savedHome);
    qunsetenv("XDG_CONFIG_HOME");
}

void ReviewerTest::settingComesFirst()
{
    QVERIFY(writeFile(m_home->filePath(QStringLiteral(".gitconfig")), "[user]\n\tname = From Git\n"));
    Settings::setReviewerName(QStringLiteral("Ana Lima"));
    const Reviewer::Identity reviewer = Reviewer::current(m_kb->path());
    QCOMPARE(reviewer.name, QStringLiteral("Ana Lima"));
    QCOMPARE(reviewer.source, Reviewer::FromSettings);
    QCOMPARE(Reviewer::fallback(m_kb->path()).name, QStringLiteral("From Git"));
}

void ReviewerTest::gitUserNameOfTheKb()
{
    QVERIFY(writeFile(m_home->filePath(QStringLiteral(".gitconfig")), "[user]\n\tname = From Git\n"));
    QCOMPARE(Reviewer::current(m_kb->path()).name, QStringLiteral("From Git"));
    QCOMPARE(Reviewer::current(m_kb->path()).source, Reviewer::FromGit);
    // A KB that is a git checkout with a name of its own.
    const QDir git(m_kb->filePath(QStringLiteral(".git")));
    QVERIFY(git.mkpath(QStringLiteral("objects")) && git.mkpath(QStringLiteral("refs/heads")));
    QVERIFY(writeFile(git.filePath(QStringLiteral("HEAD")), "ref: refs/heads/main\n"));
    QVERIFY(writeFile(git.filePath(QStringLiteral("config")),
                      "[core]\n\trepositoryformatversion = 0\n\tbare = false\n[user]\n\tname = Zhang Wei\n"));
    QCOMPARE(Reviewer::current(m_kb->path()).name, QStringLiteral("Zhang Wei"));
}

// Without a setting or a git name anywhere, the account's name; the
// machine's own gitconfig (/etc/gitconfig) may still name someone.
void ReviewerTest::accountNameLast()
{
    const QString account = Reviewer::accountName();
#ifdef Q_OS_UNIX
    QVERIFY(!account.isEmpty());
#endif
    const Reviewer::Identity reviewer = Reviewer::current(m_kb->path());
    QVERIFY(reviewer.source == Reviewer::FromGit || reviewer.source == Reviewer::FromAccount);
    if (reviewer.source == Reviewer::FromAccount)
        QCOMPARE(reviewer.name, account);
    QVERIFY(!reviewer.name.isEmpty());
}

QTEST_GUILESS_MAIN(ReviewerTest)
#include "ReviewerTest.moc"
