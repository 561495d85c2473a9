// `errata match` as a user runs it (ERRATA_BINARY): text and JSON output,
// the log from a file or standard input, --ignore-case, the KB from --kb or
// the current folder, skipped records on stderr, the exit codes (0: a
// record matched, 1: none did, 2: bad usage, unreadable or too large log,
// unreadable KB folder), the limit on the log's size and long lines cut,
// and a log in UTF-16 or UTF-32 matched as its text.
// Every key of the JSON output is snake_case.

#include "support/ErrataProcess.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

// "N of M records matched, in L lines (T ms)"
const QRegularExpression SummaryLine(
    QStringLiteral("^(\\d+) of (\\d+) records matched, in (\\d+) lines \\(\\d+ ms\\)$"));

QByteArray record(const QString &id, const QByteArray &regex, const QByteArray &signature)
{
    const QByteArray domain = id.section(QLatin1Char('/'), 0, 0).toUtf8();
    return "{\n"
           "  \"id\": \""
        + id.toUtf8()
        + "\",\n"
          "  \"signature\": \""
        + signature
        + "\",\n"
          "  \"regex\": \""
        + regex
        + "\",\n"
          "  \"domain\": \""
        + domain
        + "\",\n"
          "  \"category\": \"test\"\n"
          "}\n";
}

const QByteArray Log = "2024-06-01 starting\n"
                       "RuntimeError: CUDA error: out of memory\n"
                       "ok\n"
                       "错误：模块 未找到\n"
                       "Error: disk full on /dev/sda1\n"
                       "error: disk full on /dev/sdb2\n";

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class MatchCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void help();
    void textOutput();
    void jsonOutput();
    void nothingMatches();
    void standardInput_data();
    void standardInput();
    void ignoreCase();
    void kbDefaultsToCurrentFolder();
    void skippedRecordsOnStderr();
    void duplicateIdsAreReportedAndListedApart();
    void controlCharactersAreEscaped();
    void slowRegexIsNamed();
    void runBudgetNamesWhatItCut();
    void errors_data();
    void errors();
    void logOverTheLimit_data();
    void logOverTheLimit();
    void longLinesAreCut();
    void utf16Log_data();
    void utf16Log();

private:
    // Runs "errata match ARGUMENTS" (without `match`: "errata ARGUMENTS").
    Run run(const QStringList &arguments, const QByteArray &input = {}, const QString &folder = {}, bool match = true);
    QString kbPath() const { return m_dir.filePath(QStringLiteral("kb")); }
    QString logPath() const { return m_dir.filePath(QStringLiteral("app.log")); }

    QTemporaryDir m_dir;
};

Run MatchCommandTest::run(const QStringList &arguments, const QByteArray &input, const QString &folder, bool match)
{
    RunOptions options;
    options.workingDirectory = folder.isEmpty() ? m_dir.path() : folder;
    options.input = input;
    return runErrata(match ? QStringList{QStringLiteral("match")} + arguments : arguments, options);
}

void MatchCommandTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
    QVERIFY(
        writeFile(kbPath() + QStringLiteral("/gpu/cuda-oom.json"),
                  record(QStringLiteral("gpu/cuda-oom"), "CUDA error: out of memory", "CUDA error: out of memory")));
    QVERIFY(writeFile(kbPath() + QStringLiteral("/gpu/oom.json"),
                      record(QStringLiteral("gpu/oom"), "out of memory", "out of memory")));
    QVERIFY(
        writeFile(kbPath() + QStringLiteral("/disk/full.json"),
                  record(QStringLiteral("disk/full"), "Error: disk full on \\\\S+", "Error: disk full on /dev/sda1")));
    QVERIFY(writeFile(kbPath() + QStringLiteral("/node/missing.json"),
                      record(QStringLiteral("node/missing"), "错误：(\\\\S+) 未找到", "错误：模块 未找到")));
    QVERIFY(writeFile(kbPath() + QStringLiteral("/net/never.json"),
                      record(QStringLiteral("net/never"), "connection refused", "connection refused")));
    QVERIFY(writeFile(logPath(), Log));
}

