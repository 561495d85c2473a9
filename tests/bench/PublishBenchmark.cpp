#include "bench/PublishBenchmark.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>
#include <vector>

#include <sys/resource.h>

namespace Errata {

namespace {

struct Run
{
    bool ok = false;
    double seconds = 0;
    QJsonObject summary;
    QString error;
};

Run publish(const QString &binary, const QString &kb, const QString &out, const QString &cacheHome)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(binary,
                  {QStringLiteral("publish"), QStringLiteral("--kb"), kb, out, QStringLiteral("--format"),
                   QStringLiteral("json")});
    Run run;
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        run.error = QString::fromUtf8(process.readAllStandardError()).trimmed();
        return run;
    }
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    run.summary = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    run.ok = !run.summary.isEmpty();
    return run;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// The first record file of the KB in path order: the one the incremental runs edit.
QString firstRecordFile(const QString &kb)
{
    QStringList files;
    QDirIterator it(kb, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    std::sort(files.begin(), files.end());
    return files.value(0);
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

double peakChildRssMb()
{
    struct rusage usage = {};
    getrusage(RUSAGE_CHILDREN, &usage);
    return double(usage.ru_maxrss) / 1024.0; // KiB on Linux
}

} // namespace

QString PublishBenchmark::Figures::toText() const
{
    const double share = fullSeconds > 0 ? incrementalSeconds / fullSeconds : 0;
    QString text = QStringLiteral("%1 records, %2 files, %3 MB\n"
                                  "full run:        %4 s (median)\n"
                                  "nothing changed: %5 s\n"
                                  "one record edited: %6 s, %7 files written, %8% of a full run (target: at most %9%)\n"
                                  "peak RSS: %10 MB")
                       .arg(records)
                       .arg(files)
                       .arg(double(bytes) / 1e6, 0, 'f', 1)
                       .arg(fullSeconds, 0, 'f', 3)
                       .arg(unchangedSeconds, 0, 'f', 3)
                       .arg(incrementalSeconds, 0, 'f', 3)
                       .arg(incrementalWritten)
                       .arg(share * 100, 0, 'f', 1)
                       .arg(IncrementalShare * 100, 0, 'f', 0)
                       .arg(peakRssMb, 0, 'f', 0);
    for (const QString &failure : failures)
        text += QStringLiteral("\nFAILED: ") + failure;
    return text;
}

PublishBenchmark::Figures PublishBenchmark::measure(const QString &binary, const QString &kb, const QString &work,
                                                    int runs)
{
    Figures figures;
    const QString out = QDir(work).filePath(QStringLiteral("site"));
    const QString cache = QDir(work).filePath(QStringLiteral("cache"));
    QDir(out).removeRecursively();
    Run warm = publish(binary, kb, out, cache); // fills the KB cache
    if (!warm.ok) {
        figures.failures << warm.error;
        return figures;
    }
    std::vector<double> full, unchanged, incremental;
    for (int i = 0; i < runs; ++i) {
        QDir(out).removeRecursively();
        const Run run = publish(binary, kb, out, cache);
        if (!run.ok)
            figures.failures << run.error;
        full.push_back(run.seconds);
        figures.records = run.summary.value(QStringLiteral("published")).toInt();
        const QJsonObject files = run.summary.value(QStringLiteral("files")).toObject();
        figures.files = files.value(QStringLiteral("total")).toInt();
        figures.bytes = qint64(run.summary.value(QStringLiteral("bytes")).toDouble());
    }
    for (int i = 0; i < runs; ++i)
        unchanged.push_back(publish(binary, kb, out, cache).seconds);
    const QString edited = firstRecordFile(kb);
    QFile original(edited);
    const QByteArray bytes = original.open(QIODevice::ReadOnly) ? original.readAll() : QByteArray();
    original.close();
    const QByteArray key = "\"root_cause\": \"";
    if (bytes.contains(key)) {
        for (int i = 0; i < runs; ++i) {
            QByteArray changed = bytes;
            changed.replace(key, key + "Edited " + QByteArray::number(i) + ". ");
            if (!writeBytes(edited, changed)) {
                figures.failures << edited + QStringLiteral(": cannot be written");
                break;
            }
            const Run run = publish(binary, kb, out, cache);
            incremental.push_back(run.seconds);
            figures.incrementalWritten =
                run.summary.value(QStringLiteral("files")).toObject().value(QStringLiteral("written")).toInt();
        }
        if (!writeBytes(edited, bytes))
            figures.failures << edited + QStringLiteral(": could not be put back as it was");
    } else {
        figures.failures << edited + QStringLiteral(": no root_cause to edit");
    }
    figures.fullSeconds = median(full);
    figures.unchangedSeconds = median(unchanged);
    figures.incrementalSeconds = median(incremental);
    figures.peakRssMb = peakChildRssMb();
    return figures;
}

} // namespace Errata
