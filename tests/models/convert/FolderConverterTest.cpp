// Converting whole folders between deadends.dev canons and Errata records:
// where each file lands (nested and flat layouts), overwriting, failures that
// do not stop the rest, and ids that must not become paths outside the
// destination (RecordId).

#include "models/convert/FolderConverter.h"
#include "models/convert/DeadendsConverter.h"
#include "models/kb/Problem.h"
#include "models/record/RecordId.h"
#include "support/TestFiles.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

// A small canon of our own with the given id (domain = first segment).
OrderedJson canon(const QString &id, const QString &signature = QStringLiteral("Error: something failed"))
{
    const std::string domain = id.section(QLatin1Char('/'), 0, 0).toStdString();
    OrderedJson c = OrderedJson::object();
    c["schema_version"] = "1.0.0";
    c["id"] = id.toStdString();
    c["url"] = "https://deadends.example/" + id.toStdString();
    c["error"] = {
        {"signature", signature.toStdString()}, {"regex", "Error: \\w+ failed"}, {"domain", domain},
        {"category", "runtime_error"},          {"first_seen", "2024-01-01"},    {"last_confirmed", "2024-06-01"}};
    c["environment"] = {{"runtime", {{"name", "node"}, {"version_range", ">=20"}}}, {"os", "linux"}};
    c["verdict"] = {{"resolvable", "partial"},
                    {"fix_success_rate", 0.5},
                    {"confidence", 0.5},
                    {"last_updated", "2024-06-02"},
                    {"summary", "Something \xE2\x80\x94 of course \xE2\x80\x94 failed."}};
    c["dead_ends"] = OrderedJson::array();
    c["workarounds"] = {{{"action", "Retry"}, {"success_rate", 0.4}, {"sources", OrderedJson::array()}}};
    c["transition_graph"] = {{"leads_to", OrderedJson::array()},
                             {"preceded_by", OrderedJson::array()},
                             {"frequently_confused_with", OrderedJson::array()}};
    c["metadata"] = {{"generated_by", "test"},
                     {"generation_date", "2024-06-02"},
                     {"review_status", "auto_generated"},
                     {"evidence_count", 4}};
    return c;
}

void writeJson(const QString &path, const OrderedJson &json)
{
    QVERIFY(writeFile(path, QByteArray::fromStdString(json.dump(2)) + '\n'));
}

OrderedJson readJson(const QString &path)
{
    return OrderedJson::parse(readFile(path).toStdString());
}

bool jsonEqual(const OrderedJson &a, const OrderedJson &b)
{
    return nlohmann::json(a) == nlohmann::json(b);
}

// Every file below `root`, hidden ones included, relative and sorted.
QStringList allFiles(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

QString problemsText(const QList<Problem> &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.toText();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class FolderConverterTest : public QObject
{
    Q_OBJECT

private slots:
    void importsNestedAndFlatLayouts();
    void writesCanonicalText();
    void exportsBack();
    void doesNotOverwriteWithoutFlag();
    void convertingAgainSkipsWhatIsThere();
    void reportsFailuresAndConvertsTheRest();
    void sameIdTwice();
    void refusesUnsafeIds_data();
    void refusesUnsafeIds();
    void refusesTheReviewFile();
    void emptyOrMissingSource();
    void isSafe_data();
    void isSafe();
    void filePath();
};

void FolderConverterTest::importsNestedAndFlatLayouts()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    writeJson(src + QStringLiteral("/node/err-a/node20-linux.json"), canon(QStringLiteral("node/err-a/node20-linux")));
    writeJson(src + QStringLiteral("/node/err-x_node20-linux.json"), canon(QStringLiteral("node/err-x/node20-linux")));
    // Anywhere in the source: the content decides.
    writeJson(src + QStringLiteral("/misc/whatever.json"), canon(QStringLiteral("python/import-error/py311")));
    QVERIFY(writeFile(src + QStringLiteral("/README.md"), "not a canon"));
    writeJson(src + QStringLiteral("/.git/x.json"), canon(QStringLiteral("git/hidden/x")));

    const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, false);
    QVERIFY2(report.problems.isEmpty(), qPrintable(problemsText(report.problems)));
    QCOMPARE(report.converted, 3);
    QCOMPARE(
        allFiles(dst),
        (QStringList{QStringLiteral("node/err-a/node20-linux.json"), QStringLiteral("node/err-x/node20-linux.json"),
                     QStringLiteral("python/import-error/py311.json")}));
    QVERIFY(!QFileInfo::exists(dst + QStringLiteral("/node/err-x_node20-linux.json")));

    // Each file holds the imported record of its canon.
    const OrderedJson flat = readJson(dst + QStringLiteral("/node/err-x/node20-linux.json"));
    QVERIFY(jsonEqual(flat, DeadendsConverter::toRecord(canon(QStringLiteral("node/err-x/node20-linux")))));
    QVERIFY(flat.at("id") == "node/err-x/node20-linux");
    QVERIFY(flat.at("signature") == "Error: something failed");
    QVERIFY(!flat.contains("error"));
    // The source is left alone.
    QVERIFY(QFileInfo::exists(src + QStringLiteral("/node/err-x_node20-linux.json")));
    QVERIFY(jsonEqual(readJson(src + QStringLiteral("/node/err-x_node20-linux.json")),
                      canon(QStringLiteral("node/err-x/node20-linux"))));
}