void MatchCommandTest::help()
{
    const Run result = run({QStringLiteral("--help")});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(QLatin1String("--kb")) && result.out.contains(QLatin1String("--ignore-case")),
             qPrintable(result.out));
    const Run general = run({QStringLiteral("--help")}, {}, {}, false);
    QCOMPARE(general.exitCode, 0);
    QVERIFY2(general.out.contains(QLatin1String("match [--kb DIR] [LOG]")), qPrintable(general.out));
}

void MatchCommandTest::textOutput()
{
    const Run result = run({QStringLiteral("--kb"), kbPath(), logPath()});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    const QStringList output = lines(result.out);
    // Blocks ranked most specific first: "id: signature" then "  line N: text".
    const QStringList expected{
        QStringLiteral("gpu/cuda-oom: CUDA error: out of memory"),
        QStringLiteral("  line 2: RuntimeError: CUDA error: out of memory"),
        QStringLiteral("disk/full: Error: disk full on /dev/sda1"),
        QStringLiteral("  line 5: Error: disk full on /dev/sda1"),
        QStringLiteral("gpu/oom: out of memory"),
        QStringLiteral("  line 2: RuntimeError: CUDA error: out of memory"),
        QStringLiteral("node/missing: 错误：模块 未找到"),
        QStringLiteral("  line 4: 错误：模块 未找到"),
    };
    QCOMPARE(output.mid(0, expected.size()), expected);
    const QRegularExpressionMatch summary = SummaryLine.match(output.last());
    QVERIFY2(summary.hasMatch(), qPrintable(output.last()));
    QCOMPARE(summary.captured(1), QStringLiteral("4"));
    QCOMPARE(summary.captured(2), QStringLiteral("5"));
    QCOMPARE(summary.captured(3), QStringLiteral("6"));
    QVERIFY2(result.err.isEmpty(), qPrintable(result.err));
}

void MatchCommandTest::utf16Log_data()
{
    QTest::addColumn<int>("encoding");
    QTest::addColumn<bool>("bom");
    QTest::addColumn<bool>("standardInput");
    QTest::newRow("UTF-16LE with its mark (PowerShell), a file") << int(QStringConverter::Utf16LE) << true << false;
    QTest::newRow("UTF-16LE with its mark, standard input") << int(QStringConverter::Utf16LE) << true << true;
    QTest::newRow("UTF-16BE without") << int(QStringConverter::Utf16BE) << false << false;
    QTest::newRow("UTF-32LE with its mark") << int(QStringConverter::Utf32LE) << true << false;
    QTest::newRow("UTF-8 with its mark") << int(QStringConverter::Utf8) << true << false;
}

// The log of textOutput() as a Windows tool writes it: the same matches,
// the same lines and columns.
void MatchCommandTest::utf16Log()
{
    QFETCH(int, encoding);
    QFETCH(bool, bom);
    QFETCH(bool, standardInput);
    QStringEncoder encoder(QStringConverter::Encoding(encoding),
                           bom ? QStringConverter::Flag::WriteBom : QStringConverter::Flag::Default);
    const QByteArray log = encoder.encode(QString::fromUtf8(Log));
    const QString path = m_dir.filePath(QStringLiteral("windows.log"));
    QVERIFY(writeFile(path, log));
    const QStringList arguments{QStringLiteral("--kb"), kbPath(), standardInput ? QStringLiteral("-") : path};
    const Run result = run(arguments, standardInput ? log : QByteArray());
    const Run expected = run({QStringLiteral("--kb"), kbPath(), logPath()});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(lines(result.out).mid(0, 8), lines(expected.out).mid(0, 8));
}

