#include "bench/ServeBenchmark.h"

#include "bench/LookupCaseFile.h"
#include "bench/LookupCases.h"
#include "bench/LoopbackServer.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/record/Record.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSaveFile>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <sys/resource.h>

namespace Errata {

namespace {

constexpr int StartTimeoutMs = 120000; // a KB of 50,000 records read without a cache
constexpr int ReloadWaitMs = 60000;    // for the last change to be served after wrk is done
const char Wrk[] = "/usr/bin/wrk";
constexpr int SampleMs = 100; // of the server's threads during a run

// The launcher of the anchor: deadends.dev's HTTP handler class as its checkout has it, under Python's threading
// HTTP server on 127.0.0.1 and a free port. No bytecode is written into the checkout.
const char AnchorLauncher[] = R"py(
import importlib.util
import pathlib
import sys
from http.server import ThreadingHTTPServer

checkout = pathlib.Path(sys.argv[1]).resolve()
sys.path.insert(0, str(checkout))
spec = importlib.util.spec_from_file_location("deadends_api_mcp", checkout / "api" / "mcp.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module._REPO.data_dir = checkout / "data" / "canons"
server = ThreadingHTTPServer(("127.0.0.1", 0), module.handler)
server.daemon_threads = True
print("listening on http://127.0.0.1:%d" % server.server_address[1], file=sys.stderr, flush=True)
server.serve_forever()
)py";

QByteArray mcpBody(const QString &text)
{
    return R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_error","arguments":)"
           R"({"error_message":")"
        + WrkRun::jsonStringContent(text) + "\"}}}";
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

// The 1-minute load average (other work on the machine), or "?".
QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll().split(' ').value(0))
                                          : QStringLiteral("?");
}

// Where the server's KB copy goes: /dev/shm when there is one, so that the disk plays no part.
QString temporaryRoot()
{
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    return shm.isDir() && shm.isWritable() ? shm.absoluteFilePath() : QDir::tempPath();
}

// Copies the KB's files (not its .git) below `to`.
bool copyKb(const QString &from, const QString &to, QString *error)
{
    const QDir source(from);
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = source.relativeFilePath(path);
        if (relative.startsWith(QLatin1String(".git/")))
            continue;
        const QString target = QDir(to).filePath(relative);
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(path, target)) {
            *error = QStringLiteral("cannot copy %1 to %2").arg(path, target);
            return false;
        }
    }
    return true;
}

// The record file that the load runs change: the first in path order that has a root cause. Change n (1, 2, ...)
// adds "Reload n." to its root cause; restore() puts the file back byte for byte, as does the destructor.
class RecordChanger
{
public:
    explicit RecordChanger(const QString &kb)
    {
        QStringList files;
        QDirIterator it(kb, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        std::sort(files.begin(), files.end());
        for (const QString &path : files) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly) && (m_original = file.readAll()).contains(Key)) {
                m_path = path;
                m_id = QJsonDocument::fromJson(m_original).object().value(QLatin1String("id")).toString();
                return;
            }
        }
    }
    ~RecordChanger() { restore(); }
    bool isValid() const { return !m_path.isEmpty() && !m_id.isEmpty(); }
    QString path() const { return m_path; }
    // Where the server gives the record as stored.
    QByteArray apiPath() const { return "/api/v1/records/" + m_id.toUtf8() + ".json"; }
    static QByteArray mark(int n) { return "Reload " + QByteArray::number(n) + '.'; }
    bool change(int n)
    {
        QByteArray bytes = m_original;
        bytes.replace(bytes.indexOf(Key), Key.size(), Key + mark(n) + ' ');
        return writeFile(m_path, bytes);
    }
    bool restore() { return m_path.isEmpty() || writeFile(m_path, m_original); }

private:
    static inline const QByteArray Key = "\"root_cause\": \"";
    QString m_path;
    QString m_id;
    QByteArray m_original;
};

// The first number called `key` anywhere in `value` (the /readyz answer's layout is the server's).
std::optional<double> findNumber(const QJsonValue &value, const QString &key)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.value(key).isDouble())
            return object.value(key).toDouble();
        for (const QJsonValue &child : object) {
            if (const std::optional<double> found = findNumber(child, key))
                return found;
        }
    } else if (value.isArray()) {
        for (const QJsonValue &child : value.toArray()) {
            if (const std::optional<double> found = findNumber(child, key))
                return found;
        }
    }
    return std::nullopt;
}