void FolderConverterTest::writesCanonicalText()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    // A canon written compactly, with \u escapes.
    QVERIFY(writeFile(src + QStringLiteral("/a/b.json"),
                      QByteArray::fromStdString(canon(QStringLiteral("a/b")).dump(-1, ' ', true))));
    const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, false);
    QCOMPARE(report.converted, 1);
    const QByteArray text = readFile(dst + QStringLiteral("/a/b.json"));
    QVERIFY(text.startsWith("{\n  \"id\": \"a/b\",\n"));
    QVERIFY(text.endsWith("}\n"));
    QVERIFY(!text.endsWith("\n\n"));
    QVERIFY(!text.startsWith("\xEF\xBB\xBF"));
    QVERIFY2(text.contains("Something \xE2\x80\x94 of course"), text.constData()); // UTF-8, not \u2014
    QVERIFY(!text.contains("\\u2014"));
}

void FolderConverterTest::exportsBack()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("canons"));
    const QString records = tmp.filePath(QStringLiteral("records"));
    const QString back = tmp.filePath(QStringLiteral("back"));
    QList<OrderedJson> originals = {canon(QStringLiteral("node/err-a/node20-linux")),
                                    canon(QStringLiteral("node/err-x/node20-linux")),
                                    canon(QStringLiteral("ros/launch/humble"))};
    originals[2]["environment"]["runtime"] = {{"name", "ros2"}, {"version_range", "humble"}};
    originals[2]["metadata"]["review_status"] = "ai_generated";
    originals[2]["extra_top_level"] = {1, 2, 3};
    writeJson(src + QStringLiteral("/node/err-a/node20-linux.json"), originals[0]);
    writeJson(src + QStringLiteral("/node/err-x_node20-linux.json"), originals[1]);
    writeJson(src + QStringLiteral("/ros/launch/humble.json"), originals[2]);

    const FolderConverter::Report imported = FolderConverter::convert(FolderConverter::ImportCanons, src, records,
                                                                      false);
    QCOMPARE(imported.converted, 3);
    const FolderConverter::Report exported = FolderConverter::convert(FolderConverter::ExportCanons, records, back,
                                                                      false);
    QVERIFY2(exported.problems.isEmpty(), qPrintable(problemsText(exported.problems)));
    QCOMPARE(exported.converted, 3);
    for (const OrderedJson &original : originals) {
        const QString id = QString::fromStdString(original.at("id").get<std::string>());
        const QString path = back + QLatin1Char('/') + id + QStringLiteral(".json");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QVERIFY2(jsonEqual(readJson(path), original), qPrintable(id));
    }
    QCOMPARE(allFiles(back).size(), 3);
}

