// `errata lookup` as a user runs it (ERRATA_BINARY) on a copy of the sample
// KB: the text and JSON outputs, the text from the arguments or standard
// input, --limit, the KB cache, the time budget of its regexes, and the exit
// codes (0: a record was found, 1: none, 2: bad usage or an unreadable KB
// folder, 3: none, but a regex was stopped). Every key of the JSON
// output is snake_case.

#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

const QByteArray Traceback = "Traceback (most recent call last):\n"
                             "  File \"/home/ci/build/app/main.py\", line 3, in <module>\n"
                             "    import httpx\n"
                             "ModuleNotFoundError: No module named 'httpx'\n";

} // namespace

class LookupCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void help();
    void textOutput();
    void jsonOutput();
    void controlCharactersInTheQueryAreEscaped();
    void standardInput();
    void standardInputInUtf16_data();
    void standardInputInUtf16();
    void tailOfALongStandardInput();
    void limit();
    void nothingFound();
    void slowRegexIsNamed();
    void cacheIsWrittenAndUsed();
    void errors_data();
    void errors();

private:
    Run run(const QStringList &arguments, const QByteArray &input = {});
    QString kbPath() const { return m_dir.filePath(QStringLiteral("kb")); }
    QString cachePath() const { return m_dir.filePath(QStringLiteral("cache")); }

    QTemporaryDir m_dir;
};

Run LookupCommandTest::run(const QStringList &arguments, const QByteArray &input)
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.input = input;
    options.cacheHome = cachePath();
    return runErrata(QStringList{QStringLiteral("lookup")} + arguments, options);
}

void LookupCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
}

void LookupCommandTest::help()
{
    const Run result = run({QStringLiteral("--help")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QLatin1String("--limit")) && result.out.contains(QLatin1String("--format")),
             qPrintable(result.out));
}

void LookupCommandTest::textOutput()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QString::fromUtf8(Traceback)});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    const QStringList lines = result.out.split(QLatin1Char('\n'));
    QVERIFY2(lines.value(0).startsWith(QLatin1String("1. python/module-not-found  [exact, ")), qPrintable(result.out));
    QCOMPARE(lines.value(1), QStringLiteral("   ModuleNotFoundError: No module named 'requests'"));
    QVERIFY2(lines.value(2).startsWith(QLatin1String("   why: regex as written on line 4; words: ")),
             qPrintable(lines.value(2)));
}

void LookupCommandTest::jsonOutput()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"),
                            QString::fromUtf8(Traceback)});
    QCOMPARE(result.exitCode, 0);
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QCOMPARE(root.value(QStringLiteral("query")).toString(),
             QStringLiteral("ModuleNotFoundError: No module named 'httpx'"));
    const QJsonObject first = root.value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("python/module-not-found"));
    QCOMPARE(first.value(QStringLiteral("band")).toString(), QStringLiteral("exact"));
    QCOMPARE(first.value(QStringLiteral("domain")).toString(), QStringLiteral("python"));
    QCOMPARE(first.value(QStringLiteral("signature")).toString(),
             QStringLiteral("ModuleNotFoundError: No module named 'requests'"));
    QVERIFY(first.value(QStringLiteral("score")).toDouble() > 0.5);
    const QJsonObject why = first.value(QStringLiteral("why")).toObject();
    QCOMPARE(why.value(QStringLiteral("regex")).toString(), QStringLiteral("as written"));
    QCOMPARE(why.value(QStringLiteral("regex_line")).toInt(), 4);
    QVERIFY(why.value(QStringLiteral("shared_words")).toArray().contains(QStringLiteral("modulenotfounderror")));
}

// A C1 control (U+009B, a terminal's CSI) in the text looked up: the JSON
// query holds it as a \u escape, never raw, and reads back the same.
void LookupCommandTest::controlCharactersInTheQueryAreEscaped()
{
    const QString query = QStringLiteral("ModuleNotFoundError: No module named 'httpx'") + QChar(0x9B)
        + QStringLiteral("2J");
    const Run result = run(
        {QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"), query});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(!result.out.contains(QChar(0x9B)), qPrintable(result.out));
    QVERIFY2(result.out.contains(QLatin1String("\\u009b2J")), qPrintable(result.out));
    QCOMPARE(QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("query")).toString(), query);
}

void LookupCommandTest::standardInput()
{
    for (const QStringList &arguments : {QStringList{QStringLiteral("--kb"), kbPath()},
                                         QStringList{QStringLiteral("--kb"), kbPath(), QStringLiteral("-")}}) {
        const Run result = run(arguments, "kubectl get pods\nweb-5f7d 0/1 OOMKilled 4 (1m ago) 6m\n");
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.startsWith(QLatin1String("1. kubernetes/oomkilled  [")), qPrintable(result.out));
    }
}