void MatchCommandTest::jsonOutput()
{
    const Run result = run(
        {QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"), logPath()});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(keysNotInSnakeCase(json), QStringList());
    QCOMPARE(json.value(QLatin1String("used_fallback")).toBool(), false);
    QCOMPARE(json.value(QLatin1String("summary")).toObject().value(QLatin1String("matched")).toInt(), 4);
    const QJsonArray matches = json.value(QLatin1String("matches")).toArray();
    QCOMPARE(matches.size(), 4);
    const QJsonObject first = matches.at(0).toObject();
    QCOMPARE(first.value(QLatin1String("id")).toString(), QStringLiteral("gpu/cuda-oom"));
    QCOMPARE(first.value(QLatin1String("literal_length")).toInt(), 25);
    QCOMPARE(first.value(QLatin1String("signature_hit")).toBool(), true);
    QCOMPARE(first.value(QLatin1String("match_count")).toInt(), 1);
    const QJsonObject line = first.value(QLatin1String("lines")).toArray().at(0).toObject();
    QCOMPARE(line.value(QLatin1String("line")).toInt(), 2);
    QCOMPARE(line.value(QLatin1String("start_column")).toInt(), 15);
    QCOMPARE(line.value(QLatin1String("end_column")).toInt(), 40);
    QCOMPARE(line.value(QLatin1String("match")).toString(), QStringLiteral("CUDA error: out of memory"));
    const QJsonObject chinese = matches.at(3).toObject();
    QCOMPARE(chinese.value(QLatin1String("id")).toString(), QStringLiteral("node/missing"));
    const QJsonObject chineseLine = chinese.value(QLatin1String("lines")).toArray().at(0).toObject();
    QCOMPARE(chineseLine.value(QLatin1String("start_column")).toInt(), 1);
    QCOMPARE(chineseLine.value(QLatin1String("end_column")).toInt(), 10);
    QVERIFY(json.value(QLatin1String("skipped")).toArray().isEmpty());
}

void MatchCommandTest::nothingMatches()
{
    const QString quiet = m_dir.filePath(QStringLiteral("quiet.log"));
    QVERIFY(writeFile(quiet, "all good\nnothing to see\n"));
    const Run result = run({QStringLiteral("--kb"), kbPath(), quiet});
    QCOMPARE(result.exitCode, 1);
    const QStringList output = lines(result.out);
    QCOMPARE(output.size(), 1);
    const QRegularExpressionMatch summary = SummaryLine.match(output.first());
    QVERIFY2(summary.hasMatch(), qPrintable(result.out));
    QCOMPARE(summary.captured(1), QStringLiteral("0"));
    const Run json = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format=json"), quiet});
    QCOMPARE(json.exitCode, 1);
    QVERIFY(QJsonDocument::fromJson(json.out.toUtf8()).object().value(QLatin1String("matches")).toArray().isEmpty());
}

void MatchCommandTest::standardInput_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no file") << QStringList();
    QTest::newRow("-") << QStringList{QStringLiteral("-")};
}

void MatchCommandTest::standardInput()
{
    QFETCH(QStringList, arguments);
    const Run result = run(QStringList{QStringLiteral("--kb"), kbPath()} + arguments, Log);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.out.startsWith(QLatin1String("gpu/cuda-oom: ")));
    const Run none = run(QStringList{QStringLiteral("--kb"), kbPath()} + arguments, "fine\n");
    QCOMPARE(none.exitCode, 1);
}

void MatchCommandTest::ignoreCase()
{
    const Run asWritten = run(
        {QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"), logPath()});
    const Run ignoring = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"),
                              QStringLiteral("--ignore-case"), logPath()});
    QCOMPARE(ignoring.exitCode, 0);
    const auto diskMatches = [](const Run &result) {
        const QJsonArray matches =
            QJsonDocument::fromJson(result.out.toUtf8()).object().value(QLatin1String("matches")).toArray();
        for (const QJsonValue &match : matches) {
            if (match.toObject().value(QLatin1String("id")).toString() == QLatin1String("disk/full"))
                return match.toObject().value(QLatin1String("match_count")).toInt();
        }
        return 0;
    };
    QCOMPARE(diskMatches(asWritten), 1);
    QCOMPARE(diskMatches(ignoring), 2);
    QCOMPARE(QJsonDocument::fromJson(ignoring.out.toUtf8()).object().value(QLatin1String("ignore_case")).toBool(),
             true);
}

void MatchCommandTest::kbDefaultsToCurrentFolder()
{
    const Run result = run({logPath()}, {}, kbPath());
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.out.startsWith(QLatin1String("gpu/cuda-oom: ")));
}

