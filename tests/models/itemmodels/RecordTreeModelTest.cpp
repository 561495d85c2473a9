#include "models/itemmodels/RecordTreeModel.h"
#include "models/itemmodels/RecordFilterModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"
#include "models/validation/RecordValidator.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <functional>

using namespace Errata;

namespace {

OrderedJson recordJson(const std::string &id, const std::string &category, const std::string &signature)
{
    const std::string domain = id.substr(0, id.find('/'));
    return OrderedJson{
        {"id", id}, {"signature", signature}, {"regex", "x"}, {"domain", domain}, {"category", category}};
}

std::unique_ptr<Record> makeRecord(const QString &root, const OrderedJson &json)
{
    auto record = std::make_unique<Record>();
    record->setFilePath(root + QLatin1Char('/') + QString::fromStdString(json.at("id").get<std::string>())
                        + QStringLiteral(".json"));
    record->setJson(json);
    return record;
}

QStringList childNames(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names << model.index(row, 0, parent).data(RecordTreeModel::IdRole).toString();
    return names;
}

// Counts the rows the filter is asked about, below each parent id.
class CountingFilterModel : public RecordFilterModel
{
public:
    mutable QHash<QString, int> asked;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override
    {
        ++asked[sourceParent.data(RecordTreeModel::IdRole).toString()];
        return RecordFilterModel::filterAcceptsRow(sourceRow, sourceParent);
    }
};

void visitAll(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    for (int row = 0; row < model.rowCount(parent); ++row)
        visitAll(model, model.index(row, 0, parent));
}

// A tree over the KB, its search index and a filter over both; the tester,
// when there is one, watches the filter from before it gets its source.
template<typename Filter = RecordFilterModel>
struct FilteredTree
{
    explicit FilteredTree(KnowledgeBase &kb, bool tested = true)
    {
        model.setKnowledgeBase(&kb);
        index.build(kb);
        if (tested)
            tester = std::make_unique<QAbstractItemModelTester>(&filter,
                                                                QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setIndex(&index);
    }

    RecordTreeModel model;
    SearchIndex index;
    Filter filter;
    std::unique_ptr<QAbstractItemModelTester> tester;
};

} // namespace

class RecordTreeModelTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void groupsAndCounts();
    void addRemoveAndChangeInPlace();
    void severityRole();
    void severitiesOfManyRecordsAtOnce();
    void filterKeepsMatchingGroupsRanked();
    void filterFollowsChanges();
    void filterSkipsGroupsWithoutHits();
    void filterProposesGroupsWithinBudget();
    void filterCountsFollowRemovalsWhileSearching();
    void filterFollowsRecordsMovedBetweenSearches();
    void serialsNumberEveryRowOnce();
    void namesAreShownEscaped();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
};

void RecordTreeModelTest::init()
{
    m_kb = std::make_unique<KnowledgeBase>();
    KnowledgeBaseLoader::Result result;
    result.root = m_dir.path();
    result.records.push_back(makeRecord(m_dir.path(), recordJson("pytorch/oom", "memory", "CUDA out of memory")));
    result.records.push_back(makeRecord(m_dir.path(), recordJson("pytorch/nan", "numeric", "Loss is NaN")));
    result.records.push_back(makeRecord(m_dir.path(), recordJson("pytorch/inf", "numeric", "Loss is Inf")));
    result.records.push_back(makeRecord(m_dir.path(), recordJson("docker/socket", "daemon", "permission denied")));
    m_kb->adopt(std::move(result));
}

void RecordTreeModelTest::groupsAndCounts()
{
    RecordTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKnowledgeBase(m_kb.get());
    QCOMPARE(childNames(model), (QStringList{QStringLiteral("docker"), QStringLiteral("pytorch")}));
    const QModelIndex pytorch = model.index(1, 0);
    QCOMPARE(pytorch.data().toString(), QStringLiteral("pytorch (3)"));
    QCOMPARE(childNames(model, pytorch), (QStringList{QStringLiteral("memory"), QStringLiteral("numeric")}));
    const QModelIndex numeric = model.index(1, 0, pytorch);
    QCOMPARE(childNames(model, numeric), (QStringList{QStringLiteral("pytorch/inf"), QStringLiteral("pytorch/nan")}));
    const QModelIndex inf = model.index(0, 0, numeric);
    QCOMPARE(inf.data().toString(), QStringLiteral("Loss is Inf"));
    QCOMPARE(inf.data(RecordTreeModel::KindRole).toInt(), int(RecordTreeModel::RecordNode));
    QCOMPARE(model.recordAt(inf), m_kb->find(QStringLiteral("pytorch/inf")));
    QCOMPARE(model.indexOf(m_kb->find(QStringLiteral("pytorch/inf"))), inf);
    QCOMPARE(inf.parent(), numeric);
}