int readyzNumber(const LoopbackServer &server, const QString &key)
{
    const LoopbackServer::Answer answer = server.request("GET", "/readyz");
    const std::optional<double> number = findNumber(QJsonDocument::fromJson(answer.body).object(), key);
    return number ? int(*number) : -1;
}

// Waits until the server gives the changed record with (or, `mark` empty, without) "Reload " in it, at most
// ReloadWaitMs; the milliseconds it took, or -1.
qint64 waitForServed(const LoopbackServer &server, const RecordChanger &changer, const QByteArray &mark)
{
    QElapsedTimer wait;
    wait.start();
    while (wait.elapsed() < ReloadWaitMs) {
        const QByteArray body = server.request("GET", changer.apiPath()).body;
        if (mark.isEmpty() ? !body.contains("Reload ") : body.contains(mark))
            return wait.elapsed();
        QThread::msleep(100);
    }
    return -1;
}

// Processor time of this process so far, user and system, in seconds.
double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// The in-process limit: every text looked up once (the regexes compile), then the texts in turn on two threads,
// each text made unique as wrk's requests are.
void measureInProcess(const QString &kbFolder, const QStringList &texts, ServeBenchmark::Figures &figures)
{
    McpKnowledgeBase kb;
    QString error;
    if (!kb.open(kbFolder, &error)) {
        figures.failures << QStringLiteral("in-process: ") + error;
        return;
    }
    for (const QString &text : texts)
        kb.lookup().lookup(text, 5);
    std::atomic<bool> stop{false};
    std::atomic<qint64> calls{0};
    std::vector<std::thread> threads;
    const double cpuBefore = processCpuSeconds();
    QElapsedTimer timer;
    timer.start();
    for (int t = 0; t < ServeBenchmark::InProcessThreads; ++t) {
        threads.emplace_back([&, t] {
            qint64 n = 0;
            const int first = (t + 1) * 37;
            while (!stop.load(std::memory_order_relaxed)) {
                ++n;
                const QString &text = texts.at(int((first + n) % texts.size()));
                kb.lookup().lookup(text + QStringLiteral("\n[request %1.%2]").arg(t + 1).arg(n), 5);
            }
            calls += n;
        });
    }
    QThread::sleep(ServeBenchmark::InProcessSeconds);
    stop = true;
    for (std::thread &thread : threads)
        thread.join();
    figures.inProcessPerSecondRuns << double(calls) / (double(timer.nsecsElapsed()) / 1e9);
    figures.inProcessCpuSeconds += processCpuSeconds() - cpuBefore;
    figures.inProcessCalls += calls;
}

// The processor time that the server's niced threads (its snapshot builds) use from now on, sampled every SampleMs.
class ThreadSampler
{
public:
    explicit ThreadSampler(const LoopbackServer &server)
        : m_server(server)
    {
        m_server.sampleNicedThreads(&m_before);
    }
    void sample() { m_server.sampleNicedThreads(&m_seen); }
    void sampleUntil(const QElapsedTimer &timer, qint64 atMs)
    {
        while (timer.elapsed() < atMs) {
            sample();
            QThread::msleep(quint64(std::clamp<qint64>(atMs - timer.elapsed(), 0, SampleMs)));
        }
    }
    double cpuSeconds()
    {
        sample();
        double seconds = 0;
        for (auto it = m_seen.cbegin(); it != m_seen.cend(); ++it)
            seconds += it.value() - m_before.value(it.key());
        return seconds;
    }

private:
    const LoopbackServer &m_server;
    QHash<qint64, double> m_before;
    QHash<qint64, double> m_seen;
};