void LookupCommandTest::standardInputInUtf16_data()
{
    QTest::addColumn<int>("encoding");
    QTest::addColumn<bool>("bom");
    QTest::addColumn<QString>("name");
    QTest::newRow("UTF-16LE with its mark (PowerShell)") << int(QStringConverter::Utf16LE) << true << "UTF-16LE";
    QTest::newRow("UTF-16BE without") << int(QStringConverter::Utf16BE) << false << "UTF-16BE";
    QTest::newRow("UTF-32LE with its mark") << int(QStringConverter::Utf32LE) << true << "UTF-32LE";
    QTest::newRow("UTF-8 with its mark") << int(QStringConverter::Utf8) << true << "UTF-8";
}

// A log written by a Windows tool, looked up as its text, not its bytes.
void LookupCommandTest::standardInputInUtf16()
{
    QFETCH(int, encoding);
    QFETCH(bool, bom);
    QFETCH(QString, name);
    QStringEncoder encoder(QStringConverter::Encoding(encoding),
                           bom ? QStringConverter::Flag::WriteBom : QStringConverter::Flag::Default);
    const QByteArray input = encoder.encode(QString::fromUtf8(Traceback));
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json")},
                           input);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("query")).toString(),
             QStringLiteral("ModuleNotFoundError: No module named 'httpx'"));
    const QJsonObject first = root.value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("python/module-not-found"));
    QCOMPARE(first.value(QStringLiteral("band")).toString(), QStringLiteral("exact"));
    const QJsonObject read = root.value(QStringLiteral("input")).toObject();
    QCOMPARE(read.value(QStringLiteral("encoding")).toString(), name);
    QCOMPARE(read.value(QStringLiteral("bytes")).toInteger(), input.size());
    QCOMPARE(read.value(QStringLiteral("skipped_bytes")).toInteger(), 0);
}

// A CI log whose error is at its end, longer than what lookup keeps
// (lowered to 64 KiB): the tail is looked at, the lines left out are named
// on stderr and in the JSON, and the regex's line is the log's.
void LookupCommandTest::tailOfALongStandardInput()
{
    QByteArray log;
    int lines = 0;
    while (log.size() < 1000 * 1000) {
        log += "step " + QByteArray::number(++lines) + ": compiled module with the usual settings\n";
    }
    log += Traceback;
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.input = log;
    options.cacheHome = cachePath();
    options.environment = QStringList{QStringLiteral("ERRATA_LOOKUP_INPUT_BYTES=65536")};
    const Run result = runErrata({QStringLiteral("lookup"), QStringLiteral("--kb"), kbPath(),
                                  QStringLiteral("--format"), QStringLiteral("json")},
                                 options);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.err.startsWith(QLatin1String("errata lookup: standard input is 976.")), qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("only its first 4.0 KiB and its last 60.0 KiB are looked at")),
             qPrintable(result.err));
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8()).object();
    const QJsonObject first = root.value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("python/module-not-found"));
    QCOMPARE(first.value(QStringLiteral("why")).toObject().value(QStringLiteral("regex_line")).toInt(), lines + 4);
    const QJsonObject read = root.value(QStringLiteral("input")).toObject();
    QCOMPARE(read.value(QStringLiteral("bytes")).toInteger(), log.size());
    const qint64 skipped = read.value(QStringLiteral("skipped_lines")).toInteger();
    QVERIFY2(skipped > lines - 2000 && skipped < lines, qPrintable(QString::number(skipped)));
    QVERIFY(read.value(QStringLiteral("skipped_bytes")).toInteger() > log.size() - 65536);
    const qint64 firstSkipped = read.value(QStringLiteral("first_skipped_line")).toInteger();
    QVERIFY2(result.err.contains(QStringLiteral("lines %1–%2 (").arg(firstSkipped).arg(firstSkipped + skipped - 1)),
             qPrintable(result.err));
}

