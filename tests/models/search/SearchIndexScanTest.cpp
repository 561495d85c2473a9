// The search index built through the scan path (records loaded with their
// documents released: KnowledgeBaseLoader and SearchIndex read them with
// RecordScanner) against the index built from parsed documents (records
// loaded with their documents kept): the same entries, tokens and lookup
// documents, byte for byte as the cache writes them. On the sample KB and
// the shared corpus (ERRATA_CORPUS_DIR; skipped when absent).

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include <QBuffer>
#include <QDataStream>
#include <QFileInfo>
#include <QTest>

using namespace Errata;

namespace {

struct Built
{
    QByteArray index;
    QStringList summaries; // id, signature, links and dates of each record, as the record keeps them
    int records = 0;
    int withDocument = 0;
};

QString summaryOf(const Record &record)
{
    const Record::Summary &s = record.summary();
    QStringList links;
    for (const Record::LinkTarget &link : s.links)
        links << QStringLiteral("%1:%2:%3").arg(int(link.kind)).arg(link.id).arg(link.position);
    return QStringList{record.filePath(),
                       s.id,
                       s.signature,
                       s.signatureZh,
                       s.regex,
                       s.domain,
                       s.category,
                       links.join(QLatin1Char(',')),
                       s.firstSeen.toString(Qt::ISODate),
                       s.lastConfirmed.toString(Qt::ISODate),
                       s.lastUpdated.toString(Qt::ISODate)}
        .join(QLatin1Char('|'));
}

Built build(const QString &folder, KnowledgeBaseLoader::Documents documents)
{
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(folder, nullptr, {}, documents));
    SearchIndex index;
    index.build(kb, QDate(2026, 1, 1));
    Built built;
    QBuffer buffer(&built.index);
    buffer.open(QIODevice::WriteOnly);
    QDataStream out(&buffer);
    index.write(out, index.records());
    built.records = kb.count();
    for (int i = 0; i < kb.count(); ++i) {
        built.summaries << summaryOf(*kb.recordAt(i));
        built.withDocument += kb.recordAt(i)->hasDocument() ? 1 : 0;
    }
    return built;
}

void compare(const QString &folder)
{
    const Built scanned = build(folder, KnowledgeBaseLoader::ReleaseDocuments);
    const Built parsed = build(folder, KnowledgeBaseLoader::KeepDocuments);
    QVERIFY(scanned.records > 0);
    QCOMPARE(scanned.withDocument, 0); // nothing parsed by the document reader and kept
    QCOMPARE(parsed.withDocument, parsed.records);
    QCOMPARE(scanned.records, parsed.records);
    QCOMPARE(scanned.summaries, parsed.summaries);
    QVERIFY(!scanned.index.isEmpty());
    QVERIFY2(scanned.index == parsed.index, "the indexes differ");
}

} // namespace

class SearchIndexScanTest : public QObject
{
    Q_OBJECT

private slots:
    void sampleKnowledgeBase() { compare(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")); }
    void sharedCorpus();
};

void SearchIndexScanTest::sharedCorpus()
{
    const QString folder = QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
    if (!QFileInfo::exists(folder))
        QSKIP(qPrintable(QStringLiteral("the shared corpus is not at %1").arg(folder)));
    compare(folder);
}

QTEST_GUILESS_MAIN(SearchIndexScanTest)
#include "SearchIndexScanTest.moc"
