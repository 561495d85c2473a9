// CommandErrors: the one line a command prints on standard error, escaped,
// and the readable-folder check every command that reads a folder makes,
// in the process and through the errata executable (ERRATA_BINARY), whose
// commands end with ExitCode::UsageError after it.

#include "app/commands/CommandErrors.h"
#include "app/commands/ExitCode.h"

#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Errata;
using namespace Errata::TestSupport;

class CommandErrorsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lineNamesTheCommand();
    void lineEscapesControls();
    void readableFolder();
    void missingOrFileIsRefused();
    void unreadableFolderIsRefused();
    void commandsRefuseWithUsageError_data();
    void commandsRefuseWithUsageError();

private:
    QTemporaryDir m_dir;
};

void CommandErrorsTest::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    QVERIFY(m_dir.isValid());
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("a-file")), "text\n"));
}

void CommandErrorsTest::lineNamesTheCommand()
{
    QCOMPARE(CommandErrors::line(QStringLiteral("import-deadends"), QStringLiteral("src: not a readable folder")),
             QStringLiteral("errata import-deadends: src: not a readable folder"));
}

// A path from the command line or a message from a file is escaped whole.
void CommandErrorsTest::lineEscapesControls()
{
    QCOMPARE(CommandErrors::line(QStringLiteral("graph"), QStringLiteral("no record \"a\x1b[2Jb\"\tin\nkb")),
             QStringLiteral("errata graph: no record \"a\\x1B[2Jb\"\\x09in\\x0Akb"));
}

void CommandErrorsTest::readableFolder()
{
    QVERIFY(CommandErrors::checkReadableFolder(QStringLiteral("review"), m_dir.path()));
    QVERIFY(CommandErrors::checkReadableFolder(QStringLiteral("review"), QStringLiteral(".")));
}

void CommandErrorsTest::missingOrFileIsRefused()
{
    QVERIFY(!CommandErrors::checkReadableFolder(QStringLiteral("review"), m_dir.filePath(QStringLiteral("missing"))));
    QVERIFY(!CommandErrors::checkReadableFolder(QStringLiteral("review"), m_dir.filePath(QStringLiteral("a-file"))));
    QVERIFY(!CommandErrors::checkReadableFolder(QStringLiteral("review"), QString()));
}

void CommandErrorsTest::unreadableFolderIsRefused()
{
    if (::geteuid() == 0)
        QSKIP("root reads every folder");
    const QString folder = m_dir.filePath(QStringLiteral("closed"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(QFile::setPermissions(folder, QFileDevice::WriteOwner));
    const bool readable = CommandErrors::checkReadableFolder(QStringLiteral("review"), folder);
    QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QVERIFY(!readable);
}

void CommandErrorsTest::commandsRefuseWithUsageError_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("folder");
    const QString missing = m_dir.filePath(QStringLiteral("missing"));
    const QString file = m_dir.filePath(QStringLiteral("a-file"));
    QTest::newRow("validate, missing") << QStringList{QStringLiteral("validate"), missing} << missing;
    QTest::newRow("import-deadends, a file")
        << QStringList{QStringLiteral("import-deadends"), file, m_dir.filePath(QStringLiteral("out"))} << file;
    for (const char *command : {"match", "lookup", "graph", "review", "status", "mcp"}) {
        const QStringList arguments{QLatin1String(command), QStringLiteral("--kb")};
        QTest::addRow("%s --kb missing", command) << arguments + QStringList{missing} << missing;
        QTest::addRow("%s --kb a-file", command) << arguments + QStringList{file} << file;
    }
}

void CommandErrorsTest::commandsRefuseWithUsageError()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, folder);
    const QString command = arguments.first();
    RunOptions options;
    options.input = "text\n"; // lookup's error text
    const Run result = runErrata(arguments, options);
    QCOMPARE(result.exitCode, int(ExitCode::UsageError));
    QCOMPARE(result.err, QStringLiteral("errata %1: %2: not a readable folder\n").arg(command, folder));
    QVERIFY(result.out.isEmpty());
}

QTEST_GUILESS_MAIN(CommandErrorsTest)
#include "CommandErrorsTest.moc"
