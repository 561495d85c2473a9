// `errata merge-driver BASE OURS THEIRS` as git (or a user) runs it
// (ERRATA_BINARY): a clean merge writes OURS's bytes but for the merged
// members, a conflict writes git's markers around the conflicting member and
// exits with 1, a version that cannot be read or parsed exits with 2 and
// leaves OURS as it was; and a real `git merge` through the driver, when git
// is installed.

#include "models/record/Record.h"
#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <sys/stat.h>

using namespace Errata::TestSupport;

namespace {

QByteArray seedText()
{
    QFile file(QStringLiteral(ERRATA_TEST_DATA "/seed.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `text` with `from`, which must occur once, replaced by `to`.
QByteArray edited(const QByteArray &text, const QByteArray &from, const QByteArray &to)
{
    if (text.count(from) != 1)
        qWarning("edited: %s occurs %lld times", from.constData(), qlonglong(text.count(from)));
    return QByteArray(text).replace(from, to);
}

// Which file the path names: a file replaced by a write is another file.
quint64 fileIdOf(const QString &path)
{
    struct stat status = {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? quint64(status.st_ino) : 0;
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// git, run in `folder` with no configuration but the repository's own.
struct Git
{
    QString folder;
    QString home;

    QProcess::ExitStatus status = QProcess::NormalExit;
    int exitCode = -1;
    QString output;

    bool run(const QStringList &arguments)
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), home);
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home);
        environment.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
        environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
        for (const char *who : {"GIT_AUTHOR", "GIT_COMMITTER"}) {
            environment.insert(QLatin1String(who) + QStringLiteral("_NAME"), QStringLiteral("Errata Test"));
            environment.insert(QLatin1String(who) + QStringLiteral("_EMAIL"), QStringLiteral("test@errata.invalid"));
        }
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(folder);
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStandardPaths::findExecutable(QStringLiteral("git")), arguments);
        if (!process.waitForFinished(60000))
            return false;
        status = process.exitStatus();
        exitCode = process.exitCode();
        output = QString::fromUtf8(process.readAll());
        return status == QProcess::NormalExit;
    }
    // Runs and checks for exit code 0, else says what git said.
    bool ok(const QStringList &arguments)
    {
        const bool ran = run(arguments) && exitCode == 0;
        if (!ran)
            qWarning("git %s: %d: %s", qPrintable(arguments.join(QLatin1Char(' '))), exitCode, qPrintable(output));
        return ran;
    }
};

} // namespace

class MergeDriverCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void help();
    void cleanMergeKeepsOursLayout();
    void outputLeavesOursAlone();
    void outputOntoSpecialFileIsRefused();
    void nothingToTakeLeavesOursUntouched();
    void conflictWritesMarkersAndExitsWithOne();
    void addedOnBothSidesWithEmptyBase();
    void badInputExitsWithTwoAndWritesNothing_data();
    void badInputExitsWithTwoAndWritesNothing();
    void badUsage_data();
    void badUsage();
    void gitMergeThroughTheDriver();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    // Writes base.json, ours.json and theirs.json.
    bool writeVersions(const QByteArray &base, const QByteArray &ours, const QByteArray &theirs) const;
    Run mergeDriver(const QStringList &more = {}) const;

    QByteArray m_seed;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void MergeDriverCommandTest::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    m_seed = seedText();
    QVERIFY(m_seed.contains("\"confidence\": 0.9,"));
}

void MergeDriverCommandTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>(); // a fresh folder for each test
    QVERIFY(m_dir->isValid());
}

bool MergeDriverCommandTest::writeVersions(const QByteArray &base, const QByteArray &ours,
                                           const QByteArray &theirs) const
{
    return writeFile(path(QStringLiteral("base.json")), base) && writeFile(path(QStringLiteral("ours.json")), ours)
        && writeFile(path(QStringLiteral("theirs.json")), theirs);
}

