// The errata executable as a user runs it (ERRATA_BINARY): help and version,
// and `validate` (exit codes, GCC-style lines, --strict, --format, --today,
// the cache of findings). `import-deadends` and `export-deadends` are in
// ConvertCommandTest.

#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Errata::TestSupport;

namespace {

// "path:line:col: severity: message [pointer]"
const QRegularExpression GccLine(QStringLiteral("^(.+):(\\d+):(\\d+): (error|warning|info): (.+) \\[(/[^\\]]*)\\]$"));
// "N files, N records: N errors, N warnings, N infos (S s)"
const QRegularExpression SummaryLine(
    QStringLiteral("^(\\d+) files, (\\d+) records: (\\d+) errors, (\\d+) warnings, (\\d+) infos \\(\\d+\\.\\d+ s\\)$"));

// A record with no error; with `warning`, its regex does not match its signature.
QByteArray record(const QString &id, const QByteArray &regex = "Error: disk full on \\\\S+",
                  const QByteArray &lastConfirmed = "2024-06-01")
{
    const QByteArray domain = id.section(QLatin1Char('/'), 0, 0).toUtf8();
    return "{\n"
           "  \"id\": \""
        + id.toUtf8()
        + "\",\n"
          "  \"signature\": \"Error: disk full on /dev/sda1\",\n"
          "  \"domain\": \""
        + domain
        + "\",\n"
          "  \"regex\": \""
        + regex
        + "\",\n"
          "  \"category\": \"io_error\",\n"
          "  \"first_seen\": \"2024-01-01\",\n"
          "  \"last_confirmed\": \""
        + lastConfirmed
        + "\"\n"
          "}\n";
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// Which file the path names: a file written again with QSaveFile is
// another file, even with the same bytes and time.
quint64 fileIdOf(const QString &path)
{
    struct stat status = {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? quint64(status.st_ino) : 0;
}

// The output of `validate` without the time in its summary.
QString withoutTime(const QString &output)
{
    return QString(output).remove(QRegularExpression(QStringLiteral(" \\(\\d+\\.\\d+ s\\)\n$")));
}

// A record that leads to `target`.
QByteArray linkingRecord(const QString &id, const QString &target)
{
    return QByteArray(record(id))
        .replace("\n}\n",
                 ",\n  \"transition_graph\": {\"leads_to\": [{\"error_id\": \"" + target.toUtf8() + "\"}]}\n}\n");
}

} // namespace

class CommandLineTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void helpAndVersion_data();
    void helpAndVersion();
    void commandHelp_data();
    void commandHelp();
    void validateClean();
    void validateError();
    void strictFailsOnWarnings();
    void jsonFormat();
    void badUsage_data();
    void badUsage();
    void todayFixesStaleness();
    void loadProblemsAreReported();
    void validateReusesItsCache();
    void validateWithoutCache();
    void validateWithUnwritableCache();

private:
    Run run(const QStringList &arguments, int timeoutMs = 60000, const QString &cacheHome = QString());
    QStringList cacheFiles() const;

    QTemporaryDir m_dir;
    QTemporaryDir m_cacheHome; // the user's cache folder, for `validate`
};

Run CommandLineTest::run(const QStringList &arguments, int timeoutMs, const QString &cacheHome)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = cacheHome.isEmpty() ? m_cacheHome.path() : cacheHome;
    options.timeoutMs = timeoutMs;
    return runErrata(arguments, options);
}

QStringList CommandLineTest::cacheFiles() const
{
    QStringList files;
    QDirIterator it(m_cacheHome.path(), {QStringLiteral("*.idx")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    return files;
}

void CommandLineTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_cacheHome.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
}

void CommandLineTest::helpAndVersion_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--help") << QStringLiteral("--help") << QStringLiteral("import-deadends SRC DST");
    QTest::newRow("-h") << QStringLiteral("-h") << QStringLiteral("validate DIR");
    QTest::newRow("--version") << QStringLiteral("--version") << QStringLiteral("Errata 0.1.0");
    QTest::newRow("-v") << QStringLiteral("-v") << QStringLiteral("Errata 0.1.0");
}

void CommandLineTest::helpAndVersion()
{
    QFETCH(QString, flag);
    QFETCH(QString, expected);
    const Run result = run({flag});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.contains(expected), qPrintable(result.out));
}