void MatchCommandTest::skippedRecordsOnStderr()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("gpu/oom.json")),
                      record(QStringLiteral("gpu/oom"), "out of memory", "out of memory")));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("gpu/bad.json")),
                      record(QStringLiteral("gpu/bad"), "(unclosed", "unclosed")));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("gpu/empty.json")),
                      record(QStringLiteral("gpu/empty"), "x*", "anything")));
    const Run result = run({QStringLiteral("--kb"), kb.path(), logPath()});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(QLatin1String("errata match: skipped gpu/bad: the regex does not compile")),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("errata match: skipped gpu/empty: the regex matches the empty string")),
             qPrintable(result.err));
    QVERIFY(lines(result.out).last().startsWith(QLatin1String("1 of 1 records matched")));
    const Run json = run(
        {QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"), QStringLiteral("json"), logPath()});
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object().value(QLatin1String("skipped")).toArray().size(), 2);
}

// Two files hold one id: both records are matched and listed, each with its
// file, and the duplicate is named on stderr and in JSON.
void MatchCommandTest::duplicateIdsAreReportedAndListedApart()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    const QByteArray disk = record(QStringLiteral("disk/full"), "Error: disk full on \\\\S+", "Error: disk full");
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/full.json")), disk));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("disk/copy/full.json")), disk));
    QVERIFY(writeFile(kb.filePath(QStringLiteral("gpu/oom.json")),
                      record(QStringLiteral("gpu/oom"), "out of memory", "out of memory")));
    const Run result = run({QStringLiteral("--kb"), kb.path(), logPath()});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.err.contains(QLatin1String("errata match: warning: id \"disk/full\" is used by 2 files: "
                                               "disk/copy/full.json, disk/full.json")),
             qPrintable(result.err));
    const QStringList output = lines(result.out);
    QVERIFY2(output.contains(QStringLiteral("disk/full (disk/full.json): Error: disk full")), qPrintable(result.out));
    QVERIFY2(output.contains(QStringLiteral("disk/full (disk/copy/full.json): Error: disk full")),
             qPrintable(result.out));
    QVERIFY2(output.contains(QStringLiteral("gpu/oom: out of memory")), qPrintable(result.out)); // no file: one record
    QVERIFY(output.last().startsWith(QLatin1String("3 of 3 records matched")));

    const Run json = run(
        {QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"), QStringLiteral("json"), logPath()});
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QStringList files;
    for (const QJsonValue &match : root.value(QLatin1String("matches")).toArray())
        files << match.toObject().value(QLatin1String("file")).toString();
    files.sort();
    QCOMPARE(files,
             (QStringList{QStringLiteral("disk/copy/full.json"), QStringLiteral("disk/full.json"),
                          QStringLiteral("gpu/oom.json")}));
    const QJsonArray duplicates = root.value(QLatin1String("duplicate_ids")).toArray();
    QCOMPARE(duplicates.size(), 1);
    QCOMPARE(duplicates.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("disk/full"));
    QCOMPARE(duplicates.at(0).toObject().value(QLatin1String("files")).toArray().size(), 2);
}

// An id, a signature and a log line holding terminal escapes: text output
// shows them as \\xHH (a log line's tab is kept), JSON escapes them all.
void MatchCommandTest::controlCharactersAreEscaped()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(
        kb.filePath(QStringLiteral("ctl/title.json")),
        record(QStringLiteral("ctl/title\\u001b]0;pwned\\u0007"), "boom", "boom\\u001b[2J\\u009b31m\\u202e")));
    const QString log = m_dir.filePath(QStringLiteral("control.log"));
    QVERIFY(writeFile(log,
                      "boom\x1b[2J\there\x7f\xc2\x9b"
                      "31m\n"));
    const Run result = run({QStringLiteral("--kb"), kb.path(), log});
    QCOMPARE(result.exitCode, 0);
    const QStringList output = lines(result.out);
    QCOMPARE(output.value(0), QStringLiteral("ctl/title\\x1B]0;pwned\\x07: boom\\x1B[2J\\u009B31m\\u202E"));
    QCOMPARE(output.value(1), QStringLiteral("  line 1: boom\\x1B[2J\there\\x7F\\u009B31m"));
    for (const QString &text : {result.out, result.err}) {
        for (const QChar c : text) {
            const char16_t u = c.unicode();
            QVERIFY2(u == u'\n' || u == u'\t' || (u >= 0x20 && u != 0x7F && (u < 0x80 || u > 0x9F) && u != 0x202E),
                     qPrintable(QStringLiteral("raw U+%1 in: ").arg(unsigned(u), 4, 16, QLatin1Char('0')) + text));
        }
    }
    const Run json = run({QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"), QStringLiteral("json"), log});
    QCOMPARE(json.exitCode, 0);
    for (const QChar c : json.out)
        QVERIFY2(c.unicode() == u'\n'
                     || (c.unicode() >= 0x20 && c.unicode() != 0x7F && (c.unicode() < 0x80 || c.unicode() > 0x9F)),
                 qPrintable(json.out));
    const QJsonObject first =
        QJsonDocument::fromJson(json.out.toUtf8()).object().value(QLatin1String("matches")).toArray().at(0).toObject();
    QCOMPARE(first.value(QLatin1String("id")).toString(), QStringLiteral("ctl/title\x1b]0;pwned\x07"));
    QCOMPARE(first.value(QLatin1String("lines")).toArray().at(0).toObject().value(QLatin1String("text")).toString(),
             QStringLiteral("boom\x1b[2J\there\x7f") + QChar(0x9B) + QStringLiteral("31m"));
}

// A regex that defeats RE2's DFA, with a budget of 100 ms
// (ERRATA_REGEX_BUDGET_MS): it is stopped and named, in text and JSON, and
// as nothing else was found the exit code is 3, not 1.
void MatchCommandTest::slowRegexIsNamed()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    QVERIFY(writeFile(kb.filePath(QStringLiteral("slow/dfa.json")),
                      record(QStringLiteral("slow/dfa"), "[a-q][^u-z]{60}x", "boom")));
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QByteArray log;
    for (quint32 seed = 1; log.size() < 1500000; seed = seed * 1103515245 + 12345)
        log += (seed >> 16) % 101 == 0 ? '\n' : letters[(seed >> 16) % (sizeof(letters) - 1)];
    const QString logFile = m_dir.filePath(QStringLiteral("slow.log"));
    QVERIFY(writeFile(logFile, log));
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.environment = QStringList{QStringLiteral("ERRATA_REGEX_BUDGET_MS=100")};
    const Run text = runErrata({QStringLiteral("match"), QStringLiteral("--kb"), kb.path(), logFile}, options);
    QVERIFY2(text.exitCode == 3, qPrintable(QString::number(text.exitCode) + text.out + text.err));
    QVERIFY2(text.out.contains(QLatin1String("0 of 1 records matched")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QLatin1String("incomplete: the regex of slow/dfa was too slow")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QLatin1String("(the budget is 0.1 s per regex)")), qPrintable(text.out));
    const Run json = runErrata({QStringLiteral("match"), QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"),
                                QStringLiteral("json"), logFile},
                               options);
    QCOMPARE(json.exitCode, 3);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    const QJsonArray cut = root.value(QLatin1String("cut_short")).toArray();
    QCOMPARE(cut.size(), 1);
    QCOMPARE(cut.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("slow/dfa"));
    QCOMPARE(cut.at(0).toObject().value(QLatin1String("file")).toString(), QStringLiteral("slow/dfa.json"));
    QVERIFY(cut.at(0).toObject().value(QLatin1String("seconds")).toDouble() >= 0.1);
    QCOMPARE(root.value(QLatin1String("regex_budget_seconds")).toDouble(), 0.1);
}

