// The outcome reports file beside a KB: appended lines read back, folds and
// unfolds, and untrusted content (bad lines, a huge line, a last line still
// being appended, a link at the path) named by file and line without losing
// the good lines. The file is streamed: a line past its limit is skipped in
// pieces, nothing past the file's limit is read, and an append never
// acknowledges what a read would not give back (a line too long, a full
// file, a last line without its line end, a link swapped in, a FIFO).

#include "models/outcomes/OutcomeLog.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <atomic>
#include <cstdio>
#include <thread>

using namespace Errata;
using namespace Errata::TestSupport;

class OutcomeLogTest : public QObject
{
    Q_OBJECT

private slots:
    void appendAndRead();
    void foldsAndUnfolds();
    void badLinesAreNamedAndSkipped();
    void partialLastLineIsLeftForLater();
    void hugeLineIsSkipped();
    void linkIsNotWrittenThrough();
    void noFileIsEmpty();
    void longLineIsSkippedInPieces();
    void readStopsAtTheFileLimit();
    void appendRefusesALineTooLongToReadBack();
    void appendRefusesPastTheFileLimit();
    void appendAfterALastLineWithoutItsLineEnd();
    void linkSwappedInDuringAppends();
    void fifoIsNeitherReadNorWritten();

private:
    static OutcomeReport report(const QString &id, OutcomeReport::Kind kind, int index, bool worked);
};

OutcomeReport OutcomeLogTest::report(const QString &id, OutcomeReport::Kind kind, int index, bool worked)
{
    OutcomeReport report;
    report.key = OutcomeLog::newKey(QStringLiteral("r-"));
    report.time = QDateTime(QDate(2026, 12, 4), QTime(20, 1, 2, 345), Qt::UTC);
    report.client = QStringLiteral("claude-code");
    report.recordId = id;
    report.kind = kind;
    report.index = index;
    report.worked = worked;
    report.note = QStringLiteral("line one\nline two");
    return report;
}

void OutcomeLogTest::appendAndRead()
{
    QTemporaryDir dir;
    QString error;
    const OutcomeReport first = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 2, true);
    const OutcomeReport second = report(QStringLiteral("a/c"), OutcomeReport::DeadEnd, 0, false);
    QVERIFY2(OutcomeLog::append(dir.path(), first, &error), qPrintable(error));
    QVERIFY2(OutcomeLog::append(dir.path(), second, &error), qPrintable(error));
    const QByteArray text = readFile(OutcomeLog::filePath(dir.path()));
    QCOMPARE(text.count('\n'), 2); // one line each, the note's line break escaped
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QVERIFY(contents.problems.isEmpty());
    QCOMPARE(contents.reports.size(), 2);
    const OutcomeReport &read = contents.reports.first();
    QCOMPARE(read.key, first.key);
    QCOMPARE(read.time, first.time);
    QCOMPARE(read.client, first.client);
    QCOMPARE(read.recordId, first.recordId);
    QCOMPARE(read.kind, OutcomeReport::Workaround);
    QCOMPARE(read.index, 2);
    QVERIFY(read.worked);
    QCOMPARE(read.note, first.note);
    QCOMPARE(contents.reports.at(1).kind, OutcomeReport::DeadEnd);
    QVERIFY(!contents.reports.at(1).worked);
    QCOMPARE(contents.of(QStringLiteral("a/c")).size(), 1);
}

void OutcomeLogTest::foldsAndUnfolds()
{
    QTemporaryDir dir;
    QString error;
    const OutcomeReport first = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true);
    const OutcomeReport second = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, false);
    QVERIFY(OutcomeLog::append(dir.path(), first, &error));
    const OutcomeLog::Fold fold{OutcomeLog::newKey(QStringLiteral("f-")), QStringLiteral("a/b"), {first.key}};
    QVERIFY(OutcomeLog::appendFold(dir.path(), fold, QStringLiteral("Ana"), &error));
    QVERIFY(OutcomeLog::append(dir.path(), second, &error));
    OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QVERIFY(contents.problems.isEmpty());
    QCOMPARE(contents.of(QStringLiteral("a/b")).size(), 2);
    QCOMPARE(contents.unfolded(QStringLiteral("a/b")).size(), 1);
    QCOMPARE(contents.unfolded(QStringLiteral("a/b")).first().key, second.key);
    QVERIFY(OutcomeLog::appendUnfold(dir.path(), fold, &error));
    contents = OutcomeLog::read(dir.path());
    QCOMPARE(contents.unfolded(QStringLiteral("a/b")).size(), 2);
    QVERIFY(contents.folds.isEmpty());
    QVERIFY(OutcomeLog::appendFold(dir.path(), fold, QStringLiteral("Ana"), &error)); // redone
    QCOMPARE(OutcomeLog::read(dir.path()).unfolded(QStringLiteral("a/b")).size(), 1);
}

