// GitChangeCheck gives the changed records of a git checkout the findings a
// check of the whole KB gives them, reading only the changed files (and,
// once, the files its cache does not know): compared here with
// KnowledgeBase::validateAll on the same KB, for edits, additions, a
// malformed file, a deletion, duplicate ids, dangling and one-way links,
// with the cache cold, warm and damaged. GitSummaryCache's entries are
// tested on their own too.

#include "models/git/GitChangeCheck.h"
#include "models/git/GitStatus.h"
#include "models/git/GitSummaryCache.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QDate Today(2026, 6, 1);

QByteArray record(const QString &id, const QString &links = QString(), const QString &cause = QStringLiteral("x"))
{
    return QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"%1 failed\",\n  \"regex\": \"failed\",\n"
                          "  \"domain\": \"%2\",\n  \"category\": \"general\",\n  \"root_cause\": \"Because %3.\",\n"
                          "  \"transition_graph\": {%4}\n}\n")
        .arg(id, id.section(QLatin1Char('/'), 0, 0), cause, links)
        .toUtf8();
}

QString leadsTo(const QStringList &ids)
{
    QStringList items;
    for (const QString &id : ids)
        items << QStringLiteral("{\"error_id\": \"%1\", \"probability\": 0.5}").arg(id);
    return QStringLiteral("\"leads_to\": [%1]").arg(items.join(QStringLiteral(", ")));
}

QString precededBy(const QString &id)
{
    return QStringLiteral("\"preceded_by\": [{\"error_id\": \"%1\", \"probability\": 0.5}]").arg(id);
}

QStringList texts(QList<Problem> problems)
{
    std::sort(problems.begin(), problems.end(),
              [](const Problem &a, const Problem &b) { return a.toText() < b.toText(); });
    QStringList out;
    for (const Problem &problem : problems)
        out << problem.toText();
    return out;
}

// Every changed file's findings from a check of the whole KB, by path.
QHash<QString, QStringList> wholeKbFindings(const QString &root)
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(root, nullptr, {}, KnowledgeBaseLoader::KeepDocuments));
    RecordValidator(Today).validateAll(kb);
    QHash<QString, QList<Problem>> byFile;
    for (int i = 0; i < kb.count(); ++i)
        byFile[kb.relativePath(kb.recordAt(i)->filePath())] << kb.problems(kb.recordAt(i));
    for (const Problem &problem : kb.loadProblems())
        byFile[kb.relativePath(problem.file)] << problem;
    QHash<QString, QStringList> out;
    for (auto it = byFile.cbegin(); it != byFile.cend(); ++it)
        out.insert(it.key(), texts(it.value()));
    return out;
}

} // namespace

class GitChangeCheckTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameFindingsAsAWholeKbCheck();
    void cacheEntries();
    void damagedCacheEntryIsUnknown();

private:
    QHash<QString, QStringList> changeCheck(GitChangeCheck::Counts *counts);
    void compare(const QString &when);

    QTemporaryDir m_dir;
    QString m_kb;
    QString m_cache;
};

