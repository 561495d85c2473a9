// errata-bench: performance figures for Errata on synthetic KBs (docs/performance.md).
//   errata-bench generate N DIR [--seed S]
//   errata-bench load DIR [--cache FILE] [--no-checks] [--format text|json]
//   errata-bench read DIR [--threads N]
//   errata-bench search DIR [--format text|json]
//   errata-bench mcp DIR
//   errata-bench publish DIR [--work DIR] [--runs N]
//   errata-bench serve DIR [--seconds 20] [--connections 64] [--anchor DEADENDS-CHECKOUT]
//   errata-bench all [--sizes 2000,10000,50000] [--work DIR] [--seed S]
//
// `all` generates each size (or reuses it), runs `load` and `search` in a fresh child process each, so that the peak
// RSS is that of one size, and prints a Markdown table with the targets; `load` runs alone, then through a new cache
// (a first open) and through it again (a reopening).

#include "bench/Benchmark.h"
#include "bench/McpBenchmark.h"
#include "bench/PublishBenchmark.h"
#include "bench/ServeBenchmark.h"
#include "bench/SyntheticKnowledgeBase.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <functional>
#include <optional>

using namespace Errata;

namespace {

constexpr double LoadIndexTargetMs = 2000;
constexpr int LoadIndexTargetSize = 50000;
constexpr double RssTargetRatio = 3;
constexpr double SearchTargetMs = 10;
constexpr double LookupTargetMs = 100;     // p95 at 50,000 records
constexpr double LookupTargetMsSmall = 20; // p95 at 2,500 records and fewer
constexpr int LookupSmallSize = 2500;

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

int usageError(const QString &message, const QCommandLineParser &parser)
{
    err() << "errata-bench: " << message << "\n\n" << parser.helpText() << Qt::flush;
    return 2;
}

void describe(QCommandLineParser &parser, const QString &command, const QString &description)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addPositionalArgument(command, QStringLiteral("The command."));
}

QCommandLineOption seedOption()
{
    return QCommandLineOption(QStringLiteral("seed"), QStringLiteral("Seed of the synthetic KB (default 1)."),
                              QStringLiteral("S"), QStringLiteral("1"));
}

QCommandLineOption formatOption()
{
    return QCommandLineOption(QStringLiteral("format"), QStringLiteral("Output format: text or json."),
                              QStringLiteral("format"), QStringLiteral("text"));
}

std::optional<quint64> parseSeed(const QString &text)
{
    bool ok = false;
    const quint64 seed = text.toULongLong(&ok);
    return ok ? std::optional<quint64>(seed) : std::nullopt;
}

// Makes `folder` ready for a synthetic KB: created if missing; emptied if
// it holds an earlier synthetic KB; refused if it holds anything else.
bool prepareFolder(const QString &folder, QString *error)
{
    QDir dir(folder);
    const bool synthetic = QFileInfo::exists(dir.filePath(SyntheticKnowledgeBase::stampFileName()));
    if (dir.exists() && synthetic) {
        dir.removeRecursively();
    } else if (dir.exists() && !dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
        *error = folder + QStringLiteral(": not empty and not a synthetic KB; not writing there");
        return false;
    }
    if (!dir.mkpath(QStringLiteral("."))) {
        *error = folder + QStringLiteral(": cannot create the folder");
        return false;
    }
    return true;
}

bool generateInto(const SyntheticKnowledgeBase &kb, const QString &folder)
{
    QString error;
    QElapsedTimer timer;
    timer.start();
    if (!prepareFolder(folder, &error) || !kb.write(folder, &error)) {
        err() << "errata-bench: " << error << Qt::endl;
        return false;
    }
    err() << "generated " << kb.count() << " records in " << folder << " (" << timer.elapsed() << " ms)" << Qt::endl;
    return true;
}

