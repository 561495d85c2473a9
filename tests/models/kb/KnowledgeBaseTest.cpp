// Loading a KB folder (recursion, hidden entries, files that cannot be
// loaded, duplicate and misplaced ids), and the cancellation and progress
// reporting of loading and validation. The KB's indexes once loaded are in
// KnowledgeBaseIndexTest.

#include "models/kb/KnowledgeBase.h"
#include "KnowledgeBaseFixture.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <utility>
#include <vector>

using namespace Errata;
using namespace Errata::KnowledgeBaseFixture;
using namespace Errata::TestSupport;

class KnowledgeBaseTest : public QObject
{
    Q_OBJECT

private slots:
    void loadsRecursively();
    void domainsAndCategoriesAreShared();
    void skipsHiddenFoldersAndFiles();
    void emptyFolder();
    void badFile_data();
    void badFile();
    void badFilesTogether();
    void byteOrderMark();
    void megabyteString();
    void duplicateIds();
    void duplicateKeys_data();
    void duplicateKeys();
    void pathId_data();
    void pathId();
    void cancelledBeforeStart();
    void cancelledDuringLoad();
    void cancelledValidation();
    void loadProgressReachesTotal();
    void validationProgressReachesTotal();

private:
    static KnowledgeBaseLoader::Result load(const QString &root) { return KnowledgeBaseLoader::load(root); }
};

void KnowledgeBaseTest::loadsRecursively()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/full.json")), cleanRecord(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("net/dns/deep/er/timeout.json")),
                      cleanRecord(QStringLiteral("net/dns/deep/er/timeout"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("top/one.json")), cleanRecord(QStringLiteral("top/one"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("README.md")), "# not a record\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/notes.txt")), "{ not json either"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/full.json.bak")), "{"));

    KnowledgeBase kb;
    QSignalSpy reset(&kb, &KnowledgeBase::reset);
    KnowledgeBaseLoader::Result result = load(dir.path());
    QCOMPARE(result.fileCount, 3);
    QVERIFY(!result.cancelled);
    QCOMPARE(result.root, QDir::cleanPath(QFileInfo(dir.path()).absoluteFilePath()));
    kb.adopt(std::move(result));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(kb.count(), 3);
    QVERIFY2(kb.loadProblems().isEmpty(), qPrintable(kb.loadProblems().value(0).toText()));
    QStringList found = ids(kb);
    found.sort();
    QCOMPARE(found,
             (QStringList{QStringLiteral("disk/full"), QStringLiteral("net/dns/deep/er/timeout"),
                          QStringLiteral("top/one")}));
    Record *deep = kb.find(QStringLiteral("net/dns/deep/er/timeout"));
    QVERIFY(deep);
    QCOMPARE(QFileInfo(deep->filePath()).canonicalFilePath(),
             QFileInfo(dir.filePath(QStringLiteral("net/dns/deep/er/timeout.json"))).canonicalFilePath());
    QCOMPARE(kb.find(QStringLiteral("no/such")), nullptr);

    // recordFiles is sorted and absolute.
    const QStringList files = KnowledgeBaseLoader::recordFiles(dir.path());
    QCOMPARE(files.size(), 3);
    QStringList sorted = files;
    sorted.sort();
    QCOMPARE(files, sorted);
    for (const QString &file : files)
        QVERIFY2(QFileInfo(file).isAbsolute(), qPrintable(file));
}

// Read by the scan path, as the window reads a KB, records of one domain
// share one copy of its name, and of their category's.
void KnowledgeBaseTest::domainsAndCategoriesAreShared()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char *id : {"disk/full", "disk/slow", "disk/gone", "net/down"})
        QVERIFY(writeFile(dir.filePath(QLatin1String(id) + QLatin1String(".json")), cleanRecord(QLatin1String(id))));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
    QCOMPARE(kb.count(), 4);
    const Record *disk = kb.find(QStringLiteral("disk/full"));
    const Record *net = kb.find(QStringLiteral("net/down"));
    QVERIFY(disk && net);
    for (const char *id : {"disk/slow", "disk/gone"}) {
        const Record *record = kb.find(QLatin1String(id));
        QVERIFY(record);
        QCOMPARE(record->summary().domain.constData(), disk->summary().domain.constData());
        QCOMPARE(record->summary().category.constData(), disk->summary().category.constData());
    }
    QCOMPARE(net->summary().category.constData(), disk->summary().category.constData()); // io_error
    QVERIFY(net->summary().domain.constData() != disk->summary().domain.constData());
}