// One wrk run; with `changer`, the KB is changed ServeBenchmark::Changes times while it runs, evenly spaced, then
// the last change must be served, and the record is put back (and served so) before the next run.
ServeBenchmark::Run runWrk(const QString &name, const LoopbackServer &server, const QString &path,
                           const QString &script, int connections, int seconds, RecordChanger *changer)
{
    ServeBenchmark::Run run;
    run.name = name;
    run.connections = connections;
    const int reloadsBefore = changer ? readyzNumber(server, QStringLiteral("reloads")) : 0;
    const int failedBefore = changer ? readyzNumber(server, QStringLiteral("failed_reloads")) : 0;
    QProcess wrk;
    wrk.setProcessChannelMode(QProcess::MergedChannels);
    wrk.setChildProcessModifier(&LoopbackServer::endWithParent);
    wrk.start(QString::fromLatin1(Wrk),
              WrkRun::arguments(QStringLiteral("http://127.0.0.1:%1%2").arg(server.port()).arg(path), script,
                                connections, seconds));
    if (!wrk.waitForStarted(10000)) {
        run.error = QStringLiteral("%1: %2").arg(QLatin1String(Wrk), wrk.errorString());
        return run;
    }
    const double cpuBefore = server.cpuSeconds();
    ThreadSampler reloadThreads(server);
    QElapsedTimer timer;
    timer.start();
    for (int n = 1; changer && n <= ServeBenchmark::Changes; ++n) {
        reloadThreads.sampleUntil(timer, qint64((n - 0.5) * seconds * 1000 / ServeBenchmark::Changes));
        if (!changer->change(n))
            run.error = QStringLiteral("cannot write %1").arg(changer->path());
    }
    QElapsedTimer sinceLastChange;
    sinceLastChange.start();
    const qint64 deadline = timer.elapsed() + qint64(seconds + 60) * 1000;
    while (!wrk.waitForFinished(SampleMs) && timer.elapsed() < deadline)
        reloadThreads.sample();
    if (wrk.state() != QProcess::NotRunning) {
        wrk.kill();
        wrk.waitForFinished(5000);
        run.error = QStringLiteral("wrk did not finish within %1 s").arg(seconds + 60);
        return run;
    }
    run.serverCpuSeconds = server.cpuSeconds() - cpuBefore;
    run.reloadCpuSeconds = reloadThreads.cpuSeconds();
    const QString output = QString::fromUtf8(wrk.readAll());
    QString error;
    run.wrk = WrkReport::parse(output, &error);
    if (!run.wrk.parsed)
        run.error = error + QStringLiteral("; wrk said: ") + output.trimmed().left(600);
    if (changer) {
        const qint64 served = waitForServed(server, *changer, RecordChanger::mark(ServeBenchmark::Changes));
        run.lastChangeServedMs = served < 0 ? -1 : sinceLastChange.elapsed();
        run.reloads = readyzNumber(server, QStringLiteral("reloads")) - reloadsBefore;
        run.failedReloads = readyzNumber(server, QStringLiteral("failed_reloads")) - failedBefore;
        if (!changer->restore() || waitForServed(server, *changer, {}) < 0)
            run.error = QStringLiteral("the record put back in %1 was not served within %2 ms")
                            .arg(changer->path())
                            .arg(ReloadWaitMs);
    }
    return run;
}

QString writeScript(const QString &folder, const QString &name, const QStringList &texts, WrkRun::Body body,
                    const QByteArray &marker)
{
    const QString path = QDir(folder).filePath(name);
    return writeFile(path, WrkRun::script(texts, body, marker)) ? path : QString();
}

// The server's answers must be what the load runs count as good before they count anything.
QString checkAnswers(const LoopbackServer &server, const QString &text)
{
    const LoopbackServer::Answer mcp = server.request("POST", "/mcp", mcpBody(text));
    if (mcp.status != 200 || !mcp.body.contains("\"structuredContent\""))
        return QStringLiteral("POST /mcp lookup_error answered %1: %2")
            .arg(mcp.status)
            .arg(mcp.error.isEmpty() ? QString::fromUtf8(mcp.body.left(300)) : mcp.error);
    const LoopbackServer::Answer api = server.request("POST", "/api/v1/lookup", text.toUtf8(), "text/plain");
    if (api.status != 200 || !api.body.contains("\"results\""))
        return QStringLiteral("POST /api/v1/lookup answered %1: %2")
            .arg(api.status)
            .arg(api.error.isEmpty() ? QString::fromUtf8(api.body.left(300)) : api.error);
    return {};
}

