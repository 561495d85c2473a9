// `errata import-deadends` and `errata export-deadends` as a user runs them
// (ERRATA_BINARY): a round trip, a second run that skips what is there
// already, refusal to overwrite an edited file, the JSON summary, bad usage,
// a full disk, overlapping folders, links and folders in the way, and the
// shared corpus imported and validated when it is present.

#include "models/json/OrderedJson.h"
#include "support/ErrataProcess.h"
#include "support/FileSizeLimit.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using Errata::OrderedJson;

using namespace Errata::TestSupport;

namespace {

// "N files, N records: N errors, N warnings, N infos (S s)"
const QRegularExpression SummaryLine(
    QStringLiteral("^(\\d+) files, (\\d+) records: (\\d+) errors, (\\d+) warnings, (\\d+) infos \\(\\d+\\.\\d+ s\\)$"));

OrderedJson canon(const QString &id, const std::string &runtimeName, const std::string &range)
{
    const std::string domain = id.section(QLatin1Char('/'), 0, 0).toStdString();
    OrderedJson c = OrderedJson::object();
    c["schema_version"] = "1.0.0";
    c["id"] = id.toStdString();
    c["url"] = "https://deadends.example/" + id.toStdString();
    c["error"] = {{"signature", "Error: module not found"},
                  {"regex", "Error: module not found"},
                  {"domain", domain},
                  {"category", "import_error"},
                  {"first_seen", "2024-01-01"},
                  {"last_confirmed", "2024-06-01"}};
    c["environment"] = {{"runtime", {{"name", runtimeName}, {"version_range", range}}}, {"os", "any"}};
    c["verdict"] = {{"resolvable", "partial"},
                    {"fix_success_rate", 0.5},
                    {"confidence", 0.3},
                    {"last_updated", "2024-06-02"},
                    {"summary", "The module is not installed."}};
    c["dead_ends"] = {{{"action", "Reinstall everything"},
                       {"why_fails", "The path is wrong, not the install."},
                       {"fail_rate", 0.9},
                       {"sources", {"https://docs.example/modules"}}}};
    c["workarounds"] = {{{"action", "Fix the import path"}, {"success_rate", 0.8}, {"sources", OrderedJson::array()}}};
    c["transition_graph"] = {{"leads_to", OrderedJson::array()},
                             {"preceded_by", OrderedJson::array()},
                             {"frequently_confused_with", OrderedJson::array()}};
    c["metadata"] = {{"generated_by", "test"},
                     {"generation_date", "2024-06-02"},
                     {"review_status", "auto_generated"},
                     {"evidence_count", 5},
                     {"last_verification", "2024-06-02"}};
    return c;
}

QString corpusDir()
{
    return QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// Writes a canon per id below `src`, at <id>.json.
bool writeCanons(const QString &src, const QStringList &ids)
{
    for (const QString &id : ids) {
        if (!writeFile(src + QLatin1Char('/') + id + QStringLiteral(".json"),
                       QByteArray::fromStdString(canon(id, "node", ">=20").dump(2))))
            return false;
    }
    return true;
}

// Every entry below `root` (links not followed) with what it holds: a
// file's bytes, a link's target, "<folder>" for a folder.
QMap<QString, QByteArray> snapshot(const QString &root)
{
    QMap<QString, QByteArray> entries;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString name = QDir(root).relativeFilePath(info.filePath());
        entries.insert(name,
                       info.isSymLink()   ? info.symLinkTarget().toUtf8()
                           : info.isDir() ? QByteArray("<folder>")
                                          : readFile(info.filePath()));
    }
    return entries;
}

} // namespace

class ConvertCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importExportRoundTrip();
    void convertingAgainSkipsUnchangedFiles();
    void jsonSummary();
    void convertBadUsage_data();
    void convertBadUsage();
    void corpusImportsAndValidates();
    void fullDiskFailsAndKeepsTheFiles();
    void overlappingFoldersAreRefused_data();
    void overlappingFoldersAreRefused();
    void entriesInTheWayAreNotWrittenThrough();
    void unreadableFolderFails();

