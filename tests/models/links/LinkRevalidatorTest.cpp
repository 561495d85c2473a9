// Link findings follow the KB: deleting, restoring, editing and renaming a
// record re-validates the records that link to it, so dangling and
// reciprocal findings are never stale; rename keeps every link pointing at
// the record.

#include "models/links/LinkRevalidator.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordOperations.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"

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

class LinkRevalidatorTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void deleteMakesLinksDangleAndRestoreMendsThem();
    void editOfTargetUpdatesReciprocity();
    void renameRewritesLinksAndLeavesNoneDangling();
    void validatesByItselfAfterTheDelay();

private:
    void write(const QString &id, const OrderedJson &graph);
    QStringList rules(const QString &id) const;

    QTemporaryDir m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
    RecordValidator m_validator;
    LinkRevalidator *m_revalidator = nullptr;
};

void LinkRevalidatorTest::write(const QString &id, const OrderedJson &graph)
{
    const OrderedJson json = {{"id", id.toStdString()}, {"signature", "x"},
                              {"regex", "x"},           {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                              {"category", "c"},        {"transition_graph", graph}};
    const QString path = m_dir.filePath(id + QStringLiteral(".json"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump(2)) + '\n');
}

// The link rules found for a record, e.g. "link-dangling /transition_graph/leads_to/0".
QStringList LinkRevalidatorTest::rules(const QString &id) const
{
    QStringList list;
    for (const Problem &problem : m_kb->problems(m_kb->find(id))) {
        if (problem.rule.startsWith(QLatin1String("link-")))
            list << problem.rule + QLatin1Char(' ') + problem.pointer;
    }
    return list;
}

// a/source leads_to a/target (reciprocated) and a/other (not); a/watcher
// is confused with a/target.
void LinkRevalidatorTest::init()
{
    QDir(m_dir.path()).removeRecursively();
    QDir().mkpath(m_dir.path());
    write(QStringLiteral("a/source"), {{"leads_to", {"a/target", {{"error_id", "a/other"}}}}});
    write(QStringLiteral("a/target"), {{"preceded_by", {"a/source"}}});
    write(QStringLiteral("a/other"), OrderedJson::object());
    write(QStringLiteral("a/watcher"), {{"frequently_confused_with", {"a/target"}}});
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir.path()));
    m_validator.validateAll(*m_kb);
    m_revalidator = new LinkRevalidator(m_kb.get(), &m_validator, m_kb.get());
    QCOMPARE(rules(QStringLiteral("a/source")), strings({"link-reciprocal /transition_graph/leads_to/1"}));
}

void LinkRevalidatorTest::deleteMakesLinksDangleAndRestoreMendsThem()
{
    QString error;
    std::unique_ptr<Record> removed = RecordOperations::deleteRecord(*m_kb, m_kb->find(QStringLiteral("a/target")),
                                                                     &error);
    QVERIFY2(removed, qPrintable(error));
    QVERIFY(m_revalidator->isPending());
    m_revalidator->flush();
    QCOMPARE(rules(QStringLiteral("a/source")),
             strings({"link-dangling /transition_graph/leads_to/0", "link-reciprocal /transition_graph/leads_to/1"}));
    QCOMPARE(rules(QStringLiteral("a/watcher")),
             strings({"link-dangling /transition_graph/frequently_confused_with/0"}));
    QVERIFY2(RecordOperations::restoreRecord(*m_kb, std::move(removed), &error), qPrintable(error));
    m_revalidator->flush();
    QCOMPARE(rules(QStringLiteral("a/source")), strings({"link-reciprocal /transition_graph/leads_to/1"}));
    QVERIFY(rules(QStringLiteral("a/watcher")).isEmpty());
}

void LinkRevalidatorTest::editOfTargetUpdatesReciprocity()
{
    Record *other = m_kb->find(QStringLiteral("a/other"));
    m_kb->setValue(other, QStringLiteral("/transition_graph/preceded_by"), OrderedJson{"a/source"});
    m_revalidator->flush();
    QVERIFY(rules(QStringLiteral("a/source")).isEmpty());
    m_kb->setValue(other, QStringLiteral("/transition_graph/preceded_by"), OrderedJson::array());
    m_revalidator->flush();
    QCOMPARE(rules(QStringLiteral("a/source")), strings({"link-reciprocal /transition_graph/leads_to/1"}));
}

void LinkRevalidatorTest::renameRewritesLinksAndLeavesNoneDangling()
{
    QString error;
    Record *target = m_kb->find(QStringLiteral("a/target"));
    QVERIFY2(RecordOperations::renameRecord(*m_kb, target, QStringLiteral("b/renamed"), &error), qPrintable(error));
    m_revalidator->flush();
    const Record *source = m_kb->find(QStringLiteral("a/source"));
    QCOMPARE(source->links(Link::LeadsTo).at(0).targetId, QStringLiteral("b/renamed"));
    QVERIFY(source->links(Link::LeadsTo).at(0).bare); // bare links stay bare
    QCOMPARE(m_kb->find(QStringLiteral("a/watcher"))->links(Link::ConfusedWith).at(0).targetId,
             QStringLiteral("b/renamed"));
    QCOMPARE(rules(QStringLiteral("a/source")), strings({"link-reciprocal /transition_graph/leads_to/1"}));
    QVERIFY(rules(QStringLiteral("a/watcher")).isEmpty());
    QVERIFY(rules(QStringLiteral("b/renamed")).isEmpty());
    QVERIFY(m_kb->links().backlinks(QStringLiteral("a/target")).isEmpty());
    // And back.
    QVERIFY2(RecordOperations::renameRecord(*m_kb, target, QStringLiteral("a/target"), &error), qPrintable(error));
    m_revalidator->flush();
    QCOMPARE(source->links(Link::LeadsTo).at(0).targetId, QStringLiteral("a/target"));
    QVERIFY(rules(QStringLiteral("a/target")).isEmpty());
}

void LinkRevalidatorTest::validatesByItselfAfterTheDelay()
{
    QString error;
    QVERIFY(RecordOperations::deleteRecord(*m_kb, m_kb->find(QStringLiteral("a/other")), &error));
    QVERIFY(rules(QStringLiteral("a/source")).size() == 1); // not yet
    QTRY_COMPARE_WITH_TIMEOUT(rules(QStringLiteral("a/source")),
                              strings({"link-dangling /transition_graph/leads_to/1"}), 5000);
    QVERIFY(!m_revalidator->isPending());
}

QTEST_GUILESS_MAIN(LinkRevalidatorTest)
#include "LinkRevalidatorTest.moc"