// Four regexes that defeat RE2's DFA, 2 s each, would take 8 s; the whole
// match has 200 ms (ERRATA_RUN_BUDGET_MS): it ends soon after, each regex
// cut is named with the match's budget, and the exit code is 3.
void MatchCommandTest::runBudgetNamesWhatItCut()
{
    QTemporaryDir kb;
    QVERIFY(kb.isValid());
    for (int i = 0; i < 4; ++i)
        QVERIFY(writeFile(
            kb.filePath(QStringLiteral("slow/dfa-%1.json").arg(i)),
            record(QStringLiteral("slow/dfa-%1").arg(i), "[a-q][^u-z]{6" + QByteArray::number(i) + "}x", "boom")));
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QByteArray log;
    for (quint32 seed = 1; log.size() < 1000000; seed = seed * 1103515245 + 12345)
        log += (seed >> 16) % 101 == 0 ? '\n' : letters[(seed >> 16) % (sizeof(letters) - 1)];
    const QString logFile = m_dir.filePath(QStringLiteral("slow-run.log"));
    QVERIFY(writeFile(logFile, log));
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.environment = QStringList{QStringLiteral("ERRATA_REGEX_BUDGET_MS=2000"),
                                      QStringLiteral("ERRATA_RUN_BUDGET_MS=200")};
    QElapsedTimer timer;
    timer.start();
    const Run text = runErrata({QStringLiteral("match"), QStringLiteral("--kb"), kb.path(), logFile}, options);
    QVERIFY2(timer.elapsed() < 6000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(text.exitCode == 3, qPrintable(QString::number(text.exitCode) + text.out + text.err));
    QVERIFY2(text.out.contains(QLatin1String("the budget of the whole search (0.2 s) was spent")),
             qPrintable(text.out));
    QCOMPARE(text.out.count(QLatin1String("incomplete: the regex of slow/dfa-")), 4);
    const Run json = runErrata({QStringLiteral("match"), QStringLiteral("--kb"), kb.path(), QStringLiteral("--format"),
                                QStringLiteral("json"), logFile},
                               options);
    QCOMPARE(json.exitCode, 3);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QCOMPARE(root.value(QLatin1String("run_budget_seconds")).toDouble(), 0.2);
    const QJsonArray cut = root.value(QLatin1String("cut_short")).toArray();
    QCOMPARE(cut.size(), 4);
    int byRun = 0;
    for (const QJsonValue &regex : cut)
        byRun += regex.toObject().value(QLatin1String("run_budget")).toBool() ? 1 : 0;
    QVERIFY2(byRun >= 2, qPrintable(QString::number(byRun)));
}

void MatchCommandTest::errors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString kb = QStringLiteral("KB");
    const QString log = QStringLiteral("LOG");
    QTest::newRow("missing log") << QStringList{QStringLiteral("--kb"), kb, QStringLiteral("missing.log")}
                                 << QStringLiteral("cannot read the log");
    QTest::newRow("log is a folder") << QStringList{QStringLiteral("--kb"), kb, kb}
                                     << QStringLiteral("cannot read the log");
    QTest::newRow("missing KB") << QStringList{QStringLiteral("--kb"), QStringLiteral("nowhere"), log}
                                << QStringLiteral("not a readable folder");
    QTest::newRow("KB without records") << QStringList{QStringLiteral("--kb"), QStringLiteral("."), log}
                                        << QStringLiteral("no record");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--kb"), kb, QStringLiteral("--format"),
                                               QStringLiteral("xml"), log}
                                << QStringLiteral("--format must be text or json");
    QTest::newRow("two logs") << QStringList{QStringLiteral("--kb"), kb, log, log} << QStringLiteral("at most one log");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--kb"), kb, QStringLiteral("--fast"), log}
                                    << QStringLiteral("fast");
    QTest::newRow("--kb without folder") << QStringList{QStringLiteral("--kb")} << QStringLiteral("kb");
}

