// The bookkeeping of a loaded KnowledgeBase: its LinkIndex, adopting another
// load, edits that keep the indexes current, the problem counts, documents
// released after loading, and relative paths. Loading itself is in
// KnowledgeBaseTest.

#include "KnowledgeBaseFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/LinkIndex.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <utility>

using namespace Errata;
using namespace Errata::KnowledgeBaseFixture;
using namespace Errata::TestSupport;

namespace {

QString linkList(const QStringList &ids)
{
    QStringList items;
    for (const QString &id : ids)
        items << QStringLiteral("{\"error_id\": \"%1\"}").arg(id);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

class KnowledgeBaseIndexTest : public QObject
{
    Q_OBJECT

private slots:
    void linkIndex();
    void linkIndexRemove();
    void adoptReplacesEverything();
    void editsKeepIndexesCurrent();
    void allProblemsAndCounts();
    void documentsAreReleasedUnlessKept();
    void relativePathOfAnyFile();

private:
    static KnowledgeBaseLoader::Result load(const QString &root) { return KnowledgeBaseLoader::load(root); }
};

void KnowledgeBaseIndexTest::linkIndex()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto graph = [](const QStringList &leadsTo, const QStringList &precededBy, const QString &confused) {
        return QStringLiteral(",\n  \"transition_graph\": {\"leads_to\": %1, \"preceded_by\": %2, "
                              "\"frequently_confused_with\": %3}")
            .arg(linkList(leadsTo), linkList(precededBy), confused)
            .toUtf8();
    };
    // a -> b (reciprocated), a -> c (not), c confused with a (bare id), b -> ghost.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("g/a.json")),
                      cleanRecord(QStringLiteral("g/a"),
                                  graph({QStringLiteral("g/b"), QStringLiteral("g/c")}, {}, QStringLiteral("[]")))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("g/b.json")),
                      cleanRecord(QStringLiteral("g/b"),
                                  graph({QStringLiteral("g/ghost")}, {QStringLiteral("g/a")}, QStringLiteral("[]")))));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("g/c.json")),
                      cleanRecord(QStringLiteral("g/c"), graph({}, {}, QStringLiteral("[\"g/a\"]")))));

    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QCOMPARE(kb.count(), 3);
    const LinkIndex &links = kb.links();

    QVERIFY(links.hasLink(QStringLiteral("g/a"), Link::LeadsTo, QStringLiteral("g/b")));
    QVERIFY(links.hasLink(QStringLiteral("g/a"), Link::LeadsTo, QStringLiteral("g/c")));
    QVERIFY(links.hasLink(QStringLiteral("g/b"), Link::PrecededBy, QStringLiteral("g/a")));
    QVERIFY(links.hasLink(QStringLiteral("g/b"), Link::LeadsTo, QStringLiteral("g/ghost")));
    QVERIFY(links.hasLink(QStringLiteral("g/c"), Link::ConfusedWith, QStringLiteral("g/a")));
    // Direction and kind matter.
    QVERIFY(!links.hasLink(QStringLiteral("g/b"), Link::LeadsTo, QStringLiteral("g/a")));
    QVERIFY(!links.hasLink(QStringLiteral("g/a"), Link::PrecededBy, QStringLiteral("g/b")));
    QVERIFY(!links.hasLink(QStringLiteral("g/c"), Link::PrecededBy, QStringLiteral("g/a")));
    QVERIFY(!links.hasLink(QStringLiteral("g/a"), Link::ConfusedWith, QStringLiteral("g/c")));
    QVERIFY(!links.hasLink(QStringLiteral("g/a"), Link::LeadsTo, QStringLiteral("g/a")));

    const auto backlinksOf = [&](const QString &target) {
        QStringList list;
        for (const LinkIndex::Backlink &backlink : links.backlinks(target))
            list << backlink.sourceId + QLatin1Char(':') + QLatin1String(Link::key(backlink.kind));
        list.sort();
        return list;
    };
    QCOMPARE(backlinksOf(QStringLiteral("g/a")),
             (QStringList{QStringLiteral("g/b:preceded_by"), QStringLiteral("g/c:frequently_confused_with")}));
    QCOMPARE(backlinksOf(QStringLiteral("g/b")), QStringList{QStringLiteral("g/a:leads_to")});
    QCOMPARE(backlinksOf(QStringLiteral("g/c")), QStringList{QStringLiteral("g/a:leads_to")});
    QCOMPARE(backlinksOf(QStringLiteral("g/ghost")), QStringList{QStringLiteral("g/b:leads_to")});
    QVERIFY(links.backlinks(QStringLiteral("g/nobody")).isEmpty());

    // The validator uses the index: dangling and non-reciprocal links.
    QVERIFY(RecordValidator(Today).validateAll(kb));
    const QStringList ofA = rules(kb.problems(kb.find(QStringLiteral("g/a"))));
    QCOMPARE(ofA.count(QStringLiteral("link-reciprocal")), 1); // a -> c has no c <- a
    const QStringList ofB = rules(kb.problems(kb.find(QStringLiteral("g/b"))));
    QCOMPARE(ofB.count(QStringLiteral("link-dangling")), 1);
    QCOMPARE(ofB.count(QStringLiteral("link-reciprocal")), 0);
}

