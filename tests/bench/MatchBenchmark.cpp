// errata-match-bench: how fast LogMatcher finds the records of a KB in a log.
//
//   errata-match-bench [--kb DIR | --corpus DIR] [--sizes 1,10,100] [--seed S] [--reference-up-to MB] [--log FILE]
//
// The KB is an Errata KB folder (--kb) or deadends.dev canons converted in memory (--corpus, by default the shared
// corpus; without either it says so and exits 0). For each size it generates a log of noise with now and then the
// signature of one of 40 records, matches it with LogMatcher::match and, up to --reference-up-to, with matchEachRegex
// (the reference), and prints a Markdown table; exit code 1 when the two disagree. --log FILE measures that file.

#include "models/convert/DeadendsConverter.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/matching/LogMatcher.h"
#include "models/record/Record.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>
#include <QThread>

#include <ctime>

#include <map>
#include <memory>
#include <random>
#include <vector>

using namespace Errata;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

// The records of a folder of canons, converted in memory.
std::vector<std::unique_ptr<Record>> convertCanons(const QString &folder)
{
    std::vector<std::unique_ptr<Record>> records;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        try {
            auto record = std::make_unique<Record>();
            record->setJson(DeadendsConverter::toRecord(OrderedJson::parse(file.readAll().toStdString())));
            records.push_back(std::move(record));
        } catch (const std::exception &) {
            // not a canon: left out
        }
    }
    return records;
}

const char *const NoiseTemplates[] = {
    "INFO  [worker-%1] GET /api/v1/items/%2 200 %3ms",
    "DEBUG [db] query took %3 ms rows=%2",
    "INFO  [scheduler] job nightly-%1 finished in %3.%1s",
    "WARN  [http] slow response from upstream host-%1 (%3 ms), retrying",
    "INFO  [auth] user u%2 logged in from 10.0.%1.%3",
    "DEBUG [cache] hit ratio 0.%3 size=%2 evictions=%1",
    "    at com.example.service.Handler.process(Handler.java:%3)",
    "INFO  [训练] 第 %1 轮完成，损失 0.%2，耗时 %3 秒",
    "INFO  [net] connection %2 closed by peer after %3 requests",
    "ERROR [worker-%1] request %2 failed: upstream returned 503, will retry in %3 ms",
};

// `megabytes` of log lines: noise, and every ~500th line the signature of
// one of `signatures` (chosen at random).
QByteArray generateLog(int megabytes, const QStringList &signatures, std::mt19937_64 &random)
{
    QByteArray log;
    const qint64 size = qint64(megabytes) << 20;
    log.reserve(size + 4096);
    std::uniform_int_distribution<int> number(0, 99999);
    std::uniform_int_distribution<int> noise(0, int(std::size(NoiseTemplates)) - 1);
    std::uniform_int_distribution<int> pick(0, int(signatures.size()) - 1);
    std::uniform_int_distribution<int> oneIn(0, 499);
    for (qint64 line = 0; log.size() < size; ++line) {
        log += QStringLiteral("2024-05-01 12:%1:%2.%3 ")
                   .arg(line / 60000 % 60, 2, 10, QLatin1Char('0'))
                   .arg(line / 1000 % 60, 2, 10, QLatin1Char('0'))
                   .arg(line % 1000, 3, 10, QLatin1Char('0'))
                   .toUtf8();
        if (!signatures.isEmpty() && oneIn(random) == 0)
            log += "ERROR [app] " + signatures.at(pick(random)).toUtf8();
        else
            log += QByteArray(NoiseTemplates[noise(random)])
                       .replace("%1", QByteArray::number(number(random) % 16))
                       .replace("%2", QByteArray::number(number(random)))
                       .replace("%3", QByteArray::number(number(random) % 997));
        log += '\n';
    }
    return log;
}

// Record id -> match count.
std::map<QString, qint64> counts(const LogMatchResult &result)
{
    std::map<QString, qint64> found;
    for (const LogMatchResult::Match &match : result.matches)
        found[match.recordId] = match.matchCount;
    return found;
}

QStringList someSignatures(const QList<const Record *> &records, std::mt19937_64 &random)
{
    QStringList signatures;
    std::uniform_int_distribution<int> pick(0, int(records.size()) - 1);
    for (int i = 0; i < 40 && !records.isEmpty(); ++i)
        signatures << records.at(pick(random))->signature();
    return signatures;
}

struct Arguments
{
    QString kb;
    QString corpus = QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
    QList<int> sizes{1, 10, 100};
    quint64 seed = 1;
    int referenceUpTo = 100;
    QString log; // a log file to match instead of generated ones
};