void MatchCommandTest::errors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    for (QString &argument : arguments) {
        if (argument == QLatin1String("KB"))
            argument = kbPath();
        else if (argument == QLatin1String("LOG"))
            argument = logPath();
    }
    QTemporaryDir empty; // the working folder: no record in it
    QVERIFY(empty.isValid());
    const Run result = run(arguments, {}, empty.path());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

// Logs are read up to a limit (ERRATA_MAX_LOG_BYTES lowers it for tests):
// a longer one, or an endless device, is refused with exit code 2 and a
// message, after reading at most the limit.
void MatchCommandTest::logOverTheLimit_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("inputFile");
    QTest::addColumn<QString>("message");
    const QString big = m_dir.filePath(QStringLiteral("big.log"));
    QTest::newRow("a file over the limit")
        << QStringList{big} << QString() << big + QStringLiteral(": the log is larger than 1.0 MiB");
    QTest::newRow("/dev/zero") << QStringList{QStringLiteral("/dev/zero")} << QString()
                               << QStringLiteral("/dev/zero: the log is larger than 1.0 MiB");
    QTest::newRow("/dev/zero on standard input") << QStringList{QStringLiteral("-")} << QStringLiteral("/dev/zero")
                                                 << QStringLiteral("-: the log is larger than 1.0 MiB");
}