void FolderConverterTest::doesNotOverwriteWithoutFlag()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    writeJson(src + QStringLiteral("/a/one.json"), canon(QStringLiteral("a/one")));
    writeJson(src + QStringLiteral("/a/two.json"), canon(QStringLiteral("a/two")));
    writeJson(src + QStringLiteral("/a/three.json"), canon(QStringLiteral("a/three")));
    // Two of the three targets exist already, written by someone else.
    const QByteArray mine = "{\"id\": \"a/one\", \"hand\": \"written\"}\n";
    QVERIFY(writeFile(dst + QStringLiteral("/a/one.json"), mine));
    QVERIFY(writeFile(dst + QStringLiteral("/a/two.json"), mine));

    FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, false);
    QCOMPARE(report.converted, 1);
    QCOMPARE(report.problems.size(), 2);
    QStringList named;
    for (const Problem &problem : report.problems) {
        QCOMPARE(problem.severity, Problem::Error);
        QVERIFY2(problem.message.contains(QStringLiteral("exists")), qPrintable(problem.message));
        named << QFileInfo(problem.file).fileName();
    }
    named.sort();
    QCOMPARE(named, (QStringList{QStringLiteral("one.json"), QStringLiteral("two.json")}));
    QCOMPARE(readFile(dst + QStringLiteral("/a/one.json")), mine);
    QCOMPARE(readFile(dst + QStringLiteral("/a/two.json")), mine);
    QVERIFY(jsonEqual(readJson(dst + QStringLiteral("/a/three.json")),
                      DeadendsConverter::toRecord(canon(QStringLiteral("a/three")))));

    // Again: the two of someone else still fail; the third holds the
    // conversion already and is skipped.
    report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, false);
    QCOMPARE(report.converted, 0);
    QCOMPARE(report.skipped, 1);
    QCOMPARE(report.problems.size(), 2);

    report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, true);
    QVERIFY2(report.problems.isEmpty(), qPrintable(problemsText(report.problems)));
    QCOMPARE(report.converted, 3);
    for (const QString &id : {QStringLiteral("a/one"), QStringLiteral("a/two"), QStringLiteral("a/three")})
        QVERIFY2(jsonEqual(readJson(dst + QLatin1Char('/') + id + QStringLiteral(".json")),
                           DeadendsConverter::toRecord(canon(id))),
                 qPrintable(id));
    // No temporary files left behind by the atomic writes.
    QCOMPARE(allFiles(dst),
             (QStringList{QStringLiteral("a/one.json"), QStringLiteral("a/three.json"), QStringLiteral("a/two.json")}));
}

// A second run onto the same destination, either way: every file holds its
// conversion already, so each is skipped, none written again, none failed;
// with `overwrite` each is written again.
void FolderConverterTest::convertingAgainSkipsWhatIsThere()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    const QString back = tmp.filePath(QStringLiteral("back"));
    writeJson(src + QStringLiteral("/a/one.json"), canon(QStringLiteral("a/one")));
    writeJson(src + QStringLiteral("/b/two.json"), canon(QStringLiteral("b/two")));
    for (const auto &[direction, from, to] :
         {std::tuple{FolderConverter::ImportCanons, src, dst}, std::tuple{FolderConverter::ExportCanons, dst, back}}) {
        FolderConverter::Report report = FolderConverter::convert(direction, from, to, false);
        QCOMPARE(report.converted, 2);
        QCOMPARE(report.skipped, 0);
        const QFileInfo written(to + QStringLiteral("/a/one.json"));
        const QDateTime changed = written.lastModified();
        const QByteArray text = readFile(written.filePath());
        QTest::qWait(20); // a later write would show in the time

        report = FolderConverter::convert(direction, from, to, false);
        QVERIFY2(report.problems.isEmpty(), qPrintable(problemsText(report.problems)));
        QCOMPARE(report.converted, 0);
        QCOMPARE(report.skipped, 2);
        QCOMPARE(QFileInfo(written.filePath()).lastModified(), changed);
        QCOMPARE(readFile(written.filePath()), text);

        report = FolderConverter::convert(direction, from, to, true);
        QVERIFY2(report.problems.isEmpty(), qPrintable(problemsText(report.problems)));
        QCOMPARE(report.converted, 2);
        QCOMPARE(report.skipped, 0);
        QVERIFY(QFileInfo(written.filePath()).lastModified() > changed);
    }
}