// A KB below the repository's root, committed, then changed.
void GitChangeCheckTest::initTestCase()
{
    GitTestRepository repository(m_dir.path());
    m_kb = m_dir.filePath(QStringLiteral("kb"));
    m_cache = m_dir.filePath(QStringLiteral("cache/summaries.sum"));
    const auto put = [&](const char *path, const QByteArray &text) {
        QVERIFY(repository.write(QStringLiteral("kb/") + QLatin1String(path), text));
    };
    put("app/one.json",
        record(QStringLiteral("app/one"), leadsTo({QStringLiteral("app/two"), QStringLiteral("app/ghost")})));
    put("app/two.json", record(QStringLiteral("app/two"), precededBy(QStringLiteral("app/four"))));
    put("app/three.json", record(QStringLiteral("app/dup")));
    put("app/dup.json", record(QStringLiteral("app/dup")));
    put("app/four.json", record(QStringLiteral("app/four"), leadsTo({QStringLiteral("app/two")})));
    put("app/five.json", record(QStringLiteral("app/five"), precededBy(QStringLiteral("net/new"))));
    put("app/broken.json", "{\"id\": ");
    for (int i = 0; i < 30; ++i) // the others: in the cache, not read again
        put(qPrintable(QStringLiteral("misc/r%1.json").arg(i)), record(QStringLiteral("misc/r%1").arg(i)));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    put("app/one.json",
        record(QStringLiteral("app/one"), leadsTo({QStringLiteral("app/two"), QStringLiteral("app/ghost")}),
               QStringLiteral("an edit")));
    put("app/dup.json", record(QStringLiteral("app/dup"), QString(), QStringLiteral("another edit")));
    put("net/new.json",
        record(QStringLiteral("net/new"), leadsTo({QStringLiteral("app/five"), QStringLiteral("app/four")})));
    put("net/bad.json", "{\"id\": \"net/bad\",\n  \"id\": \"twice\"}\n");
    QVERIFY(repository.removeFile(QStringLiteral("kb/app/four.json")));
}

QHash<QString, QStringList> GitChangeCheckTest::changeCheck(GitChangeCheck::Counts *counts)
{
    const GitStatus status = GitStatus::read(m_kb);
    GitChangeCheck::Options options;
    options.today = Today;
    options.cacheFile = m_cache;
    QString error;
    QHash<QString, QStringList> out;
    for (const GitChangeCheck::Checked &item : GitChangeCheck::check(m_kb, status, options, &error, counts))
        out.insert(item.entry.path, texts(item.findings));
    if (!error.isEmpty())
        qWarning("cache: %s", qPrintable(error));
    return out;
}

void GitChangeCheckTest::compare(const QString &when)
{
    GitChangeCheck::Counts counts;
    const QHash<QString, QStringList> changed = changeCheck(&counts);
    const QHash<QString, QStringList> whole = wholeKbFindings(m_kb);
    QCOMPARE(changed.keys().size(), 5); // one, dup, new, bad; four deleted
    for (auto it = changed.cbegin(); it != changed.cend(); ++it)
        QVERIFY2(it.value() == whole.value(it.key()),
                 qPrintable(when + QStringLiteral(": ") + it.key() + QStringLiteral("\nchanged: ")
                            + it.value().join(QLatin1Char('\n')) + QStringLiteral("\nwhole: ")
                            + whole.value(it.key()).join(QLatin1Char('\n'))));
}

void GitChangeCheckTest::sameFindingsAsAWholeKbCheck()
{
    compare(QStringLiteral("cold"));
    const QHash<QString, QStringList> findings = changeCheck(nullptr);
    // What the rules found through the others: a dangling and a one-way
    // link, a duplicate id (with a file git did not change), a key twice.
    const QString one = findings.value(QStringLiteral("app/one.json")).join(QLatin1Char('\n'));
    QVERIFY2(one.contains(QStringLiteral("\"app/ghost\", which is not in the KB")), qPrintable(one));
    QVERIFY2(one.contains(QStringLiteral("\"app/two\" has no preceded_by link back")), qPrintable(one));
    QVERIFY(findings.value(QStringLiteral("app/dup.json"))
                .join(QLatin1Char('\n'))
                .contains(QStringLiteral("app/three.json")));
    QVERIFY(findings.value(QStringLiteral("net/bad.json"))
                .join(QLatin1Char('\n'))
                .contains(QStringLiteral("duplicate key \"id\"")));
    QVERIFY(findings.value(QStringLiteral("app/four.json")).isEmpty());
    // net/new links to app/four, deleted: dangling now.
    QVERIFY(findings.value(QStringLiteral("net/new.json"))
                .join(QLatin1Char('\n'))
                .contains(QStringLiteral("\"app/four\", which is not in the KB")));

    GitChangeCheck::Counts counts;
    changeCheck(&counts);
    QCOMPARE(counts.fromCache, 34); // two, three, five, broken, 30 misc: nothing read but the changed
    QCOMPARE(counts.read, 4);
    compare(QStringLiteral("warm"));

    QVERIFY(writeFile(m_cache, "not a cache"));
    changeCheck(&counts);
    QCOMPARE(counts.fromCache, 0);
    QCOMPARE(counts.read, 38);
    compare(QStringLiteral("after a damaged cache"));
}

