// FindingCap: a file's findings kept up to a cap per rule and a cap per
// file, the rest counted, and one "more-findings" finding per rule that
// says how many were left out, where the first of them is and how bad the
// worst of them is.

#include "models/validation/FindingCap.h"

#include <QTest>

using namespace Errata;

class FindingCapTest : public QObject
{
    Q_OBJECT

private slots:
    void underTheCapsEverythingIsKept();
    void capPerRule();
    void capPerFile();
    void leftOutWithoutBeingMade();
    void worstSeverityLeftOut();
    void countKeptCountsAgainstTheCaps();
    void takeStartsAfresh();
    void defaults();
};

namespace {

Problem finding(const char *rule, const QString &pointer = QString(), Problem::Severity severity = Problem::Warning)
{
    return Problem{severity, QString(), pointer, 0, 0, QStringLiteral("m"), QString::fromLatin1(rule)};
}

QStringList rules(const QList<Problem> &problems)
{
    QStringList list;
    for (const Problem &problem : problems)
        list << problem.rule;
    return list;
}

QStringList names(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromLatin1(item);
    return list;
}

} // namespace

void FindingCapTest::underTheCapsEverythingIsKept()
{
    FindingCap cap(2, 3);
    cap << finding("a") << finding("b") << finding("a");
    QCOMPARE(rules(cap.take()), names({"a", "b", "a"}));
}

void FindingCapTest::capPerRule()
{
    FindingCap cap(2, 100);
    for (int i = 0; i < 1234; ++i)
        cap << finding("schema", QStringLiteral("/dead_ends/%1").arg(i), Problem::Error);
    cap << finding("b");
    const QList<Problem> problems = cap.take();
    QCOMPARE(rules(problems), names({"schema", "schema", "b", "more-findings"}));
    const Problem &more = problems.last();
    QCOMPARE(more.message,
             QStringLiteral("… and 1,232 more findings of rule schema in this file (at most 2 of one "
                            "rule and 100 in all are listed)"));
    QCOMPARE(more.pointer, QStringLiteral("/dead_ends/2")); // the first left out
    QCOMPARE(more.severity, Problem::Error);
}

void FindingCapTest::capPerFile()
{
    FindingCap cap(2, 3);
    cap << finding("a") << finding("a") << finding("a") << finding("b") << finding("c") << finding("c");
    const QList<Problem> problems = cap.take();
    QCOMPARE(rules(problems), names({"a", "a", "b", "more-findings", "more-findings"}));
    QVERIFY2(problems.at(3).message.startsWith(QStringLiteral("… and 1 more findings of rule a ")),
             qPrintable(problems.at(3).message));
    QVERIFY2(problems.at(4).message.startsWith(QStringLiteral("… and 2 more findings of rule c ")),
             qPrintable(problems.at(4).message));
}

void FindingCapTest::leftOutWithoutBeingMade()
{
    FindingCap cap(1, 10);
    cap << finding("schema", QStringLiteral("/a"));
    QVERIFY(!cap.hasRoom(QStringLiteral("schema")));
    QVERIFY(cap.hasRoom(QStringLiteral("other")));
    cap.leaveOut(QStringLiteral("schema"), Problem::Error, QStringLiteral("/b"), 5000000000LL);
    cap.leaveOut(QStringLiteral("other"), Problem::Error, QStringLiteral("/c"), 0); // nothing left out
    const QList<Problem> problems = cap.take();
    QCOMPARE(problems.size(), 2);
    QVERIFY2(problems.last().message.startsWith(QStringLiteral("… and 5,000,000,000 more findings of rule schema")),
             qPrintable(problems.last().message));
    QCOMPARE(problems.last().pointer, QStringLiteral("/b"));
}

void FindingCapTest::worstSeverityLeftOut()
{
    FindingCap cap(1, 10);
    cap << finding("r", QStringLiteral("/0"), Problem::Info) << finding("r", QStringLiteral("/1"), Problem::Info)
        << finding("r", QStringLiteral("/2"), Problem::Error) << finding("r", QStringLiteral("/3"), Problem::Warning);
    const QList<Problem> problems = cap.take();
    QCOMPARE(problems.size(), 2);
    QCOMPARE(problems.last().severity, Problem::Error);
    QCOMPARE(problems.last().pointer, QStringLiteral("/1"));
}

// Another pass over the same file (the KB rules after the cached own
// findings) has only the room the first one left; a "more-findings"
// finding takes none.
void FindingCapTest::countKeptCountsAgainstTheCaps()
{
    FindingCap first(2, 3);
    first << finding("a") << finding("a") << finding("a");
    const QList<Problem> own = first.take();
    QCOMPARE(rules(own), names({"a", "a", "more-findings"}));
    FindingCap second(2, 3);
    second.countKept(own);
    QVERIFY(second.hasRoom(QStringLiteral("c")));
    QVERIFY(!second.hasRoom(QStringLiteral("a")));
    second << finding("c") << finding("c");
    QCOMPARE(rules(second.take()), names({"c", "more-findings"}));
}

void FindingCapTest::takeStartsAfresh()
{
    FindingCap cap(1, 2);
    cap << finding("a") << finding("a");
    QCOMPARE(cap.take().size(), 2);
    cap << finding("b") << finding("c");
    QCOMPARE(rules(cap.take()), names({"b", "more-findings"})); // the file's cap holds across take()
}

void FindingCapTest::defaults()
{
    const FindingCap cap;
    QCOMPARE(cap.perRule(), 100);
    QCOMPARE(cap.perFile(), 1000);
    QCOMPARE(FindingCap::MaxPerRule, 100);
    QCOMPARE(FindingCap::MaxPerFile, 1000);
}

QTEST_GUILESS_MAIN(FindingCapTest)
#include "FindingCapTest.moc"