void OutcomeLogTest::badLinesAreNamedAndSkipped()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(OutcomeLog::append(dir.path(), report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true), &error));
    QByteArray text = readFile(OutcomeLog::filePath(dir.path()));
    text += "not json\n"
            "[1,2]\n"
            "{\"report\":\"r-1\",\"id\":\"a/"
            "b\",\"kind\":\"other\",\"index\":0,\"worked\":true,\"time\":\"2026-12-04T20:00:00Z\"}\n"
            "{\"report\":\"r-2\",\"id\":\"a/"
            "b\",\"kind\":\"workaround\",\"index\":-1,\"worked\":true,\"time\":\"2026-12-04T20:00:00Z\"}\n"
            "{\"report\":\"r-3\",\"id\":\"a/"
            "b\",\"kind\":\"workaround\",\"index\":0,\"worked\":\"yes\",\"time\":\"2026-12-04T20:00:00Z\"}\n"
            "{\"report\":\"r-4\",\"id\":\"a/"
            "b\",\"kind\":\"workaround\",\"index\":0,\"worked\":true,\"time\":\"yesterday\"}\n"
            "{\"something\":\"else\"}\n"
            "\n";
    text += OutcomeLog::line(report(QStringLiteral("a/b"), OutcomeReport::DeadEnd, 1, false));
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), text));
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QCOMPARE(contents.reports.size(), 2);
    QCOMPARE(contents.problems.size(), 7);
    const QString file = OutcomeLog::filePath(dir.path());
    QCOMPARE(contents.problems.at(0), file + QStringLiteral(":2: not a JSON object"));
    QVERIFY(contents.problems.at(2).startsWith(file + QStringLiteral(":4: \"kind\"")));
    QVERIFY(contents.problems.at(3).startsWith(file + QStringLiteral(":5: \"index\"")));
    QVERIFY(contents.problems.at(4).startsWith(file + QStringLiteral(":6: \"worked\"")));
    QVERIFY(contents.problems.at(5).startsWith(file + QStringLiteral(":7: \"time\"")));
    QVERIFY(contents.problems.at(6).startsWith(file + QStringLiteral(":8: not a report")));
}

void OutcomeLogTest::partialLastLineIsLeftForLater()
{
    QTemporaryDir dir;
    const QByteArray line = OutcomeLog::line(report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true));
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), line + line.left(line.size() / 2)));
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QCOMPARE(contents.reports.size(), 1);
    QVERIFY(contents.problems.isEmpty());
}

void OutcomeLogTest::hugeLineIsSkipped()
{
    QTemporaryDir dir;
    const QByteArray line = OutcomeLog::line(report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true));
    QByteArray huge = line;
    huge.insert(10, QByteArray(OutcomeLog::MaxLineBytes + 10, ' '));
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), huge + line + QByteArray(3 * 1024 * 1024, 'z')));
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QCOMPARE(contents.reports.size(), 1);
    QCOMPARE(contents.problems.size(), 1);
    QVERIFY(contents.problems.first().contains(u":1: longer than"));
}

void OutcomeLogTest::linkIsNotWrittenThrough()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("elsewhere"));
    QVERIFY(writeFile(target, QByteArray()));
    QVERIFY(QFile::link(target, OutcomeLog::filePath(dir.path())));
    QString error;
    QVERIFY(!OutcomeLog::append(dir.path(), report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true), &error));
    QVERIFY(error.contains(u"not a regular file"));
    QCOMPARE(readFile(target), QByteArray());
}

void OutcomeLogTest::noFileIsEmpty()
{
    QTemporaryDir dir;
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QVERIFY(contents.reports.isEmpty());
    QVERIFY(contents.problems.isEmpty());
}

// A line of 1 MB with a line limit of 100 bytes, read in pieces of any
// size: skipped, named, and the lines around it kept.
void OutcomeLogTest::longLineIsSkippedInPieces()
{
    const QByteArray line = OutcomeLog::line(report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true));
    const QByteArray text = line + QByteArray(1000 * 1000, 'x') + '\n' + line;
    const OutcomeLog::Limits limits{qint64(1) << 30, qint64(line.size())};
    const OutcomeLog::Contents whole = OutcomeLog::parse(text, QStringLiteral("f"), limits);
    QCOMPARE(whole.reports.size(), 2);
    QCOMPARE(whole.problems, QStringList{QStringLiteral("f:2: longer than %1 bytes; skipped").arg(line.size())});
    QTemporaryDir dir;
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), text));
    const OutcomeLog::Contents read = OutcomeLog::read(dir.path(), limits);
    QCOMPARE(read.reports.size(), 2);
    QCOMPARE(read.problems.size(), 1);
}

void OutcomeLogTest::readStopsAtTheFileLimit()
{
    QTemporaryDir dir;
    const QByteArray line = OutcomeLog::line(report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true));
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), line.repeated(10)));
    const OutcomeLog::Contents contents = OutcomeLog::read(
        dir.path(), {3 * line.size() + line.size() / 2, OutcomeLog::MaxLineBytes});
    QCOMPARE(contents.reports.size(), 3);
    QCOMPARE(contents.problems.size(), 1);
    QVERIFY2(contents.problems.first().contains(QLatin1String(": only the first ")),
             qPrintable(contents.problems.first()));
}

