// `errata validate` as a user runs it (ERRATA_BINARY) on a KB holding
// entries that are not plain record files: it ends at once (a FIFO is never
// opened), loads a link to a file inside the KB, and prints one line for
// every entry it skipped, naming it; and a folder of deadends.dev canons
// gets one hint to convert them. The other validate cases are in
// CommandLineTest.

#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Errata::TestSupport;

namespace {

// "N files, N records: N errors, N warnings, N infos (S s)"
const QRegularExpression SummaryLine(
    QStringLiteral("^(\\d+) files, (\\d+) records: (\\d+) errors, (\\d+) warnings, (\\d+) infos \\(\\d+\\.\\d+ s\\)$"));

QByteArray record(const QString &id)
{
    const QByteArray domain = id.section(QLatin1Char('/'), 0, 0).toUtf8();
    return "{\n  \"id\": \"" + id.toUtf8() + "\",\n  \"signature\": \"Error: disk full on /dev/sda1\",\n"
        + "  \"domain\": \"" + domain + "\",\n  \"regex\": \"Error: disk full on \\\\S+\",\n"
        + "  \"category\": \"io_error\",\n  \"first_seen\": \"2024-01-01\",\n"
        + "  \"last_confirmed\": \"2024-06-01\"\n}\n";
}

bool makeLink(const QByteArray &target, const QString &link)
{
    return ::symlink(target.constData(), QFile::encodeName(link).constData()) == 0;
}

} // namespace

class ValidateCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void skippedEntriesAreReported();
    void skippedEntriesInJson();
    void duplicateKeyIsAnError();
    void controlCharactersAreEscaped();
    void canonsGetOneHint();
    void unreadableFolderFails();
    void kbInsideGitIsWarned();
    void oneLineRecordIsPlacedAndCapped();
    void cleanupTestCase();

private:
    Run validate(const QStringList &more = {});
    QString kb(const QString &relative = QString()) const
    {
        return relative.isEmpty() ? m_dir.filePath(QStringLiteral("kb"))
                                  : m_dir.filePath(QStringLiteral("kb/") + relative);
    }

    // Not valid UTF-8: QTemporaryDir cannot remove it, cleanupTestCase does.
    QByteArray badName() const { return QFile::encodeName(kb(QStringLiteral("disk"))) + "/bad-\xFF.json"; }

    QTemporaryDir m_dir;
    QTemporaryDir m_cacheHome;
    QTemporaryDir m_outside;
};

Run ValidateCommandTest::validate(const QStringList &more)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = m_cacheHome.path();
    options.timeoutMs = 20000; // a read of the FIFO would never end
    return runErrata(QStringList{QStringLiteral("validate"), QStringLiteral("kb"), QStringLiteral("--today"),
                                 QStringLiteral("2024-07-01")}
                         + more,
                     options);
}

void ValidateCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_cacheHome.isValid() && m_outside.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    QVERIFY(writeFile(kb(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb(QStringLiteral("shared/slow.json")), record(QStringLiteral("disk/slow"))));
    QVERIFY(makeLink("../shared/slow.json", kb(QStringLiteral("disk/slow.json"))));
    QCOMPARE(::mkfifo(QFile::encodeName(kb(QStringLiteral("disk/pipe"))).constData(), 0600), 0);
    QVERIFY(makeLink("pipe", kb(QStringLiteral("disk/to-pipe.json"))));
    QCOMPARE(::mkfifo(QFile::encodeName(kb(QStringLiteral("disk/fifo.json"))).constData(), 0600), 0);
    QVERIFY(makeLink("gone.json", kb(QStringLiteral("disk/dangling.json"))));
    QVERIFY(makeLink("b.json", kb(QStringLiteral("disk/a.json"))));
    QVERIFY(makeLink("a.json", kb(QStringLiteral("disk/b.json"))));
    QVERIFY(writeFile(m_outside.filePath(QStringLiteral("secret.json")), record(QStringLiteral("disk/secret"))));
    QVERIFY(makeLink(QFile::encodeName(m_outside.filePath(QStringLiteral("secret.json"))),
                     kb(QStringLiteral("disk/secret.json"))));
    QVERIFY(makeLink(QFile::encodeName(m_outside.path()), kb(QStringLiteral("elsewhere"))));
    const int fd = ::open(badName().constData(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    QVERIFY(fd >= 0);
    ::close(fd);
}

void ValidateCommandTest::skippedEntriesAreReported()
{
    const Run result = validate({QStringLiteral("--no-cache")});
    QVERIFY2(result.exitCode == 1, qPrintable(QString::number(result.exitCode) + result.out + result.err));
    const QStringList expected{
        QStringLiteral("kb/disk/a.json: error: not loaded: a link loop"),
        QStringLiteral("kb/disk/b.json: error: not loaded: a link loop"),
        QStringLiteral("kb/disk/bad-\\xFF.json: error: not loaded: the file name is not valid UTF-8"),
        QStringLiteral("kb/disk/dangling.json: error: not loaded: a dangling link (to gone.json)"),
        QStringLiteral("kb/disk/fifo.json: error: not loaded: a FIFO, not a regular file"),
        QStringLiteral("kb/disk/secret.json: error: not loaded: a link that leads out of the KB folder (to ")
            + m_outside.filePath(QStringLiteral("secret.json")) + QLatin1Char(')'),
        QStringLiteral("kb/disk/to-pipe.json: error: not loaded: a link to a FIFO, not to a regular file"),
        QStringLiteral("kb/elsewhere: warning: not read: a link to a folder"),
    };
    QStringList reported;
    for (const QString &line : result.out.split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String(": error: not loaded: "))
            || line.contains(QLatin1String(": warning: not read: ")))
            reported << line;
    }
    QCOMPARE(reported.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i)
        QVERIFY2(reported.at(i).startsWith(expected.at(i)),
                 qPrintable(reported.at(i) + QStringLiteral("\n  expected: ") + expected.at(i)));
    const QRegularExpressionMatch summary = SummaryLine.match(result.out.trimmed().split(QLatin1Char('\n')).last());
    QVERIFY2(summary.hasMatch(), qPrintable(result.out));
    QCOMPARE(summary.captured(1), QStringLiteral("10")); // 3 records and 7 *.json entries not loaded
    QCOMPARE(summary.captured(2), QStringLiteral("3"));  // the link to shared/slow.json is loaded
    QVERIFY(!result.out.contains(QLatin1String("disk/slow.json: error: not loaded")));
}