int runGenerate(const QStringList &arguments)
{
    QCommandLineParser parser;
    describe(parser, QStringLiteral("generate"), QStringLiteral("Write a synthetic KB of N records to DIR."));
    parser.addPositionalArgument(QStringLiteral("N"), QStringLiteral("Number of records."));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("Folder to write (created if missing)."));
    const QCommandLineOption seed = seedOption();
    parser.addOption(seed);
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3)
        return usageError(QStringLiteral("generate needs N and DIR"), parser);
    bool ok = false;
    const int count = positional.at(1).toInt(&ok);
    if (!ok || count <= 0)
        return usageError(QStringLiteral("N must be a positive number"), parser);
    const std::optional<quint64> seedValue = parseSeed(parser.value(seed));
    if (!seedValue)
        return usageError(QStringLiteral("--seed must be a non-negative number"), parser);
    return generateInto(SyntheticKnowledgeBase(count, *seedValue), positional.at(2)) ? 0 : 1;
}

// Shared by load and search: DIR and --format; returns 0 when `parser` holds them.
int parseFolderCommand(QCommandLineParser &parser, const QStringList &arguments, const QString &command,
                       const QString &description, bool withFormat = true)
{
    describe(parser, command, description);
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The KB folder."));
    if (withFormat)
        parser.addOption(formatOption());
    parser.process(arguments);
    if (parser.positionalArguments().size() != 2)
        return usageError(command + QStringLiteral(" needs one folder"), parser);
    const QString format = withFormat ? parser.value(QStringLiteral("format")) : QStringLiteral("text");
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        return usageError(QStringLiteral("--format must be text or json"), parser);
    if (!QFileInfo(parser.positionalArguments().at(1)).isDir())
        return usageError(parser.positionalArguments().at(1) + QStringLiteral(": not a folder"), parser);
    return 0;
}

void print(const QCommandLineParser &parser, const QString &text, const QJsonObject &json)
{
    if (parser.value(QStringLiteral("format")) == QLatin1String("json"))
        out() << QJsonDocument(json).toJson(QJsonDocument::Compact) << '\n';
    else
        out() << text << '\n';
}

int runLoad(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral("Time load, validate and index of DIR; report its size on disk "
                                               "and the peak RSS of this process.");
    const QCommandLineOption cache(QStringLiteral("cache"),
                                   QStringLiteral("Open DIR as the window does, through the search index cache kept "
                                                  "in FILE (written when outdated)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption noChecks(QStringLiteral("no-checks"),
                                      QStringLiteral("Do not validate: load and index only, as the window "
                                                     "shows a KB opened for the first time."));
    parser.addOption(cache);
    parser.addOption(noChecks);
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("load"), description))
        return status;
    const Benchmark::LoadFigures figures = Benchmark::measureLoad(parser.positionalArguments().at(1),
                                                                  parser.value(cache), !parser.isSet(noChecks));
    print(parser, figures.toText(), figures.toJson());
    return 0;
}

// Plain reading of the files that `load` reads, to compare with.
int runRead(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral("List DIR as load does and read every record file whole, doing "
                                               "nothing with it.");
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("Read on N threads: 1, or 0 for all cores (default)."),
                                     QStringLiteral("N"), QStringLiteral("0"));
    parser.addOption(threads);
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("read"), description))
        return status;
    qint64 bytes = 0;
    const double ms = Benchmark::measureRead(parser.positionalArguments().at(1), parser.value(threads).toInt(), &bytes);
    const QString text = QStringLiteral("read %1 MB in %2 ms").arg(double(bytes) / 1e6, 0, 'f', 1).arg(ms, 0, 'f', 0);
    const QJsonObject json{{QStringLiteral("bytes"), double(bytes)}, {QStringLiteral("read_ms"), ms}};
    print(parser, text, json);
    return 0;
}

int runSearch(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral("Load and index DIR, then time every keystroke of a fixed list "
                                               "of queries.");
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("search"), description))
        return status;
    const Benchmark::SearchFigures figures = Benchmark::measureSearch(parser.positionalArguments().at(1));
    print(parser, figures.toText(), figures.toJson());
    return 0;
}

int runMcp(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral("Serve DIR with `errata mcp` and time its lookup_error, warm, as "
                                               "a client sees it (target: p95 <= 50 ms at 2,500 records).");
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("mcp"), description))
        return status;
    const QString folder = parser.positionalArguments().at(1);
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(folder));
    const McpBenchmark::Figures figures = McpBenchmark::measure(QStringLiteral(ERRATA_BINARY), folder,
                                                                Benchmark::lookupTexts(kb));
    out() << figures.toText() << '\n';
    return figures.failures.isEmpty() ? 0 : 1;
}