void CommandLineTest::commandHelp_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("expected");
    QTest::newRow("validate") << QStringLiteral("validate") << QStringLiteral("--strict");
    QTest::newRow("import-deadends") << QStringLiteral("import-deadends") << QStringLiteral("--force");
    QTest::newRow("export-deadends") << QStringLiteral("export-deadends") << QStringLiteral("--force");
    QTest::newRow("validate --help-all") << QStringLiteral("validate --help-all") << QStringLiteral("--today");
    QTest::newRow("import-deadends -h") << QStringLiteral("import-deadends -h") << QStringLiteral("SRC");
}

void CommandLineTest::commandHelp()
{
    QFETCH(QString, command);
    QFETCH(QString, expected);
    QStringList arguments = command.split(QLatin1Char(' '));
    if (arguments.size() == 1)
        arguments << QStringLiteral("--help");
    const Run result = run(arguments);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.contains(expected), qPrintable(result.out));
}

void CommandLineTest::validateClean()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("net/dns/timeout.json")), record(QStringLiteral("net/dns/timeout"))));

    const Run result = run(
        {QStringLiteral("validate"), kb.path(), QStringLiteral("--today"), QStringLiteral("2024-07-01")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    const QStringList output = lines(result.out);
    QVERIFY(!output.isEmpty());
    const QRegularExpressionMatch summary = SummaryLine.match(output.last());
    QVERIFY2(summary.hasMatch(), qPrintable(output.last()));
    QCOMPARE(summary.captured(1), QStringLiteral("2"));
    QCOMPARE(summary.captured(2), QStringLiteral("2"));
    QCOMPARE(summary.captured(3), QStringLiteral("0"));
    QCOMPARE(summary.captured(4), QStringLiteral("0"));
    // Every other line is one finding (infos here), GCC style.
    for (const QString &line : output.mid(0, output.size() - 1)) {
        const QRegularExpressionMatch match = GccLine.match(line);
        QVERIFY2(match.hasMatch(), qPrintable(line));
        QCOMPARE(match.captured(4), QStringLiteral("info"));
    }
    QCOMPARE(summary.captured(5).toInt(), int(output.size()) - 1);
}

void CommandLineTest::validateError()
{
    QTemporaryDir kb(m_dir.filePath(QStringLiteral("kb-XXXXXX")));
    QVERIFY(kb.isValid());
    const QString folder = QFileInfo(kb.path()).fileName(); // relative to the working directory
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/bad.json")), record(QStringLiteral("disk/bad"), "(unclosed")));

    const Run result = run({QStringLiteral("validate"), folder, QStringLiteral("--today=2024-07-01")});
    QCOMPARE(result.exitCode, 1);
    bool found = false;
    for (const QString &line : lines(result.out)) {
        const QRegularExpressionMatch match = GccLine.match(line);
        if (!match.hasMatch() || match.captured(4) != QLatin1String("error"))
            continue;
        QVERIFY(!found); // exactly one error
        found = true;
        QCOMPARE(match.captured(1), folder + QStringLiteral("/disk/bad.json"));
        QCOMPARE(match.captured(2), QStringLiteral("5"));  // the line of "regex"
        QCOMPARE(match.captured(3), QStringLiteral("12")); // its value
        QVERIFY2(match.captured(5).contains(QStringLiteral("regex")), qPrintable(line));
        QCOMPARE(match.captured(6), QStringLiteral("/regex"));
    }
    QVERIFY2(found, qPrintable(result.out));
    const QRegularExpressionMatch summary = SummaryLine.match(lines(result.out).last());
    QVERIFY2(summary.hasMatch(), qPrintable(result.out));
    QCOMPARE(summary.captured(3), QStringLiteral("1"));
}

void CommandLineTest::strictFailsOnWarnings()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/nomatch.json")),
                      record(QStringLiteral("disk/nomatch"), "Warning: \\\\d+")));
    const QStringList base = {QStringLiteral("validate"), kb.path(), QStringLiteral("--today"),
                              QStringLiteral("2024-07-01")};

    const Run relaxed = run(base);
    QVERIFY2(relaxed.exitCode == 0, qPrintable(relaxed.out + relaxed.err));
    QVERIFY2(relaxed.out.contains(QStringLiteral(": warning: ")), qPrintable(relaxed.out));
    const QRegularExpressionMatch summary = SummaryLine.match(lines(relaxed.out).last());
    QVERIFY(summary.hasMatch());
    QCOMPARE(summary.captured(3), QStringLiteral("0"));
    QCOMPARE(summary.captured(4), QStringLiteral("1"));

    const Run strict = run(base + QStringList{QStringLiteral("--strict")});
    QCOMPARE(strict.exitCode, 1);
    const QRegularExpressionMatch strictSummary = SummaryLine.match(lines(strict.out).last());
    QVERIFY2(strictSummary.hasMatch(), qPrintable(strict.out));
    for (int i = 1; i <= 5; ++i)
        QCOMPARE(strictSummary.captured(i), summary.captured(i)); // same findings, only the exit code differs

    // --strict on a KB without warnings still passes.
    QTemporaryDir clean;
    QVERIFY(clean.isValid());
    QVERIFY(writeFile(clean.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    const Run cleanStrict = run({QStringLiteral("validate"), QStringLiteral("--strict"), clean.path(),
                                 QStringLiteral("--today"), QStringLiteral("2024-07-01")});
    QVERIFY2(cleanStrict.exitCode == 0, qPrintable(cleanStrict.out + cleanStrict.err));
}

void CommandLineTest::jsonFormat()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/bad.json")), record(QStringLiteral("disk/bad"), "(unclosed")));
    QVERIFY(
        writeFile(kb.filePath(QStringLiteral("disk/nomatch.json")), record(QStringLiteral("disk/nomatch"), "Warning")));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/broken.json")), "{\"id\": "));

    const Run result = run({QStringLiteral("validate"), kb.path(), QStringLiteral("--format"), QStringLiteral("json"),
                            QStringLiteral("--today"), QStringLiteral("2024-07-01")});
    QCOMPARE(result.exitCode, 1);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + QLatin1Char('\n') + result.out));
    QVERIFY(document.isObject());
    const QJsonObject root = document.object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QVERIFY(root.value(QStringLiteral("problems")).isArray());
    QVERIFY(root.value(QStringLiteral("summary")).isObject());
    const QJsonArray problems = root.value(QStringLiteral("problems")).toArray();
    const QJsonObject summary = root.value(QStringLiteral("summary")).toObject();

    int errors = 0, warnings = 0, infos = 0;
    bool brokenReported = false;
    for (const QJsonValue &value : problems) {
        const QJsonObject problem = value.toObject();
        for (const char *key : {"file", "line", "column", "severity", "message", "pointer", "rule"})
            QVERIFY2(problem.contains(QLatin1String(key)), key);
        const QString severity = problem.value(QStringLiteral("severity")).toString();
        errors += severity == QLatin1String("error");
        warnings += severity == QLatin1String("warning");
        infos += severity == QLatin1String("info");
        QVERIFY(
            problem.value(QStringLiteral("file")).toString().startsWith(QDir::cleanPath(kb.path()) + QLatin1Char('/')));
        if (problem.value(QStringLiteral("file")).toString().endsWith(QStringLiteral("disk/broken.json"))) {
            brokenReported = true;
            QCOMPARE(severity, QStringLiteral("error"));
            QCOMPARE(problem.value(QStringLiteral("line")).toInt(), 1);
        }
    }
    QVERIFY(brokenReported);
    QCOMPARE(summary.value(QStringLiteral("files")).toInt(), 4);
    QCOMPARE(summary.value(QStringLiteral("records")).toInt(), 3);
    QCOMPARE(summary.value(QStringLiteral("errors")).toInt(), 2);
    QCOMPARE(summary.value(QStringLiteral("warnings")).toInt(), 1);
    QCOMPARE(summary.value(QStringLiteral("errors")).toInt(), errors);
    QCOMPARE(summary.value(QStringLiteral("warnings")).toInt(), warnings);
    QCOMPARE(summary.value(QStringLiteral("infos")).toInt(), infos);
    QVERIFY(summary.value(QStringLiteral("seconds")).isDouble());
    // Nothing but the document on stdout.
    QVERIFY(!result.out.contains(QStringLiteral(" files, ")));
}