void ValidateCommandTest::skippedEntriesInJson()
{
    const Run result = validate({QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(result.exitCode, 1);
    const QJsonArray problems =
        QJsonDocument::fromJson(result.out.toUtf8()).object().value(QLatin1String("problems")).toArray();
    int skipped = 0;
    for (const QJsonValue &value : problems) {
        const QJsonObject problem = value.toObject();
        if (!problem.value(QLatin1String("message")).toString().startsWith(QLatin1String("not ")))
            continue;
        ++skipped;
        QVERIFY(problem.value(QLatin1String("file")).toString().startsWith(QLatin1String("kb/")));
        QCOMPARE(problem.value(QLatin1String("line")).toInt(), 0);
    }
    QCOMPARE(skipped, 8);
}

// A key written twice: the file is an error, with its field and both lines,
// in text and JSON, and a run from the cache says the same.
void ValidateCommandTest::duplicateKeyIsAnError()
{
    QByteArray text = record(QStringLiteral("dup/twice"));
    text.replace("  \"category\": \"io_error\",\n", "  \"category\": \"io_error\",\n  \"regex\": \"other\",\n");
    const QString folder = m_dir.filePath(QStringLiteral("dup-kb"));
    QVERIFY(writeFile(folder + QStringLiteral("/dup/twice.json"), text));
    QVERIFY(writeFile(folder + QStringLiteral("/dup/once.json"), record(QStringLiteral("dup/once"))));
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = m_cacheHome.path();
    const QString expected = QStringLiteral(
        "dup-kb/dup/twice.json:7:3: error: duplicate key \"regex\": first at line 5, again at line 7 [/regex]");
    for (int run = 0; run < 2; ++run) {
        const Run result = runErrata({QStringLiteral("validate"), QStringLiteral("dup-kb"), QStringLiteral("--today"),
                                      QStringLiteral("2024-07-01")},
                                     options);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.split(QLatin1Char('\n')).contains(expected), qPrintable(result.out));
        const QRegularExpressionMatch summary = SummaryLine.match(result.out.trimmed().split(QLatin1Char('\n')).last());
        QVERIFY2(summary.hasMatch(), qPrintable(result.out));
        QCOMPARE(summary.captured(2), QStringLiteral("1"));
    }
    const Run json = runErrata({QStringLiteral("validate"), QStringLiteral("dup-kb"), QStringLiteral("--format"),
                                QStringLiteral("json"), QStringLiteral("--today"), QStringLiteral("2024-07-01")},
                               options);
    QCOMPARE(json.exitCode, 1);
    bool found = false;
    for (const QJsonValue &value :
         QJsonDocument::fromJson(json.out.toUtf8()).object().value(QLatin1String("problems")).toArray()) {
        const QJsonObject problem = value.toObject();
        if (problem.value(QLatin1String("pointer")).toString() != QLatin1String("/regex"))
            continue;
        found = true;
        QCOMPARE(problem.value(QLatin1String("line")).toInt(), 7);
        QCOMPARE(problem.value(QLatin1String("column")).toInt(), 3);
        QCOMPARE(problem.value(QLatin1String("rule")).toString(), QStringLiteral("file"));
    }
    QVERIFY2(found, qPrintable(json.out));
}

// A file name and a key holding terminal escapes: every line shows them as
// \\xHH, and nothing raw reaches the terminal.
void ValidateCommandTest::controlCharactersAreEscaped()
{
    QByteArray text = record(QStringLiteral("ctl/x"));
    text.replace("  \"category\"", "  \"x\\u001b]0;pwned\\u0007\": 1,\n  \"category\"");
    const QString folder = m_dir.filePath(QStringLiteral("ctl-kb"));
    QVERIFY(writeFile(folder + QStringLiteral("/ctl/x\x1b[31m.json"), text));
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = m_cacheHome.path();
    const Run result = runErrata({QStringLiteral("validate"), QStringLiteral("ctl-kb"), QStringLiteral("--no-cache")},
                                 options);
    QCOMPARE(result.exitCode, 1); // the id does not match the path
    QVERIFY2(result.out.contains(QLatin1String("ctl-kb/ctl/x\\x1B[31m.json:")), qPrintable(result.out));
    QVERIFY2(result.out.contains(QLatin1String("x\\x1B]0;pwned\\x07")), qPrintable(result.out));
    for (const QChar c : result.out + result.err)
        QVERIFY2(c == QLatin1Char('\n') || (c.unicode() >= 0x20 && c.unicode() != 0x7F), qPrintable(result.out));
}

// A folder of canons (a few of the test's own) has the findings of any
// folder, then one line on stderr: convert them with import-deadends. JSON
// says it in its summary. A KB of records has neither.
void ValidateCommandTest::canonsGetOneHint()
{
    QTemporaryDir canons;
    QVERIFY(canons.isValid());
    for (const QString &id : {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20")}) {
        const QByteArray canon = "{\"schema_version\": \"1.0.0\", \"id\": \"" + id.toUtf8()
            + "\", \"error\": {\"signature\": \"Error: x\", \"regex\": \"x\", \"domain\": \"node\"}, "
              "\"verdict\": {\"summary\": \"x\"}}\n";
        QVERIFY(writeFile(canons.filePath(id + QStringLiteral(".json")), canon));
    }
    RunOptions options;
    options.cacheHome = m_cacheHome.path();
    const Run text = runErrata({QStringLiteral("validate"), canons.path()}, options);
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.out.contains(QStringLiteral(": error: ")), qPrintable(text.out)); // the findings all the same
    QCOMPARE(text.err,
             QStringLiteral("errata validate: %1 looks like deadends.dev canons, not Errata records; convert them with "
                            "errata import-deadends %1 DST\n")
                 .arg(canons.path()));

    const Run json = runErrata(
        {QStringLiteral("validate"), canons.path(), QStringLiteral("--format"), QStringLiteral("json")}, options);
    QCOMPARE(json.err, text.err);
    const QJsonObject summary =
        QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("looks_like_deadends_canons")).toBool(false), true);

    QTemporaryDir records;
    QVERIFY(records.isValid());
    QVERIFY(writeFile(records.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    const Run plain = runErrata(
        {QStringLiteral("validate"), records.path(), QStringLiteral("--format"), QStringLiteral("json")}, options);
    QVERIFY2(!plain.err.contains(QStringLiteral("canons")), qPrintable(plain.err));
    const QJsonObject plainSummary =
        QJsonDocument::fromJson(plain.out.toUtf8()).object().value(QStringLiteral("summary")).toObject();
    QCOMPARE(plainSummary.value(QStringLiteral("looks_like_deadends_canons")).toBool(true), false);
}

// A folder of the KB the user cannot list: an error naming it and the
// reason, counted in the summary, and exit code 1, in text and in JSON;
// the records elsewhere are still checked. As root, which may read
// anything, the program runs as nobody (setpriv).
void ValidateCommandTest::unreadableFolderFails()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RunOptions options;
    options.workingDirectory = dir.path();
    if (::geteuid() == 0) {
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("running as root without setpriv: no user to whom a folder can be unreadable");
        options.wrapper = QStringList{QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"),
                                      QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups")};
    }
    QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0755) == 0);
    const QString root = dir.filePath(QStringLiteral("kb"));
    QVERIFY(writeFile(root + QStringLiteral("/disk/full.json"), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(root + QStringLiteral("/secret/a.json"), record(QStringLiteral("secret/a"))));
    QVERIFY(writeFile(root + QStringLiteral("/secret/b.json"), record(QStringLiteral("secret/b"))));
    for (const char *path : {"kb", "kb/disk", "kb/disk/full.json"})
        QVERIFY(::chmod(QFile::encodeName(dir.filePath(QLatin1String(path))).constData(), 0755) == 0);
    QVERIFY(::chmod(QFile::encodeName(root + QStringLiteral("/secret")).constData(), 0700) == 0);
    const auto restore = qScopeGuard(
        [&] { ::chmod(QFile::encodeName(root + QStringLiteral("/secret")).constData(), 0700); });
    if (::geteuid() != 0)
        QVERIFY(::chmod(QFile::encodeName(root + QStringLiteral("/secret")).constData(), 0) == 0);

    const QStringList arguments{QStringLiteral("validate"), QStringLiteral("kb"), QStringLiteral("--no-cache"),
                                QStringLiteral("--today"), QStringLiteral("2024-07-01")};
    const Run text = runErrata(arguments, options);
    QVERIFY2(text.exitCode == 1, qPrintable(QString::number(text.exitCode) + text.out + text.err));
    QVERIFY2(text.out.contains(QStringLiteral("kb/secret: error: not read: the folder cannot be listed (Permission "
                                              "denied), so no record in it is loaded")),
             qPrintable(text.out));
    const QRegularExpressionMatch summary = SummaryLine.match(text.out.trimmed().split(QLatin1Char('\n')).last());
    QVERIFY2(summary.hasMatch(), qPrintable(text.out));
    QCOMPARE(summary.captured(2), QStringLiteral("1"));
    QCOMPARE(summary.captured(3), QStringLiteral("1"));

    const Run json = runErrata(arguments + QStringList{QStringLiteral("--format"), QStringLiteral("json")}, options);
    QCOMPARE(json.exitCode, 1);
    const QJsonObject document = QJsonDocument::fromJson(json.out.toUtf8()).object();
    bool found = false;
    for (const QJsonValue &value : document.value(QLatin1String("problems")).toArray()) {
        const QJsonObject problem = value.toObject();
        found = found
            || (problem.value(QLatin1String("file")).toString() == QLatin1String("kb/secret")
                && problem.value(QLatin1String("rule")).toString() == QLatin1String("folder")
                && problem.value(QLatin1String("severity")).toString() == QLatin1String("error"));
    }
    QVERIFY2(found, qPrintable(json.out));
    QCOMPARE(document.value(QLatin1String("summary")).toObject().value(QLatin1String("errors")).toInt(), 1);
}