void KnowledgeBaseTest::skipsHiddenFoldersAndFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/full.json")), cleanRecord(QStringLiteral("disk/full"))));
    // Hidden folders at any depth, and hidden files; some are not even JSON,
    // so loading them would show up as a load problem.
    QVERIFY(writeFile(dir.filePath(QStringLiteral(".git/objects/ab/cdef.json")), "\x78\x01 binary garbage"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral(".git/config.json")), cleanRecord(QStringLiteral("git/config"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/.cache/old.json")), cleanRecord(QStringLiteral("disk/old"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral(".hidden.json")), cleanRecord(QStringLiteral("hidden/top"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/.full.json.swp.json")), "{ broken"));

    const QStringList files = KnowledgeBaseLoader::recordFiles(dir.path());
    QCOMPARE(files.size(), 1);
    QVERIFY(files.first().endsWith(QStringLiteral("/disk/full.json")));

    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(ids(kb), QStringList{QStringLiteral("disk/full")});
    QVERIFY2(kb.loadProblems().isEmpty(), qPrintable(kb.loadProblems().value(0).toText()));
}

void KnowledgeBaseTest::emptyFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    bool reached = false;
    KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(
        dir.path(), nullptr, [&](int done, int total) { reached = reached || done == total; });
    QCOMPARE(result.fileCount, 0);
    QVERIFY(result.records.empty());
    QVERIFY(result.problems.isEmpty());
    QVERIFY(!result.cancelled);
    KnowledgeBase kb;
    kb.adopt(std::move(result));
    QCOMPARE(kb.count(), 0);
    QVERIFY(RecordValidator(Today).validateAll(kb));
    QCOMPARE(kb.counts().errors, 0);
}