void measureServer(const ServeBenchmark::Options &options, const QString &work, const QStringList &texts,
                   ServeBenchmark::Figures &figures)
{
    const QString copy = figures.copy;
    LoopbackServer server;
    if (!server.start(options.binary,
                      {QStringLiteral("serve"), QStringLiteral("--kb"), copy, QStringLiteral("--listen"),
                       QStringLiteral("127.0.0.1:0")},
                      {QStringLiteral("XDG_CACHE_HOME=") + QDir(work).filePath(QStringLiteral("cache"))},
                      StartTimeoutMs)
        || !server.waitUntilAnswers("GET", "/readyz", {}, StartTimeoutMs)) {
        figures.failures << QStringLiteral("errata serve: ") + server.error();
        return;
    }
    if (const QString wrong = checkAnswers(server, texts.first()); !wrong.isEmpty()) {
        figures.failures << QStringLiteral("errata serve: ") + wrong;
        return;
    }
    if (const int records = readyzNumber(server, QStringLiteral("records")); records > 0)
        figures.records = records;
    RecordChanger changer(copy);
    if (!changer.isValid())
        figures.failures << QStringLiteral("no record file with a root cause in ") + copy;
    RecordChanger *changes = changer.isValid() ? &changer : nullptr;
    figures.mcp = runWrk(
        figures.mcp.name, server, QStringLiteral("/mcp"),
        writeScript(work, QStringLiteral("mcp.lua"), texts, WrkRun::Body::McpLookup, "\"structuredContent\""),
        options.connections, options.seconds, changes);
    figures.api = runWrk(figures.api.name, server, QStringLiteral("/api/v1/lookup"),
                         writeScript(work, QStringLiteral("api.lua"), texts, WrkRun::Body::PlainText, "\"results\""),
                         options.connections, options.seconds, changes);
    figures.peakRssBytes = server.peakRssBytes();
}

void measureAnchor(const ServeBenchmark::Options &options, const QString &work, const QStringList &texts,
                   ServeBenchmark::Figures &figures)
{
    if (options.anchor.isEmpty()) {
        figures.anchorSkipped = QStringLiteral("no --anchor given");
        return;
    }
    if (!QFileInfo(QDir(options.anchor).filePath(QStringLiteral("api/mcp.py"))).isFile()) {
        figures.anchorSkipped = options.anchor + QStringLiteral(": no api/mcp.py there");
        return;
    }
    const QString launcher = QDir(work).filePath(QStringLiteral("anchor_server.py"));
    writeFile(launcher, AnchorLauncher);
    LoopbackServer anchor;
    if (!anchor.start(QStringLiteral("python3"), {launcher, QDir(options.anchor).absolutePath()},
                      {QStringLiteral("PYTHONDONTWRITEBYTECODE=1")}, 60000)
        || !anchor.waitUntilAnswers("POST", "/mcp", mcpBody(texts.first()), 120000)) {
        figures.anchorSkipped = QStringLiteral("the anchor did not start: ") + anchor.error();
        return;
    }
    const QString script = writeScript(work, QStringLiteral("anchor.lua"), texts, WrkRun::Body::McpLookup,
                                       "\"result\"");
    const int seconds = std::min(options.seconds, ServeBenchmark::AnchorSeconds);
    figures.anchor2 = runWrk(QStringLiteral("anchor, POST /mcp lookup_error"), anchor, QStringLiteral("/mcp"), script,
                             2, seconds, nullptr);
    figures.anchor64 = runWrk(QStringLiteral("anchor, POST /mcp lookup_error"), anchor, QStringLiteral("/mcp"), script,
                              ServeBenchmark::TargetConnections, seconds, nullptr);
    // BaseHTTPRequestHandler answers in HTTP/1.0 without Content-Length: the answer ends when the connection closes.
    for (ServeBenchmark::Run *run : {&figures.anchor2, &figures.anchor64}) {
        if (run->ran() && run->wrk.readErrors > 0)
            run->note = QStringLiteral("its answers end with the connection's close, which wrk counts as a read "
                                       "error after each answer; wrk counts an answer later than 2 s as a timeout "
                                       "but still as an answer, and a connection still waiting after 2 s at each "
                                       "of its checks");
    }
}

} // namespace