void GitChangeCheckTest::cacheEntries()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("c.sum"));
    Record::Summary summary;
    summary.id = QStringLiteral("app/één");
    summary.links = {{Link::LeadsTo, QStringLiteral("app/two"), 0}, {Link::ConfusedWith, QStringLiteral("x/y"), 3}};
    const QByteArray a(20, 'a');
    const QByteArray b(20, 'b');
    const QByteArray c(20, 'c');
    GitSummaryCache cache;
    QVERIFY(!cache.open(file));
    cache.insert(b, summary);
    cache.insert(a, std::nullopt);
    cache.insert(c, summary);
    cache.keepOnly({a, b});
    QString error;
    QVERIFY2(cache.save(file, &error), qPrintable(error));

    GitSummaryCache read;
    QVERIFY(read.open(file));
    QByteArray id;
    QCOMPARE(read.lookup(a, &id), GitSummaryCache::Entry::NoRecord);
    QCOMPARE(read.lookup(b, &id), GitSummaryCache::Entry::Record);
    QCOMPARE(QString::fromUtf8(id), summary.id);
    QCOMPARE(read.lookup(c), GitSummaryCache::Entry::Unknown);
    QCOMPARE(read.lookup(QByteArray(20, 'z')), GitSummaryCache::Entry::Unknown);
    const std::optional<Record::Summary> back = read.find(b);
    QVERIFY(back);
    QCOMPARE(back->id, summary.id);
    QCOMPARE(back->links.size(), 2);
    QCOMPARE(back->links.at(1).kind, Link::ConfusedWith);
    QCOMPARE(back->links.at(1).id, QStringLiteral("x/y"));
    QCOMPARE(back->links.at(1).position, 3);

    // Saved again with one more, one dropped: the file stays sorted.
    read.insert(c, summary);
    read.keepOnly({b, c});
    QVERIFY(read.save(file, &error));
    GitSummaryCache again;
    QVERIFY(again.open(file));
    QCOMPARE(again.lookup(a), GitSummaryCache::Entry::Unknown);
    QCOMPARE(again.lookup(b), GitSummaryCache::Entry::Record);
    QCOMPARE(again.lookup(c), GitSummaryCache::Entry::Record);
}

// An entry whose payload runs past the file is unknown (its file is read
// again), never a record without links.
void GitSummaryCacheTestDamaged(const QString &file, const QByteArray &blob)
{
    QByteArray bytes = readFile(file);
    bytes.chop(3); // the last link's text cut short
    QVERIFY(writeFile(file, bytes));
    GitSummaryCache cache;
    QVERIFY(cache.open(file));
    QCOMPARE(cache.lookup(blob), GitSummaryCache::Entry::Unknown);
    QVERIFY(!cache.find(blob));
}

void GitChangeCheckTest::damagedCacheEntryIsUnknown()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("c.sum"));
    Record::Summary summary;
    summary.id = QStringLiteral("app/one");
    summary.links = {{Link::LeadsTo, QStringLiteral("app/two"), 0}};
    const QByteArray blob(20, 'q');
    GitSummaryCache cache;
    cache.insert(blob, summary);
    QString error;
    QVERIFY(cache.save(file, &error));
    GitSummaryCacheTestDamaged(file, blob);
}

QTEST_GUILESS_MAIN(GitChangeCheckTest)
#include "GitChangeCheckTest.moc"