void MatchCommandTest::logOverTheLimit()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, inputFile);
    QFETCH(QString, message);
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("big.log")), Log.repeated((1 << 20) / Log.size() + 1)));
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.inputFile = inputFile;
    options.environment = QStringList{QStringLiteral("ERRATA_MAX_LOG_BYTES=1048576")};
    options.timeoutMs = 30000;
    const Run result = runErrata(QStringList{QStringLiteral("match"), QStringLiteral("--kb"), kbPath()} + arguments,
                                 options);
    QVERIFY2(result.exitCode == 2, qPrintable(QString::number(result.exitCode) + QLatin1Char(' ') + result.err));
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String("nothing was matched")), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());

    // Just under the limit: matched.
    if (arguments.first() == m_dir.filePath(QStringLiteral("big.log"))) {
        QVERIFY(writeFile(arguments.first(), Log.repeated((1 << 20) / Log.size())));
        const Run fits = runErrata(QStringList{QStringLiteral("match"), QStringLiteral("--kb"), kbPath()} + arguments,
                                   options);
        QVERIFY2(fits.exitCode == 0, qPrintable(fits.err));
    }
}

// A line or a match longer than 300 characters is cut in both formats; in
// JSON, text_cut and match_cut say so.
void MatchCommandTest::longLinesAreCut()
{
    const QString path = m_dir.filePath(QStringLiteral("long.log"));
    const QByteArray device = "/dev/" + QByteArray(10000, 'x');
    QVERIFY(writeFile(path, "Error: disk full on " + device + " and more\nok\n"));
    const Run text = run({QStringLiteral("--kb"), kbPath(), path});
    QCOMPARE(text.exitCode, 0);
    const QString line = lines(text.out).value(1);
    QVERIFY2(line.startsWith(QLatin1String("  line 1: Error: disk full on /dev/xxx")), qPrintable(line));
    QCOMPARE(line.size(), QStringLiteral("  line 1: ").size() + 300 + 3);

    const Run json = run({QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"), path});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject first = QJsonDocument::fromJson(json.out.toUtf8())
                                  .object()
                                  .value(QLatin1String("matches"))
                                  .toArray()
                                  .at(0)
                                  .toObject()
                                  .value(QLatin1String("lines"))
                                  .toArray()
                                  .at(0)
                                  .toObject();
    QCOMPARE(first.value(QLatin1String("text")).toString().size(), 300);
    QCOMPARE(first.value(QLatin1String("text_cut")).toBool(), true);
    QCOMPARE(first.value(QLatin1String("match")).toString().size(), 300);
    QCOMPARE(first.value(QLatin1String("match_cut")).toBool(), true);
    QCOMPARE(first.value(QLatin1String("end_column")).toInt(),
             21 + device.size()); // columns still tell the whole match
    QVERIFY(json.out.size() < 5000);

    // Short lines are whole, and say so.
    const Run shortJson = run(
        {QStringLiteral("--kb"), kbPath(), QStringLiteral("--format"), QStringLiteral("json"), logPath()});
    const QJsonObject shortLine = QJsonDocument::fromJson(shortJson.out.toUtf8())
                                      .object()
                                      .value(QLatin1String("matches"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QLatin1String("lines"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
    QCOMPARE(shortLine.value(QLatin1String("text_cut")).toBool(), false);
    QCOMPARE(shortLine.value(QLatin1String("match_cut")).toBool(), false);
}

QTEST_GUILESS_MAIN(MatchCommandTest)
#include "MatchCommandTest.moc"