void FolderConverterTest::reportsFailuresAndConvertsTheRest()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    writeJson(src + QStringLiteral("/a/1.json"), canon(QStringLiteral("a/1")));
    QVERIFY(writeFile(src + QStringLiteral("/a/2-malformed.json"), "{\n  \"id\": \"a/2\",\n  \"error\": {,\n}\n"));
    writeJson(src + QStringLiteral("/a/3.json"), canon(QStringLiteral("a/3")));
    QVERIFY(
        writeFile(src + QStringLiteral("/a/4-record.json"),
                  "{\"id\": \"a/4\", \"signature\": \"x\", \"regex\": \"x\", \"domain\": \"a\", \"category\": \"c\"}"));
    QVERIFY(writeFile(src + QStringLiteral("/a/5-empty.json"), ""));
    writeJson(src + QStringLiteral("/a/6.json"), canon(QStringLiteral("a/6")));

    const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, false);
    QCOMPARE(report.converted, 3);
    QCOMPARE(report.problems.size(), 3);
    for (const Problem &problem : report.problems) {
        QCOMPARE(problem.severity, Problem::Error);
        QVERIFY2(problem.file.startsWith(src), qPrintable(problem.file));
        QVERIFY2(problem.line > 0, qPrintable(problem.toText()));
    }
    QVERIFY(report.problems.at(0).file.endsWith(QStringLiteral("a/2-malformed.json")));
    QCOMPARE(report.problems.at(0).line, 3);
    QVERIFY(report.problems.at(0).message.contains(QStringLiteral("invalid JSON")));
    QVERIFY(report.problems.at(1).file.endsWith(QStringLiteral("a/4-record.json")));
    QVERIFY2(report.problems.at(1).message.contains(QStringLiteral("error")),
             qPrintable(report.problems.at(1).message));
    QVERIFY(report.problems.at(2).file.endsWith(QStringLiteral("a/5-empty.json")));
    QCOMPARE(allFiles(dst),
             (QStringList{QStringLiteral("a/1.json"), QStringLiteral("a/3.json"), QStringLiteral("a/6.json")}));
}

void FolderConverterTest::sameIdTwice()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    // The nested and the flat file of the same id: the first one is kept.
    writeJson(src + QStringLiteral("/node/err-x/node20-linux.json"),
              canon(QStringLiteral("node/err-x/node20-linux"), QStringLiteral("Error: nested failed")));
    writeJson(src + QStringLiteral("/node/err-x_node20-linux.json"),
              canon(QStringLiteral("node/err-x/node20-linux"), QStringLiteral("Error: flat failed")));

    const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, true);
    QCOMPARE(report.converted, 1);
    QCOMPARE(report.problems.size(), 1);
    QVERIFY2(report.problems.first().message.contains(QStringLiteral("node/err-x/node20-linux")),
             qPrintable(report.problems.first().message));
    const OrderedJson written = readJson(dst + QStringLiteral("/node/err-x/node20-linux.json"));
    const OrderedJson firstConverted = readJson(
        src
        + (report.problems.first().file.endsWith(QStringLiteral("_node20-linux.json"))
               ? QStringLiteral("/node/err-x/node20-linux.json")
               : QStringLiteral("/node/err-x_node20-linux.json")));
    QVERIFY(jsonEqual(written, DeadendsConverter::toRecord(firstConverted)));
}