QStringList ServeBenchmark::texts(const KnowledgeBase &kb, const QString &casesFile, int count)
{
    QStringList texts;
    QSet<QString> seen;
    const auto add = [&](const QString &text) {
        if (texts.size() < count && !text.trimmed().isEmpty() && !seen.contains(text)) {
            seen.insert(text);
            texts << text;
        }
    };
    QString error;
    for (const LookupCase &handWritten : LookupCaseFile::read(casesFile, &error))
        add(handWritten.text);
    QList<LookupCaseRecord> records;
    for (int i = 0; i < kb.count(); ++i)
        records << LookupCaseRecord::of(*kb.recordAt(i));
    for (const LookupCase &generated : LookupCases(records).sample(count))
        add(generated.text);
    return texts;
}

ServeBenchmark::Figures ServeBenchmark::measure(const Options &options)
{
    Figures figures;
    figures.options = options;
    figures.loadAverages << loadAverage();
    figures.mcp.name = QStringLiteral("errata serve, POST /mcp tools/call lookup_error");
    figures.api.name = QStringLiteral("errata serve, POST /api/v1/lookup");
    figures.mcp.error = figures.api.error = QStringLiteral("not run");
    figures.mcp.connections = figures.api.connections = options.connections;
    QTemporaryDir work(QDir(temporaryRoot()).filePath(QStringLiteral("errata-bench-serve-XXXXXX")));
    figures.copy = QDir(work.path()).filePath(QStringLiteral("kb"));
    QString error;
    if (!work.isValid() || !copyKb(options.kb, figures.copy, &error)) {
        figures.failures << (error.isEmpty() ? QStringLiteral("cannot create a temporary folder") : error);
        return figures;
    }
    qputenv("XDG_CACHE_HOME", QDir(work.path()).filePath(QStringLiteral("cache")).toLocal8Bit());
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(figures.copy));
    figures.records = kb.count();
    const QStringList texts = ServeBenchmark::texts(kb, options.casesFile);
    figures.texts = int(texts.size());
    if (texts.size() < MinimumTexts) {
        figures.failures << QStringLiteral("only %1 different texts (at least %2)").arg(texts.size()).arg(MinimumTexts);
        return figures;
    }
    measureInProcess(figures.copy, texts, figures);
    measureServer(options, work.path(), texts, figures);
    measureInProcess(figures.copy, texts, figures); // the machine's load drifts: before and after
    measureAnchor(options, work.path(), texts, figures);
    figures.loadAverages << loadAverage();
    return figures;
}