// Each row: the bytes of one bad file, put next to two good records. The
// bad file must become exactly one load problem naming it (line 0 means the
// problem has no position; -1 means "some position, not checked exactly").
void KnowledgeBaseTest::badFile_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("malformed: bare word") << QByteArray("{\n  \"id\": \"bad/x\",\n  \"signature\": oops\n}\n")
                                          << QStringLiteral("invalid JSON") << 3 << 16;
    QTest::newRow("malformed: missing comma") << QByteArray("{\n  \"id\": \"bad/x\"\n  \"domain\": \"bad\"\n}\n")
                                              << QStringLiteral("invalid JSON") << 3 << -1; // on "domain"
    QTest::newRow("malformed: truncated")
        << QByteArray("{\n  \"id\": \"bad/x\",\n  \"tags\": [\"a\", ") << QStringLiteral("invalid JSON") << -1 << -1;
    QTest::newRow("malformed: trailing garbage")
        << QByteArray("{\"id\": \"bad/x\"}\n}") << QStringLiteral("invalid JSON") << 2 << 1;
    // nlohmann alone reads a NUL as the end of the text: the record would load
    // as {"id": "bad/x"} and lose the rest on the next save.
    QTest::newRow("malformed: NUL after the record")
        << QByteArray("{\"id\": \"bad/x\"}\n\0{\"id\": \"bad/y\"}", 32) << QStringLiteral("NUL byte") << 2 << 1;
    // git's markers, not the JSON error they cause, with the block's lines.
    QTest::newRow("merge conflict")
        << QByteArray("{\n  \"id\": \"bad/x\",\n<<<<<<< ours\n  \"signature\": \"A\"\n=======\n  \"signature\": "
                      "\"B\"\n>>>>>>> theirs\n}\n")
        << QStringLiteral("merge conflict, lines 3–7: the file holds git's conflict markers") << 3 << 1;
    QTest::newRow("two merge conflicts, diff3 style, CRLF")
        << QByteArray(
               "{\r\n<<<<<<< HEAD\r\n  \"a\": 1,\r\n||||||| base\r\n  \"a\": 0,\r\n=======\r\n  \"a\": 2,\r\n>>>>>>> "
               "b\r\n<<<<<<<\r\n\"c\": 1\r\n=======\r\n>>>>>>>\r\n}\r\n")
        << QStringLiteral("merge conflict, lines 2–8 (and 1 more)") << 2 << 1;
    QTest::newRow("malformed: a lone marker is no conflict")
        << QByteArray("{\n<<<<<<< ours\n}\n") << QStringLiteral("invalid JSON") << 2 << 1;
    QTest::newRow("malformed: non-ASCII before error")
        << QByteArray("{\"signature\": \"\xC3\xA9\xC3\xA9\xC3\xA9\", x}") << QStringLiteral("invalid JSON") << 1 << 22;
    QTest::newRow("wrong type: array") << QByteArray("[\n  {\"id\": \"bad/x\"}\n]\n")
                                       << QStringLiteral("must be a JSON object, not array") << 1 << 1;
    QTest::newRow("wrong type: string") << QByteArray("\"bad/x\"\n")
                                        << QStringLiteral("must be a JSON object, not string") << 1 << 1;
    QTest::newRow("wrong type: number") << QByteArray("42") << QStringLiteral("must be a JSON object, not number") << 1
                                        << 1;
    QTest::newRow("wrong type: null") << QByteArray("null") << QStringLiteral("must be a JSON object, not null") << 1
                                      << 1;
    QTest::newRow("invalid UTF-8 in a string")
        << QByteArray("{\n  \"id\": \"bad/x\",\n  \"signature\": \"caf\xE9 \xFF\"\n}\n")
        << QStringLiteral("invalid JSON") << 3 << -1;
    QTest::newRow("invalid UTF-8: truncated sequence")
        << QByteArray("{\"signature\": \"\xE2\x82\"}") << QStringLiteral("invalid JSON") << 1 << -1;
    QTest::newRow("empty file") << QByteArray() << QStringLiteral("empty") << 1 << 1;
    QTest::newRow("only whitespace") << QByteArray(" \n\t\n") << QStringLiteral("empty") << 1 << 1;
    QTest::newRow("only a byte order mark") << QByteArray("\xEF\xBB\xBF") << QStringLiteral("empty") << 1 << 1;

    // 100,000 levels: refused before parsing, at the bracket that opens level 65.
    const int depth = 100000;
    const QByteArray deep = "{\"a\": " + QByteArray(depth, '[') + QByteArray(depth, ']') + "}";
    QTest::newRow("nested 100,000 deep") << deep << QStringLiteral("nested deeper than 64 levels") << 1 << 7 + 63;
    const QByteArray deepObjects = "{\"id\": \"bad/x\",\n\"a\":" + QByteArray("{\"a\":").repeated(depth)
        + QByteArray(depth, '}') + "}";
    QTest::newRow("objects nested 100,000 deep")
        << deepObjects << QStringLiteral("nested deeper than 64 levels") << 2 << -1;
    const QByteArray unclosed = "{\"a\": " + QByteArray(depth, '[');
    QTest::newRow("unclosed 100,000 deep") << unclosed << QStringLiteral("nested deeper than 64 levels") << 1 << 7 + 63;
}

void KnowledgeBaseTest::badFile()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, column);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad/a.json")), cleanRecord(QStringLiteral("bad/a"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad/x.json")), bytes));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad/z.json")), cleanRecord(QStringLiteral("bad/z"))));

    QElapsedTimer timer;
    timer.start();
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QVERIFY2(timer.elapsed() < 5000, "loading a KB of three small files took too long");

    QCOMPARE(ids(kb), (QStringList{QStringLiteral("bad/a"), QStringLiteral("bad/z")}));
    const QList<Problem> problems = kb.loadProblems();
    QCOMPARE(problems.size(), 1);
    const Problem &problem = problems.first();
    QCOMPARE(problem.severity, Problem::Error);
    QCOMPARE(QFileInfo(problem.file).canonicalFilePath(),
             QFileInfo(dir.filePath(QStringLiteral("bad/x.json"))).canonicalFilePath());
    QVERIFY2(problem.message.contains(message), qPrintable(problem.message));
    QVERIFY2(!problem.message.contains(QStringLiteral("[json.exception")), qPrintable(problem.message));
    if (line >= 0)
        QCOMPARE(problem.line, line);
    else
        QVERIFY2(problem.line > 0, qPrintable(problem.toText()));
    if (column >= 0)
        QCOMPARE(problem.column, column);
    else
        QVERIFY2(problem.column > 0, qPrintable(problem.toText()));
    // The text form names the file and the position.
    QVERIFY2(problem.toText().startsWith(problem.file
                                         + QStringLiteral(":%1:%2: error: ").arg(problem.line).arg(problem.column)),
             qPrintable(problem.toText()));

    // Validation still runs on the good records and keeps the load problem.
    QVERIFY(RecordValidator(Today).validateAll(kb));
    QCOMPARE(kb.counts().errors, 1);
    QCOMPARE(kb.allProblems().first().message, problem.message);
}