void FolderConverterTest::refusesUnsafeIds_data()
{
    QTest::addColumn<QString>("id");
    QTest::newRow("parent") << QStringLiteral("../evil/x");
    QTest::newRow("parent inside") << QStringLiteral("a/../../evil/x");
    QTest::newRow("parent at the end") << QStringLiteral("a/..");
    QTest::newRow("absolute") << QStringLiteral("/ABSOLUTE/evil/x"); // made absolute inside the temp dir below
    QTest::newRow("backslash") << QStringLiteral("a\\..\\..\\evil");
    QTest::newRow("plain backslash") << QStringLiteral("a\\b");
    QTest::newRow("drive letter") << QStringLiteral("c:/evil/x");
    QTest::newRow("dot segment") << QStringLiteral("./a/b");
    QTest::newRow("empty segment") << QStringLiteral("a//b");
    QTest::newRow("trailing slash") << QStringLiteral("a/b/");
    QTest::newRow("empty") << QString();
    QTest::newRow("git's config") << QStringLiteral(".git/config");
    QTest::newRow("hidden folder") << QStringLiteral("ok/.hidden/x");
    QTest::newRow("hidden name") << QStringLiteral("ok/.x");
}

void FolderConverterTest::refusesTheReviewFile()
{
    // The id ".errata-review" would be written to DST/.errata-review.json,
    // the team's review file, and ".git/config" into git's folder.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    const QByteArray review = "{\"reviews\": {}}\n";
    QVERIFY(writeFile(dst + QStringLiteral("/.errata-review.json"), review));
    OrderedJson bad = canon(QStringLiteral("a/b"));
    bad["id"] = ".errata-review";
    writeJson(src + QStringLiteral("/a/review.json"), bad);
    bad["id"] = ".git/config";
    writeJson(src + QStringLiteral("/a/git.json"), bad);

    const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, src, dst, true);
    QCOMPARE(report.converted, 0);
    QCOMPARE(report.problems.size(), 2);
    for (const Problem &problem : report.problems) {
        QVERIFY2(problem.message.contains(QStringLiteral("starts with a dot")), qPrintable(problem.message));
        QCOMPARE(problem.pointer, QStringLiteral("/id"));
        QVERIFY(problem.line > 1); // the line of the "id" field, not the start of the file
    }
    QCOMPARE(allFiles(dst), QStringList{QStringLiteral(".errata-review.json")});
    QFile file(dst + QStringLiteral("/.errata-review.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), review);
}

void FolderConverterTest::refusesUnsafeIds()
{
    QFETCH(QString, id);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = tmp.filePath(QStringLiteral("src"));
    const QString dst = tmp.filePath(QStringLiteral("work/dst"));
    id.replace(QStringLiteral("/ABSOLUTE"), tmp.path()); // a path that would be writable
    OrderedJson bad = canon(QStringLiteral("a/b"));
    bad["id"] = id.toStdString();
    writeJson(src + QStringLiteral("/a/bad.json"), bad);
    writeJson(src + QStringLiteral("/a/good.json"), canon(QStringLiteral("a/good")));
    const QStringList before = allFiles(tmp.path());

    for (const auto direction : {FolderConverter::ImportCanons, FolderConverter::ExportCanons}) {
        const FolderConverter::Report report = FolderConverter::convert(direction, src, dst, true);
        QCOMPARE(report.converted, 1);
        QCOMPARE(report.problems.size(), 1);
        QVERIFY(report.problems.first().file.endsWith(QStringLiteral("a/bad.json")));
        QVERIFY2(report.problems.first().message.contains(QStringLiteral("cannot be used as a file path")),
                 qPrintable(report.problems.first().message));
        QVERIFY(report.problems.first().message.contains(id));
    }
    // The only new file anywhere in the temp dir is the good record in DST.
    QStringList expected = before;
    expected << QStringLiteral("work/dst/a/good.json");
    expected.sort();
    QCOMPARE(allFiles(tmp.path()), expected);
    QCOMPARE(allFiles(dst), QStringList{QStringLiteral("a/good.json")});
}

void FolderConverterTest::emptyOrMissingSource()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dst = tmp.filePath(QStringLiteral("dst"));
    QDir().mkpath(tmp.filePath(QStringLiteral("empty")));
    FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons,
                                                              tmp.filePath(QStringLiteral("empty")), dst, false);
    QCOMPARE(report.converted, 0);
    QVERIFY(report.problems.isEmpty());
    report = FolderConverter::convert(FolderConverter::ImportCanons, tmp.filePath(QStringLiteral("missing")), dst,
                                      false);
    QCOMPARE(report.converted, 0);
    QVERIFY(allFiles(tmp.path()).isEmpty());
}