namespace {

QString verdict(bool met)
{
    return met ? QStringLiteral("met") : QStringLiteral("NOT met");
}

QString runText(const ServeBenchmark::Run &run)
{
    QString text = QStringLiteral("%1, %2 connections: ").arg(run.name).arg(run.connections);
    if (!run.ran())
        return text + QStringLiteral("did not run (") + run.error + QLatin1Char(')');
    text += run.wrk.toText();
    if (run.reloads >= 0)
        text += QStringLiteral("\n  KB changed %1 times: %2 reloads (%3 refused) counted by /readyz, the last change "
                               "served %4")
                    .arg(ServeBenchmark::Changes)
                    .arg(run.reloads)
                    .arg(run.failedReloads)
                    .arg(run.lastChangeServedMs < 0 ? QStringLiteral("NOT within %1 s").arg(ReloadWaitMs / 1000)
                                                    : QStringLiteral("%1 s after it was written")
                                                          .arg(double(run.lastChangeServedMs) / 1000, 0, 'f', 1));
    if (!run.note.isEmpty())
        text += QStringLiteral("\n  (") + run.note + QLatin1Char(')');
    return text;
}

// "/mcp 123x (met), /api/v1/lookup 120x (met)" for a target over both load runs.
QString serverVerdicts(const ServeBenchmark::Figures &f,
                       double (*value)(const ServeBenchmark::Figures &, const ServeBenchmark::Run &),
                       bool (*met)(double), const QString &format, int decimals)
{
    QStringList parts;
    for (const ServeBenchmark::Run *run : {&f.mcp, &f.api}) {
        const QString name = run == &f.mcp ? QStringLiteral("/mcp") : QStringLiteral("/api/v1/lookup");
        if (!run->ran()) {
            parts << name + QStringLiteral(" not measured (NOT met)");
            continue;
        }
        const double measured = value(f, *run);
        parts << QStringLiteral("%1 %2 (%3)").arg(name, format.arg(measured, 0, 'f', decimals), verdict(met(measured)));
    }
    return parts.join(QStringLiteral(", "));
}

double anchorFactor(const ServeBenchmark::Figures &f, const ServeBenchmark::Run &run)
{
    return f.anchorPerSecond() > 0 ? run.wrk.goodPerSecond() / f.anchorPerSecond() : 0;
}

double inProcessShare(const ServeBenchmark::Figures &f, const ServeBenchmark::Run &run)
{
    return f.inProcessPerSecond() > 0 ? 100 * run.wrk.goodPerSecond() / f.inProcessPerSecond() : 0;
}

// In-process processor time per lookup over the server's per answer, in percent (100: as cheap as in-process).
double cpuShare(const ServeBenchmark::Figures &f, const ServeBenchmark::Run &run)
{
    return run.answerCpuMs() > 0 ? 100 * f.inProcessCpuMsPerLookup() / run.answerCpuMs() : 0;
}

double p99(const ServeBenchmark::Figures &, const ServeBenchmark::Run &run)
{
    return run.wrk.p99Ms;
}

double errors(const ServeBenchmark::Figures &, const ServeBenchmark::Run &run)
{
    return double(run.wrk.errors());
}

bool anchorFactorMet(double factor)
{
    return factor >= ServeBenchmark::AnchorFactorTarget;
}

bool inProcessShareMet(double percent)
{
    return percent >= 100 * ServeBenchmark::InProcessShareTarget;
}

bool p99Met(double ms)
{
    return ms < ServeBenchmark::P99TargetMs;
}

bool noErrors(double count)
{
    return count == 0;
}

} // namespace

double ServeBenchmark::Figures::anchorPerSecond() const
{
    double best = 0;
    for (const Run *run : {&anchor2, &anchor64}) {
        if (run->ran())
            best = std::max(best, run->wrk.goodPerSecond());
    }
    return best;
}

bool ServeBenchmark::Figures::targetsMet() const
{
    bool met = failures.isEmpty() && mcp.ran() && api.ran();
    for (const Run *run : {&mcp, &api}) {
        met = met && run->wrk.errors() == 0 && run->wrk.p99Ms < P99TargetMs && run->reloadsMet()
            && inProcessShareMet(inProcessShare(*this, *run))
            && (anchorPerSecond() <= 0 || anchorFactorMet(anchorFactor(*this, *run)));
    }
    return met;
}