void RecordTreeModelTest::addRemoveAndChangeInPlace()
{
    RecordTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKnowledgeBase(m_kb.get());
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);

    // A record in a new domain brings its two groups.
    Record *added = m_kb->add(makeRecord(m_dir.path(), recordJson("git/push", "remote", "rejected")));
    QCOMPARE(childNames(model),
             (QStringList{QStringLiteral("docker"), QStringLiteral("git"), QStringLiteral("pytorch")}));
    QVERIFY(model.indexOf(added).isValid());
    QCOMPARE(inserts.count(), 3); // domain, category, record

    // Changing the category moves the row and drops the emptied group.
    Record *nan = m_kb->find(QStringLiteral("pytorch/nan"));
    OrderedJson json = nan->json();
    json["category"] = "memory";
    m_kb->replaceJson(nan, json);
    const QModelIndex pytorch = model.index(2, 0);
    QCOMPARE(pytorch.data().toString(), QStringLiteral("pytorch (3)"));
    const QModelIndex memory = model.index(0, 0, pytorch);
    QCOMPARE(childNames(model, memory), (QStringList{QStringLiteral("pytorch/nan"), QStringLiteral("pytorch/oom")}));

    // Removing the last record of a domain removes the domain.
    std::unique_ptr<Record> taken = m_kb->take(m_kb->find(QStringLiteral("docker/socket")));
    QVERIFY(taken);
    QCOMPARE(childNames(model), (QStringList{QStringLiteral("git"), QStringLiteral("pytorch")}));
    QCOMPARE(resets.count(), 0);
}

void RecordTreeModelTest::severityRole()
{
    Record *nan = m_kb->find(QStringLiteral("pytorch/nan"));
    RecordTreeModel model;
    model.setKnowledgeBase(m_kb.get());
    const QModelIndex pytorch = model.index(1, 0);
    QCOMPARE(pytorch.data(RecordTreeModel::SeverityRole).toInt(), -1);
    m_kb->setProblems(nan, {Problem{Problem::Warning, {}, {}, 1, 1, QStringLiteral("w"), QStringLiteral("x")}});
    QCOMPARE(model.indexOf(nan).data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Warning));
    QCOMPARE(pytorch.data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Warning));
    m_kb->setProblems(nan, {});
    QCOMPARE(pytorch.data(RecordTreeModel::SeverityRole).toInt(), -1);
}

// Findings set in one batch (the checks after a first opening): every icon
// follows, with one dataChanged for each group's rows and no reset.
void RecordTreeModelTest::severitiesOfManyRecordsAtOnce()
{
    RecordTreeModel model;
    model.setKnowledgeBase(m_kb.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    const Record *nan = m_kb->find(QStringLiteral("pytorch/nan"));
    const Record *socket = m_kb->find(QStringLiteral("docker/socket"));
    const auto problem = [](Problem::Severity severity) {
        return Problem{severity, {}, {}, 1, 1, QStringLiteral("m"), QStringLiteral("r")};
    };
    m_kb->setProblems(KnowledgeBase::Findings{{nan, {problem(Problem::Info), problem(Problem::Error)}},
                                              {socket, {problem(Problem::Warning)}}});
    const QModelIndex docker = model.index(0, 0);
    const QModelIndex pytorch = model.index(1, 0);
    QCOMPARE(docker.data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Warning));
    QCOMPARE(pytorch.data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Error));
    QCOMPARE(model.index(0, 0, pytorch).data(RecordTreeModel::SeverityRole).toInt(), -1);                  // memory
    QCOMPARE(model.index(1, 0, pytorch).data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Error)); // numeric
    QCOMPARE(model.indexOf(nan).data(RecordTreeModel::SeverityRole).toInt(), int(Problem::Error));
    // The root's rows, each domain's and each category's: 1 + 2 + 3.
    QCOMPARE(changed.count(), 6);
    QCOMPARE(resets.count(), 0);
    for (const QList<QVariant> &arguments : std::as_const(changed)) {
        const QModelIndex first = arguments.at(0).value<QModelIndex>();
        const QModelIndex last = arguments.at(1).value<QModelIndex>();
        QCOMPARE(first.row(), 0);
        QCOMPARE(last.row(), model.rowCount(first.parent()) - 1);
    }
}