int runPublish(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral("Time `errata publish` on DIR as a whole process: a full run, a "
                                               "run with nothing changed, and one after a record was edited.");
    const QCommandLineOption work(QStringLiteral("work"), QStringLiteral("Where the site and the cache go."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption runs(QStringLiteral("runs"), QStringLiteral("Runs of each kind (default: 5)."),
                                  QStringLiteral("N"), QStringLiteral("5"));
    parser.addOptions({work, runs});
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("publish"), description))
        return status;
    QTemporaryDir temporary;
    const QString folder = parser.isSet(work) ? parser.value(work) : temporary.path();
    QDir().mkpath(folder);
    const PublishBenchmark::Figures figures = PublishBenchmark::measure(
        QStringLiteral(ERRATA_BINARY), QDir(parser.positionalArguments().at(1)).absolutePath(),
        QDir(folder).absolutePath(), std::max(1, parser.value(runs).toInt()));
    out() << figures.toText() << '\n';
    return figures.failures.isEmpty() ? 0 : 1;
}

std::optional<int> boundedNumber(const QString &text, int low, int high)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok && value >= low && value <= high ? std::optional<int>(value) : std::nullopt;
}

int runServe(const QStringList &arguments)
{
    QCommandLineParser parser;
    const QString description = QStringLiteral(
        "Load `errata serve` on a copy of DIR with wrk on 127.0.0.1 (lookup_error on /mcp, then /api/v1/lookup, the "
        "KB changed 10 times during each run), beside the in-process lookup limit and deadends.dev's api/mcp.py "
        "under Python's ThreadingHTTPServer.");
    const QCommandLineOption seconds(QStringLiteral("seconds"),
                                     QStringLiteral("Length of each load run, 1-120 s "
                                                    "(default 20)."),
                                     QStringLiteral("S"), QStringLiteral("20"));
    const QCommandLineOption connections(QStringLiteral("connections"),
                                         QStringLiteral("Connections of wrk, 1-1024 (default 64)."),
                                         QStringLiteral("N"), QStringLiteral("64"));
    const QCommandLineOption anchor(QStringLiteral("anchor"),
                                    QStringLiteral("A deadends.dev checkout with api/mcp.py and data/canons "
                                                   "(only read); without it the anchor is skipped."),
                                    QStringLiteral("DIR"));
    parser.addOptions({seconds, connections, anchor});
    if (const int status = parseFolderCommand(parser, arguments, QStringLiteral("serve"), description, false))
        return status;
    const std::optional<int> secondsValue = boundedNumber(parser.value(seconds), 1, 120);
    const std::optional<int> connectionsValue = boundedNumber(parser.value(connections), 1, 1024);
    if (!secondsValue || !connectionsValue)
        return usageError(QStringLiteral("--seconds must be 1-120 and --connections 1-1024"), parser);
    ServeBenchmark::Options options;
    options.binary = QStringLiteral(ERRATA_BINARY);
    options.kb = QDir(parser.positionalArguments().at(1)).absolutePath();
    options.anchor = parser.value(anchor);
    options.casesFile = QStringLiteral(ERRATA_LOOKUP_CASES);
    options.seconds = *secondsValue;
    options.connections = *connectionsValue;
    const ServeBenchmark::Figures figures = ServeBenchmark::measure(options);
    out() << figures.toText() << Qt::flush;
    return figures.targetsMet() ? 0 : 1;
}

// ---- all ----------------------------------------------------------------

struct Row
{
    int size = 0;
    Benchmark::LoadFigures load;
    Benchmark::LoadFigures firstOpen; // through a new index cache
    Benchmark::LoadFigures reopen;    // through the cache firstOpen wrote
    Benchmark::SearchFigures search;
};