void OutcomeLogTest::appendRefusesALineTooLongToReadBack()
{
    QTemporaryDir dir;
    OutcomeReport long_ = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true);
    long_.client = QString(OutcomeLog::MaxLineBytes, QLatin1Char('c'));
    QString error;
    QVERIFY(!OutcomeLog::append(dir.path(), long_, &error));
    QVERIFY2(error.contains(QLatin1String("longer than 16384 bytes")), qPrintable(error));
    QVERIFY(!QFile::exists(OutcomeLog::filePath(dir.path())));
}

void OutcomeLogTest::appendRefusesPastTheFileLimit()
{
    QTemporaryDir dir;
    const OutcomeReport one = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true);
    const qint64 size = OutcomeLog::line(one).size();
    const OutcomeLog::Limits limits{2 * size, OutcomeLog::MaxLineBytes};
    QString error;
    QVERIFY2(OutcomeLog::append(dir.path(), one, &error, limits), qPrintable(error));
    QVERIFY2(OutcomeLog::append(dir.path(), one, &error, limits), qPrintable(error));
    QVERIFY(!OutcomeLog::append(dir.path(), one, &error, limits));
    QVERIFY2(error.contains(QLatin1String("is full")), qPrintable(error));
    QCOMPARE(QFileInfo(OutcomeLog::filePath(dir.path())).size(), 2 * size);
    QCOMPARE(OutcomeLog::read(dir.path(), limits).reports.size(), 2); // every one acknowledged is read back
}

void OutcomeLogTest::appendAfterALastLineWithoutItsLineEnd()
{
    QTemporaryDir dir;
    const OutcomeReport first = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true);
    const OutcomeReport second = report(QStringLiteral("a/b"), OutcomeReport::DeadEnd, 1, false);
    QVERIFY(writeFile(OutcomeLog::filePath(dir.path()), OutcomeLog::line(first).chopped(1)));
    QString error;
    QVERIFY2(OutcomeLog::append(dir.path(), second, &error), qPrintable(error));
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path());
    QCOMPARE(contents.reports.size(), 2);
    QCOMPARE(contents.reports.at(0).key, first.key);
    QCOMPARE(contents.reports.at(1).key, second.key);
    QVERIFY(contents.problems.isEmpty());
}

// Another process swaps the log for a link to a file outside the KB and
// back, again and again, while reports are appended: each append writes to
// the log or is refused, never through the link.
void OutcomeLogTest::linkSwappedInDuringAppends()
{
    QTemporaryDir dir;
    const QString path = OutcomeLog::filePath(dir.path());
    const QString outside = dir.filePath(QStringLiteral("outside.txt"));
    const QString link = dir.filePath(QStringLiteral("link"));
    const QString aside = dir.filePath(QStringLiteral("aside"));
    QVERIFY(writeFile(outside, QByteArray()));
    QVERIFY(writeFile(path, QByteArray()));
    QVERIFY(QFile::link(outside, link));
    std::atomic_bool stop = false;
    std::thread swapper([&] {
        const QByteArray log = QFile::encodeName(path);
        const QByteArray linkName = QFile::encodeName(link);
        const QByteArray asideName = QFile::encodeName(aside);
        while (!stop) {
            std::rename(log.constData(), asideName.constData()); // the log aside
            std::rename(linkName.constData(), log.constData());  // the link in its place
            std::rename(log.constData(), linkName.constData());  // and back
            std::rename(asideName.constData(), log.constData());
        }
    });
    QElapsedTimer timer;
    timer.start();
    int kept = 0;
    const OutcomeReport one = report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true);
    while (timer.elapsed() < 500) {
        QString error;
        if (OutcomeLog::append(dir.path(), one, &error))
            ++kept;
    }
    stop = true;
    swapper.join();
    QCOMPARE(readFile(outside), QByteArray());
    QVERIFY(kept > 0);
}

void OutcomeLogTest::fifoIsNeitherReadNorWritten()
{
    QTemporaryDir dir;
    const QString path = OutcomeLog::filePath(dir.path());
    QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    QString error;
    QVERIFY(!OutcomeLog::append(dir.path(), report(QStringLiteral("a/b"), OutcomeReport::Workaround, 0, true), &error));
    QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));
    const OutcomeLog::Contents contents = OutcomeLog::read(dir.path()); // at once, without a writer
    QCOMPARE(contents.problems.size(), 1);
    QVERIFY2(contents.problems.first().contains(QLatin1String("not a regular file")),
             qPrintable(contents.problems.first()));
}

QTEST_GUILESS_MAIN(OutcomeLogTest)
#include "OutcomeLogTest.moc"
