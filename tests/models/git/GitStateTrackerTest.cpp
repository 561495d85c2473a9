// GitStateTracker keeps the git states of an open KB's files, read in the
// background: after the KB is set, after a save, after git itself changes
// the checkout (a commit), and the tree and its search follow them
// (GitStateRole, "changed", "git:new").

#include "models/git/GitStateTracker.h"
#include "models/itemmodels/RecordFilterModel.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "support/GitTestRepository.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &id, const QString &signature)
{
    return QStringLiteral(
               "{\n  \"id\": \"%1\",\n  \"signature\": \"%2\",\n  \"regex\": \"%2\",\n  \"domain\": \"%3\",\n"
               "  \"category\": \"general\",\n  \"root_cause\": \"The cause of %1, in detail.\"\n}\n")
        .arg(id, signature, id.section(QLatin1Char('/'), 0, 0))
        .toUtf8();
}

// The ids of the records the filter keeps, in its order.
QStringList shownIds(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(RecordTreeModel::KindRole).toInt() == RecordTreeModel::RecordNode)
            ids << index.data(RecordTreeModel::IdRole).toString();
        else
            ids << shownIds(model, index);
    }
    return ids;
}

} // namespace

class GitStateTrackerTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void statesReachTheTreeAndTheSearch();
    void followsSavesAndCommits();
    void noRepositoryNoStates();

private:
    void open();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitTestRepository> m_repository;
    std::unique_ptr<KnowledgeBase> m_kb;
};

void GitStateTrackerTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_repository = std::make_unique<GitTestRepository>(m_dir->path());
    QVERIFY(m_repository->write(QStringLiteral("app/one.json"),
                                record(QStringLiteral("app/one"), QStringLiteral("disk full"))));
    QVERIFY(m_repository->write(QStringLiteral("app/two.json"),
                                record(QStringLiteral("app/two"), QStringLiteral("quota"))));
    QVERIFY(!m_repository->commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(m_repository->write(QStringLiteral("app/one.json"),
                                record(QStringLiteral("app/one"), QStringLiteral("disk is full"))));
    QVERIFY(m_repository->write(QStringLiteral("net/new.json"),
                                record(QStringLiteral("net/new"), QStringLiteral("refused"))));
}

void GitStateTrackerTest::open()
{
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir->path()));
}

void GitStateTrackerTest::statesReachTheTreeAndTheSearch()
{
    open();
    RecordTreeModel tree;
    tree.setKnowledgeBase(m_kb.get());
    SearchIndex index;
    QVERIFY(index.build(*m_kb));
    RecordFilterModel filter;
    filter.setSourceModel(&tree);
    filter.setIndex(&index);

    GitStateTracker tracker;
    tracker.setKnowledgeBase(m_kb.get());
    tracker.refreshNow();
    QVERIFY(tracker.status()->isRepository());
    QCOMPARE(tracker.status()->branch(), QStringLiteral("main"));
    QCOMPARE(tracker.status()->entries().size(), 2);
    QSignalSpy changed(&tree, &QAbstractItemModel::dataChanged);
    tree.setGitStatus(tracker.status());
    QVERIFY(!changed.isEmpty());
    QCOMPARE(tree.indexOf(m_kb->find(QStringLiteral("app/one"))).data(RecordTreeModel::GitStateRole).toInt(),
             int(GitStatus::State::Modified));
    QCOMPARE(tree.indexOf(m_kb->find(QStringLiteral("net/new"))).data(RecordTreeModel::GitStateRole).toInt(),
             int(GitStatus::State::Untracked));
    QCOMPARE(tree.indexOf(m_kb->find(QStringLiteral("app/two"))).data(RecordTreeModel::GitStateRole).toInt(), -1);
    QVERIFY(tree.indexOf(m_kb->find(QStringLiteral("app/one")))
                .data(Qt::ToolTipRole)
                .toString()
                .endsWith(QStringLiteral("git: modified")));

    filter.setSearchText(QStringLiteral("changed"));
    QCOMPARE(shownIds(filter), (QStringList{QStringLiteral("app/one"), QStringLiteral("net/new")}));
    filter.setSearchText(QStringLiteral("git:new"));
    QCOMPARE(shownIds(filter), QStringList{QStringLiteral("net/new")});
    filter.setSearchText(QStringLiteral("git:modified disk"));
    QCOMPARE(shownIds(filter), QStringList{QStringLiteral("app/one")});
    filter.setSearchText(QStringLiteral("git:modified quota"));
    QCOMPARE(shownIds(filter), QStringList());
    filter.setSearchText(QStringLiteral("git:conflicted"));
    QCOMPARE(shownIds(filter), QStringList());
}

void GitStateTrackerTest::followsSavesAndCommits()
{
    open();
    GitStateTracker tracker;
    QSignalSpy updated(&tracker, &GitStateTracker::updated);
    tracker.setKnowledgeBase(m_kb.get());
    QTRY_COMPARE_WITH_TIMEOUT(tracker.status()->entries().size(), 2, 5000);

    // A save through the program: the file now differs from HEAD.
    Record *two = m_kb->find(QStringLiteral("app/two"));
    QVERIFY(two);
    QVERIFY(m_repository->write(QStringLiteral("app/two.json"),
                                record(QStringLiteral("app/two"), QStringLiteral("quota!"))));
    emit m_kb->recordSaved(two);
    QTRY_COMPARE_WITH_TIMEOUT(tracker.status()->entries().size(), 3, 5000);

    // git commits everything: the repository's folder changes, and no file
    // differs from HEAD any more.
    QVERIFY(!m_repository->commitAll(QStringLiteral("second")).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(tracker.status()->entries().size(), 0, 5000);
    QVERIFY(updated.size() >= 3);
}

void GitStateTrackerTest::noRepositoryNoStates()
{
    QTemporaryDir plain;
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(plain.path()));
    GitStateTracker tracker;
    tracker.setKnowledgeBase(m_kb.get());
    tracker.refreshNow();
    QVERIFY(!tracker.status()->isRepository());
    QVERIFY(tracker.status()->entries().isEmpty());
}

QTEST_GUILESS_MAIN(GitStateTrackerTest)
#include "GitStateTrackerTest.moc"