// All kinds of bad file in one KB, plus the oversized one: one problem each,
// every good record loaded, nothing crashes, and it stays fast.
void KnowledgeBaseTest::badFilesTogether()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int depth = 100000;
    const QList<QPair<QString, QByteArray>> bad = {
        {QStringLiteral("bad/malformed.json"), "{\"id\": \"bad/malformed\",,}"},
        {QStringLiteral("bad/array.json"), "[1, 2, 3]"},
        {QStringLiteral("bad/utf8.json"), "{\"id\": \"bad/utf8\", \"signature\": \"\xC0\xAF\"}"},
        {QStringLiteral("bad/empty.json"), ""},
        {QStringLiteral("bad/deep.json"), "{\"a\": " + QByteArray(depth, '[') + QByteArray(depth, ']') + "}"},
    };
    for (const auto &[path, bytes] : bad)
        QVERIFY(writeFile(dir.filePath(path), bytes));

    // 50 MB: a well-formed record padded with one huge string, so that only
    // the size can be the reason it is refused.
    const qint64 hugeSize = 50 * 1000 * 1000;
    {
        const QString path = dir.filePath(QStringLiteral("bad/huge.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray head = "{\"id\": \"bad/huge\", \"root_cause\": \"";
        const QByteArray tail = "\"}\n";
        file.write(head);
        const QByteArray chunk(1 << 20, 'x');
        qint64 left = hugeSize - head.size() - tail.size();
        while (left > 0) {
            const qint64 n = qMin<qint64>(left, chunk.size());
            QCOMPARE(file.write(chunk.constData(), n), n);
            left -= n;
        }
        file.write(tail);
        file.close();
        QCOMPARE(QFileInfo(path).size(), hugeSize);
    }

    QStringList good;
    for (int i = 0; i < 20; ++i) {
        const QString id = QStringLiteral("good/r%1").arg(i, 2, 10, QLatin1Char('0'));
        good << id;
        QVERIFY(writeFile(dir.filePath(id + QStringLiteral(".json")), cleanRecord(id)));
    }

    QElapsedTimer timer;
    timer.start();
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QStringLiteral("loading took %1 ms").arg(timer.elapsed())));

    QCOMPARE(ids(kb), good);
    const QList<Problem> problems = kb.loadProblems();
    QStringList problemFiles;
    for (const Problem &problem : problems) {
        QCOMPARE(problem.severity, Problem::Error);
        QVERIFY(!problem.message.isEmpty());
        problemFiles << kb.relativePath(problem.file);
    }
    QStringList expected = {QStringLiteral("bad/huge.json")};
    for (const auto &entry : bad)
        expected << entry.first;
    expected.sort();
    problemFiles.sort();
    QCOMPARE(problemFiles, expected);

    for (const Problem &problem : problems) {
        if (!problem.file.endsWith(QStringLiteral("huge.json")))
            continue;
        QVERIFY2(problem.message.contains(QStringLiteral("50.0 MB")), qPrintable(problem.message));
        QVERIFY2(problem.message.contains(QStringLiteral("not loaded")), qPrintable(problem.message));
        QCOMPARE(problem.line, 0); // the size is not a place in the text
        QCOMPARE(problem.toText(), problem.file + QStringLiteral(": error: ") + problem.message);
    }
}