bool parseArguments(const QStringList &arguments, Arguments *parsed)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Measure LogMatcher on generated logs."));
    parser.addHelpOption();
    const QCommandLineOption kb(QStringLiteral("kb"), QStringLiteral("An Errata KB folder."), QStringLiteral("DIR"));
    const QCommandLineOption corpus(QStringLiteral("corpus"), QStringLiteral("A folder of deadends.dev canons."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption sizes(QStringLiteral("sizes"), QStringLiteral("Log sizes in MB (default 1,10,100)."),
                                   QStringLiteral("LIST"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed (default 1)."), QStringLiteral("S"));
    const QCommandLineOption reference(QStringLiteral("reference-up-to"),
                                       QStringLiteral("Largest size in MB also searched one regex at a time "
                                                      "(default 100)."),
                                       QStringLiteral("MB"));
    const QCommandLineOption log(QStringLiteral("log"), QStringLiteral("Match this log file instead."),
                                 QStringLiteral("FILE"));
    parser.addOptions({kb, corpus, sizes, seed, reference, log});
    if (!parser.parse(arguments)) {
        QTextStream(stderr) << "errata-match-bench: " << parser.errorText() << '\n';
        return false;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    parsed->kb = parser.value(kb);
    if (parser.isSet(corpus))
        parsed->corpus = parser.value(corpus);
    if (parser.isSet(sizes)) {
        parsed->sizes.clear();
        for (const QString &size : parser.value(sizes).split(QLatin1Char(',')))
            parsed->sizes << qMax(1, size.toInt());
    }
    parsed->seed = parser.value(seed).isEmpty() ? 1 : parser.value(seed).toULongLong();
    parsed->log = parser.value(log);
    if (parser.isSet(reference))
        parsed->referenceUpTo = parser.value(reference).toInt();
    return true;
}

QString number(double value, int decimals = 0)
{
    return QString::number(value, 'f', decimals);
}

// One row of the table; false when the fast path and the reference disagree.
bool measureOne(const LogMatcher &matcher, const QString &label, const QByteArray &log, bool withReference)
{
    const std::clock_t cpuStart = std::clock();
    const LogMatchResult fast = matcher.match(log);
    const double cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    out() << "| " << label << " | " << fast.logLines << " | " << fast.matches.size() << " | "
          << number(fast.timings.totalMs) << " ms | " << number(fast.megabytesPerSecond()) << " | "
          << number(fast.timings.scanMs) << " + " << number(fast.timings.wholeTextMs) << " ms | "
          << number(cpuSeconds, 2) << " s | ";
    bool same = true;
    if (withReference) {
        const LogMatchResult reference = matcher.matchEachRegex(log);
        same = counts(fast) == counts(reference);
        out() << number(reference.timings.totalMs) << " ms | " << number(reference.megabytesPerSecond(), 1) << " | "
              << (same ? "yes" : "**NO**") << " |\n";
    } else {
        out() << "- | - | not checked |\n";
    }
    if (fast.usedFallback)
        out() << "\nFell back: " << fast.note << "\n\n";
    out().flush();
    return same;
}

bool measure(const LogMatcher &matcher, const QList<const Record *> &records, const Arguments &arguments)
{
    out() << "\n| log | lines | records found | fast path | MB/s | 1st + 2nd pass | CPU | one regex at a time "
             "| MB/s | same records and counts |\n"
          << "|---|---|---|---|---|---|---|---|---|---|\n";
    if (!arguments.log.isEmpty()) {
        QFile file(arguments.log);
        if (!file.open(QIODevice::ReadOnly)) {
            out() << "errata-match-bench: cannot read " << arguments.log << '\n';
            return false;
        }
        const QByteArray log = file.readAll();
        return measureOne(matcher, QFileInfo(arguments.log).fileName(), log, arguments.referenceUpTo > 0);
    }
    std::mt19937_64 random(arguments.seed);
    const QStringList signatures = someSignatures(records, random);
    bool same = true;
    for (int size : arguments.sizes) {
        const QByteArray log = generateLog(size, signatures, random);
        same = measureOne(matcher, QStringLiteral("%1 MB").arg(size), log, size <= arguments.referenceUpTo) && same;
    }
    return same;
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2)
                                          : QStringLiteral("unknown");
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    Arguments arguments;
    if (!parseArguments(app.arguments(), &arguments))
        return 2;
    KnowledgeBase kb;
    std::vector<std::unique_ptr<Record>> converted;
    QList<const Record *> records;
    if (!arguments.kb.isEmpty()) {
        kb.adopt(KnowledgeBaseLoader::load(arguments.kb));
        for (int i = 0; i < kb.count(); ++i)
            records << kb.recordAt(i);
    } else if (QFileInfo(arguments.corpus).isDir()) {
        converted = convertCanons(arguments.corpus);
        for (const auto &record : converted)
            records << record.get();
    } else {
        out() << "errata-match-bench: no KB: " << arguments.corpus << " is absent and --kb was not given\n";
        return 0;
    }
    LogMatcher matcher;
    matcher.build(records, LogMatcher::Options());
    out() << "KB: " << records.size() << " records, " << matcher.regexCount() << " regexes tried, "
          << records.size() - matcher.regexCount() << " skipped, " << matcher.atomCount() << " atoms\n"
          << "build: " << QString::number(matcher.buildMs(), 'f', 0) << " ms"
          << (matcher.fastPathComplete() ? QString() : QStringLiteral(" (") + matcher.buildNote() + QLatin1Char(')'))
          << '\n'
          << "machine: " << QThread::idealThreadCount() << " threads, load average " << loadAverage() << '\n';
    return measure(matcher, records, arguments) ? 0 : 1;
}
