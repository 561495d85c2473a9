// CommandParser, through every command of the errata executable
// (ERRATA_BINARY): each command's --help names the command whole and fits
// 80 columns, and an unknown option is exit code 2 with a message that
// names it and the help to read; --format is checked alike by every
// command that has it. Then --kb, --format, the exit codes and the wrapping
// in the process.

#include "app/commands/CommandParser.h"

#include "support/ErrataProcess.h"

#include <QFileInfo>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QStringList AllCommands = {QStringLiteral("validate"),        QStringLiteral("import-deadends"),
                                 QStringLiteral("export-deadends"), QStringLiteral("match"),
                                 QStringLiteral("lookup"),          QStringLiteral("graph"),
                                 QStringLiteral("review")};

} // namespace

class CommandParserTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void helpIsReadable_data();
    void helpIsReadable();
    void unknownOptionIsNamed_data();
    void unknownOptionIsNamed();
    void missingValueIsBadUsage();
    void badFormatIsNamed_data();
    void badFormatIsNamed();
    void kbDefaultsToCurrentFolder();
    void formatIsOneOfTheFormats();
    void exitCodes();
    void wrapsBetweenWords();
};

void CommandParserTest::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
}

void CommandParserTest::helpIsReadable_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("flag");
    for (const QString &command : AllCommands) {
        QTest::addRow("%s --help", qPrintable(command)) << command << QStringLiteral("--help");
        QTest::addRow("%s -h", qPrintable(command)) << command << QStringLiteral("-h");
    }
    QTest::newRow("validate --help-all") << QStringLiteral("validate") << QStringLiteral("--help-all");
}

void CommandParserTest::helpIsReadable()
{
    QFETCH(QString, command);
    QFETCH(QString, flag);
    const Run result = runErrata({command, flag});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.isEmpty(), qPrintable(result.err));
    const QStringList lines = result.out.split(QLatin1Char('\n'));
    QVERIFY2(lines.first().startsWith(QStringLiteral("Usage: errata ") + command + QStringLiteral(" [options]")),
             qPrintable(result.out));
    for (const QString &line : lines) {
        QVERIFY2(line.size() <= 80, qPrintable(QStringLiteral("wider than 80 columns: \"%1\"").arg(line)));
        QVERIFY2(!line.endsWith(QLatin1Char(' ')), qPrintable(QStringLiteral("trailing space: \"%1\"").arg(line)));
    }
    // The command's name is never cut in two ("import-dead" / "ends").
    for (int i = 0; i + 1 < lines.size(); ++i) {
        for (int k = 1; k < command.size(); ++k)
            QVERIFY2(!(lines.at(i).trimmed().endsWith(command.left(k))
                       && lines.at(i + 1).trimmed().startsWith(command.mid(k))),
                     qPrintable(result.out));
    }
    QVERIFY2(result.out.contains(QStringLiteral("Options:\n  -h, --help")), qPrintable(result.out));
    QVERIFY2(!result.out.contains(QStringLiteral("The command.")), qPrintable(result.out));
}

void CommandParserTest::unknownOptionIsNamed_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    for (const QString &command : AllCommands) {
        QTest::addRow("%s --frobnicate", qPrintable(command))
            << QStringList{command, QStringLiteral("--frobnicate")}
            << QStringLiteral("errata %1: unknown option \"--frobnicate\" (see errata %1 --help)\n").arg(command);
    }
    QTest::newRow("two unknown") << QStringList{QStringLiteral("graph"), QStringLiteral("--colour"),
                                                QStringLiteral("--x")}
                                 << QStringLiteral("errata graph: unknown options \"--colour\", \"--x\" (see errata "
                                                   "graph --help)\n");
    QTest::newRow("short") << QStringList{QStringLiteral("lookup"), QStringLiteral("-q"), QStringLiteral("text")}
                           << QStringLiteral("errata lookup: unknown option \"-q\" (see errata lookup --help)\n");
}

// Nothing is read or written: the option is refused before anything runs.
void CommandParserTest::unknownOptionIsNamed()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run result = runErrata(arguments);
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.err, expected);
    QVERIFY(result.out.isEmpty());
}

void CommandParserTest::missingValueIsBadUsage()
{
    const Run result = runErrata({QStringLiteral("match"), QStringLiteral("--kb")});
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.err, QStringLiteral("errata match: missing value after '--kb' (see errata match --help)\n"));
}