void KnowledgeBaseTest::byteOrderMark()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/bom.json")),
                      "\xEF\xBB\xBF" + cleanRecord(QStringLiteral("disk/bom"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/plain.json")), cleanRecord(QStringLiteral("disk/plain"))));

    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(kb.count(), 2);
    QVERIFY(kb.loadProblems().isEmpty());
    Record *bom = kb.find(QStringLiteral("disk/bom"));
    Record *plain = kb.find(QStringLiteral("disk/plain"));
    QVERIFY(bom && plain);
    QVERIFY(bom->hadByteOrderMark());
    QVERIFY(!plain->hadByteOrderMark());
    QCOMPARE(bom->signature(), QStringLiteral("Error: disk full on /dev/sda1"));

    QVERIFY(RecordValidator(Today).validateAll(kb));
    const QList<Problem> problems = kb.problems(bom);
    QCOMPARE(rules(problems).count(QStringLiteral("byte-order-mark")), 1);
    for (const Problem &problem : problems) {
        QVERIFY2(problem.severity != Problem::Error, qPrintable(problem.toText()));
        if (problem.rule == QLatin1String("byte-order-mark")) {
            QCOMPARE(problem.severity, Problem::Warning);
            QVERIFY(problem.message.contains(QStringLiteral("byte order mark")));
            QCOMPARE(problem.file, bom->filePath());
        }
    }
    QVERIFY(!rules(kb.problems(plain)).contains(QStringLiteral("byte-order-mark")));
    QCOMPARE(kb.counts().errors, 0);
    QCOMPARE(kb.counts().warnings, 1);
}

void KnowledgeBaseTest::megabyteString()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray big(1 << 20, 'a');
    for (int i = 0; i < big.size(); i += 80)
        big[i] = ' ';
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/big.json")),
                      cleanRecord(QStringLiteral("disk/big"),
                                  ",\n  \"root_cause\": \"" + big + "\",\n  \"signature_zh\": \"" + big + "\"")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/small.json")), cleanRecord(QStringLiteral("disk/small"))));

    QElapsedTimer timer;
    timer.start();
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QVERIFY2(kb.loadProblems().isEmpty(), qPrintable(kb.loadProblems().value(0).toText()));
    QCOMPARE(kb.count(), 2);
    Record *record = kb.find(QStringLiteral("disk/big"));
    QVERIFY(record);
    QCOMPARE(record->rootCause().size(), qsizetype(1 << 20));
    QCOMPARE(record->rootCause().toUtf8(), big);

    // Validation copes with it too (no std::regex recursion on long strings).
    QVERIFY(RecordValidator(Today).validateAll(kb));
    QCOMPARE(kb.counts().errors, 0);
    QVERIFY(rules(kb.problems(record)).contains(QStringLiteral("untranslated")));
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
}

void KnowledgeBaseTest::duplicateIds()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Both files say "disk/full"; only the first is where the id says.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/full.json")), cleanRecord(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/copy/full.json")), cleanRecord(QStringLiteral("disk/full"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("disk/other.json")), cleanRecord(QStringLiteral("disk/other"))));

    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(kb.count(), 3);
    QStringList files = kb.filesWithId(QStringLiteral("disk/full"));
    files.sort();
    QCOMPARE(files, (QStringList{QStringLiteral("disk/copy/full.json"), QStringLiteral("disk/full.json")}));
    QCOMPARE(kb.filesWithId(QStringLiteral("disk/other")), QStringList{QStringLiteral("disk/other.json")});
    QVERIFY(kb.filesWithId(QStringLiteral("disk/none")).isEmpty());
    QVERIFY(kb.find(QStringLiteral("disk/full")));

    QVERIFY(RecordValidator(Today).validateAll(kb));
    int duplicateErrors = 0;
    for (int i = 0; i < kb.count(); ++i) {
        const Record *record = kb.recordAt(i);
        const QList<Problem> problems = kb.problems(record);
        const int duplicates = int(rules(problems).count(QStringLiteral("duplicate-id")));
        if (record->id() == QLatin1String("disk/full")) {
            QCOMPARE(duplicates, 1);
            for (const Problem &problem : problems) {
                if (problem.rule != QLatin1String("duplicate-id"))
                    continue;
                QCOMPARE(problem.severity, Problem::Error);
                QCOMPARE(problem.pointer, QStringLiteral("/id"));
                QCOMPARE(problem.file, record->filePath());
                QVERIFY2(problem.message.contains(QStringLiteral("disk/copy/full.json"))
                             && problem.message.contains(QStringLiteral("disk/full.json")),
                         qPrintable(problem.message));
                QCOMPARE(problem.line, 2);
            }
        } else {
            QCOMPARE(duplicates, 0);
        }
        duplicateErrors += duplicates;
    }
    QCOMPARE(duplicateErrors, 2);
    // The copy also disagrees with its path.
    const Record *copy = nullptr;
    for (int i = 0; i < kb.count(); ++i)
        if (kb.recordAt(i)->filePath().endsWith(QStringLiteral("copy/full.json")))
            copy = kb.recordAt(i);
    QVERIFY(copy);
    QVERIFY(rules(kb.problems(copy)).contains(QStringLiteral("id-path")));
    QCOMPARE(kb.counts().errors, 3);
}

