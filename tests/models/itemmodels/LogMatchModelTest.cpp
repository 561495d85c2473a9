#include "models/itemmodels/LogMatchModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/matching/LogMatcher.h"
#include "models/record/Record.h"

#include <QAbstractItemModelTester>
#include <QtTest>

#include <memory>

using namespace Errata;

namespace {

std::unique_ptr<Record> makeRecord(const QString &id, const QString &signature, const QString &regex)
{
    auto record = std::make_unique<Record>();
    const QByteArray text =
        QStringLiteral(R"({"id": "%1", "signature": "%2", "regex": "%3"})").arg(id, signature, regex).toUtf8();
    Record::LoadError error;
    if (!record->parse(text, &error))
        qFatal("bad fixture %s", qPrintable(error.message));
    record->setFilePath(QStringLiteral("/kb/%1.json").arg(id));
    return record;
}

} // namespace

class LogMatchModelTest : public QObject
{
    Q_OBJECT

private slots:
    void showsRankedRecordsWithTheirLines();
    void rowsOutliveTheKb();
    void clearEmpties();

private:
    LogMatchResult matchSample(KnowledgeBase &kb);
};

LogMatchResult LogMatchModelTest::matchSample(KnowledgeBase &kb)
{
    kb.add(makeRecord(QStringLiteral("app/oom"), QStringLiteral("out of memory"), QStringLiteral("out of memory")));
    kb.add(makeRecord(QStringLiteral("app/cuda-oom"), QStringLiteral("CUDA error: out of memory"),
                      QStringLiteral("CUDA error: out of memory")));
    kb.add(makeRecord(QStringLiteral("app/port"), QStringLiteral("端口已占用"), QStringLiteral("端口已占用")));
    LogMatcher matcher;
    matcher.build(kb);
    return matcher.match(QByteArrayLiteral("start\nCUDA error: out of memory\nok\nout of memory again\n"));
}

void LogMatchModelTest::showsRankedRecordsWithTheirLines()
{
    KnowledgeBase kb;
    const LogMatchResult result = matchSample(kb);
    LogMatchModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(result, &kb);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex first = model.index(0, LogMatchModel::IdColumn);
    QCOMPARE(first.data().toString(), QStringLiteral("app/cuda-oom")); // the longer literal first
    QCOMPARE(model.index(0, LogMatchModel::RankColumn).data().toInt(), 1);
    QCOMPARE(model.index(0, LogMatchModel::SignatureColumn).data().toString(),
             QStringLiteral("CUDA error: out of memory"));
    QCOMPARE(model.index(1, LogMatchModel::IdColumn).data().toString(), QStringLiteral("app/oom"));
    QCOMPARE(model.index(1, LogMatchModel::LinesColumn).data().toInt(), 2);
    const QModelIndex oom = model.index(1, 0);
    QCOMPARE(model.rowCount(oom), 2);
    const QModelIndex line = model.index(1, LogMatchModel::SignatureColumn, oom);
    QCOMPARE(line.data().toString(), QStringLiteral("out of memory again"));
    QCOMPARE(line.data(LogMatchModel::LineRole).toInt(), 4);
    QCOMPARE(model.idAt(line), QStringLiteral("app/oom"));
    QCOMPARE(model.parent(line), oom);
    QCOMPARE(model.index(1, LogMatchModel::IdColumn, oom).data().toString(), QStringLiteral("line 4"));
}

void LogMatchModelTest::rowsOutliveTheKb()
{
    LogMatchModel model;
    {
        KnowledgeBase kb;
        model.setResult(matchSample(kb), &kb);
    }
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, LogMatchModel::SignatureColumn).data().toString(),
             QStringLiteral("CUDA error: out of memory"));
    for (const LogMatchResult::Match &match : model.result().matches)
        QCOMPARE(match.record, nullptr);
}

void LogMatchModelTest::clearEmpties()
{
    KnowledgeBase kb;
    LogMatchModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(matchSample(kb), &kb);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.idAt(QModelIndex()).isEmpty());
}

QTEST_GUILESS_MAIN(LogMatchModelTest)
#include "LogMatchModelTest.moc"