Run MergeDriverCommandTest::mergeDriver(const QStringList &more) const
{
    RunOptions options;
    options.workingDirectory = m_dir->path();
    return runErrata(QStringList{QStringLiteral("merge-driver"), QStringLiteral("base.json"),
                                 QStringLiteral("ours.json"), QStringLiteral("theirs.json")}
                         + more,
                     options);
}

void MergeDriverCommandTest::help()
{
    const Run result = runErrata({QStringLiteral("merge-driver"), QStringLiteral("--help")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QStringLiteral("Usage: errata merge-driver [options] BASE OURS THEIRS")),
             qPrintable(result.out));
    QVERIFY(result.out.contains(QStringLiteral("--output OUT")));
    QVERIFY(result.out.contains(QStringLiteral("%O %A %B")));
    const Run top = runErrata({QStringLiteral("--help")});
    QVERIFY2(top.out.contains(QStringLiteral("\n  merge-driver BASE OURS THEIRS\n")), qPrintable(top.out));
}

void MergeDriverCommandTest::cleanMergeKeepsOursLayout()
{
    // CRLF line ends and no final newline (as the seed), which the merge keeps.
    QVERIFY(!m_seed.endsWith('\n'));
    const QByteArray base = QByteArray(m_seed).replace("\n", "\r\n");
    const QByteArray ours = edited(base, "\"root_cause_type\": \"generic\"",
                                   "\"root_cause_type\": \"config_specific\"");
    QByteArray theirs = edited(base, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    theirs = edited(theirs, "\"tags\": [],", "\"tags\": [\r\n    \"nan\"\r\n  ],");
    QVERIFY(writeVersions(base, ours, theirs));

    const Run result = mergeDriver();
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(result.err, QString());
    QByteArray expected = edited(ours, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    expected = edited(expected, "\"tags\": [],", "\"tags\": [\r\n    \"nan\"\r\n  ],");
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))), expected);
    QCOMPARE(readFile(path(QStringLiteral("theirs.json"))), theirs);
    QCOMPARE(readFile(path(QStringLiteral("base.json"))), base);
}

void MergeDriverCommandTest::outputLeavesOursAlone()
{
    const QByteArray ours = edited(m_seed, "\"evidence_count\": 1,", "\"evidence_count\": 3,");
    const QByteArray theirs = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    QVERIFY(writeVersions(m_seed, ours, theirs));

    const Run result = mergeDriver({QStringLiteral("-o"), QStringLiteral("out/merged.json")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))), ours);
    QCOMPARE(readFile(path(QStringLiteral("out/merged.json"))),
             edited(ours, "\"confidence\": 0.9,", "\"confidence\": 0.75,"));

    // Nothing to take from THEIRS: OUT gets OURS's bytes.
    QVERIFY(writeFile(path(QStringLiteral("theirs.json")), m_seed));
    QVERIFY(mergeDriver({QStringLiteral("--output"), QStringLiteral("same.json")}).exitCode == 0);
    QCOMPARE(readFile(path(QStringLiteral("same.json"))), ours);
}

void MergeDriverCommandTest::outputOntoSpecialFileIsRefused()
{
    // A FIFO (and, as root, /dev/null) was replaced by a regular file.
    const QByteArray ours = edited(m_seed, "\"evidence_count\": 1,", "\"evidence_count\": 3,");
    const QByteArray theirs = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    QVERIFY(writeVersions(m_seed, ours, theirs));
    const QString fifo = path(QStringLiteral("out.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);

    const Run result = mergeDriver({QStringLiteral("-o"), QStringLiteral("out.fifo")});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QStringLiteral("out.fifo is a FIFO (named pipe), not a regular file")),
             qPrintable(result.err));
    struct stat status = {};
    QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &status), 0);
    QVERIFY(S_ISFIFO(status.st_mode));
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))), ours);
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files | QDir::System | QDir::Hidden).size(), 4);
}