void FolderConverterTest::isSafe_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("safe");

    QTest::newRow("two segments") << QStringLiteral("pytorch/nan-loss-step") << true;
    QTest::newRow("three segments") << QStringLiteral("node/err-x/node20-linux") << true;
    QTest::newRow("one segment") << QStringLiteral("single") << true; // a syntax matter, not a safety one
    QTest::newRow("dots inside a name") << QStringLiteral("py/v3.11/a..b") << true;
    QTest::newRow("unicode") << QStringLiteral("a/caf\u00e9") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("parent first") << QStringLiteral("../etc/passwd") << false;
    QTest::newRow("parent inside") << QStringLiteral("a/../b") << false;
    QTest::newRow("parent last") << QStringLiteral("a/..") << false;
    QTest::newRow("only parent") << QStringLiteral("..") << false;
    QTest::newRow("dot") << QStringLiteral("a/./b") << false;
    QTest::newRow("only dot") << QStringLiteral(".") << false;
    QTest::newRow("absolute") << QStringLiteral("/tmp/x") << false;
    QTest::newRow("root") << QStringLiteral("/") << false;
    QTest::newRow("backslash") << QStringLiteral("a\\b") << false;
    QTest::newRow("backslash parent") << QStringLiteral("..\\x") << false;
    QTest::newRow("windows absolute") << QStringLiteral("C:\\x") << false;
    QTest::newRow("drive relative") << QStringLiteral("c:x/y") << false;
    QTest::newRow("empty segment") << QStringLiteral("a//b") << false;
    QTest::newRow("leading empty segment") << QStringLiteral("//server/share") << false;
    QTest::newRow("trailing slash") << QStringLiteral("a/b/") << false;
    QTest::newRow("NUL") << (QStringLiteral("a/b") + QChar(0) + QStringLiteral("x")) << false;
    QTest::newRow("hidden first segment") << QStringLiteral(".errata-review") << false;
    QTest::newRow("git folder") << QStringLiteral(".git/config") << false;
    QTest::newRow("hidden inner segment") << QStringLiteral("ok/.hidden/x") << false;
    QTest::newRow("hidden last segment") << QStringLiteral("ok/.x") << false;
    QTest::newRow("dot inside a segment") << QStringLiteral("ok/x.y/z.") << true;
}

void FolderConverterTest::isSafe()
{
    QFETCH(QString, id);
    QFETCH(bool, safe);
    QCOMPARE(RecordId::isSafe(id), safe);
    QCOMPARE(RecordId::filePath(QStringLiteral("/kb"), id).isEmpty(), !safe);
    if (safe) {
        // A safe id stays below the root.
        const QString path = RecordId::filePath(QStringLiteral("/kb"), id);
        QVERIFY2(QDir::cleanPath(path).startsWith(QStringLiteral("/kb/")), qPrintable(path));
    }
}

void FolderConverterTest::filePath()
{
    QCOMPARE(RecordId::filePath(QStringLiteral("/kb"), QStringLiteral("pytorch/nan-loss-step")),
             QStringLiteral("/kb/pytorch/nan-loss-step.json"));
    QCOMPARE(RecordId::filePath(QStringLiteral("/kb/"), QStringLiteral("a/b")), QStringLiteral("/kb/a/b.json"));
    QCOMPARE(RecordId::filePath(QStringLiteral("relative/kb"), QStringLiteral("a/b/c")),
             QStringLiteral("relative/kb/a/b/c.json"));
    QVERIFY(RecordId::filePath(QStringLiteral("/kb"), QStringLiteral("../etc/passwd")).isEmpty());
    QVERIFY(RecordId::filePath(QStringLiteral("/kb"), QStringLiteral("/etc/passwd")).isEmpty());
    QVERIFY(RecordId::filePath(QStringLiteral("/kb"), QStringLiteral("a\\b")).isEmpty());
}

QTEST_GUILESS_MAIN(FolderConverterTest)
#include "FolderConverterTest.moc"