void KnowledgeBaseTest::duplicateKeys_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("top level, lines 5 and 9")
        << QByteArray("{\n  \"id\": \"bad/x\",\n  \"signature\": \"Error: a\",\n  \"domain\": \"bad\",\n"
                      "  \"regex\": \"Error: a\",\n  \"category\": \"c\",\n  \"tags\": [],\n  \"x_note\": 1,\n"
                      "  \"regex\": \"Error: b\"\n}\n")
        << QStringLiteral("/regex") << QStringLiteral("duplicate key \"regex\": first at line 5, again at line 9") << 9
        << 3;
    QTest::newRow("nested, one line")
        << QByteArray("{\n  \"id\": \"bad/x\",\n  \"dead_ends\": [{\"action\": \"a\", \"action\": \"b\"}]\n}\n")
        << QStringLiteral("/dead_ends/0/action")
        << QStringLiteral("duplicate key \"action\": first at line 3, column 18, again at column 33") << 3 << 33;
    QTest::newRow("a key with a control character")
        << QByteArray("{\"a\\u001b\": 1,\n\"a\\u001b\": 2}") << QStringLiteral("/a\x1b")
        << QStringLiteral("duplicate key \"a\\u001b\": first at line 1, again at line 2") << 2 << 1;
}

// A key written twice in one object: the file is not loaded, and the
// finding names the member, both places and the second one's position.
void KnowledgeBaseTest::duplicateKeys()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, pointer);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, column);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad/a.json")), cleanRecord(QStringLiteral("bad/a"))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad/x.json")), bytes));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(ids(kb), QStringList{QStringLiteral("bad/a")});
    const QList<Problem> problems = kb.loadProblems();
    QCOMPARE(problems.size(), 1);
    const Problem &problem = problems.first();
    QCOMPARE(problem.severity, Problem::Error);
    QCOMPARE(problem.rule, QStringLiteral("file"));
    QCOMPARE(problem.pointer, pointer);
    QCOMPARE(problem.message, message);
    QCOMPARE(problem.line, line);
    QCOMPARE(problem.column, column);
    QVERIFY2(
        problem.toText().endsWith(QStringLiteral(":%1:%2: error: %3 [%4]").arg(line).arg(column).arg(message, pointer)),
        qPrintable(problem.toText()));

    // Record::load says the same, for the watcher and a reload.
    Record record;
    Record::LoadError error;
    QVERIFY(!record.load(dir.filePath(QStringLiteral("bad/x.json")), &error));
    QCOMPARE(error.message, message);
    QCOMPARE(error.pointer, pointer);
}

void KnowledgeBaseTest::pathId_data()
{
    QTest::addColumn<QString>("relativePath");
    QTest::addColumn<QString>("contentId");
    QTest::addColumn<QString>("pathId");

    QTest::newRow("two segments") << QStringLiteral("disk/full.json") << QStringLiteral("disk/full")
                                  << QStringLiteral("disk/full");
    QTest::newRow("deep") << QStringLiteral("node/err-x/node20-linux.json") << QStringLiteral("node/err-x/node20-linux")
                          << QStringLiteral("node/err-x/node20-linux");
    QTest::newRow("flat layout") << QStringLiteral("node/err-x_node20-linux.json")
                                 << QStringLiteral("node/err-x/node20-linux")
                                 << QStringLiteral("node/err-x_node20-linux");
    QTest::newRow("content disagrees") << QStringLiteral("disk/a.json") << QStringLiteral("disk/b")
                                       << QStringLiteral("disk/a");
    QTest::newRow("dots in the name") << QStringLiteral("py/v3.11.json") << QStringLiteral("py/v3.11")
                                      << QStringLiteral("py/v3.11");
    QTest::newRow("json in a folder name")
        << QStringLiteral("a.json/b.json") << QStringLiteral("a.json/b") << QStringLiteral("a.json/b");
}

void KnowledgeBaseTest::pathId()
{
    QFETCH(QString, relativePath);
    QFETCH(QString, contentId);
    QFETCH(QString, pathId);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(relativePath), cleanRecord(contentId)));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(kb.count(), 1);
    const Record *record = kb.recordAt(0);
    QCOMPARE(record->id(), contentId);
    QCOMPARE(kb.pathId(*record), pathId);
    QCOMPARE(kb.relativePath(record->filePath()), relativePath);

    QVERIFY(RecordValidator(Today).validateAll(kb));
    QCOMPARE(rules(kb.problems(record)).contains(QStringLiteral("id-path")), pathId != contentId);
}

