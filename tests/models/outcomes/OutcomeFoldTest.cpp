// The arithmetic of folding outcome reports into a record: rates weighted
// by the evidence the record already has, fix_success_rate from workaround
// reports only, evidence_count raised by the reports folded, rates the
// record lacks, and reports on items the record no longer has.

#include "models/outcomes/OutcomeFold.h"
#include "models/record/Record.h"

#include <QTest>

using namespace Errata;

class OutcomeFoldTest : public QObject
{
    Q_OBJECT

private slots:
    void weightedByEvidence();
    void deadEndsRaiseFailRatesOnly();
    void noEvidenceWeighsAsOneReport();
    void missingRateStartsFromTheReports();
    void reportsOnMissingItemsAreSkipped();
    void nothingToFold();

private:
    static Record record(const QByteArray &text);
    static OutcomeReport report(OutcomeReport::Kind kind, int index, bool worked);
    static OrderedJson valueAt(const OutcomeFold &fold, const QString &pointer);
};

Record OutcomeFoldTest::record(const QByteArray &text)
{
    Record result;
    Record::LoadError error;
    if (!result.parse(text, &error))
        qWarning("%s", qPrintable(error.message));
    return result;
}

OutcomeReport OutcomeFoldTest::report(OutcomeReport::Kind kind, int index, bool worked)
{
    static int count = 0;
    OutcomeReport report;
    report.key = QStringLiteral("r-%1").arg(++count);
    report.recordId = QStringLiteral("a/b");
    report.kind = kind;
    report.index = index;
    report.worked = worked;
    return report;
}

OrderedJson OutcomeFoldTest::valueAt(const OutcomeFold &fold, const QString &pointer)
{
    for (const OutcomeFold::Change &change : fold.changes()) {
        if (change.first == pointer)
            return change.second;
    }
    return OrderedJson("absent");
}

void OutcomeFoldTest::weightedByEvidence()
{
    const Record r = record(R"({"id": "a/b", "fix_success_rate": 0.5, "evidence_count": 8,
        "workarounds": [{"action": "x", "success_rate": 0.5}, {"action": "y", "success_rate": 0.9}],
        "dead_ends": []})");
    const OutcomeFold fold = OutcomeFold::plan(r,
                                               {report(OutcomeReport::Workaround, 1, true),
                                                report(OutcomeReport::Workaround, 1, true),
                                                report(OutcomeReport::Workaround, 0, false)});
    // workaround 1: (0.9·8 + 2) / 10 = 0.92; workaround 0: (0.5·8 + 0) / 9 = 0.444…
    QCOMPARE(valueAt(fold, QStringLiteral("/workarounds/1/success_rate")).get<double>(), 0.92);
    QCOMPARE(valueAt(fold, QStringLiteral("/workarounds/0/success_rate")).get<double>(), 0.44);
    // fix: (0.5·8 + 2) / 11 = 0.545…
    QCOMPARE(valueAt(fold, QStringLiteral("/fix_success_rate")).get<double>(), 0.55);
    QCOMPARE(valueAt(fold, QStringLiteral("/evidence_count")).get<qint64>(), 11);
    QCOMPARE(fold.foldedKeys().size(), 3);
    QVERIFY(fold.skipped().isEmpty());
}

void OutcomeFoldTest::deadEndsRaiseFailRatesOnly()
{
    const Record r = record(R"({"id": "a/b", "fix_success_rate": 0.7, "evidence_count": 3,
        "dead_ends": [{"action": "x", "why_fails": "y", "fail_rate": 0.6}]})");
    const OutcomeFold fold = OutcomeFold::plan(
        r, {report(OutcomeReport::DeadEnd, 0, false), report(OutcomeReport::DeadEnd, 0, true)});
    // (0.6·3 + 1 failed) / 5 = 0.56
    QCOMPARE(valueAt(fold, QStringLiteral("/dead_ends/0/fail_rate")).get<double>(), 0.56);
    QVERIFY(valueAt(fold, QStringLiteral("/fix_success_rate")) == OrderedJson("absent"));
    QCOMPARE(valueAt(fold, QStringLiteral("/evidence_count")).get<qint64>(), 5);
}

void OutcomeFoldTest::noEvidenceWeighsAsOneReport()
{
    const Record r = record(R"({"id": "a/b", "fix_success_rate": 0.5,
        "workarounds": [{"action": "x", "success_rate": 0.5}]})");
    const OutcomeFold fold = OutcomeFold::plan(r, {report(OutcomeReport::Workaround, 0, true)});
    QCOMPARE(valueAt(fold, QStringLiteral("/workarounds/0/success_rate")).get<double>(), 0.75);
    QCOMPARE(valueAt(fold, QStringLiteral("/fix_success_rate")).get<double>(), 0.75);
    QCOMPARE(valueAt(fold, QStringLiteral("/evidence_count")).get<qint64>(), 1);
}

void OutcomeFoldTest::missingRateStartsFromTheReports()
{
    const Record r = record(R"({"id": "a/b", "evidence_count": 4, "workarounds": [{"action": "x"}]})");
    const OutcomeFold fold = OutcomeFold::plan(
        r,
        {report(OutcomeReport::Workaround, 0, true), report(OutcomeReport::Workaround, 0, true),
         report(OutcomeReport::Workaround, 0, true), report(OutcomeReport::Workaround, 0, false)});
    QCOMPARE(valueAt(fold, QStringLiteral("/workarounds/0/success_rate")).get<double>(), 0.75);
    QCOMPARE(valueAt(fold, QStringLiteral("/fix_success_rate")).get<double>(), 0.75);
    QCOMPARE(valueAt(fold, QStringLiteral("/evidence_count")).get<qint64>(), 8);
}

void OutcomeFoldTest::reportsOnMissingItemsAreSkipped()
{
    const Record r = record(
        R"({"id": "a/b", "evidence_count": 2, "workarounds": [{"action": "x", "success_rate": 1}]})");
    const OutcomeFold fold = OutcomeFold::plan(r,
                                               {report(OutcomeReport::Workaround, 0, false),
                                                report(OutcomeReport::Workaround, 4, true),
                                                report(OutcomeReport::DeadEnd, 0, true)});
    QCOMPARE(fold.foldedKeys().size(), 1);
    QCOMPARE(fold.skipped(),
             QStringList({QStringLiteral("workaround 5 is not in the record"),
                          QStringLiteral("dead end 1 is not in the record")}));
    QCOMPARE(valueAt(fold, QStringLiteral("/workarounds/0/success_rate")).get<double>(), 0.67);
    QCOMPARE(valueAt(fold, QStringLiteral("/evidence_count")).get<qint64>(), 3);
}

void OutcomeFoldTest::nothingToFold()
{
    const Record r = record(R"({"id": "a/b", "workarounds": []})");
    const OutcomeFold fold = OutcomeFold::plan(r, {report(OutcomeReport::Workaround, 0, true)});
    QVERIFY(fold.isEmpty());
    QVERIFY(fold.changes().isEmpty());
    QVERIFY(OutcomeFold::plan(r, {}).isEmpty());
}

QTEST_GUILESS_MAIN(OutcomeFoldTest)
#include "OutcomeFoldTest.moc"