void CommandParserTest::badFormatIsNamed_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    for (const char *command :
         {"validate", "import-deadends", "export-deadends", "match", "lookup", "review", "status"})
        QTest::addRow("%s", command) << QStringList{QLatin1String(command), QStringLiteral("--format=xml")}
                                     << QStringLiteral("errata %1: --format must be text or json, not \"xml\" (see "
                                                       "errata %1 --help)\n")
                                            .arg(QLatin1String(command));
    QTest::newRow("graph") << QStringList{QStringLiteral("graph"), QStringLiteral("--format"), QStringLiteral("text")}
                           << QStringLiteral("errata graph: --format must be dot or json, not \"text\" (see errata "
                                             "graph --help)\n");
}

// Checked after the arguments, so validate and the conversions are given
// theirs.
void CommandParserTest::badFormatIsNamed()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    if (arguments.first() == QLatin1String("validate"))
        arguments << QStringLiteral(".");
    if (arguments.first().endsWith(QLatin1String("-deadends")))
        arguments << QStringLiteral(".") << QStringLiteral("out");
    const Run result = runErrata(arguments);
    QCOMPARE(result.exitCode, int(ExitCode::UsageError));
    QCOMPARE(result.err, expected);
    QVERIFY(result.out.isEmpty());
}

void CommandParserTest::kbDefaultsToCurrentFolder()
{
    CommandParser parser(QStringLiteral("review"), QStringLiteral("Count."));
    parser.addKbOption(QStringLiteral("The KB folder."));
    QCOMPARE(parser.parse({QStringLiteral("errata"), QStringLiteral("review")}), CommandParser::Parsed);
    QCOMPARE(parser.kb(), QStringLiteral("."));
    QCOMPARE(parser.parse({QStringLiteral("errata"), QStringLiteral("review"), QStringLiteral("--kb=kb/")}),
             CommandParser::Parsed);
    QCOMPARE(parser.kb(), QStringLiteral("kb/"));
    QVERIFY(parser.helpText().contains(QStringLiteral("  --kb DIR    The KB folder.\n")));
}

void CommandParserTest::formatIsOneOfTheFormats()
{
    CommandParser parser(QStringLiteral("graph"), QStringLiteral("Print."));
    parser.addFormatOption({QStringLiteral("dot"), QStringLiteral("json")});
    QCOMPARE(parser.parse({QStringLiteral("errata"), QStringLiteral("graph")}), CommandParser::Parsed);
    QVERIFY(parser.checkFormat());
    QCOMPARE(parser.format(), QStringLiteral("dot")); // the first is the default
    QCOMPARE(parser.parse({QStringLiteral("errata"), QStringLiteral("graph"), QStringLiteral("--format=json")}),
             CommandParser::Parsed);
    QVERIFY(parser.checkFormat());
    QCOMPARE(parser.parse({QStringLiteral("errata"), QStringLiteral("graph"), QStringLiteral("--format=Dot")}),
             CommandParser::Parsed);
    QVERIFY(!parser.checkFormat());
    QVERIFY(parser.helpText().contains(QStringLiteral("  --format dot|json  Output format (default: dot).\n")));
}

// Scripts and git test these values: a name may be added, never moved.
void CommandParserTest::exitCodes()
{
    QCOMPARE(int(ExitCode::Ok), 0);
    QCOMPARE(int(ExitCode::FoundNothing), 1);
    QCOMPARE(int(ExitCode::Findings), 1);
    QCOMPARE(int(ExitCode::Conflicts), 1);
    QCOMPARE(int(ExitCode::Failed), 1);
    QCOMPARE(int(ExitCode::UsageError), 2);
    QCOMPARE(int(ExitCode::CannotRun), 2);
    QCOMPARE(int(ExitCode::Incomplete), 3);
    QCOMPARE(CommandParser::exitCode(CommandParser::ShowedHelp), ExitCode::Ok);
    QCOMPARE(CommandParser::exitCode(CommandParser::BadUsage), ExitCode::UsageError);
}

void CommandParserTest::wrapsBetweenWords()
{
    QCOMPARE(CommandParser::wrapped(QStringLiteral("one two three four"), 9),
             QStringList({QStringLiteral("one two"), QStringLiteral("three"), QStringLiteral("four")}));
    QCOMPARE(CommandParser::wrapped(QStringLiteral("import-deadends SRC"), 6, 2),
             QStringList({QStringLiteral("  import-deadends"), QStringLiteral("  SRC")})); // a long word stays whole
    QCOMPARE(CommandParser::wrapped(QStringLiteral("a\n\nb"), 80),
             QStringList({QStringLiteral("a"), QString(), QStringLiteral("b")}));
}

QTEST_GUILESS_MAIN(CommandParserTest)
#include "CommandParserTest.moc"
