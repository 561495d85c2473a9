#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

// `errata publish` as a user runs it (the real program, `binary`), whole
// process, on one KB: a full run into an empty folder, a run with nothing
// changed, and an incremental run after one record was edited (a word
// added to its root cause, then put back), each `runs` times (median). The
// KB cache is warm (a first run fills it, not counted); peak RSS is the
// largest of every run's. The edited record is restored byte for byte.
class PublishBenchmark
{
public:
    // The targets on this 2-core machine.
    static constexpr double IncrementalShare = 0.10; // of a full run
    static constexpr double LargeTargetSeconds = 60; // 50,000 records
    static constexpr double LargeTargetRssMb = 1536;

    struct Figures
    {
        int records = 0;
        int files = 0;
        qint64 bytes = 0;
        double fullSeconds = 0;
        double unchangedSeconds = 0;
        double incrementalSeconds = 0;
        int incrementalWritten = 0;
        double peakRssMb = 0;
        QStringList failures;
        QString toText() const;
    };

    static Figures measure(const QString &binary, const QString &kb, const QString &work, int runs);
};

} // namespace Errata