void CommandLineTest::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");

    QTest::newRow("--format xml") << QStringList{QStringLiteral("validate"), QStringLiteral("KB"),
                                                 QStringLiteral("--format"), QStringLiteral("xml")}
                                  << QStringLiteral("--format");
    QTest::newRow("missing folder") << QStringList{QStringLiteral("validate"), QStringLiteral("no-such-folder")}
                                    << QStringLiteral("no-such-folder");
    QTest::newRow("not a folder") << QStringList{QStringLiteral("validate"), QStringLiteral("FILE")}
                                  << QStringLiteral("not a readable folder");
    QTest::newRow("no folder") << QStringList{QStringLiteral("validate")} << QStringLiteral("expected one folder");
    QTest::newRow("two folders") << QStringList{QStringLiteral("validate"), QStringLiteral("KB"), QStringLiteral("KB")}
                                 << QStringLiteral("expected one folder");
    QTest::newRow("bad --today") << QStringList{QStringLiteral("validate"), QStringLiteral("KB"),
                                                QStringLiteral("--today"), QStringLiteral("2024-02-30")}
                                 << QStringLiteral("--today");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("validate"), QStringLiteral("KB"),
                                                   QStringLiteral("--frobnicate")}
                                    << QStringLiteral("frobnicate");
}