void RecordTreeModelTest::filterKeepsMatchingGroupsRanked()
{
    FilteredTree<> tree(*m_kb);
    RecordFilterModel &filter = tree.filter;
    QCOMPARE(childNames(filter), (QStringList{QStringLiteral("docker"), QStringLiteral("pytorch")}));

    filter.setSearchText(QStringLiteral("loss"));
    QCOMPARE(filter.resultCount(), 2);
    QCOMPARE(childNames(filter), QStringList{QStringLiteral("pytorch")});
    QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("pytorch (2 of 3)"));
    QCOMPARE(filter.firstResult().data(RecordTreeModel::IdRole).toString(), QStringLiteral("pytorch/inf"));

    filter.setSearchText(QStringLiteral("denied"));
    QCOMPARE(childNames(filter), QStringList{QStringLiteral("docker")});
    filter.setSearchText(QStringLiteral("nothing-like-this"));
    QCOMPARE(filter.rowCount(), 0);
    QVERIFY(!filter.firstResult().isValid());
    filter.setSearchText(QString());
    QCOMPARE(filter.rowCount(), 2);
}

void RecordTreeModelTest::filterFollowsChanges()
{
    FilteredTree<> tree(*m_kb);
    RecordFilterModel &filter = tree.filter;
    m_kb->add(makeRecord(m_dir.path(), recordJson("aaa/first", "misc", "first")));
    QCOMPARE(childNames(filter).value(0), QStringLiteral("aaa"));
    m_kb->take(m_kb->find(QStringLiteral("aaa/first")));
    QCOMPARE(childNames(filter).value(0), QStringLiteral("docker"));
}

// A group without hits is dropped on its own rank: the records below it are not looked at (in a large KB that is most
// of the work of a keystroke).
void RecordTreeModelTest::filterSkipsGroupsWithoutHits()
{
    FilteredTree<CountingFilterModel> tree(*m_kb, false);
    CountingFilterModel &filter = tree.filter;
    filter.setSearchText(QStringLiteral("denied"));
    filter.asked.clear();
    filter.invalidate();
    visitAll(filter);
    QCOMPARE(childNames(filter), QStringList{QStringLiteral("docker")});
    QVERIFY(filter.asked.value(QString()) > 0);                // the domains
    QVERIFY(filter.asked.value(QStringLiteral("daemon")) > 0); // docker's category, with the hit
    for (const char *group : {"pytorch", "memory", "numeric"}) // pytorch and its categories
        QVERIFY2(!filter.asked.contains(QLatin1String(group)), group);
}

void RecordTreeModelTest::filterProposesGroupsWithinBudget()
{
    FilteredTree<RecordFilterModel> tree(*m_kb, false);
    RecordFilterModel &filter = tree.filter;
    QVERIFY(filter.groupsToExpand().isEmpty()); // no search

    const auto names = [](const QModelIndexList &groups) {
        QStringList list;
        for (const QModelIndex &group : groups)
            list << group.data(RecordTreeModel::IdRole).toString();
        return list;
    };
    filter.setSearchText(QStringLiteral("domain:pytorch"));
    QCOMPARE(filter.resultCount(), 3);
    QStringList all = names(filter.groupsToExpand());
    QCOMPARE(all.takeFirst(), QStringLiteral("pytorch")); // domains first
    all.sort();
    QCOMPARE(all, (QStringList{QStringLiteral("memory"), QStringLiteral("numeric")}));
    // Within a budget of one record only the best category opens (it is
    // always opened, even when it holds more than the budget).
    const QModelIndexList one = filter.groupsToExpand(1);
    QCOMPARE(one.size(), 2);
    QCOMPARE(filter.firstResult().parent(), one.at(1));
    const QModelIndexList two = filter.groupsToExpand(2);
    QCOMPARE(two.size(), 2);
    QCOMPARE(two.at(1), one.at(1));
}