void MergeDriverCommandTest::nothingToTakeLeavesOursUntouched()
{
    // Laid out otherwise than Errata writes: not rewritten when nothing changes.
    const QByteArray ours = "{\"id\": \"a/b\", \"signature\": \"S\", \"regex\": \"S\",\n"
                            "    \"domain\": \"a\", \"category\": \"c\", \"tags\": [\"x\", \"y\"]}";
    const QByteArray base = "{\"id\": \"a/b\", \"signature\": \"S\", \"regex\": \"S\", \"domain\": \"a\", "
                            "\"category\": \"c\", \"tags\": [\"x\"]}";
    QVERIFY(writeVersions(base, ours, base));
    const quint64 before = fileIdOf(path(QStringLiteral("ours.json")));

    const Run result = mergeDriver();
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))), ours);
    QCOMPARE(fileIdOf(path(QStringLiteral("ours.json"))), before);
}

void MergeDriverCommandTest::conflictWritesMarkersAndExitsWithOne()
{
    const QByteArray ours = edited(edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.6,"),
                                   "\"error_code\": null,", "\"error_code\": \"E1\",");
    const QByteArray theirs = edited(edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.7,"),
                                     "\"evidence_count\": 1,", "\"evidence_count\": 5,");
    QVERIFY(writeVersions(m_seed, ours, theirs));

    const Run result = mergeDriver({QStringLiteral("--name"), QStringLiteral("pytorch/nan-loss-step.json")});
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(lines(result.err),
             QStringList({QStringLiteral("pytorch/nan-loss-step.json: merge conflict at "
                                         "/confidence: changed differently on both sides")}));
    QByteArray expected = edited(m_seed, "  \"confidence\": 0.9,\n",
                                 "<<<<<<< ours\n  \"confidence\": 0.6,\n=======\n  \"confidence\": 0.7,\n"
                                 ">>>>>>> theirs\n");
    expected = edited(edited(expected, "\"error_code\": null,", "\"error_code\": \"E1\","), "\"evidence_count\": 1,",
                      "\"evidence_count\": 5,");
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))), expected);
    // Until it is resolved, the loader says what the file holds.
    Errata::Record written;
    Errata::Record::LoadError error;
    QVERIFY(!written.parse(expected, &error));
    const int marker = int(expected.left(expected.indexOf("<<<<<<< ours")).count('\n')) + 1;
    QCOMPARE(error.line, marker);
    QVERIFY2(error.message.startsWith(QStringLiteral("merge conflict, lines %1–%2").arg(marker).arg(marker + 4)),
             qPrintable(error.message));

    // Without --name, OURS's path; a member deleted on one side.
    QVERIFY(writeVersions(m_seed, edited(m_seed, "  \"error_code\": null,\n", ""),
                          edited(m_seed, "\"error_code\": null,", "\"error_code\": \"E2\",")));
    const Run deleted = mergeDriver();
    QCOMPARE(deleted.exitCode, 1);
    QCOMPARE(lines(deleted.err),
             QStringList({QStringLiteral("ours.json: merge conflict at /error_code: deleted in "
                                         "ours, changed in theirs")}));
    QVERIFY(readFile(path(QStringLiteral("ours.json")))
                .contains("<<<<<<< ours\n=======\n  \"error_code\": \"E2\",\n>>>>>>> theirs\n"));
}

void MergeDriverCommandTest::addedOnBothSidesWithEmptyBase()
{
    const QByteArray ours = "{\n  \"id\": \"a/b\",\n  \"regex\": \"R\",\n  \"tags\": [\n    \"x\"\n  ]\n}\n";
    const QByteArray theirs = "{\n  \"id\": \"a/b\",\n  \"regex\": \"R\",\n  \"tags\": [\n    \"y\"\n  ]\n}\n";
    QVERIFY(writeVersions(QByteArray(), ours, theirs));

    const Run result = mergeDriver();
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(readFile(path(QStringLiteral("ours.json"))),
             QByteArray("{\n  \"id\": \"a/b\",\n  \"regex\": \"R\",\n  \"tags\": [\n    \"x\",\n    \"y\"\n  ]\n}\n"));
}

