// errata-lookup-bench: how well and how fast LookupEngine answers "what is this error?" for pasted text.
//
//   errata-lookup-bench [--kb DIR] [--corpus DIR] [--seed S] [--cases FILE] [--process N] [--failures]
//
// On the sample KB and the shared deadends.dev corpus (skipped when absent), or one KB (--kb), with the cases of
// bench/LookupCases.h plus those of --cases: P@1, P@3 and MRR per kind, the LookupIndex's build time, lookup()'s warm
// latency and the wall time of `errata lookup` (--process runs, default 30; 0 skips it), as Markdown tables; --failures
// adds every case whose expected id is not first. Exit code 0, 1 when something failed to run, 2 for bad arguments.
// docs/performance.md, "Lookup quality and speed", has the figures.

#include "bench/LookupCaseFile.h"
#include "bench/LookupCases.h"
#include "bench/LookupCorpus.h"
#include "bench/LookupProcessRuns.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupIndex.h"
#include "models/record/Record.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

using namespace Errata;

namespace {

constexpr int Limit = 10;
constexpr int SmallKb = 100; // up to this many records, every kind for every record

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

struct Arguments
{
    QString kb;
    QString corpus = LookupCorpus::defaultFolder();
    quint64 seed = LookupCases::DefaultSeed;
    QString cases = QStringLiteral(ERRATA_LOOKUP_CASES);
    bool casesGiven = false;
    int process = 30;
    bool failures = false;
};

bool parseArguments(const QStringList &arguments, Arguments *parsed)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Measure LookupEngine's answers and speed on pasted errors."));
    parser.addHelpOption();
    const QCommandLineOption kb(QStringLiteral("kb"), QStringLiteral("One KB folder instead of sample + corpus."),
                                QStringLiteral("DIR"));
    const QCommandLineOption corpus(QStringLiteral("corpus"), QStringLiteral("A folder of deadends.dev canons."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the generated cases (default 1)."),
                                  QStringLiteral("S"));
    const QCommandLineOption cases(QStringLiteral("cases"), QStringLiteral("Hand-written cases (JSON)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption process(QStringLiteral("process"),
                                     QStringLiteral("Timed runs of the errata program per KB (default 30; 0: none)."),
                                     QStringLiteral("N"));
    const QCommandLineOption failures(QStringLiteral("failures"),
                                      QStringLiteral("Print every case whose expected record is not first."));
    parser.addOptions({kb, corpus, seed, cases, process, failures});
    if (!parser.parse(arguments)) {
        QTextStream(stderr) << "errata-lookup-bench: " << parser.errorText() << '\n';
        return false;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    parsed->kb = parser.value(kb);
    if (parser.isSet(corpus))
        parsed->corpus = parser.value(corpus);
    if (parser.isSet(seed))
        parsed->seed = parser.value(seed).toULongLong();
    if (parser.isSet(cases)) {
        parsed->cases = parser.value(cases);
        parsed->casesGiven = true;
    }
    if (parser.isSet(process))
        parsed->process = qMax(0, parser.value(process).toInt());
    parsed->failures = parser.isSet(failures);
    return true;
}

// ---- what is measured ------------------------------------------------------

// One KB under test, with its cases and the folder the errata program reads.
struct Subject
{
    QString name;
    QString folder;
    std::unique_ptr<KnowledgeBase> kb = std::make_unique<KnowledgeBase>();
    std::unique_ptr<QTemporaryDir> written; // the corpus as files, for the process runs
    QList<LookupCase> cases;
    QString note; // what was left out
};

struct Answer
{
    int rank = 0; // 1-based; 0: not among the hits
    QList<LookupResult::Hit> top;
    double ms = 0;
};

struct Tally
{
    int cases = 0;
    int first = 0;
    int topThree = 0;
    double reciprocalRanks = 0;

    void add(int rank)
    {
        ++cases;
        first += rank == 1;
        topThree += rank >= 1 && rank <= 3;
        reciprocalRanks += rank > 0 ? 1.0 / rank : 0.0;
    }
};

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString share(int part, int whole)
{
    return whole ? number(double(part) / whole, 3) : QStringLiteral("—");
}

// The nearest-rank percentile of `values` (sorted here).
double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const int index = std::clamp(int(std::ceil(p * values.size())) - 1, 0, int(values.size()) - 1);
    return values.at(index);
}

QList<LookupCaseRecord> caseRecords(const KnowledgeBase &kb)
{
    QList<LookupCaseRecord> records;
    for (int i = 0; i < kb.count(); ++i)
        records << LookupCaseRecord::of(*kb.recordAt(i));
    return records;
}

// The generated cases of a KB and the hand-written ones that name its
// records.
void addCases(Subject *subject, const QList<LookupCase> &handWritten, quint64 seed)
{
    const LookupCases generator(caseRecords(*subject->kb), seed);
    subject->cases = generator.count() <= SmallKb ? generator.everyKind()
                                                  : generator.sample(LookupCases::DefaultCorpusCases);
    int leftOut = 0;
    for (const LookupCase &lookupCase : handWritten) {
        if (subject->kb->find(lookupCase.expectedId))
            subject->cases << lookupCase;
        else
            ++leftOut;
    }
    if (leftOut && leftOut < handWritten.size())
        subject->note = QStringLiteral("%1 hand-written cases name records not in this KB: left out").arg(leftOut);
}

// Writes every record of the corpus as <id>.json, for the errata program.
bool writeRecords(Subject *subject)
{
    subject->written = std::make_unique<QTemporaryDir>();
    if (!subject->written->isValid())
        return false;
    const QDir root(subject->written->path());
    for (int i = 0; i < subject->kb->count(); ++i) {
        const Record *record = subject->kb->recordAt(i);
        const QString path = root.filePath(record->id() + QStringLiteral(".json"));
        QFile file(path);
        if (!root.mkpath(QFileInfo(path).path()) || !file.open(QIODevice::WriteOnly))
            return false;
        file.write(QByteArray::fromStdString(record->json().dump(2)) + '\n');
    }
    subject->folder = root.path();
    return true;
}

// ---- the three measures ----------------------------------------------------

Answer ask(const LookupEngine &engine, const LookupCase &lookupCase)
{
    Answer answer;
    QElapsedTimer timer;
    timer.start();
    const LookupResult result = engine.lookup(lookupCase.text, Limit);
    answer.ms = timer.nsecsElapsed() / 1e6;
    for (int i = 0; i < result.hits.size(); ++i) {
        if (result.hits.at(i).id == lookupCase.expectedId && answer.rank == 0)
            answer.rank = i + 1;
    }
    answer.top = result.hits.mid(0, 3);
    return answer;
}

QList<Answer> askAll(const LookupEngine &engine, const QList<LookupCase> &cases)
{
    for (const LookupCase &lookupCase : cases)
        engine.lookup(lookupCase.text, Limit); // warm-up: regexes are compiled when first needed
    QList<Answer> answers;
    for (const LookupCase &lookupCase : cases)
        answers << ask(engine, lookupCase);
    return answers;
}

QStringList kindOrder()
{
    return LookupCases::kinds() + QStringList{QStringLiteral("hand-written")};
}

void printQuality(const QString &name, const QList<LookupCase> &cases, const QList<Answer> &answers, Tally *overall)
{
    std::map<QString, Tally> byKind;
    Tally all;
    for (int i = 0; i < cases.size(); ++i) {
        byKind[cases.at(i).kind].add(answers.at(i).rank);
        all.add(answers.at(i).rank);
        overall->add(answers.at(i).rank);
    }
    auto row = [&](const QString &kind, const Tally &tally) {
        out() << "| " << name << " | " << kind << " | " << tally.cases << " | " << share(tally.first, tally.cases)
              << " | " << share(tally.topThree, tally.cases) << " | "
              << (tally.cases ? number(tally.reciprocalRanks / tally.cases, 3) : QStringLiteral("—")) << " |\n";
    };
    for (const QString &kind : kindOrder()) {
        if (byKind.count(kind))
            row(kind, byKind.at(kind));
    }
    row(QStringLiteral("**all**"), all);
}

struct Speed
{
    int records = 0;
    double buildMs = 0;
    QList<double> lookupMs;
    LookupProcessRuns::Result process;
    int processAgree = 0;
};

// The texts of the process runs: spread over the cases, so that every kind
// is among them.
QStringList spreadTexts(const QList<LookupCase> &cases, int runs)
{
    QStringList texts;
    const int step = qMax(1, int(cases.size()) / qMax(1, runs));
    for (int i = 0; i < cases.size() && texts.size() < runs; i += step)
        texts << cases.at(i).text;
    return texts;
}

void measureProcess(const Subject &subject, const QList<Answer> &answers, int runs, Speed *speed)
{
    if (runs == 0 || subject.folder.isEmpty() || subject.cases.isEmpty())
        return;
    speed->process = LookupProcessRuns::run(QStringLiteral(ERRATA_BINARY), subject.folder,
                                            spreadTexts(subject.cases, runs), runs);
    QHash<QString, QString> firstInProcess;
    for (int i = 0; i < subject.cases.size(); ++i)
        firstInProcess.insert(subject.cases.at(i).text,
                              answers.at(i).top.isEmpty() ? QString() : answers.at(i).top.first().id);
    for (int i = 0; i < speed->process.texts.size(); ++i)
        speed->processAgree += speed->process.firstIds.at(i) == firstInProcess.value(speed->process.texts.at(i));
}

void printSpeed(const QString &name, const Speed &speed)
{
    const QList<double> &process = speed.process.ms;
    out() << "| " << name << " | " << speed.records << " | " << number(speed.buildMs, 0) << " ms | "
          << number(percentile(speed.lookupMs, 0.5), 2) << " ms | " << number(percentile(speed.lookupMs, 0.95), 2)
          << " ms | " << number(percentile(speed.lookupMs, 1.0), 2) << " ms | ";
    if (process.isEmpty())
        out() << "— | — | — |\n";
    else
        out() << number(percentile(process, 0.5), 0) << " ms | " << number(percentile(process, 0.95), 0) << " ms | "
              << speed.processAgree << "/" << process.size() << " |\n";
}

void printFailures(const QString &name, const QList<LookupCase> &cases, const QList<Answer> &answers)
{
    for (int i = 0; i < cases.size(); ++i) {
        const Answer &answer = answers.at(i);
        if (answer.rank == 1)
            continue;
        out() << "\n### " << name << " / " << cases.at(i).kind << ": " << cases.at(i).expectedId << " — "
              << (answer.rank ? QStringLiteral("rank %1").arg(answer.rank) : QStringLiteral("not found")) << "\n\n";
        for (int h = 0; h < answer.top.size(); ++h) {
            const LookupResult::Hit &hit = answer.top.at(h);
            out() << h + 1 << ". " << hit.id << " (" << number(hit.score, 3) << ", " << LookupResult::bandName(hit.band)
                  << ")\n";
        }
        if (answer.top.isEmpty())
            out() << "(no hits)\n";
        out() << "\n```text\n" << cases.at(i).text << "\n```\n";
    }
}

// ---- the KBs -----------------------------------------------------------------

std::unique_ptr<Subject> loadFolder(const QString &name, const QString &folder)
{
    auto subject = std::make_unique<Subject>();
    subject->name = name;
    subject->folder = folder;
    subject->kb->adopt(KnowledgeBaseLoader::load(folder));
    return subject;
}

std::unique_ptr<Subject> convertCorpus(const QString &folder, int processRuns)
{
    auto subject = std::make_unique<Subject>();
    subject->name = QStringLiteral("corpus");
    for (auto &record : LookupCorpus::convert(folder))
        subject->kb->add(std::move(record));
    if (processRuns > 0 && !writeRecords(subject.get()))
        subject->note = QStringLiteral("could not write the corpus as files: no process runs");
    return subject;
}

std::vector<std::unique_ptr<Subject>> subjects(const Arguments &arguments)
{
    std::vector<std::unique_ptr<Subject>> list;
    if (!arguments.kb.isEmpty()) {
        list.push_back(loadFolder(QFileInfo(QDir::cleanPath(arguments.kb)).fileName(), arguments.kb));
        return list;
    }
    list.push_back(loadFolder(QStringLiteral("sample"), QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    if (QFileInfo(arguments.corpus).isDir())
        list.push_back(convertCorpus(arguments.corpus, arguments.process));
    else
        out() << "errata-lookup-bench: the corpus is absent (" << arguments.corpus << "): the sample KB only\n";
    return list;
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2)
                                          : QStringLiteral("unknown");
}

// Measures one KB; false when something failed to run.
bool measure(Subject &subject, const Arguments &arguments, Tally *overall, Speed *speed, QList<Answer> *answers)
{
    LookupIndex index;
    QElapsedTimer timer;
    timer.start();
    if (!index.build(*subject.kb)) {
        out() << "errata-lookup-bench: " << subject.name << ": the index did not build\n";
        return false;
    }
    speed->buildMs = timer.nsecsElapsed() / 1e6;
    speed->records = subject.kb->count();
    const LookupEngine engine(index);
    *answers = askAll(engine, subject.cases);
    for (const Answer &answer : *answers)
        speed->lookupMs << answer.ms;
    printQuality(subject.name, subject.cases, *answers, overall);
    measureProcess(subject, *answers, arguments.process, speed);
    return speed->process.failures.isEmpty();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    Arguments arguments;
    if (!parseArguments(app.arguments(), &arguments))
        return 2;
    QString error;
    QList<LookupCase> handWritten;
    if (!arguments.cases.isEmpty() && (arguments.casesGiven || QFileInfo::exists(arguments.cases))) {
        handWritten = LookupCaseFile::read(arguments.cases, &error);
        if (!error.isEmpty()) {
            out() << "errata-lookup-bench: " << error << '\n';
            return 2;
        }
    }
    std::vector<std::unique_ptr<Subject>> kbs = subjects(arguments);
    // The hand-written cases are over the sample KB, or the KB given.
    for (auto &subject : kbs)
        addCases(subject.get(), subject->name == QLatin1String("corpus") ? QList<LookupCase>() : handWritten,
                 arguments.seed);

    out() << "seed " << arguments.seed << ", limit " << Limit << ", machine: " << QThread::idealThreadCount()
          << " threads, load average " << loadAverage() << "\n\n"
          << "| KB | kind | cases | P@1 | P@3 | MRR |\n|---|---|--:|--:|--:|--:|\n";
    Tally overall;
    bool ran = true;
    std::vector<Speed> speeds(kbs.size());
    std::vector<QList<Answer>> answers(kbs.size());
    for (size_t i = 0; i < kbs.size(); ++i)
        ran = measure(*kbs[i], arguments, &overall, &speeds[i], &answers[i]) && ran;
    if (kbs.size() > 1)
        out() << "| **all** | **all** | " << overall.cases << " | " << share(overall.first, overall.cases) << " | "
              << share(overall.topThree, overall.cases) << " | " << number(overall.reciprocalRanks / overall.cases, 3)
              << " |\n";

    out() << "\n| KB | records | index build | lookup p50 | p95 | max | `errata lookup` p50 | p95 "
             "| same first hit |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    for (size_t i = 0; i < kbs.size(); ++i)
        printSpeed(kbs[i]->name, speeds[i]);
    for (size_t i = 0; i < kbs.size(); ++i) {
        if (!kbs[i]->note.isEmpty())
            out() << "\n" << kbs[i]->name << ": " << kbs[i]->note << '\n';
        for (const QString &failure : speeds[i].process.failures)
            out() << "\n" << kbs[i]->name << ": errata lookup failed: " << failure << '\n';
    }
    if (arguments.failures) {
        out() << "\n## Cases whose expected record is not first\n";
        for (size_t i = 0; i < kbs.size(); ++i)
            printFailures(kbs[i]->name, kbs[i]->cases, answers[i]);
    }
    out().flush();
    return ran ? 0 : 1;
}
