#include "models/itemmodels/RegexMatchListModel.h"
#include "models/matching/RegexEngine.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace Errata;

class RegexMatchListModelTest : public QObject
{
    Q_OBJECT

private slots:
    void rowsShowLineColumnTextAndGroups();
    void unmatchedGroupShowsDash();
    void resetKeepsModelConsistent();
};

void RegexMatchListModelTest::rowsShowLineColumnTextAndGroups()
{
    RegexMatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const RegexEngine engine(QStringLiteral("端口 (\\d+) (?P<state>已占用|空闲)"));
    QVERIFY(engine.isValid());
    model.setMatches(engine.findAll(QStringLiteral("启动\n错误：端口 3000 已占用\n端口 8080 空闲")));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(RegexMatchListModel::ColumnCount));
    QCOMPARE(model.index(0, RegexMatchListModel::LineColumn).data().toInt(), 2);
    QCOMPARE(model.index(0, RegexMatchListModel::ColumnColumn).data().toInt(), 4); // characters, not bytes
    QCOMPARE(model.index(0, RegexMatchListModel::TextColumn).data().toString(), QStringLiteral("端口 3000 已占用"));
    QCOMPARE(model.index(0, RegexMatchListModel::GroupsColumn).data().toString(),
             QStringLiteral("1: 3000  2 (state): 已占用"));
    QCOMPARE(model.index(1, RegexMatchListModel::LineColumn).data().toInt(), 3);
    QCOMPARE(model.index(1, RegexMatchListModel::ColumnColumn).data().toInt(), 1);
    QCOMPARE(model.headerData(RegexMatchListModel::GroupsColumn, Qt::Horizontal).toString(), QStringLiteral("Groups"));
}

void RegexMatchListModelTest::unmatchedGroupShowsDash()
{
    RegexMatchListModel model;
    const RegexEngine engine(QStringLiteral("a(b)?(c)"));
    model.setMatches(engine.findAll(QStringLiteral("ac\nmultiline\ttab")));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, RegexMatchListModel::GroupsColumn).data().toString(), QStringLiteral("1: –  2: c"));
}

void RegexMatchListModelTest::resetKeepsModelConsistent()
{
    RegexMatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const RegexEngine engine(QStringLiteral("x\\ny"));
    model.setMatches(engine.findAll(QStringLiteral("x\ny x\ny")));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, RegexMatchListModel::TextColumn).data().toString(), QStringLiteral("x⏎y"));
    model.setMatches({});
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(RegexMatchListModelTest)
#include "RegexMatchListModelTest.moc"