// `errata validate repo/.git/kb`: the records are checked, with a warning
// naming the .git folder (exit code 0; 1 with --strict).
void ValidateCommandTest::kbInsideGitIsWarned()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(
        writeFile(dir.filePath(QStringLiteral("repo/.git/kb/disk/full.json")), record(QStringLiteral("disk/full"))));
    RunOptions options;
    options.workingDirectory = dir.path();
    options.cacheHome = m_cacheHome.path();
    const QStringList arguments{QStringLiteral("validate"), QStringLiteral("repo/.git/kb"), QStringLiteral("--today"),
                                QStringLiteral("2024-07-01")};
    const Run result = runErrata(arguments, options);
    QVERIFY2(result.exitCode == 0, qPrintable(QString::number(result.exitCode) + result.out + result.err));
    QVERIFY2(result.out.startsWith(QStringLiteral("repo/.git/kb: warning: the KB folder is inside %1, the folder "
                                                  "where git keeps its own data: git never tracks the records in it")
                                       .arg(QDir(dir.filePath(QStringLiteral("repo/.git"))).canonicalPath())),
             qPrintable(result.out));
    QCOMPARE(runErrata(arguments + QStringList{QStringLiteral("--strict")}, options).exitCode, 1);
}

// A record on one line, as `jq -c` writes it, with 40,000 dead ends that
// each lack two fields: at once (before: 24 s, each column counted from the
// start of the line), 100 findings of a rule then one that counts the rest,
// each at its dead end's column, in text and JSON.
void ValidateCommandTest::oneLineRecordIsPlacedAndCapped()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray text = record(QStringLiteral("disk/long")).replace('\n', ' ').trimmed();
    text.chop(1); // the closing brace
    text += ", \"dead_ends\": [";
    QList<qsizetype> starts;
    for (int i = 0; i < 40000; ++i) {
        text += i == 0 ? "" : ", ";
        starts << text.size();
        text += "{\"action\": \"a\"}";
    }
    text += "]}\n";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/disk/long.json")), text));
    RunOptions options;
    options.workingDirectory = dir.path();
    options.cacheHome = m_cacheHome.path();
    options.timeoutMs = 20000;
    const QStringList arguments{QStringLiteral("validate"), QStringLiteral("kb"), QStringLiteral("--no-cache"),
                                QStringLiteral("--today"), QStringLiteral("2024-07-01")};
    const Run result = runErrata(arguments, options);
    QVERIFY2(result.exitCode == 1, qPrintable(QString::number(result.exitCode) + result.err));
    const QStringList lines = result.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() < 220, qPrintable(QString::number(lines.size()))); // not 120,000
    // ASCII text: the column of dead end i is its byte offset + 1.
    const QString first = QStringLiteral("kb/disk/long.json:1:%1: error: dead_ends/0/").arg(starts.at(0) + 1);
    QVERIFY2(lines.first().startsWith(first), qPrintable(lines.first()));
    QVERIFY2(lines.first().endsWith(QLatin1String(": required field is missing [/dead_ends/0]")),
             qPrintable(lines.first()));
    QVERIFY2(lines.contains(QStringLiteral("kb/disk/long.json:1:%1: error: … and 79,900 more findings of rule schema "
                                           "in this file (at most 100 of one rule and 1,000 in all are listed) "
                                           "[/dead_ends/50]")
                                .arg(starts.at(50) + 1)),
             qPrintable(result.out.left(20000)));
    QVERIFY2(lines.contains(QStringLiteral("kb/disk/long.json:1:%1: info: … and 39,900 more findings of rule "
                                           "no-sources in this file (at most 100 of one rule and 1,000 in all are "
                                           "listed) [/dead_ends/100]")
                                .arg(starts.at(100) + 1)),
             qPrintable(result.out.left(20000)));

    const Run json = runErrata(arguments + QStringList{QStringLiteral("--format"), QStringLiteral("json")}, options);
    QCOMPARE(json.exitCode, 1);
    const QJsonArray problems =
        QJsonDocument::fromJson(json.out.toUtf8()).object().value(QLatin1String("problems")).toArray();
    int atDeadEnds = 0;
    for (const QJsonValue &value : problems) {
        const QJsonObject problem = value.toObject();
        const QString pointer = problem.value(QLatin1String("pointer")).toString();
        if (!pointer.startsWith(QLatin1String("/dead_ends/")))
            continue;
        ++atDeadEnds;
        const int item = pointer.section(QLatin1Char('/'), 2, 2).toInt();
        QCOMPARE(problem.value(QLatin1String("line")).toInt(), 1);
        QCOMPARE(problem.value(QLatin1String("column")).toInt(), int(starts.at(item) + 1));
    }
    QCOMPARE(atDeadEnds, 2 * 100 + 2); // schema and no-sources findings, and the two that count the rest
}

void ValidateCommandTest::cleanupTestCase()
{
    ::unlink(badName().constData());
}

QTEST_GUILESS_MAIN(ValidateCommandTest)
#include "ValidateCommandTest.moc"