// Runs this program with `arguments` and reads the JSON it prints.
std::optional<QJsonObject> runChild(const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(QCoreApplication::applicationFilePath(), arguments);
    const bool finished = process.waitForFinished(-1);
    if (!finished || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        err() << "errata-bench: " << arguments.join(QLatin1Char(' ')) << " failed (exit code " << process.exitCode()
              << "): " << process.errorString() << Qt::endl;
        return std::nullopt;
    }
    const QJsonDocument document = QJsonDocument::fromJson(process.readAllStandardOutput());
    if (!document.isObject()) {
        err() << "errata-bench: " << arguments.join(QLatin1Char(' ')) << " printed no JSON object" << Qt::endl;
        return std::nullopt;
    }
    return document.object();
}

std::optional<Row> measureSize(int size, quint64 seed, const QString &work)
{
    const QString folder = QDir(work).filePath(QStringLiteral("kb-%1").arg(size));
    const SyntheticKnowledgeBase kb(size, seed);
    if (kb.isWrittenIn(folder))
        err() << "reusing " << folder << Qt::endl;
    else if (!generateInto(kb, folder))
        return std::nullopt;
    const QStringList json{folder, QStringLiteral("--format"), QStringLiteral("json")};
    const QString cacheFile = folder + QStringLiteral(".idx");
    const QStringList cached = QStringList{QStringLiteral("load"), QStringLiteral("--cache"), cacheFile} + json;
    QFile::remove(cacheFile);
    err() << "measuring " << size << " records" << Qt::endl;
    const std::optional<QJsonObject> load = runChild(QStringList{QStringLiteral("load")} + json);
    const std::optional<QJsonObject> firstOpen = load ? runChild(cached) : std::nullopt;
    const std::optional<QJsonObject> reopen = firstOpen ? runChild(cached) : std::nullopt;
    const std::optional<QJsonObject> search = reopen ? runChild(QStringList{QStringLiteral("search")} + json)
                                                     : std::nullopt;
    if (!search)
        return std::nullopt;
    return Row{size, Benchmark::LoadFigures::fromJson(*load), Benchmark::LoadFigures::fromJson(*firstOpen),
               Benchmark::LoadFigures::fromJson(*reopen), Benchmark::SearchFigures::fromJson(*search)};
}

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

void printTable(const QList<Row> &rows)
{
    out() << "| records | raw MB | load ms | validate ms | index ms | load+index ms | total ms | peak RSS MB "
             "| RSS/raw | search p50 ms | search p95 ms | search max ms | tree p50 ms | tree p95 ms | tree max ms "
             "| keystrokes | lookup p50 ms | lookup p95 ms | lookup max ms |\n"
             "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    for (const Row &row : rows) {
        const Benchmark::LoadFigures &l = row.load;
        const Benchmark::SearchFigures &s = row.search;
        const QStringList cells{QString::number(row.size), number(double(l.rawBytes) / 1e6, 1),
                                number(l.loadMs, 0),       number(l.validateMs, 0),
                                number(l.indexMs, 0),      number(l.loadAndIndexMs(), 0),
                                number(l.totalMs(), 0),    number(double(l.peakRssBytes) / 1e6, 1),
                                number(l.rssRatio(), 2),   number(s.p50Ms, 2),
                                number(s.p95Ms, 2),        number(s.maxMs, 2),
                                number(s.treeP50Ms, 2),    number(s.treeP95Ms, 2),
                                number(s.treeMaxMs, 2),    QString::number(s.keystrokes),
                                number(s.lookupP50Ms, 2),  number(s.lookupP95Ms, 2),
                                number(s.lookupMaxMs, 2)};
        out() << "| " << cells.join(QStringLiteral(" | ")) << " |\n";
    }
}

// The window's way of opening a KB: through the search index cache.
void printCacheTable(const QList<Row> &rows)
{
    out() << "\nThrough the search index cache (first open writes it, reopen reads it; the cache also "
             "holds each record's own findings, so validation is part of it):\n\n"
             "| records | first open load+index ms | first open total ms | cache write ms | reopen load ms "
             "| reopen validate ms | reopen index ms | reopen load+index ms | reopen total ms | records from cache "
             "| reopen peak RSS MB | reopen RSS/raw |\n"
             "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    for (const Row &row : rows) {
        const Benchmark::LoadFigures &f = row.firstOpen;
        const Benchmark::LoadFigures &r = row.reopen;
        const QStringList cells{QString::number(row.size),
                                number(f.loadAndIndexMs(), 0),
                                number(f.totalMs(), 0),
                                number(f.cacheWriteMs, 0),
                                number(r.loadMs, 0),
                                number(r.validateMs, 0),
                                number(r.indexMs, 0),
                                number(r.loadAndIndexMs(), 0),
                                number(r.totalMs(), 0),
                                QString::number(r.restored),
                                number(double(r.peakRssBytes) / 1e6, 1),
                                number(r.rssRatio(), 2)};
        out() << "| " << cells.join(QStringLiteral(" | ")) << " |\n";
    }
}