private:
    Run run(const QStringList &arguments, int timeoutMs = 60000, const QString &cacheHome = QString());

    QTemporaryDir m_dir;
    QTemporaryDir m_cacheHome; // the user's cache folder, for `validate`
};

Run ConvertCommandTest::run(const QStringList &arguments, int timeoutMs, const QString &cacheHome)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = cacheHome.isEmpty() ? m_cacheHome.path() : cacheHome;
    options.timeoutMs = timeoutMs;
    return runErrata(arguments, options);
}

void ConvertCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_cacheHome.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
}

void ConvertCommandTest::importExportRoundTrip()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString records = tmp.filePath(QStringLiteral("records"));
    const QString back = tmp.filePath(QStringLiteral("back"));
    const QList<OrderedJson> canons = {canon(QStringLiteral("node/module-not-found/node20-linux"), "node", ">=20"),
                                       canon(QStringLiteral("node/err-x/node20-linux"), "node", "any"),
                                       canon(QStringLiteral("cloud/timeout/lambda"), "AWS Lambda", "any"),
                                       canon(QStringLiteral("ros/launch/humble"), "ros2", "humble")};
    QVERIFY(writeFile(src + QStringLiteral("/node/module-not-found/node20-linux.json"),
                      QByteArray::fromStdString(canons[0].dump(2))));
    QVERIFY(
        writeFile(src + QStringLiteral("/node/err-x_node20-linux.json"), QByteArray::fromStdString(canons[1].dump(2))));
    QVERIFY(
        writeFile(src + QStringLiteral("/cloud/timeout/lambda.json"), QByteArray::fromStdString(canons[2].dump(2))));
    QVERIFY(writeFile(src + QStringLiteral("/ros/launch/humble.json"),
                      QByteArray::fromStdString(canons[3].dump(-1, ' ', true))));

    Run result = run({QStringLiteral("import-deadends"), src, records});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(QStringLiteral("4 converted, 0 skipped (unchanged), 0 failed")),
             qPrintable(result.out));
    QVERIFY(QFileInfo::exists(records + QStringLiteral("/node/err-x/node20-linux.json")));
    QVERIFY(!QFileInfo::exists(records + QStringLiteral("/node/err-x_node20-linux.json")));

    // The imported records are a valid KB.
    result = run({QStringLiteral("validate"), records, QStringLiteral("--today"), QStringLiteral("2024-07-01")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(lines(result.out).last().startsWith(QStringLiteral("4 files, 4 records: 0 errors, 0 warnings,")),
             qPrintable(result.out));

    result = run({QStringLiteral("export-deadends"), records, back});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(QStringLiteral("4 converted, 0 skipped (unchanged), 0 failed")),
             qPrintable(result.out));
    for (const OrderedJson &original : canons) {
        const QString id = QString::fromStdString(original.at("id").get<std::string>());
        const QString path = back + QLatin1Char('/') + id + QStringLiteral(".json");
        const QByteArray text = readFile(path);
        QVERIFY2(!text.isEmpty(), qPrintable(path));
        QVERIFY2(nlohmann::json::parse(text.toStdString()) == nlohmann::json(original), qPrintable(id));
    }
}