void KnowledgeBaseIndexTest::linkIndexRemove()
{
    Record a;
    Record::LoadError error;
    QVERIFY(a.parse(cleanRecord(QStringLiteral("g/a"),
                                ",\n  \"transition_graph\": {\"leads_to\": [{\"error_id\": \"g/b\"}, \"g/b\"]}"),
                    &error));
    Record c;
    QVERIFY(
        c.parse(cleanRecord(QStringLiteral("g/c"), ",\n  \"transition_graph\": {\"leads_to\": [\"g/b\"]}"), &error));

    LinkIndex index;
    index.add(a);
    index.add(c);
    QCOMPARE(index.backlinks(QStringLiteral("g/b")).size(), 3);
    QVERIFY(index.hasLink(QStringLiteral("g/a"), Link::LeadsTo, QStringLiteral("g/b")));

    index.remove(a);
    QVERIFY(!index.hasLink(QStringLiteral("g/a"), Link::LeadsTo, QStringLiteral("g/b")));
    QCOMPARE(index.backlinks(QStringLiteral("g/b")).size(), 1);
    QCOMPARE(index.backlinks(QStringLiteral("g/b")).first().sourceId, QStringLiteral("g/c"));
    QVERIFY(index.hasLink(QStringLiteral("g/c"), Link::LeadsTo, QStringLiteral("g/b")));

    index.clear();
    QVERIFY(index.backlinks(QStringLiteral("g/b")).isEmpty());
    QVERIFY(!index.hasLink(QStringLiteral("g/c"), Link::LeadsTo, QStringLiteral("g/b")));
}

void KnowledgeBaseIndexTest::adoptReplacesEverything()
{
    QTemporaryDir first;
    QTemporaryDir second;
    QVERIFY(first.isValid() && second.isValid());
    QVERIFY(writeFile(first.filePath(QStringLiteral("a/x.json")),
                      cleanRecord(QStringLiteral("a/x"), ",\n  \"transition_graph\": {\"leads_to\": [\"a/y\"]}")));
    QVERIFY(writeFile(first.filePath(QStringLiteral("a/bad.json")), "{"));
    QVERIFY(writeFile(second.filePath(QStringLiteral("b/y.json")), cleanRecord(QStringLiteral("b/y"))));

    KnowledgeBase kb;
    QSignalSpy reset(&kb, &KnowledgeBase::reset);
    kb.adopt(load(first.path()));
    QVERIFY(RecordValidator(Today).validateAll(kb));
    QCOMPARE(kb.loadProblems().size(), 1);
    QVERIFY(kb.counts().errors > 0);

    kb.adopt(load(second.path()));
    QCOMPARE(reset.count(), 2);
    QCOMPARE(kb.root(), QDir::cleanPath(QFileInfo(second.path()).absoluteFilePath()));
    QCOMPARE(ids(kb), QStringList{QStringLiteral("b/y")});
    QVERIFY(!kb.find(QStringLiteral("a/x")));
    QVERIFY(kb.filesWithId(QStringLiteral("a/x")).isEmpty());
    QVERIFY(kb.links().backlinks(QStringLiteral("a/y")).isEmpty());
    QVERIFY(kb.loadProblems().isEmpty());
    QVERIFY(kb.allProblems().isEmpty()); // validation findings of the old KB are gone
}