void MergeDriverCommandTest::badInputExitsWithTwoAndWritesNothing_data()
{
    QTest::addColumn<QString>("version"); // the file to spoil
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("invalid JSON") << QStringLiteral("theirs.json") << QByteArray("{\n  \"id\": \"a/b\",\n}\n")
                                  << QStringLiteral("theirs.json:3:1: THEIRS: invalid JSON: ");
    QTest::newRow("conflict markers") << QStringLiteral("ours.json")
                                      << QByteArray("{\n<<<<<<< ours\n  \"a\": 1\n=======\n  \"a\": 2\n>>>>>>> "
                                                    "theirs\n}\n")
                                      << QStringLiteral("ours.json:2:1: OURS: merge conflict, lines 2–6: ");
    QTest::newRow("not an object") << QStringLiteral("base.json") << QByteArray("[1, 2]\n")
                                   << QStringLiteral("base.json:1:1: BASE: a record must be a JSON object, not array");
    QTest::newRow("duplicate key") << QStringLiteral("theirs.json")
                                   << QByteArray("{\n  \"id\": \"a/b\",\n  \"id\": \"a/c\"\n}\n")
                                   << QStringLiteral("theirs.json:3:3: THEIRS: duplicate key \"id\"");
    QTest::newRow("empty OURS") << QStringLiteral("ours.json") << QByteArray("\n")
                                << QStringLiteral("ours.json:1:1: OURS: the file is empty");
    QTest::newRow("missing") << QStringLiteral("theirs.json") << QByteArray()
                             << QStringLiteral("theirs.json: THEIRS: cannot read the file: ");
    QTest::newRow("FIFO") << QStringLiteral("theirs.json") << QByteArray()
                          << QStringLiteral("theirs.json: THEIRS: cannot read the file: not a regular file");
}

void MergeDriverCommandTest::badInputExitsWithTwoAndWritesNothing()
{
    QFETCH(QString, version);
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const QByteArray ours = edited(m_seed, "\"evidence_count\": 1,", "\"evidence_count\": 3,");
    const QByteArray theirs = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.75,");
    QVERIFY(writeVersions(m_seed, ours, theirs));
    QVERIFY(QFile::remove(path(version)));
    if (QByteArray(QTest::currentDataTag()) == "FIFO")
        QCOMPARE(::mkfifo(QFile::encodeName(path(version)).constData(), 0600), 0);
    else if (QByteArray(QTest::currentDataTag()) != "missing")
        QVERIFY(writeFile(path(version), text));
    const QByteArray oursBefore = readFile(path(QStringLiteral("ours.json")));
    const quint64 oursFile = fileIdOf(path(QStringLiteral("ours.json")));

    for (const QStringList &more : {QStringList(), QStringList({QStringLiteral("-o"), QStringLiteral("out.json")})}) {
        const Run result = mergeDriver(more);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.startsWith(QStringLiteral("errata merge-driver: ") + message), qPrintable(result.err));
        QVERIFY2(result.err.endsWith(QStringLiteral("; nothing was written\n")), qPrintable(result.err));
        QCOMPARE(lines(result.err).size(), 1);
        QCOMPARE(readFile(path(QStringLiteral("ours.json"))), oursBefore);
        QCOMPARE(fileIdOf(path(QStringLiteral("ours.json"))), oursFile);
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("out.json"))));
    }
}

void MergeDriverCommandTest::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString command = QStringLiteral("merge-driver");
    QTest::newRow("no files") << QStringList{command} << QStringLiteral("expected BASE, OURS and THEIRS");
    QTest::newRow("two files") << QStringList{command, QStringLiteral("a"), QStringLiteral("b")}
                               << QStringLiteral("expected BASE, OURS and THEIRS");
    QTest::newRow("four files") << QStringList{command, QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                                               QStringLiteral("d")}
                                << QStringLiteral("expected BASE, OURS and THEIRS");
    QTest::newRow("unknown option") << QStringList{command, QStringLiteral("a"), QStringLiteral("b"),
                                                   QStringLiteral("c"), QStringLiteral("--ours-wins")}
                                    << QStringLiteral("unknown option \"--ours-wins\"");
    QTest::newRow("-o without a file") << QStringList{command, QStringLiteral("a"), QStringLiteral("b"),
                                                      QStringLiteral("c"), QStringLiteral("-o")}
                                       << QStringLiteral("missing value after '-o'");
}