void LookupCommandTest::limit()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--limit"), QStringLiteral("1"),
                            QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("permission denied")});
    QCOMPARE(result.exitCode, 0);
    const QJsonArray results =
        QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("results")).toArray();
    QCOMPARE(results.size(), 1);
}

void LookupCommandTest::nothingFound()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("the weather is lovely today")});
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(result.out, QStringLiteral("No record is like this error.\n"));
}

// A regex that defeats RE2's DFA, on a 250 KB paste from standard input,
// with budgets of 50 ms per regex and 150 ms in all (ERRATA_REGEX_BUDGET_MS,
// ERRATA_RUN_BUDGET_MS): it is stopped and named, in text and JSON, and as
// no record was found the exit code is 3, not 1.
void LookupCommandTest::slowRegexIsNamed()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("slow/dfa.json")),
                      "{\"id\": \"slow/dfa\", \"signature\": \"Zorblax frobnicated\", \"regex\": "
                      "\"[a-q][^u-z]{60}x\", \"domain\": \"slow\", \"category\": \"test\"}\n"));
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QByteArray paste;
    for (quint32 seed = 1; paste.size() < 250000; seed = seed * 1103515245 + 12345)
        paste += (seed >> 16) % 101 == 0 ? '\n' : letters[(seed >> 16) % (sizeof(letters) - 1)];
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.input = paste;
    options.cacheHome = cachePath();
    options.environment = QStringList{QStringLiteral("ERRATA_REGEX_BUDGET_MS=50"),
                                      QStringLiteral("ERRATA_RUN_BUDGET_MS=150")};
    const Run text = runErrata({QStringLiteral("lookup"), QStringLiteral("--kb"), kb.path()}, options);
    QVERIFY2(text.exitCode == 3, qPrintable(QString::number(text.exitCode) + text.out + text.err));
    QVERIFY2(text.out.startsWith(QLatin1String("No record is like this error.\n")), qPrintable(text.out));
    // Stopped, or not searched at all when reading the paste spent the lookup's 150 ms.
    QVERIFY2(text.out.contains(QLatin1String("incomplete: the regex of slow/dfa was too slow"))
                 || text.out.contains(QLatin1String("incomplete: the regex of slow/dfa was not searched")),
             qPrintable(text.out));
    const Run json = runErrata({QStringLiteral("lookup"), QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"),
                                QStringLiteral("json")},
                               options);
    QCOMPARE(json.exitCode, 3);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    const QJsonArray cut = root.value(QLatin1String("cut_short")).toArray();
    QCOMPARE(cut.size(), 1);
    QCOMPARE(cut.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("slow/dfa"));
    QCOMPARE(root.value(QLatin1String("regex_budget_seconds")).toDouble(), 0.05);
    QCOMPARE(root.value(QLatin1String("run_budget_seconds")).toDouble(), 0.15);
}

void LookupCommandTest::cacheIsWrittenAndUsed()
{
    QDir(cachePath()).removeRecursively();
    const QStringList arguments{QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"),
                                QStringLiteral("fatal: refusing to merge unrelated histories")};
    const Run first = run(arguments);
    QCOMPARE(first.exitCode, 0);
    // The user's cache folder: $XDG_CACHE_HOME/<organisation>/<program>.
    const QStringList caches = QDir(cachePath() + QStringLiteral("/Errata/Errata/search-index"))
                                   .entryList({QStringLiteral("*.idx")}, QDir::Files);
    QCOMPARE(caches.size(), 1);
    const Run second = run(arguments);
    QCOMPARE(second.exitCode, 0);
    QCOMPARE(second.out, first.out);
}

void LookupCommandTest::errors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such KB") << QStringList{QStringLiteral("--kb"), QStringLiteral("/no/such/folder"),
                                               QStringLiteral("x")}
                                << QStringLiteral("errata lookup: /no/such/folder: not a readable folder");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--format"), QStringLiteral("xml"), QStringLiteral("x")}
                                << QStringLiteral("errata lookup: --format must be text or json, not \"xml\"");
    QTest::newRow("bad limit") << QStringList{QStringLiteral("--limit"), QStringLiteral("0"), QStringLiteral("x")}
                               << QStringLiteral("errata lookup: --limit must be a whole number above 0, not \"0\"");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")}
                                    << QStringLiteral("errata lookup: unknown option \"--frobnicate\"");
}

void LookupCommandTest::errors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.startsWith(message), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

QTEST_GUILESS_MAIN(LookupCommandTest)
#include "LookupCommandTest.moc"