void KnowledgeBaseIndexTest::editsKeepIndexesCurrent()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("a/x.json")),
                      cleanRecord(QStringLiteral("a/x"), ",\n  \"transition_graph\": {\"leads_to\": [\"a/y\"]}")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("a/y.json")), cleanRecord(QStringLiteral("a/y"))));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QSignalSpy added(&kb, &KnowledgeBase::recordAdded);
    QSignalSpy removing(&kb, &KnowledgeBase::recordAboutToBeRemoved);
    QSignalSpy changed(&kb, &KnowledgeBase::recordChanged);
    QSignalSpy problemsChanged(&kb, &KnowledgeBase::problemsChanged);
    Record *x = kb.find(QStringLiteral("a/x"));
    Record *y = kb.find(QStringLiteral("a/y"));
    QVERIFY(x && y);
    QCOMPARE(kb.links().backlinks(QStringLiteral("a/y")).size(), 1);

    // A new id and no links: the old id and the old link are gone.
    OrderedJson json = x->json();
    json["id"] = "a/z";
    json.erase("transition_graph");
    kb.replaceJson(x, json);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(kb.find(QStringLiteral("a/x")), nullptr);
    QCOMPARE(kb.find(QStringLiteral("a/z")), x);
    QCOMPARE(kb.filesWithId(QStringLiteral("a/z")), QStringList{QStringLiteral("a/x.json")});
    QVERIFY(kb.filesWithId(QStringLiteral("a/x")).isEmpty());
    QVERIFY(kb.links().backlinks(QStringLiteral("a/y")).isEmpty());
    QVERIFY(!kb.links().hasLink(QStringLiteral("a/x"), Link::LeadsTo, QStringLiteral("a/y")));
    QVERIFY(x->isModified());

    // A second record with the id "a/y", linking to a/z.
    auto second = std::make_unique<Record>();
    Record::LoadError error;
    QVERIFY(second->parse(cleanRecord(QStringLiteral("a/y"), ",\n  \"transition_graph\": {\"leads_to\": [\"a/z\"]}"),
                          &error));
    second->setFilePath(dir.filePath(QStringLiteral("a/y-copy.json")));
    Record *copy = kb.add(std::move(second));
    QCOMPARE(added.count(), 1);
    QCOMPARE(kb.count(), 3);
    QStringList files = kb.filesWithId(QStringLiteral("a/y"));
    files.sort();
    QCOMPARE(files, (QStringList{QStringLiteral("a/y-copy.json"), QStringLiteral("a/y.json")}));
    QVERIFY(kb.links().hasLink(QStringLiteral("a/y"), Link::LeadsTo, QStringLiteral("a/z")));

    kb.setProblems(
        copy, {Problem{Problem::Warning, copy->filePath(), QString(), 1, 1, QStringLiteral("m"), QStringLiteral("r")}});
    QCOMPARE(problemsChanged.count(), 1);
    QCOMPARE(kb.problems(copy).size(), 1);
    QCOMPARE(kb.counts().warnings, 1);

    // Taking the copy removes its id, links and problems.
    std::unique_ptr<Record> taken = kb.take(copy);
    QCOMPARE(taken.get(), copy);
    QCOMPARE(removing.count(), 1);
    QCOMPARE(kb.count(), 2);
    QCOMPARE(kb.find(QStringLiteral("a/y")), y);
    QCOMPARE(kb.filesWithId(QStringLiteral("a/y")), QStringList{QStringLiteral("a/y.json")});
    QVERIFY(!kb.links().hasLink(QStringLiteral("a/y"), Link::LeadsTo, QStringLiteral("a/z")));
    QVERIFY(kb.links().backlinks(QStringLiteral("a/z")).isEmpty());
    QCOMPARE(kb.counts().warnings, 0);
    // Taking it again (or anything not in the KB) gives nothing.
    QVERIFY(!kb.take(copy));
    QCOMPARE(removing.count(), 1);
}