// Removing hits while a search is shown: hasChildren() answers from the
// search's counts, which may only overstate the rows left (the tester checks
// after every signal that a group with rows says it has children).
void RecordTreeModelTest::filterCountsFollowRemovalsWhileSearching()
{
    FilteredTree<> tree(*m_kb);
    RecordFilterModel &filter = tree.filter;
    SearchIndex &index = tree.index;
    filter.setSearchText(QStringLiteral("loss"));
    const QModelIndex pytorch = filter.index(0, 0);
    QCOMPARE(pytorch.data().toString(), QStringLiteral("pytorch (2 of 3)"));
    m_kb->take(m_kb->find(QStringLiteral("pytorch/inf")));
    QVERIFY(filter.hasChildren(pytorch));
    QCOMPARE(filter.rowCount(pytorch), 1);
    m_kb->take(m_kb->find(QStringLiteral("pytorch/nan")));
    QCOMPARE(filter.rowCount(pytorch), 0);
    index.build(*m_kb);
    filter.setSearchText(QStringLiteral("loss")); // what the window does after a change
    QCOMPARE(filter.rowCount(), 0);
    filter.setSearchText(QStringLiteral("memory"));
    QVERIFY(filter.hasChildren(filter.index(0, 0)));
}

// The filter remembers which rows a hit's record has; a record that moved
// to another group since the last search is found in its new place.
void RecordTreeModelTest::filterFollowsRecordsMovedBetweenSearches()
{
    FilteredTree<> tree(*m_kb);
    RecordFilterModel &filter = tree.filter;
    SearchIndex &index = tree.index;
    filter.setSearchText(QStringLiteral("loss"));
    QCOMPARE(childNames(filter), QStringList{QStringLiteral("pytorch")});

    Record *inf = m_kb->find(QStringLiteral("pytorch/inf"));
    m_kb->setValue(inf, QStringLiteral("/domain"), "numpy");
    const auto check = [&] {
        filter.setSearchText(QStringLiteral("loss"));
        QCOMPARE(childNames(filter), (QStringList{QStringLiteral("numpy"), QStringLiteral("pytorch")}));
        QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("numpy (1 of 1)"));
        QCOMPARE(filter.index(1, 0).data().toString(), QStringLiteral("pytorch (1 of 2)"));
    };
    check(); // the index still has the record's old entry; the tree moved it
    index.update(*m_kb, inf);
    check(); // a new entry
}

void RecordTreeModelTest::serialsNumberEveryRowOnce()
{
    RecordTreeModel model;
    model.setKnowledgeBase(m_kb.get());
    QSet<int> seen;
    std::function<void(const QModelIndex &)> visit = [&](const QModelIndex &parent) {
        for (int row = 0; row < model.rowCount(parent); ++row) {
            const QModelIndex index = model.index(row, 0, parent);
            const int serial = model.serialOf(index);
            QVERIFY(serial >= 0 && serial < model.serialCount());
            QVERIFY(!seen.contains(serial));
            seen.insert(serial);
            visit(index);
        }
    };
    visit(QModelIndex());
    QCOMPARE(seen.size(), 2 + 3 + 4); // domains, categories, records
    QCOMPARE(model.serialOf(QModelIndex()), -1);
}

// A domain, category or id holding a right-to-left override or a control
// character reads as itself in the tree and its tooltips; IdRole stays raw.
void RecordTreeModelTest::namesAreShownEscaped()
{
    Record *record = m_kb->add(makeRecord(m_dir.path(), recordJson("evil\u202Egnp/x\x1b[2J", "cat\u2067", "Sig")));
    RecordTreeModel model;
    model.setKnowledgeBase(m_kb.get());
    const QModelIndex leaf = model.indexOf(record);
    QVERIFY(leaf.isValid());
    const QModelIndex category = leaf.parent();
    const QModelIndex domain = category.parent();
    QCOMPARE(domain.data().toString(), QStringLiteral("evil\\u202Egnp (1)"));
    QCOMPARE(domain.data(RecordTreeModel::IdRole).toString(), QStringLiteral("evil\u202Egnp"));
    QCOMPARE(category.data().toString(), QStringLiteral("cat\\u2067 (1)"));
    QCOMPARE(category.data(Qt::ToolTipRole).toString(), QStringLiteral("cat\\u2067"));
    QVERIFY(leaf.data(Qt::ToolTipRole).toString().startsWith(u"evil\\u202Egnp/x\\x1B[2J\n"));
    QCOMPARE(leaf.data(RecordTreeModel::IdRole).toString(), QStringLiteral("evil\u202Egnp/x\x1b[2J"));
}

QTEST_GUILESS_MAIN(RecordTreeModelTest)
#include "RecordTreeModelTest.moc"
