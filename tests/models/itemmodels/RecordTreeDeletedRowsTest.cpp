// RecordTreeModel lists the record files git reports deleted (DeletedNode
// rows, read from HEAD) under their domain and category, counted as rows
// of their groups; RecordFilterModel keeps them for git:deleted and changed. The KB
// is a real checkout made with libgit2.

#include "models/git/GitDeletedRecords.h"
#include "models/git/GitStatus.h"
#include "models/itemmodels/RecordFilterModel.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"
#include "support/GitTestRepository.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &id, const QString &category, const QString &signature)
{
    return QStringLiteral("{\"id\": \"%1\", \"signature\": \"%2\", \"regex\": \"x\", \"domain\": \"%3\", "
                          "\"category\": \"%4\"}\n")
        .arg(id, signature, id.section(QLatin1Char('/'), 0, 0), category)
        .toUtf8();
}

QStringList childNames(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names << model.index(row, 0, parent).data(Qt::DisplayRole).toString();
    return names;
}

} // namespace

class RecordTreeDeletedRowsTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void deletedRowsUnderTheirGroups();
    void filterKeepsThemForGitDeleted();

private:
    std::shared_ptr<const GitDeletedRecords> deleted() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
};

// pytorch/oom (memory) and docker/socket stay; pytorch/nan (numeric) and
// web/cors (a domain of its own) were deleted.
void RecordTreeDeletedRowsTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    GitTestRepository repository(m_dir->path());
    QVERIFY(repository.write(
        QStringLiteral("pytorch/oom.json"),
        record(QStringLiteral("pytorch/oom"), QStringLiteral("memory"), QStringLiteral("CUDA out of memory"))));
    QVERIFY(repository.write(
        QStringLiteral("pytorch/nan.json"),
        record(QStringLiteral("pytorch/nan"), QStringLiteral("numeric"), QStringLiteral("Loss is NaN"))));
    QVERIFY(repository.write(
        QStringLiteral("docker/socket.json"),
        record(QStringLiteral("docker/socket"), QStringLiteral("daemon"), QStringLiteral("permission denied"))));
    QVERIFY(repository.write(
        QStringLiteral("web/cors.json"),
        record(QStringLiteral("web/cors"), QStringLiteral("http"), QStringLiteral("blocked by CORS"))));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.removeFile(QStringLiteral("pytorch/nan.json")));
    QVERIFY(repository.removeFile(QStringLiteral("web/cors.json")));
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QCOMPARE(m_kb->count(), 2);
}

std::shared_ptr<const GitDeletedRecords> RecordTreeDeletedRowsTest::deleted() const
{
    return std::make_shared<const GitDeletedRecords>(
        GitDeletedRecords::read(m_dir->path(), GitStatus::read(m_dir->path())));
}

void RecordTreeDeletedRowsTest::deletedRowsUnderTheirGroups()
{
    RecordTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKnowledgeBase(m_kb.get());
    QCOMPARE(childNames(model), (QStringList{QStringLiteral("docker (1)"), QStringLiteral("pytorch (1)")}));

    model.setDeletedRecords(deleted());
    QCOMPARE(childNames(model),
             (QStringList{QStringLiteral("docker (1)"), QStringLiteral("pytorch (2)"), QStringLiteral("web (1)")}));
    const QModelIndex pytorch = model.index(1, 0);
    QCOMPARE(childNames(model, pytorch), (QStringList{QStringLiteral("memory (1)"), QStringLiteral("numeric (1)")}));
    const QModelIndex nan = model.index(0, 0, model.index(1, 0, pytorch));
    QCOMPARE(nan.data().toString(), QStringLiteral("Loss is NaN"));
    QCOMPARE(nan.data(RecordTreeModel::KindRole).toInt(), int(RecordTreeModel::DeletedNode));
    QCOMPARE(nan.data(RecordTreeModel::IdRole).toString(), QStringLiteral("pytorch/nan"));
    QCOMPARE(nan.data(RecordTreeModel::GitStateRole).toInt(), int(GitStatus::State::Deleted));
    QCOMPARE(nan.data(RecordTreeModel::DeletedPathRole).toString(), QStringLiteral("pytorch/nan.json"));
    QCOMPARE(nan.data(RecordTreeModel::RecordRole).value<quintptr>(), quintptr(0));
    QCOMPARE(model.recordAt(nan), nullptr);
    QCOMPARE(model.deletedAt(nan)->id, QStringLiteral("pytorch/nan"));
    QCOMPARE(model.deletedRows().size(), 2);

    // Rebuilt with the KB, they stay; without deleted files the groups that
    // held only them go.
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir->path()));
    QCOMPARE(model.deletedRows().size(), 2);
    QCOMPARE(model.rowCount(), 3);
    model.setDeletedRecords(nullptr);
    QCOMPARE(childNames(model), (QStringList{QStringLiteral("docker (1)"), QStringLiteral("pytorch (1)")}));
    QCOMPARE(childNames(model, model.index(1, 0)), (QStringList{QStringLiteral("memory (1)")}));
    QVERIFY(model.deletedRows().isEmpty());
}

void RecordTreeDeletedRowsTest::filterKeepsThemForGitDeleted()
{
    RecordTreeModel model;
    model.setKnowledgeBase(m_kb.get());
    model.setGitStatus(std::make_shared<const GitStatus>(GitStatus::read(m_dir->path())));
    model.setDeletedRecords(deleted());
    SearchIndex index;
    index.build(*m_kb);
    RecordFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    filter.setIndex(&index);

    filter.setSearchText(QStringLiteral("git:deleted"));
    QCOMPARE(filter.resultCount(), 2);
    QCOMPARE(childNames(filter), (QStringList{QStringLiteral("pytorch (1 of 2)"), QStringLiteral("web (1 of 1)")}));
    filter.setSearchText(QStringLiteral("changed"));
    QCOMPARE(filter.resultCount(), 2);
    filter.setSearchText(QStringLiteral("git:deleted nan"));
    QCOMPARE(filter.resultCount(), 1);
    QCOMPARE(childNames(filter), (QStringList{QStringLiteral("pytorch (1 of 2)")}));
    const QModelIndex numeric = filter.index(0, 0, filter.index(0, 0));
    QCOMPARE(childNames(filter, numeric), (QStringList{QStringLiteral("Loss is NaN")}));
    QCOMPARE(filter.firstResult(), filter.index(0, 0, numeric));
    filter.setSearchText(QStringLiteral("git:deleted domain:web"));
    QCOMPARE(filter.resultCount(), 1);
    filter.setSearchText(QStringLiteral("git:deleted tier:human"));
    QCOMPARE(filter.resultCount(), 0);
    // Other searches find the KB's records only.
    filter.setSearchText(QStringLiteral("loss"));
    QCOMPARE(filter.resultCount(), 0);
    filter.setSearchText(QStringLiteral("git:modified"));
    QCOMPARE(filter.resultCount(), 0);
    filter.setSearchText(QString());
    QCOMPARE(filter.rowCount(), 3);
}

QTEST_GUILESS_MAIN(RecordTreeDeletedRowsTest)
#include "RecordTreeDeletedRowsTest.moc"
