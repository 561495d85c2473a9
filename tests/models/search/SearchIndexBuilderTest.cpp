// Tests for Errata::SearchIndexBuilder: the index made as a KB's files are
// read (KnowledgeBaseLoader) is the index SearchIndex::build() makes from
// the records in memory, byte for byte as the cache writes it, with files
// that could not be read leaving gaps; and it is refused for a KB that is
// not the one read.

#include "models/search/SearchIndexBuilder.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupIndexJob.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"

#include "bench/SyntheticKnowledgeBase.h"
#include "support/TestFiles.h"

#include <QBuffer>
#include <QDataStream>
#include <QtTest>

using namespace Errata;

namespace {

const QDate Today(2026, 12, 5);

// What the cache would write; a lookup side left for later is built first,
// as the window builds it.
QByteArray bytesOf(SearchIndex &index)
{
    if (index.isLookupPending()) {
        LookupIndexJob job(index.records());
        if (!job.run())
            return QByteArray();
        index.setLookup(job.take());
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QDataStream out(&buffer);
    index.write(out, index.records());
    return bytes;
}

} // namespace

class SearchIndexBuilderTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void indexedAsReadIsTheIndexBuilt_data();
    void indexedAsReadIsTheIndexBuilt();
    void anotherKnowledgeBaseIsRefused();
    void runLengths();

private:
    QTemporaryDir m_dir;
};

// More records than a batch, and files that do not load among them (so
// that slots and entries differ from there on).
void SearchIndexBuilderTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(SyntheticKnowledgeBase(4500, 5).write(m_dir.path()));
    const QStringList files = KnowledgeBaseLoader::recordFiles(m_dir.path());
    QCOMPARE(files.size(), 4500);
    const QString middle = QFileInfo(files.at(2100)).absolutePath();
    QVERIFY(TestSupport::writeFile(middle + QStringLiteral("/zz-broken.json"), "{\"id\": "));
    QVERIFY(TestSupport::writeFile(m_dir.filePath(QStringLiteral("0-empty.json")), QByteArray()));
}

void SearchIndexBuilderTest::indexedAsReadIsTheIndexBuilt_data()
{
    QTest::addColumn<int>("lookup");
    QTest::newRow("lookup side later") << int(SearchIndex::LookupLater);
    QTest::newRow("with the lookup side") << int(SearchIndex::WithLookup);
}

void SearchIndexBuilderTest::indexedAsReadIsTheIndexBuilt()
{
    QFETCH(int, lookup);
    const auto mode = SearchIndex::Lookup(lookup);
    SearchIndexBuilder builder(mode);
    KnowledgeBase kb;
    kb.adopt(
        KnowledgeBaseLoader::load(m_dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, nullptr, &builder));
    QCOMPARE(kb.count(), 4500);
    QCOMPARE(kb.loadProblems().size(), 2);
    QVERIFY(!builder.isEmpty());
    SearchIndex asRead;
    QVERIFY(builder.finish(asRead, kb, Today));
    QVERIFY(builder.isEmpty());
    SearchIndex built;
    QVERIFY(built.build(kb, Today, nullptr, {}, mode));
    QCOMPARE(asRead.size(), 4500);
    QCOMPARE(asRead.isLookupPending(), mode == SearchIndex::LookupLater);
    QCOMPARE(built.isLookupPending(), mode == SearchIndex::LookupLater);
    const QByteArray expected = bytesOf(built);
    QVERIFY(expected.size() > 500000);
    QVERIFY(bytesOf(asRead) == expected);
    // The records past the gaps are found under their own entries.
    const Record *last = kb.recordAt(4499);
    const QList<SearchIndex::Hit> hits = asRead.search(SearchQuery::parse(last->id()));
    QVERIFY(!hits.isEmpty());
    QCOMPARE(asRead.entry(hits.first().entry).record, last);
}

// Records left out (restored from a cache, say) or a KB changed since:
// the caller builds the index anew instead.
void SearchIndexBuilderTest::anotherKnowledgeBaseIsRefused()
{
    SearchIndexBuilder builder(SearchIndex::LookupLater);
    KnowledgeBase kb;
    kb.adopt(
        KnowledgeBaseLoader::load(m_dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, nullptr, &builder));
    const std::unique_ptr<Record> taken = kb.take(kb.recordAt(3000));
    SearchIndex index;
    QVERIFY(index.build(kb, Today));
    const QByteArray before = bytesOf(index);
    QVERIFY(!builder.finish(index, kb, Today));
    QVERIFY(builder.isEmpty());
    QVERIFY(bytesOf(index) == before);

    KnowledgeBase other; // the same files, other records
    other.adopt(KnowledgeBaseLoader::load(m_dir.path()));
    SearchIndexBuilder again;
    KnowledgeBase read;
    read.adopt(
        KnowledgeBaseLoader::load(m_dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, nullptr, &again));
    QVERIFY(!again.finish(index, other, Today));
    QVERIFY(bytesOf(index) == before);
}

void SearchIndexBuilderTest::runLengths()
{
    const int cores = qMax(1, QThread::idealThreadCount());
    QCOMPARE(SearchIndexBuilder::runLength(SearchIndexBuilder::Batch), qMin(1024, SearchIndexBuilder::Batch / cores));
    QCOMPARE(SearchIndexBuilder::runLength(10), 64);
    for (int count : {1, 65, 300, 2048}) {
        const int length = SearchIndexBuilder::runLength(count);
        QVERIFY(length >= 64 && length <= 1024);
        const int runs = (count + length - 1) / length;
        QVERIFY(runs <= qMax(cores, (count + 1023) / 1024)); // a run per core, unless runs would be too long
    }
}

QTEST_GUILESS_MAIN(SearchIndexBuilderTest)
#include "SearchIndexBuilderTest.moc"
