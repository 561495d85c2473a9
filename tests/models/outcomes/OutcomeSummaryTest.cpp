// A record's outcome reports in one sentence, as the card shows them.

#include "models/outcomes/OutcomeSummary.h"

#include <QTest>

using namespace Errata;

class OutcomeSummaryTest : public QObject
{
    Q_OBJECT

private slots:
    void describe();
    void none();

private:
    static OutcomeReport report(OutcomeReport::Kind kind, int index, bool worked);
};

OutcomeReport OutcomeSummaryTest::report(OutcomeReport::Kind kind, int index, bool worked)
{
    OutcomeReport report;
    report.kind = kind;
    report.index = index;
    report.worked = worked;
    return report;
}

void OutcomeSummaryTest::describe()
{
    QCOMPARE(OutcomeSummary::describe({report(OutcomeReport::Workaround, 1, true),
                                       report(OutcomeReport::Workaround, 1, false),
                                       report(OutcomeReport::Workaround, 1, true)}),
             QStringLiteral("3 reports: workaround 2 worked 2 times, failed once"));
    QCOMPARE(OutcomeSummary::describe(
                 {report(OutcomeReport::DeadEnd, 0, false), report(OutcomeReport::Workaround, 2, true)}),
             QStringLiteral("2 reports: workaround 3 worked once; dead end 1 failed once"));
    QCOMPARE(OutcomeSummary::describe({report(OutcomeReport::Workaround, 0, true)}),
             QStringLiteral("1 report: workaround 1 worked once"));
}

void OutcomeSummaryTest::none()
{
    QCOMPARE(OutcomeSummary::describe({}), QString());
}

QTEST_GUILESS_MAIN(OutcomeSummaryTest)
#include "OutcomeSummaryTest.moc"