void KnowledgeBaseTest::cancelledBeforeStart()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (int i = 0; i < 10; ++i)
        QVERIFY(
            writeFile(dir.filePath(QStringLiteral("c/r%1.json").arg(i)), cleanRecord(QStringLiteral("c/r%1").arg(i))));
    std::atomic_bool cancel{true};
    const KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(dir.path(), &cancel);
    QVERIFY(result.cancelled);
    QCOMPARE(result.fileCount, 10);
    QVERIFY(result.records.empty());
    QVERIFY(result.problems.isEmpty()); // files not read are not problems

    std::atomic_bool keepGoing{false};
    const KnowledgeBaseLoader::Result full = KnowledgeBaseLoader::load(dir.path(), &keepGoing);
    QVERIFY(!full.cancelled);
    QCOMPARE(int(full.records.size()), 10);
}

void KnowledgeBaseTest::cancelledDuringLoad()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int files = 200;
    for (int i = 0; i < files; ++i)
        QVERIFY(writeFile(dir.filePath(QStringLiteral("c/r%1.json").arg(i, 3, 10, QLatin1Char('0'))),
                          cleanRecord(QStringLiteral("c/r%1").arg(i, 3, 10, QLatin1Char('0')))));
    std::atomic_bool cancel{false};
    int calls = 0;
    // Cancel on the first progress report (at the latest the final one).
    const KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(dir.path(), &cancel, [&](int, int total) {
        QCOMPARE(total, files);
        ++calls;
        cancel = true;
    });
    QVERIFY(calls >= 1);
    QVERIFY(result.cancelled);
    QVERIFY(int(result.records.size()) <= files);
    // Whatever did load is a complete record.
    for (const auto &record : result.records)
        QVERIFY(record->id().startsWith(QStringLiteral("c/r")));
}

void KnowledgeBaseTest::cancelledValidation()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/a.json")), cleanRecord(QStringLiteral("c/a"), QByteArray(), "(")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("c/b.json")), cleanRecord(QStringLiteral("c/b"))));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(kb.count(), 2);

    std::atomic_bool cancel{true};
    QVERIFY(!RecordValidator(Today).validateAll(kb, &cancel));
    QVERIFY(kb.allProblems().isEmpty()); // nothing half-done is kept
    cancel = false;
    QVERIFY(RecordValidator(Today).validateAll(kb, &cancel));
    QCOMPARE(kb.counts().errors, 1);

    // A cancelled run keeps the previous findings.
    cancel = true;
    QVERIFY(!RecordValidator(Today).validateAll(kb, &cancel));
    QCOMPARE(kb.counts().errors, 1);
}

void KnowledgeBaseTest::loadProgressReachesTotal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int files = 150;
    for (int i = 0; i < files; ++i)
        QVERIFY(
            writeFile(dir.filePath(QStringLiteral("p/r%1.json").arg(i)), cleanRecord(QStringLiteral("p/r%1").arg(i))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("p/bad.json")), "not json"));

    std::vector<std::pair<int, int>> calls;
    const KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(
        dir.path(), nullptr, [&](int done, int total) { calls.emplace_back(done, total); });
    QVERIFY(!calls.empty());
    int previous = 0;
    for (const auto &[done, total] : calls) {
        QCOMPARE(total, files + 1);
        QVERIFY(done >= previous);
        QVERIFY(done <= total);
        previous = done;
    }
    QCOMPARE(calls.back().first, files + 1);
    QCOMPARE(int(result.records.size()), files);
    QCOMPARE(result.problems.size(), 1);
}

void KnowledgeBaseTest::validationProgressReachesTotal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int files = 60;
    for (int i = 0; i < files; ++i)
        QVERIFY(
            writeFile(dir.filePath(QStringLiteral("p/r%1.json").arg(i)), cleanRecord(QStringLiteral("p/r%1").arg(i))));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    int last = -1;
    int lastTotal = -1;
    bool monotonic = true;
    QVERIFY(RecordValidator(Today).validateAll(kb, nullptr, [&](int done, int total) {
        monotonic = monotonic && done >= last;
        last = done;
        lastTotal = total;
    }));
    QVERIFY(monotonic);
    QCOMPARE(last, files);
    QCOMPARE(lastTotal, files);
}

QTEST_GUILESS_MAIN(KnowledgeBaseTest)
#include "KnowledgeBaseTest.moc"
