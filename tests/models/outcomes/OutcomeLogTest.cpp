// The outcome reports file beside a KB: appended lines read back, folds and
// unfolds, and untrusted content (bad lines, a huge line, a last line still
// being appended, a link at the path) named by file and line without losing
// the good lines.

#include "models/outcomes/OutcomeLog.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

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

QTEST_GUILESS_MAIN(OutcomeLogTest)
#include "OutcomeLogTest.moc"
