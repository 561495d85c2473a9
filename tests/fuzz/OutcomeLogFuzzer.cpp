// fuzz-outcome-log: the outcome reports file beside a KB (OutcomeLog), untrusted: anyone may edit it, a crash may
// cut its last line. The input's first two bytes choose the limits (the longest line, the most bytes read), the rest
// is the file, read from disk (streamed) and parsed from memory; then a report is appended to it.
//
// Properties: no crash and no huge allocation; the file read from disk gives what its first fileBytes parse to (the
// same reports and problems, a note when it is longer); no more reports and problems than lines; every report read
// is written back by OutcomeLog::line() as a line that reads back as the same report; an append that succeeds is
// read back, with every report read before it (nothing acknowledged is lost), and one that fails changes nothing.

#include "FuzzSupport.h"

#include "models/outcomes/OutcomeLog.h"

#include <QDir>
#include <QFile>

using namespace Errata;

namespace {

QString root()
{
    static const QString root = [] {
        const QString folder = Fuzz::scratchFolder() + QStringLiteral("/outcomes");
        QDir().mkpath(folder);
        return folder;
    }();
    return root;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    FUZZ_CHECK(file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size());
}

bool sameReport(const OutcomeReport &a, const OutcomeReport &b)
{
    return a.key == b.key && a.time == b.time && a.client == b.client && a.recordId == b.recordId && a.kind == b.kind
        && a.index == b.index && a.worked == b.worked && a.note == b.note;
}

bool sameReports(const QList<OutcomeReport> &a, const QList<OutcomeReport> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!sameReport(a.at(i), b.at(i)))
            return false;
    }
    return true;
}

QStringList keysOf(const QList<OutcomeReport> &reports)
{
    QStringList keys;
    for (const OutcomeReport &report : reports)
        keys << report.key;
    return keys;
}

void checkRoundTrip(const OutcomeLog::Contents &contents)
{
    for (const OutcomeReport &report : contents.reports) {
        const QByteArray line = OutcomeLog::line(report);
        FUZZ_CHECK(line.endsWith('\n') && line.count('\n') == 1);
        const OutcomeLog::Contents again = OutcomeLog::parse(line, QStringLiteral("line"));
        FUZZ_CHECK(again.problems.isEmpty() && again.reports.size() == 1);
        FUZZ_CHECK(sameReport(again.reports.first(), report));
    }
}

void checkAppend(const QString &path, const QByteArray &text, const OutcomeLog::Limits &limits,
                 const OutcomeLog::Contents &before)
{
    OutcomeReport report;
    report.key = QStringLiteral("r-fuzz-appended");
    report.time = QDateTime(QDate(2026, 12, 7), QTime(1, 2, 3, 456), Qt::UTC);
    report.client = QStringLiteral("fuzz");
    report.recordId = QStringLiteral("app/one");
    report.index = 1;
    report.worked = true;
    QString error;
    if (!OutcomeLog::append(root(), report, &error, limits)) {
        FUZZ_CHECK(!error.isEmpty());
        QFile file(path);
        FUZZ_CHECK(file.open(QIODevice::ReadOnly) && file.readAll() == text);
        return;
    }
    const OutcomeLog::Contents after = OutcomeLog::read(root(), limits);
    const QStringList keys = keysOf(after.reports);
    FUZZ_CHECK(keys.contains(report.key));
    // Every report read before is read again, in the same order: the cut
    // last line, now ended, may add one more.
    FUZZ_CHECK(sameReports(after.reports.mid(0, before.reports.size()), before.reports));
    FUZZ_CHECK(after.reports.size() <= before.reports.size() + 2);
    FUZZ_CHECK(sameReport(after.reports.last(), report));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    OutcomeLog::Limits limits;
    limits.lineBytes = data[0] == 0 ? OutcomeLog::MaxLineBytes : 16 + 8 * qint64(data[0]);
    limits.fileBytes = data[1] == 0 ? OutcomeLog::MaxFileBytes : 64 * qint64(data[1]);
    const QByteArray text = Fuzz::bytes(data + 2, size - 2);
    const QString path = OutcomeLog::filePath(root());
    writeFile(path, text);

    const OutcomeLog::Contents read = OutcomeLog::read(root(), limits);
    const OutcomeLog::Contents parsed = OutcomeLog::parse(text.left(qsizetype(limits.fileBytes)), path, limits);
    FUZZ_CHECK(sameReports(read.reports, parsed.reports));
    const bool longer = text.size() > limits.fileBytes;
    FUZZ_CHECK(read.problems.mid(0, parsed.problems.size()) == parsed.problems);
    FUZZ_CHECK(read.problems.size() == parsed.problems.size() + (longer ? 1 : 0));
    FUZZ_CHECK(parsed.reports.size() + parsed.problems.size() <= text.count('\n'));
    FUZZ_CHECK(parsed.folds.size() <= text.count('\n'));
    for (const OutcomeLog::Fold &fold : parsed.folds)
        FUZZ_CHECK(!fold.reports.isEmpty());
    checkRoundTrip(parsed);
    checkAppend(path, text, limits, read);
    return 0;
}
