// Completion of link targets: which records a typed text offers, in which
// order, and that the record being edited is never offered.

#include "models/itemmodels/LinkTargetModel.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

namespace {

QStringList strings(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromUtf8(item);
    return list;
}

} // namespace

class LinkTargetModelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void scoreRanksKindsOfMatch_data();
    void scoreRanksKindsOfMatch();
    void rowsAreRankedIdsWithSignatures();
    void signatureWordsFindRecords();
    void lettersInOrderFindRecords();
    void excludedRecordIsNotOffered();
    void emptyQueryOffersNothing();
    void passesTheModelTester();

private:
    QStringList ids() const;

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
    LinkTargetModel m_model;
};

void LinkTargetModelTest::initTestCase()
{
    const struct
    {
        const char *id;
        const char *signature;
    } records[] = {{"kubernetes/oomkilled", "OOMKilled: container exceeded its memory limit"},
                   {"kubernetes/crashloopbackoff", "Back-off restarting failed container"},
                   {"pytorch/cuda-out-of-memory", "RuntimeError: CUDA out of memory"},
                   {"node/heap-out-of-memory", "FATAL ERROR: JavaScript heap out of memory"},
                   {"kube/short", "Something else"}};
    for (const auto &record : records) {
        const QString id = QString::fromLatin1(record.id);
        const OrderedJson json = {{"id", record.id},
                                  {"signature", record.signature},
                                  {"regex", "x"},
                                  {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                                  {"category", "c"}};
        const QString path = m_dir.filePath(id + QStringLiteral(".json"));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(json.dump()));
    }
    m_kb.adopt(KnowledgeBaseLoader::load(m_dir.path()));
    m_model.setKnowledgeBase(&m_kb);
}

QStringList LinkTargetModelTest::ids() const
{
    QStringList list;
    for (int row = 0; row < m_model.rowCount(); ++row)
        list << m_model.data(m_model.index(row, 0), Qt::EditRole).toString();
    return list;
}

void LinkTargetModelTest::scoreRanksKindsOfMatch_data()
{
    QTest::addColumn<QString>("better");
    QTest::addColumn<QString>("worse");
    QTest::addColumn<QString>("id");
    // Each query is compared with the next kind of match for the same id.
    QTest::newRow("exact over prefix") << "a/bc"
                                       << "a/b"
                                       << "a/bc";
    QTest::newRow("prefix over last segment") << "kube"
                                              << "oom"
                                              << "kubernetes/oomkilled";
    QTest::newRow("last segment over word prefix") << "oomk"
                                                   << "kub oom"
                                                   << "kubernetes/oomkilled";
    QTest::newRow("word prefix over substring") << "kub oom"
                                                << "killed"
                                                << "kubernetes/oomkilled";
    QTest::newRow("substring over letters in order") << "killed"
                                                     << "ksoom"
                                                     << "kubernetes/oomkilled";
    QTest::newRow("compact letters over spread ones") << "oomkd"
                                                      << "kbd"
                                                      << "kubernetes/oomkilled";
}

void LinkTargetModelTest::scoreRanksKindsOfMatch()
{
    QFETCH(QString, better);
    QFETCH(QString, worse);
    QFETCH(QString, id);
    const int high = LinkTargetModel::score(better, id, QString());
    const int low = LinkTargetModel::score(worse, id, QString());
    QVERIFY(low >= 0);
    QVERIFY2(high > low, qPrintable(QStringLiteral("%1 vs %2").arg(high).arg(low)));
}

void LinkTargetModelTest::rowsAreRankedIdsWithSignatures()
{
    m_model.setQuery(QStringLiteral("kube"));
    // Both start with "kube": the shorter id first.
    QCOMPARE(ids(), strings({"kube/short", "kubernetes/oomkilled", "kubernetes/crashloopbackoff"}));
    QCOMPARE(m_model.data(m_model.index(1, 0)).toString(),
             QStringLiteral("kubernetes/oomkilled — OOMKilled: container exceeded its memory limit"));
    QCOMPARE(m_model.data(m_model.index(1, 0), LinkTargetModel::SignatureRole).toString(),
             QStringLiteral("OOMKilled: container exceeded its memory limit"));
}

void LinkTargetModelTest::signatureWordsFindRecords()
{
    m_model.setQuery(QStringLiteral("Out Of Mem"));
    QCOMPARE(ids(), strings({"node/heap-out-of-memory", "pytorch/cuda-out-of-memory"}));
    m_model.setQuery(QStringLiteral("javascript heap"));
    QCOMPARE(ids(), strings({"node/heap-out-of-memory"}));
}

void LinkTargetModelTest::lettersInOrderFindRecords()
{
    m_model.setQuery(QStringLiteral("crshlp"));
    QCOMPARE(ids(), strings({"kubernetes/crashloopbackoff"}));
    m_model.setQuery(QStringLiteral("zzz"));
    QCOMPARE(m_model.rowCount(), 0);
}

void LinkTargetModelTest::excludedRecordIsNotOffered()
{
    m_model.setExcludedId(QStringLiteral("kubernetes/oomkilled"));
    m_model.setQuery(QStringLiteral("oom"));
    QVERIFY(!ids().contains(QStringLiteral("kubernetes/oomkilled")));
    m_model.setExcludedId(QString());
    QVERIFY(ids().contains(QStringLiteral("kubernetes/oomkilled")));
}

void LinkTargetModelTest::emptyQueryOffersNothing()
{
    m_model.setQuery(QStringLiteral("   "));
    QCOMPARE(m_model.rowCount(), 0);
}

void LinkTargetModelTest::passesTheModelTester()
{
    LinkTargetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKnowledgeBase(&m_kb);
    model.setQuery(QStringLiteral("o"));
    QVERIFY(model.rowCount() > 0);
    model.setQuery(QStringLiteral("memory"));
}

QTEST_GUILESS_MAIN(LinkTargetModelTest)
#include "LinkTargetModelTest.moc"