void CommandLineTest::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("file.txt")), "not a folder"));
    arguments.replaceInStrings(QStringLiteral("KB"), kb.path());
    arguments.replaceInStrings(QStringLiteral("FILE"), kb.filePath(QStringLiteral("file.txt")));

    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(!SummaryLine.match(lines(result.out).value(0)).hasMatch());
}

void CommandLineTest::todayFixesStaleness()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")),
                      record(QStringLiteral("disk/full"), "Error: disk full on \\\\S+", "2024-06-01")));
    const auto runAt = [&](const QString &today, bool strict) {
        QStringList arguments = {QStringLiteral("validate"), kb.path(), QStringLiteral("--today"), today};
        if (strict)
            arguments << QStringLiteral("--strict");
        return run(arguments);
    };
    // 30 days: fresh.
    Run result = runAt(QStringLiteral("2024-07-01"), true);
    QCOMPARE(result.exitCode, 0);
    QVERIFY(!result.out.contains(QStringLiteral("stale")));
    QVERIFY(!result.out.contains(QStringLiteral("aging")));
    // 214 days: aging, an info.
    result = runAt(QStringLiteral("2025-01-01"), true);
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QStringLiteral(": info: last confirmed 214 days ago")), qPrintable(result.out));
    // 579 days: stale, a warning.
    result = runAt(QStringLiteral("2026-01-01"), false);
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(
                 QStringLiteral(": warning: last confirmed 579 days ago (2024-06-01): stale [/last_confirmed]")),
             qPrintable(result.out));
    result = runAt(QStringLiteral("2026-01-01"), true);
    QCOMPARE(result.exitCode, 1);
    // Before last_confirmed: a date in the future.
    result = runAt(QStringLiteral("2024-05-01"), false);
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QStringLiteral("in the future")), qPrintable(result.out));
}

void CommandLineTest::loadProblemsAreReported()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/broken.json")), "{\n  \"id\": \"disk/broken\",\n  oops\n}\n"));
    const Run result = run(
        {QStringLiteral("validate"), kb.path(), QStringLiteral("--today"), QStringLiteral("2024-07-01")});
    QCOMPARE(result.exitCode, 1);
    const QString expected = QDir::cleanPath(kb.path()) + QStringLiteral("/disk/broken.json:3:3: error: invalid JSON");
    QVERIFY2(result.out.contains(expected), qPrintable(result.out));
    const QRegularExpressionMatch summary = SummaryLine.match(lines(result.out).last());
    QVERIFY(summary.hasMatch());
    QCOMPARE(summary.captured(1), QStringLiteral("2")); // files
    QCOMPARE(summary.captured(2), QStringLiteral("1")); // records
    QCOMPARE(summary.captured(3), QStringLiteral("1"));
}