QString ServeBenchmark::Figures::toText() const
{
    QString text = QStringLiteral("errata-bench serve: %1 (%2 records), served from a copy in %3; %4 different "
                                  "pasted errors in turn, each request's made unique; wrk -t%5, %6 s per run; load "
                                  "average %7 at the start, %8 at the end\n")
                       .arg(options.kb)
                       .arg(records)
                       .arg(copy)
                       .arg(texts)
                       .arg(WrkRun::Threads)
                       .arg(options.seconds)
                       .arg(loadAverages.value(0), loadAverages.value(1));
    QStringList limits;
    for (const double perSecond : inProcessPerSecondRuns)
        limits << QString::number(perSecond, 'f', 1);
    text += QStringLiteral("in-process limit (LookupEngine as errata mcp opens the KB, %1 threads, %2 s, before and "
                           "after the server): %3 lookups/s (the higher counts)\n")
                .arg(InProcessThreads)
                .arg(InProcessSeconds)
                .arg(limits.join(QStringLiteral(" and ")));
    text += runText(mcp) + QLatin1Char('\n') + runText(api) + QLatin1Char('\n');
    text += QStringLiteral(
                "processor time per answer (less dependent on the machine's other load than answers/s): /mcp %1 "
                "ms, /api/v1/lookup %2 ms, without the reloads' builds (%3 s and %4 s) %5 and %6 ms; "
                "in-process %7 ms per lookup; in-process cost ÷ the server's without the builds: %8% and "
                "%9%\n")
                .arg(mcp.cpuMsPerAnswer(), 0, 'f', 2)
                .arg(api.cpuMsPerAnswer(), 0, 'f', 2)
                .arg(mcp.reloadCpuSeconds, 0, 'f', 1)
                .arg(api.reloadCpuSeconds, 0, 'f', 1)
                .arg(mcp.answerCpuMs(), 0, 'f', 2)
                .arg(api.answerCpuMs(), 0, 'f', 2)
                .arg(inProcessCpuMsPerLookup(), 0, 'f', 2)
                .arg(cpuShare(*this, mcp), 0, 'f', 1)
                .arg(cpuShare(*this, api), 0, 'f', 1);
    text += QStringLiteral("errata serve peak RSS (VmHWM): %1 MB\n").arg(double(peakRssBytes) / 1e6, 0, 'f', 1);
    if (!anchorSkipped.isEmpty())
        text += QStringLiteral("anchor skipped: ") + anchorSkipped + QLatin1Char('\n');
    else
        text += runText(anchor2) + QLatin1Char('\n') + runText(anchor64) + QLatin1Char('\n')
            + QStringLiteral("the anchor's processor time per answer: %1 ms at 2 connections, %2 ms at 64; "
                             "÷ the server's on /mcp: %3x and %4x\n")
                  .arg(anchor2.cpuMsPerAnswer(), 0, 'f', 1)
                  .arg(anchor64.cpuMsPerAnswer(), 0, 'f', 1)
                  .arg(mcp.cpuMsPerAnswer() > 0 ? anchor2.cpuMsPerAnswer() / mcp.cpuMsPerAnswer() : 0, 0, 'f', 0)
                  .arg(mcp.cpuMsPerAnswer() > 0 ? anchor64.cpuMsPerAnswer() / mcp.cpuMsPerAnswer() : 0, 0, 'f', 0);
    text += QStringLiteral("ratios: /mcp %1x the anchor's best, %2% of the in-process limit; /api/v1/lookup %3x, %4%\n")
                .arg(anchorFactor(*this, mcp), 0, 'f', 1)
                .arg(inProcessShare(*this, mcp), 0, 'f', 1)
                .arg(anchorFactor(*this, api), 0, 'f', 1)
                .arg(inProcessShare(*this, api), 0, 'f', 1);
    text += QStringLiteral("\nTargets (at %1 connections):\n").arg(options.connections);
    if (anchorPerSecond() > 0)
        text += QStringLiteral("- at least %1x the anchor's requests/s: ").arg(AnchorFactorTarget)
            + serverVerdicts(*this, &anchorFactor, &anchorFactorMet, QStringLiteral("%1x"), 1) + QLatin1Char('\n');
    else
        text += QStringLiteral("- at least %1x the anchor's requests/s: not measured (the anchor %2)\n")
                    .arg(AnchorFactorTarget)
                    .arg(anchorSkipped.isEmpty() ? QStringLiteral("answered nothing") : QStringLiteral("was skipped"));
    text += QStringLiteral("- at least %1% of the in-process limit: ").arg(InProcessShareTarget * 100)
        + serverVerdicts(*this, &inProcessShare, &inProcessShareMet, QStringLiteral("%1%"), 1) + QLatin1Char('\n');
    text += QStringLiteral("- p99 under %1 ms at %2 connections: ").arg(P99TargetMs).arg(TargetConnections)
        + serverVerdicts(*this, &p99, &p99Met, QStringLiteral("%1 ms"), 2)
        + (options.connections == TargetConnections ? QString()
                                                    : QStringLiteral(" (measured at %1)").arg(options.connections))
        + QLatin1Char('\n');
    text += QStringLiteral("- 0 errors: ") + serverVerdicts(*this, &errors, &noErrors, QStringLiteral("%1"), 0)
        + QLatin1Char('\n');
    text += QStringLiteral("- the KB reloaded while under load, none refused, the last of %1 changes served: /mcp %2 "
                           "reloads (%3), /api/v1/lookup %4 (%5)\n")
                .arg(Changes)
                .arg(mcp.reloads)
                .arg(verdict(mcp.reloadsMet()))
                .arg(api.reloads)
                .arg(verdict(api.reloadsMet()));
    for (const QString &failure : failures)
        text += QStringLiteral("FAILED: ") + failure + QLatin1Char('\n');
    return text;
}

} // namespace Errata