// "50000: 1234 ms (met)" for every row that `applies` to.
QString verdicts(const QList<Row> &rows, const std::function<bool(const Row &)> &applies,
                 const std::function<double(const Row &)> &value, double target, const QString &unit, int decimals)
{
    QStringList parts;
    for (const Row &row : rows) {
        if (!applies(row))
            continue;
        const double measured = value(row);
        parts << QStringLiteral("%1: %2%3 (%4)")
                     .arg(row.size)
                     .arg(number(measured, decimals), unit,
                          measured <= target ? QStringLiteral("met") : QStringLiteral("NOT met"));
    }
    return parts.isEmpty() ? QStringLiteral("not measured") : parts.join(QStringLiteral(", "));
}

// What the table does not show: where the RSS goes, the slowest keystroke.
void printNotes(const Row &row)
{
    const Benchmark::LoadFigures &l = row.load;
    const auto mb = [](qint64 bytes) { return number(double(bytes) / 1e6, 1); };
    out() << "  " << row.size << " records: peak RSS " << mb(l.startRssBytes) << " MB at start, " << mb(l.loadRssBytes)
          << " after load, " << mb(l.validateRssBytes) << " after validate, " << mb(l.peakRssBytes)
          << " after index; slowest keystroke \"" << row.search.slowest << "\" (" << number(row.search.maxMs, 2)
          << " ms); validation: " << l.errors << " errors, " << l.warnings << " warnings, " << l.infos << " infos\n";
}

void printTargets(const QList<Row> &rows)
{
    const auto all = [](const Row &) { return true; };
    const auto at50k = [](const Row &row) { return row.size == LoadIndexTargetSize; };
    out() << "\nTargets (MB = 10^6 bytes; load+index excludes validation):\n"
          << "- load + index <= " << LoadIndexTargetMs / 1000 << " s at " << LoadIndexTargetSize << " records: "
          << verdicts(
                 rows, at50k, [](const Row &r) { return r.load.loadAndIndexMs(); }, LoadIndexTargetMs,
                 QStringLiteral(" ms"), 0)
          << "\n  reopened through the index cache: "
          << verdicts(
                 rows, at50k, [](const Row &r) { return r.reopen.loadAndIndexMs(); }, LoadIndexTargetMs,
                 QStringLiteral(" ms"), 0)
          << "\n- peak RSS <= " << RssTargetRatio << "x raw JSON: "
          << verdicts(
                 rows, all, [](const Row &r) { return r.load.rssRatio(); }, RssTargetRatio, QStringLiteral("x"), 2)
          << "\n  reopened through the index cache: "
          << verdicts(
                 rows, all, [](const Row &r) { return r.reopen.rssRatio(); }, RssTargetRatio, QStringLiteral("x"), 2)
          << "\n- search keystroke p95 <= " << SearchTargetMs << " ms: "
          << verdicts(
                 rows, all, [](const Row &r) { return r.search.p95Ms; }, SearchTargetMs, QStringLiteral(" ms"), 2)
          << "\n  the same keystrokes with the tree's filter model (search, rank, map every row): "
          << verdicts(
                 rows, all, [](const Row &r) { return r.search.treeP95Ms; }, SearchTargetMs, QStringLiteral(" ms"), 2)
          << "\n- lookup p95 <= " << LookupTargetMsSmall << " ms at " << LookupSmallSize << " records and fewer: "
          << verdicts(
                 rows, [](const Row &r) { return r.size <= LookupSmallSize; },
                 [](const Row &r) { return r.search.lookupP95Ms; }, LookupTargetMsSmall, QStringLiteral(" ms"), 2)
          << "\n- lookup p95 <= " << LookupTargetMs << " ms at " << LoadIndexTargetSize << " records: "
          << verdicts(
                 rows, at50k, [](const Row &r) { return r.search.lookupP95Ms; }, LookupTargetMs, QStringLiteral(" ms"),
                 2)
          << '\n';
    for (const Row &row : rows)
        printNotes(row);
}