void KnowledgeBaseIndexTest::allProblemsAndCounts()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("k/a.json")), cleanRecord(QStringLiteral("k/a"), QByteArray(), "[")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("k/b.json")),
                      cleanRecord(QStringLiteral("k/b"), QByteArray(), "no match here")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("k/c.json")), "{]"));
    KnowledgeBase kb;
    kb.adopt(load(dir.path()));
    QVERIFY(RecordValidator(Today).validateAll(kb));
    const QList<Problem> all = kb.allProblems();
    QVERIFY(!all.isEmpty());
    QCOMPARE(all.first().rule, QStringLiteral("file")); // load problems come first
    QVERIFY(all.first().file.endsWith(QStringLiteral("k/c.json")));
    const KnowledgeBase::Counts counts = kb.counts();
    QCOMPARE(counts.errors, 2);   // the bad file and the regex that does not compile
    QCOMPARE(counts.warnings, 1); // the regex that does not match its signature
    int infos = 0;
    for (const Problem &problem : all)
        infos += problem.severity == Problem::Info ? 1 : 0;
    QCOMPARE(counts.infos, infos);
    QCOMPARE(counts.errors + counts.warnings + counts.infos, int(all.size()));
}

// A large KB keeps its records' text, not their parsed documents: loading
// and validating leave them released, and what is read then is the same.
void KnowledgeBaseIndexTest::documentsAreReleasedUnlessKept()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("g/a.json")),
                      cleanRecord(QStringLiteral("g/a"), ",\n  \"transition_graph\": {\"leads_to\": [\"g/ghost\"]}")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("g/b.json")), cleanRecord(QStringLiteral("g/b"))));

    KnowledgeBase released;
    released.adopt(load(dir.path()));
    KnowledgeBase kept;
    kept.adopt(KnowledgeBaseLoader::load(dir.path(), nullptr, {}, KnowledgeBaseLoader::KeepDocuments));
    QCOMPARE(released.count(), 2);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(!released.recordAt(i)->hasDocument());
        QVERIFY(kept.recordAt(i)->hasDocument());
    }
    QCOMPARE(released.links().backlinks(QStringLiteral("g/ghost")).size(), 1);

    QVERIFY(RecordValidator(Today).validateAll(released));
    QVERIFY(RecordValidator(Today).validateAll(kept));
    for (int i = 0; i < 2; ++i) {
        QVERIFY2(!released.recordAt(i)->hasDocument(), "validation parses a released document only for itself");
        QCOMPARE(rules(released.problems(released.recordAt(i))), rules(kept.problems(kept.recordAt(i))));
        QVERIFY(released.recordAt(i)->json() == kept.recordAt(i)->json());
    }
    QVERIFY(rules(released.problems(released.find(QStringLiteral("g/a")))).contains(QStringLiteral("link-dangling")));

    for (int i = 0; i < 2; ++i)
        released.recordAt(i)->releaseDocument();
    SearchIndex index;
    index.build(released, Today);
    QVERIFY2(!released.recordAt(0)->hasDocument(), "indexing parses a released document only for itself");
    const QList<SearchIndex::Hit> hits = index.search(SearchQuery::parse(QStringLiteral("sda1 severity:warning")));
    QCOMPARE(hits.size(), 1);
    QCOMPARE(index.entry(hits.at(0).entry).id, QStringLiteral("g/a"));
    QCOMPARE(index.entry(hits.at(0).entry).category, QStringLiteral("io_error"));
}

// Paths below the root are cut; any other spelling goes through QDir and
// gives the same answer.
void KnowledgeBaseIndexTest::relativePathOfAnyFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    const QString root = kb.root();
    QCOMPARE(kb.relativePath(root + QStringLiteral("/a/b.json")), QStringLiteral("a/b.json"));
    QCOMPARE(kb.relativePath(root + QStringLiteral("/./a/./b.json")), QStringLiteral("a/b.json"));
    QCOMPARE(kb.relativePath(root + QStringLiteral("/a//b.json")), QStringLiteral("a/b.json"));
    QCOMPARE(kb.relativePath(root + QStringLiteral("/a/../b.json")), QStringLiteral("b.json"));
    QCOMPARE(kb.relativePath(root + QStringLiteral("/../b.json")), QStringLiteral("../b.json"));
    QCOMPARE(kb.relativePath(root + QStringLiteral("x/b.json")),
             QDir(root).relativeFilePath(root + QStringLiteral("x/b.json")));
    QCOMPARE(kb.relativePath(root), QStringLiteral("."));
}

QTEST_GUILESS_MAIN(KnowledgeBaseIndexTest)
#include "KnowledgeBaseIndexTest.moc"