// A second run reuses the first one's findings for the files that did not
// change, and says exactly what a run without the cache says.
void CommandLineTest::validateReusesItsCache()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    QVERIFY(
        writeFile(kb.filePath(QStringLiteral("disk/odd.json")), record(QStringLiteral("disk/odd"), "Warning: \\\\d+")));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("net/link.json")),
                      linkingRecord(QStringLiteral("net/link"), QStringLiteral("disk/full"))));
    const QStringList arguments = {QStringLiteral("validate"), kb.path(), QStringLiteral("--today"),
                                   QStringLiteral("2024-07-01")};
    const QStringList before = cacheFiles(); // of the other tests' KBs
    QString output;
    const auto expectAsWithoutCache = [&](int exitCode) {
        const Run cached = run(arguments);
        const Run fresh = run(arguments + QStringList{QStringLiteral("--no-cache")});
        output = cached.out;
        QCOMPARE(cached.exitCode, exitCode);
        QCOMPARE(fresh.exitCode, exitCode);
        QCOMPARE(withoutTime(cached.out), withoutTime(fresh.out));
        QVERIFY2(cached.err.isEmpty(), qPrintable(cached.err));
    };
    expectAsWithoutCache(0);
    const QString first = output;
    QVERIFY2(first.contains(QStringLiteral("disk/odd.json:5:12: warning: the regex does not match")),
             qPrintable(first));
    QStringList added = cacheFiles();
    for (const QString &file : before)
        added.removeOne(file);
    QCOMPARE(added.size(), 1);
    const QString cache = added.constFirst();
    const quint64 written = fileIdOf(cache);
    QVERIFY(written != 0);
    QCOMPARE(withoutTime(run(arguments).out), withoutTime(first));
    QCOMPARE(fileIdOf(cache), written); // nothing changed: not written again

    const auto fromCache = [&](const QStringList &options) {
        const Run result = run(arguments + options + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject summary =
            QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("summary")).toObject();
        return summary.value(QStringLiteral("records_from_cache")).toInt(-1);
    };
    QCOMPARE(fromCache({}), 3);
    QCOMPARE(fromCache({QStringLiteral("--no-cache")}), 0);

    // A changed file is checked again.
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/odd.json")), record(QStringLiteral("disk/odd"), "(unclosed")));
    QCOMPARE(fromCache({}), 2);
    expectAsWithoutCache(1);
    QVERIFY2(output.contains(QStringLiteral("disk/odd.json:5:12: error: the regex does not compile")),
             qPrintable(output));
    // A file that did not change, but whose link target is gone.
    QVERIFY(QFile::remove(kb.filePath(QStringLiteral("disk/full.json"))));
    expectAsWithoutCache(1);
    QVERIFY2(output.contains(QStringLiteral("warning: link to \"disk/full\", which is not in the KB")),
             qPrintable(output));
    // A damaged cache is not used, and is written again.
    QVERIFY(writeFile(cache, QByteArray(4000, 'x')));
    expectAsWithoutCache(1);
    QVERIFY(readFile(cache).size() != 4000);
    // Written again in its place: no other cache is new (those of the other
    // tests' KBs, whose folders are gone, may have been tidied away).
    const QStringList after = cacheFiles();
    QVERIFY(after.contains(cache));
    for (const QString &file : after)
        QVERIFY2(file == cache || before.contains(file), qPrintable(file));
}

void CommandLineTest::validateWithoutCache()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"))));
    const QStringList before = cacheFiles();
    const Run result = run({QStringLiteral("validate"), kb.path(), QStringLiteral("--no-cache")});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(cacheFiles(), before);
    QVERIFY(run({QStringLiteral("validate"), QStringLiteral("--help")}).out.contains(QStringLiteral("--no-cache")));
}

// A cache that cannot be written is said once on standard error; the
// findings and the exit code are as without it.
void CommandLineTest::validateWithUnwritableCache()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), record(QStringLiteral("disk/full"), "(unclosed")));
    const QString notAFolder = m_dir.filePath(QStringLiteral("cache-home-is-a-file"));
    QVERIFY(writeFile(notAFolder, "x"));
    const QStringList arguments = {QStringLiteral("validate"), kb.path()};
    const Run result = run(arguments, 60000, notAFolder);
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(withoutTime(result.out), withoutTime(run(arguments + QStringList{QStringLiteral("--no-cache")}).out));
    QVERIFY2(result.err.startsWith(QStringLiteral("errata validate: cannot write the cache ")), qPrintable(result.err));
    QVERIFY2(result.err.endsWith(QStringLiteral("; --no-cache does without it\n")), qPrintable(result.err));
    QCOMPARE(result.err.count(QLatin1Char('\n')), 1);
}

QTEST_GUILESS_MAIN(CommandLineTest)
#include "CommandLineTest.moc"