std::optional<QList<int>> parseSizes(const QString &text)
{
    QList<int> sizes;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int size = part.trimmed().toInt(&ok);
        if (!ok || size <= 0)
            return std::nullopt;
        sizes << size;
    }
    return sizes.isEmpty() ? std::nullopt : std::optional<QList<int>>(sizes);
}

int measureAll(const QList<int> &sizes, quint64 seed, const QString &work)
{
    QList<Row> rows;
    for (const int size : sizes) {
        const std::optional<Row> row = measureSize(size, seed, work);
        if (!row)
            return 1;
        rows << *row;
    }
    out() << "errata-bench all (" << QThread::idealThreadCount() << " threads, work folder " << work << ")\n\n";
    printTable(rows);
    printCacheTable(rows);
    printTargets(rows);
    return 0;
}

int runAll(const QStringList &arguments)
{
    QCommandLineParser parser;
    describe(parser, QStringLiteral("all"),
             QStringLiteral("For each size: generate a synthetic KB (or reuse it), run load and search in a fresh "
                            "process each, and print a Markdown table."));
    const QCommandLineOption sizes(QStringLiteral("sizes"), QStringLiteral("Comma-separated record counts."),
                                   QStringLiteral("N,N,..."), QStringLiteral("2000,10000,50000"));
    const QCommandLineOption work(QStringLiteral("work"),
                                  QStringLiteral("Folder for the KBs, kept for reuse (default: a temporary folder)."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption seed = seedOption();
    parser.addOptions({sizes, work, seed});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("all takes no folder; use --work"), parser);
    const std::optional<QList<int>> sizeList = parseSizes(parser.value(sizes));
    const std::optional<quint64> seedValue = parseSeed(parser.value(seed));
    if (!sizeList || !seedValue)
        return usageError(QStringLiteral("--sizes needs positive numbers and --seed a non-negative one"), parser);
    QTemporaryDir temporary;
    const QString folder = parser.isSet(work) ? parser.value(work) : temporary.path();
    if (!QDir().mkpath(folder))
        return usageError(folder + QStringLiteral(": cannot create the folder"), parser);
    return measureAll(*sizeList, *seedValue, QDir(folder).absolutePath());
}

struct Command
{
    const char *name;
    int (*run)(const QStringList &arguments);
};

const Command Commands[] = {
    {"generate", &runGenerate}, {"load", &runLoad},       {"read", &runRead},   {"search", &runSearch},
    {"mcp", &runMcp},           {"publish", &runPublish}, {"serve", &runServe}, {"all", &runAll},
};

int runHelp(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Performance figures for Errata on synthetic KBs.\n\n"
                       "  errata-bench generate N DIR [--seed S]\n"
                       "  errata-bench load DIR [--cache FILE] [--no-checks] [--format text|json]\n"
                       "  errata-bench read DIR [--threads N] [--format text|json]\n"
                       "  errata-bench search DIR [--format text|json]\n"
                       "  errata-bench mcp DIR\n"
                       "  errata-bench publish DIR [--work DIR] [--runs N]\n"
                       "  errata-bench serve DIR [--seconds 20] [--connections 64] [--anchor DIR]\n"
                       "  errata-bench all [--sizes 2000,10000,50000] [--work DIR] [--seed S]\n\n"
                       "errata-bench COMMAND --help describes a command."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("generate, load, read, search, mcp, publish, serve or all."));
    parser.process(arguments);
    if (parser.positionalArguments().isEmpty())
        parser.showHelp(2);
    return usageError(QStringLiteral("unknown command \"%1\"").arg(parser.positionalArguments().first()), parser);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("errata-bench"));
    const QStringList arguments = app.arguments();
    for (const Command &command : Commands) {
        if (arguments.size() > 1 && arguments.at(1) == QLatin1String(command.name))
            return command.run(arguments);
    }
    return runHelp(arguments);
}