// Converting again onto the same DST: the files that hold the conversion
// already are skipped (exit 0, nothing on stderr), in both directions; a
// file edited since is a failure and is kept; --force writes every file.
void ConvertCommandTest::convertingAgainSkipsUnchangedFiles()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString dst = tmp.filePath(QStringLiteral("records"));
    const QStringList ids = {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20"),
                             QStringLiteral("python/c/py311")};
    QVERIFY(writeCanons(src, ids));
    const QStringList import = {QStringLiteral("import-deadends"), src, dst};

    Run result = run(import);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(result.out, QStringLiteral("3 converted, 0 skipped (unchanged), 0 failed\n"));
    result = run(import);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(result.err, QString());
    QCOMPARE(result.out, QStringLiteral("0 converted, 3 skipped (unchanged), 0 failed\n"));

    const QString edited = dst + QStringLiteral("/node/a/node20.json");
    QVERIFY(writeFile(edited, "{\"edited\": true}\n"));
    result = run(import);
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(lines(result.err).size(), 1);
    QVERIFY2(result.err.contains(edited + QStringLiteral(" exists with other content and was not overwritten")),
             qPrintable(result.err));
    QCOMPARE(result.out, QStringLiteral("0 converted, 2 skipped (unchanged), 1 failed\n"));
    QCOMPARE(readFile(edited), QByteArray("{\"edited\": true}\n"));

    result = run(import + QStringList{QStringLiteral("--force")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY(result.err.isEmpty());
    QCOMPARE(result.out, QStringLiteral("3 converted, 0 skipped (unchanged), 0 failed\n"));
    QVERIFY(readFile(edited).contains("\"signature\""));

    const QString back = tmp.filePath(QStringLiteral("back"));
    const QStringList exportBack = {QStringLiteral("export-deadends"), dst, back};
    QCOMPARE(run(exportBack).out, QStringLiteral("3 converted, 0 skipped (unchanged), 0 failed\n"));
    result = run(exportBack);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(result.out, QStringLiteral("0 converted, 3 skipped (unchanged), 0 failed\n"));
}

// --format json: the summary's counts and every failure, snake_case keys,
// nothing on stderr.
void ConvertCommandTest::jsonSummary()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString dst = tmp.filePath(QStringLiteral("records"));
    QVERIFY(writeCanons(src, {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20")}));
    QVERIFY(writeFile(src + QStringLiteral("/broken.json"), "{\"id\": "));
    const QStringList arguments = {QStringLiteral("import-deadends"), src, dst, QStringLiteral("--format"),
                                   QStringLiteral("json")};
    QVERIFY(run({QStringLiteral("import-deadends"), src, dst}).exitCode == 1);
    QVERIFY(writeFile(dst + QStringLiteral("/node/b/node20.json"), "{}\n"));

    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(result.err, QString());
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + result.out));
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QCOMPARE(root.value(QStringLiteral("source")).toString(), src);
    QCOMPARE(root.value(QStringLiteral("destination")).toString(), dst);
    const QJsonObject summary = root.value(QStringLiteral("summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("converted")).toInt(-1), 0);
    QCOMPARE(summary.value(QStringLiteral("skipped")).toInt(-1), 1);
    QCOMPARE(summary.value(QStringLiteral("failed")).toInt(-1), 2);
    const QJsonArray problems = root.value(QStringLiteral("problems")).toArray();
    QCOMPARE(problems.size(), 2);
    QStringList files;
    for (const QJsonValue &problem : problems) {
        QCOMPARE(problem.toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        files << QFileInfo(problem.toObject().value(QStringLiteral("file")).toString()).fileName();
    }
    files.sort();
    QCOMPARE(files, QStringList({QStringLiteral("broken.json"), QStringLiteral("node20.json")}));
}

void ConvertCommandTest::convertBadUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("import: missing DST") << QStringList{QStringLiteral("import-deadends"), QStringLiteral("SRC")};
    QTest::newRow("import: nothing") << QStringList{QStringLiteral("import-deadends")};
    QTest::newRow("export: missing DST") << QStringList{QStringLiteral("export-deadends"), QStringLiteral("SRC")};
    QTest::newRow("import: too many") << QStringList{QStringLiteral("import-deadends"), QStringLiteral("SRC"),
                                                     QStringLiteral("DST"), QStringLiteral("MORE")};
    QTest::newRow("import: missing SRC folder")
        << QStringList{QStringLiteral("import-deadends"), QStringLiteral("no-such-folder"), QStringLiteral("DST")};
    QTest::newRow("export: SRC is a file")
        << QStringList{QStringLiteral("export-deadends"), QStringLiteral("FILE"), QStringLiteral("DST")};
    QTest::newRow("import: unknown option") << QStringList{QStringLiteral("import-deadends"), QStringLiteral("SRC"),
                                                           QStringLiteral("DST"), QStringLiteral("--overwrite")};
}

void ConvertCommandTest::convertBadUsage()
{
    QFETCH(QStringList, arguments);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    QVERIFY(writeFile(src + QStringLiteral("/node/a/node20.json"),
                      QByteArray::fromStdString(canon(QStringLiteral("node/a/node20"), "node", ">=20").dump(2))));
    QVERIFY(writeFile(tmp.filePath(QStringLiteral("file.json")), "{}"));
    arguments.replaceInStrings(QStringLiteral("SRC"), src);
    arguments.replaceInStrings(QStringLiteral("DST"), dst);
    arguments.replaceInStrings(QStringLiteral("FILE"), tmp.filePath(QStringLiteral("file.json")));

    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY(!result.err.isEmpty());
    QVERIFY2(!QFileInfo::exists(dst), "nothing is written on bad usage");
}

void ConvertCommandTest::corpusImportsAndValidates()
{
    if (!QFileInfo(corpusDir()).isDir())
        QSKIP(qPrintable(
            QStringLiteral("the shared corpus is not here (%1): a fresh clone does not have it").arg(corpusDir())));
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dst = tmp.filePath(QStringLiteral("kb"));

    Run result = run({QStringLiteral("import-deadends"), corpusDir(), dst}, 300000);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err.left(2000)));
    QVERIFY2(result.out.contains(QStringLiteral("2116 converted, 0 skipped (unchanged), 0 failed")),
             qPrintable(result.out));
    int files = 0;
    QDirIterator it(dst, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        ++files;
    }
    QCOMPARE(files, 2116);

    result = run({QStringLiteral("validate"), dst, QStringLiteral("--today"), QStringLiteral("2026-03-15")}, 300000);
    const QStringList output = lines(result.out);
    QVERIFY(!output.isEmpty());
    const QRegularExpressionMatch summary = SummaryLine.match(output.last());
    QVERIFY2(summary.hasMatch(), qPrintable(output.last()));
    QVERIFY2(result.exitCode == 0, qPrintable(output.last()));
    QCOMPARE(summary.captured(1), QStringLiteral("2116"));
    QCOMPARE(summary.captured(2), QStringLiteral("2116"));
    QCOMPARE(summary.captured(3), QStringLiteral("0"));
    // The corpus's known data-quality findings are reported, not hidden.
    QVERIFY(summary.captured(4).toInt() > 0);
    QVERIFY(result.out.contains(QStringLiteral("the regex does not match the record's own signature")));
}

// A full disk (a file size limit the errata process inherits): each file
// counts as failed, exit code 1, the file that was there is kept and no
// empty file is left.
void ConvertCommandTest::fullDiskFailsAndKeepsTheFiles()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString dst = tmp.filePath(QStringLiteral("records"));
    QVERIFY(writeCanons(src, {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20")}));
    Run result = run({QStringLiteral("import-deadends"), src, dst});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    const QString kept = dst + QStringLiteral("/node/a/node20.json");
    QVERIFY(writeFile(kept, "{\"edited\": true}\n"));
    QVERIFY(QFile::remove(dst + QStringLiteral("/node/b/node20.json")));
    const QMap<QString, QByteArray> before = snapshot(dst);

    {
        FileSizeLimit full(64);
        QVERIFY(full.isActive());
        result = run({QStringLiteral("import-deadends"), src, dst, QStringLiteral("--force")});
    }
    QVERIFY2(result.exitCode == 1, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(QStringLiteral("0 converted, 0 skipped (unchanged), 2 failed")),
             qPrintable(result.out));
    const QStringList errors = lines(result.err);
    QCOMPARE(errors.size(), 2);
    for (const QString &line : errors)
        QVERIFY2(line.contains(QLatin1String("cannot be written")), qPrintable(line));
    QCOMPARE(snapshot(dst), before);
}

void ConvertCommandTest::overlappingFoldersAreRefused_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<bool>("force");
    const QString import = QStringLiteral("import-deadends");
    const QString exportCommand = QStringLiteral("export-deadends");
    QTest::newRow("same") << import << QStringLiteral("kb") << QStringLiteral("kb") << true;
    QTest::newRow("same, spelled otherwise")
        << exportCommand << QStringLiteral("kb") << QStringLiteral("./kb/node/..") << true;
    QTest::newRow("same through a link") << import << QStringLiteral("kb") << QStringLiteral("link-to-kb") << true;
    QTest::newRow("same, no --force") << exportCommand << QStringLiteral("kb") << QStringLiteral("kb") << false;
    QTest::newRow("DST inside SRC") << import << QStringLiteral("kb") << QStringLiteral("kb/node/out") << true;
    QTest::newRow("DST inside SRC, new folders")
        << import << QStringLiteral("kb") << QStringLiteral("kb/new/out") << true;
    QTest::newRow("DST inside SRC through a link")
        << exportCommand << QStringLiteral("kb") << QStringLiteral("link-to-kb/out") << true;
    QTest::newRow("SRC inside DST") << import << QStringLiteral("kb/node") << QStringLiteral("kb") << true;
}

// SRC and DST that overlap (symbolic links resolved) are refused as bad
// usage before anything is written.
void ConvertCommandTest::overlappingFoldersAreRefused()
{
    QFETCH(QString, command);
    QFETCH(QString, source);
    QFETCH(QString, destination);
    QFETCH(bool, force);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(writeCanons(tmp.filePath(QStringLiteral("kb")),
                        {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20")}));
    QVERIFY(QFile::link(tmp.filePath(QStringLiteral("kb")), tmp.filePath(QStringLiteral("link-to-kb"))));
    const QMap<QString, QByteArray> before = snapshot(tmp.path());

    QStringList arguments = {command, tmp.filePath(source), tmp.filePath(destination)};
    if (force)
        arguments << QStringLiteral("--force");
    const Run result = run(arguments);
    QVERIFY2(result.exitCode == 2, qPrintable(result.out + result.err));
    QVERIFY2(result.err.startsWith(QStringLiteral("errata ") + command + QStringLiteral(": ")), qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("choose")), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
    QCOMPARE(snapshot(tmp.path()), before);
}

// Whatever stands at an output path counts as existing: a dangling link, a
// link to a file, a folder. Without --force each is reported and left as it
// is; with it, links are replaced by files (never written through) and a
// folder fails. A folder of DST that is a link is never written into.
void ConvertCommandTest::entriesInTheWayAreNotWrittenThrough()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString dst = tmp.filePath(QStringLiteral("records"));
    const QString outside = tmp.filePath(QStringLiteral("outside"));
    QVERIFY(writeCanons(src,
                        {QStringLiteral("node/a/node20"), QStringLiteral("node/b/node20"),
                         QStringLiteral("node/c/node20"), QStringLiteral("python/d/py311")}));
    QVERIFY(writeFile(outside + QStringLiteral("/b.json"), "theirs\n"));
    QVERIFY(QDir().mkpath(dst + QStringLiteral("/node/c/node20.json")));
    QVERIFY(QDir().mkpath(dst + QStringLiteral("/node/a")) && QDir().mkpath(dst + QStringLiteral("/node/b")));
    QVERIFY(QFile::link(outside + QStringLiteral("/a.json"), dst + QStringLiteral("/node/a/node20.json")));
    QVERIFY(QFile::link(outside + QStringLiteral("/b.json"), dst + QStringLiteral("/node/b/node20.json")));
    QVERIFY(QFile::link(outside, dst + QStringLiteral("/python")));
    const QMap<QString, QByteArray> outsideBefore = snapshot(outside);
    const QMap<QString, QByteArray> dstBefore = snapshot(dst);

    Run result = run({QStringLiteral("import-deadends"), src, dst});
    QVERIFY2(result.exitCode == 1, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(QStringLiteral("0 converted, 0 skipped (unchanged), 4 failed")),
             qPrintable(result.out + result.err));
    QCOMPARE(result.err.count(QStringLiteral("exists and was not overwritten")), 3);
    QVERIFY2(result.err.contains(dst + QStringLiteral("/python is a symbolic link")), qPrintable(result.err));
    QCOMPARE(snapshot(outside), outsideBefore);
    QCOMPARE(snapshot(dst), dstBefore);

    result = run({QStringLiteral("import-deadends"), src, dst, QStringLiteral("--force")});
    QVERIFY2(result.exitCode == 1, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(QStringLiteral("2 converted, 0 skipped (unchanged), 2 failed")),
             qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(dst + QStringLiteral("/node/c/node20.json is a folder")), qPrintable(result.err));
    QVERIFY2(result.err.contains(dst + QStringLiteral("/python is a symbolic link")), qPrintable(result.err));
    QCOMPARE(snapshot(outside), outsideBefore);
    for (const QString &replaced : {QStringLiteral("/node/a/node20.json"), QStringLiteral("/node/b/node20.json")}) {
        QVERIFY(!QFileInfo(dst + replaced).isSymLink());
        QVERIFY2(readFile(dst + replaced).contains("\"signature\""), qPrintable(replaced));
    }
    QVERIFY(QFileInfo(dst + QStringLiteral("/node/c/node20.json")).isDir());
    QVERIFY(QFileInfo(dst + QStringLiteral("/python")).isSymLink());
}

// A folder of the source that cannot be listed: the files elsewhere are
// converted, and that folder is a failure naming it (exit code 1), not
// passed over. As root, which may read anything, the program runs as
// nobody (setpriv).
void ConvertCommandTest::unreadableFolderFails()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    RunOptions options;
    options.workingDirectory = tmp.path();
    if (::geteuid() == 0) {
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("running as root without setpriv: no user to whom a folder can be unreadable");
        options.wrapper = QStringList{QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"),
                                      QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups")};
    }
    const QString src = tmp.filePath(QStringLiteral("canons"));
    QVERIFY(writeFile(src + QStringLiteral("/node/a/node20.json"),
                      QByteArray::fromStdString(canon(QStringLiteral("node/a/node20"), "node", ">=20").dump(2))));
    QVERIFY(writeFile(src + QStringLiteral("/locked/b/node20.json"),
                      QByteArray::fromStdString(canon(QStringLiteral("locked/b/node20"), "node", ">=20").dump(2))));
    for (const QString &path : {tmp.path(), src, src + QStringLiteral("/node"), src + QStringLiteral("/node/a")})
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0755) == 0);
    QVERIFY(::chmod(QFile::encodeName(src + QStringLiteral("/node/a/node20.json")).constData(), 0644) == 0);
    QVERIFY(::chmod(QFile::encodeName(tmp.path()).constData(), 0777) == 0); // the destination is made there
    const QByteArray locked = QFile::encodeName(src + QStringLiteral("/locked"));
    QVERIFY(::chmod(locked.constData(), ::geteuid() == 0 ? 0700 : 0) == 0);
    const auto restore = qScopeGuard([&] { ::chmod(locked.constData(), 0700); });

    const Run result = runErrata({QStringLiteral("import-deadends"), QStringLiteral("canons"), QStringLiteral("out")},
                                 options);
    QVERIFY2(result.exitCode == 1, qPrintable(QString::number(result.exitCode) + result.out + result.err));
    QVERIFY2(result.err.contains(QStringLiteral("canons/locked: error: not read: the folder cannot be listed "
                                                "(Permission denied)")),
             qPrintable(result.err));
    QVERIFY2(result.out.contains(QStringLiteral("1 converted, 0 skipped (unchanged), 1 failed")),
             qPrintable(result.out));
}

QTEST_GUILESS_MAIN(ConvertCommandTest)
#include "ConvertCommandTest.moc"