void MergeDriverCommandTest::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run result = runErrata(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("errata merge-driver --help")), qPrintable(result.err));
}

void MergeDriverCommandTest::gitMergeThroughTheDriver()
{
    if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
        QSKIP("git is not installed: the merge through git's driver is not tried");
    Git git;
    git.folder = path(QStringLiteral("kb"));
    git.home = path(QStringLiteral("home"));
    QVERIFY(QDir().mkpath(git.folder) && QDir().mkpath(git.home));
    const QString record = QStringLiteral("pytorch/nan-loss-step.json");
    const QString file = QDir(git.folder).filePath(record);
    QVERIFY(git.ok({QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main")}));
    QVERIFY(git.ok({QStringLiteral("config"), QStringLiteral("merge.errata.driver"),
                    QStringLiteral("'%1' merge-driver %O %A %B --name %P").arg(QStringLiteral(ERRATA_BINARY))}));
    QVERIFY(writeFile(QDir(git.folder).filePath(QStringLiteral(".gitattributes")), "*.json merge=errata\n"));
    QVERIFY(writeFile(file, m_seed));
    QVERIFY(git.ok({QStringLiteral("add"), QStringLiteral(".")}));
    QVERIFY(git.ok({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base")}));
    const auto commitOnBranch = [&](const QString &branch, const QByteArray &text) {
        return git.ok({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("-b"), branch,
                       QStringLiteral("main")})
            && writeFile(file, text)
            && git.ok(
                {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-a"), QStringLiteral("-m"), branch});
    };
    // Edits of adjacent lines, which git's own line merge would call a conflict.
    const QByteArray ours = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.8,");
    const QByteArray theirs = edited(m_seed, "\"fix_success_rate\": 0.8,", "\"fix_success_rate\": 0.6,");
    const QByteArray other = edited(m_seed, "\"confidence\": 0.9,", "\"confidence\": 0.5,");
    QVERIFY(commitOnBranch(QStringLiteral("theirs"), theirs));
    QVERIFY(commitOnBranch(QStringLiteral("other"), other));
    QVERIFY(commitOnBranch(QStringLiteral("ours"), ours));

    QVERIFY(git.run({QStringLiteral("merge"), QStringLiteral("--no-edit"), QStringLiteral("theirs")}));
    QVERIFY2(git.exitCode == 0, qPrintable(git.output));
    QCOMPARE(readFile(file), edited(ours, "\"fix_success_rate\": 0.8,", "\"fix_success_rate\": 0.6,"));

    QVERIFY(git.run({QStringLiteral("merge"), QStringLiteral("--no-edit"), QStringLiteral("other")}));
    QCOMPARE(git.exitCode, 1);
    QVERIFY2(git.output.contains(record
                                 + QStringLiteral(": merge conflict at /confidence: changed differently on "
                                                  "both sides")),
             qPrintable(git.output));
    QVERIFY2(git.output.contains(QStringLiteral("CONFLICT (content): Merge conflict in ") + record),
             qPrintable(git.output));
    QVERIFY(readFile(file).contains("<<<<<<< ours\n  \"confidence\": 0.8,\n=======\n  \"confidence\": 0.5,\n"
                                    ">>>>>>> theirs\n"));
    QVERIFY(readFile(file).contains("\"fix_success_rate\": 0.6,"));
    QVERIFY(git.ok({QStringLiteral("status"), QStringLiteral("--porcelain")}));
    QVERIFY2(lines(git.output).contains(QStringLiteral("UU ") + record), qPrintable(git.output));
}

QTEST_GUILESS_MAIN(MergeDriverCommandTest)
#include "MergeDriverCommandTest.moc"
