#include "models/search/SearchIndex.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"

#include "bench/SyntheticKnowledgeBase.h"

#include <QBuffer>
#include <QDataStream>

#include <QtTest>

using namespace Errata;

namespace {

void writeRecord(const QString &root, const OrderedJson &record)
{
    const QString id = QString::fromStdString(record.at("id").get<std::string>());
    const QString path = root + QLatin1Char('/') + id + QStringLiteral(".json");
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(record.dump(2)));
}

OrderedJson record(const char *id, const char *signature, const char *rootCause)
{
    const std::string domain = std::string(id).substr(0, std::string(id).find('/'));
    return OrderedJson{{"id", id},
                       {"signature", signature},
                       {"regex", "x"},
                       {"domain", domain},
                       {"category", "general"},
                       {"root_cause", rootCause},
                       {"confidence", 0.9},
                       {"fix_success_rate", 0.8},
                       {"verification_tier", "human_reviewed"},
                       {"evidence_count", 5},
                       {"last_confirmed", "2026-11-01"}};
}

} // namespace

class SearchIndexTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void signatureHitsRankBeforeBodyHits();
    void startOfSignatureRanksFirst();
    void camelCaseAndPunctuationParts();
    void prefixesMatchAsYouType();
    void allWordsMustMatch();
    void punctuationAsksForNothing();
    void accentsAndCaseIgnored();
    void chineseWordsAndPairs();
    void filters_data();
    void filters();
    void emptyQueryMatchesAll();
    void followsEditsAndRemovals();
    void oneLetterQueryOverManyTokens();
    void buildReportsProgressAndCanBeCancelled();
    void buildMatchesAddingEveryRecord();
    void entriesShareStrings();

private:
    QList<QString> ids(const QString &query) const;

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
    SearchIndex m_index;
};

void SearchIndexTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString root = m_dir.path();
    writeRecord(root,
                record("pytorch/oom", "torch.OutOfMemoryError: CUDA out of memory", "The GPU has too little memory."));
    writeRecord(
        root,
        record("pytorch/nan", "RuntimeError: Loss is NaN", "Exploding gradients; use clip_grad_norm_ on the model."));
    OrderedJson zh = record("pytorch/zh", "Gradient overflow detected", "Loss scale too high.");
    zh["signature_zh"] = "检测到梯度溢出";
    zh["root_cause_zh"] = "损失缩放过高，需要梯度裁剪（见𠮷野日志）。";
    writeRecord(root, zh);
    OrderedJson body = record("docker/gpu-driver", "could not select device driver",
                              "The nvidia runtime is missing for CUDA containers.");
    body["verification_tier"] = "ai_generated";
    body["fix_success_rate"] = 0.3;
    body["resolvable"] = "partial";
    body["last_confirmed"] = "2024-01-01";
    writeRecord(root, body);
    writeRecord(root, record("python/cafe", "Café menu error", "Accents everywhere."));
    OrderedJson bad = record("python/bad-regex", "Broken (regex", "A regex RE2 rejects.");
    bad["regex"] = "Broken (regex";
    writeRecord(root, bad);
    m_kb.adopt(KnowledgeBaseLoader::load(root));
    QCOMPARE(m_kb.count(), 6);
    RecordValidator(QDate(2026, 12, 2)).validateAll(m_kb);
    m_index.build(m_kb, QDate(2026, 12, 2));
    QCOMPARE(m_index.size(), 6);
}

QList<QString> SearchIndexTest::ids(const QString &query) const
{
    QList<QString> found;
    for (const SearchIndex::Hit &hit : m_index.search(SearchQuery::parse(query)))
        found << m_index.entry(hit.entry).id;
    return found;
}

void SearchIndexTest::signatureHitsRankBeforeBodyHits()
{
    const QList<QString> found = ids(QStringLiteral("cuda"));
    QCOMPARE(found, (QList<QString>{QStringLiteral("pytorch/oom"), QStringLiteral("docker/gpu-driver")}));
}

void SearchIndexTest::startOfSignatureRanksFirst()
{
    // "RuntimeError: Loss is NaN" starts with "runtime".
    QCOMPARE(ids(QStringLiteral("runtime")).value(0), QStringLiteral("pytorch/nan"));
    const QList<QString> found = ids(QStringLiteral("torch"));
    QCOMPARE(found.value(0), QStringLiteral("pytorch/oom")); // signature starts with "torch."
}

void SearchIndexTest::camelCaseAndPunctuationParts()
{
    QVERIFY(ids(QStringLiteral("error")).contains(QStringLiteral("pytorch/nan"))); // RuntimeError
    QVERIFY(ids(QStringLiteral("outofmemory")).contains(QStringLiteral("pytorch/oom")));
    QCOMPARE(ids(QStringLiteral("clip_grad")), QList<QString>{QStringLiteral("pytorch/nan")});
}

void SearchIndexTest::prefixesMatchAsYouType()
{
    QCOMPARE(ids(QStringLiteral("cud")), ids(QStringLiteral("cuda")));
    QVERIFY(ids(QStringLiteral("exploding")).contains(QStringLiteral("pytorch/nan")));
    QVERIFY(ids(QStringLiteral("xyzzy")).isEmpty());
}

void SearchIndexTest::allWordsMustMatch()
{
    QCOMPARE(ids(QStringLiteral("cuda memory")), QList<QString>{QStringLiteral("pytorch/oom")});
    QCOMPARE(ids(QStringLiteral("cuda nvidia")), QList<QString>{QStringLiteral("docker/gpu-driver")});
}

// A word without any token ("-", "->", "→") neither matches nor excludes: it must not empty the results.
void SearchIndexTest::punctuationAsksForNothing()
{
    QCOMPARE(ids(QStringLiteral("cuda - memory")), ids(QStringLiteral("cuda memory")));
    QCOMPARE(ids(QStringLiteral("RuntimeError : Loss")), QList<QString>{QStringLiteral("pytorch/nan")});
    QCOMPARE(ids(QStringLiteral("→ cuda ->")), ids(QStringLiteral("cuda")));
    QCOMPARE(ids(QStringLiteral("-")).size(), m_index.size());
}

void SearchIndexTest::accentsAndCaseIgnored()
{
    QCOMPARE(ids(QStringLiteral("CAFE")), QList<QString>{QStringLiteral("python/cafe")});
    QCOMPARE(ids(QStringLiteral("café")), QList<QString>{QStringLiteral("python/cafe")});
}

void SearchIndexTest::chineseWordsAndPairs()
{
    QCOMPARE(ids(QStringLiteral("梯度")), QList<QString>{QStringLiteral("pytorch/zh")});
    QCOMPARE(ids(QStringLiteral("梯度裁剪")), QList<QString>{QStringLiteral("pytorch/zh")}); // root_cause_zh
    QCOMPARE(ids(QStringLiteral("溢")), QList<QString>{QStringLiteral("pytorch/zh")});
    QVERIFY(ids(QStringLiteral("裁剪梯度溢出")).isEmpty()); // a pair that never occurs
    // CJK Extension B, two UTF-16 units a character: found whole, not skipped.
    QCOMPARE(ids(QStringLiteral("𠮷")), QList<QString>{QStringLiteral("pytorch/zh")});
    QCOMPARE(ids(QStringLiteral("𠮷野")), QList<QString>{QStringLiteral("pytorch/zh")});
    QVERIFY(ids(QStringLiteral("𠀀野")).isEmpty());
    QVERIFY(ids(QStringLiteral("𠀀")).isEmpty());
}

void SearchIndexTest::filters_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("domain") << QStringLiteral("domain:docker") << QStringList{QStringLiteral("docker/gpu-driver")};
    QTest::newRow("domain and word") << QStringLiteral("domain:pytorch cuda")
                                     << QStringList{QStringLiteral("pytorch/oom")};
    QTest::newRow("tier") << QStringLiteral("tier:ai_generated") << QStringList{QStringLiteral("docker/gpu-driver")};
    QTest::newRow("fix<0.5") << QStringLiteral("fix<0.5") << QStringList{QStringLiteral("docker/gpu-driver")};
    QTest::newRow("resolvable") << QStringLiteral("resolvable:partial")
                                << QStringList{QStringLiteral("docker/gpu-driver")};
    QTest::newRow("has:zh") << QStringLiteral("has:zh") << QStringList{QStringLiteral("pytorch/zh")};
    QTest::newRow("stale") << QStringLiteral("stale") << QStringList{QStringLiteral("docker/gpu-driver")};
    QTest::newRow("severity:error") << QStringLiteral("severity:error")
                                    << QStringList{QStringLiteral("python/bad-regex")};
    QTest::newRow("nothing") << QStringLiteral("domain:nowhere") << QStringList{};
}

void SearchIndexTest::filters()
{
    QFETCH(QString, query);
    QFETCH(QStringList, expected);
    QStringList found = ids(query);
    found.sort();
    QCOMPARE(found, expected);
    if (query == QLatin1String("has:zh")) {
        const QStringList without = ids(QStringLiteral("-has:zh"));
        QCOMPARE(without.size(), m_index.size() - 1);
        QVERIFY(!without.contains(QStringLiteral("pytorch/zh")));
    }
}

void SearchIndexTest::emptyQueryMatchesAll()
{
    QCOMPARE(ids(QString()).size(), 6);
}

void SearchIndexTest::followsEditsAndRemovals()
{
    Record *cafe = m_kb.find(QStringLiteral("python/cafe"));
    m_kb.setValue(cafe, QStringLiteral("/signature"), "Zebra crossing error");
    m_index.update(m_kb, cafe, QDate(2026, 12, 2));
    QCOMPARE(ids(QStringLiteral("zebra")), QList<QString>{QStringLiteral("python/cafe")});
    QVERIFY(ids(QStringLiteral("menu")).isEmpty()); // the old signature is gone
    QCOMPARE(ids(QString()).size(), 6);
    m_index.remove(cafe);
    QVERIFY(ids(QStringLiteral("zebra")).isEmpty());
    QCOMPARE(ids(QString()).size(), 5);
    m_index.update(m_kb, cafe, QDate(2026, 12, 2));
    QCOMPARE(ids(QStringLiteral("zebra")), QList<QString>{QStringLiteral("python/cafe")});
}

// A letter that begins a hundred different tokens is answered from postings
// merged at build time; the scores must be those of the token scan.
void SearchIndexTest::oneLetterQueryOverManyTokens()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (int i = 0; i < 100; ++i) {
        const QByteArray letters{char('a' + i / 26), char('a' + i % 26)};
        writeRecord(dir.path(),
                    record(("net/c" + QByteArray::number(i)).constData(), ("Con" + letters + " reset").constData(),
                           ("Cab" + letters + " unplugged.").constData()));
    }
    writeRecord(dir.path(), record("net/body", "Reset by peer", "The cache was full."));
    writeRecord(dir.path(), record("net/exact", "Error c in stage two", "Nothing else."));
    writeRecord(dir.path(), record("net/none", "Reset by peer", "Nothing else."));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    SearchIndex index;
    index.build(kb, QDate(2026, 12, 2));
    const auto scoreOf = [&index](const QString &query) {
        QHash<QString, int> scores;
        for (const SearchIndex::Hit &hit : index.search(SearchQuery::parse(query)))
            scores.insert(index.entry(hit.entry).id, hit.score);
        return scores;
    };
    QHash<QString, int> scores = scoreOf(QStringLiteral("c"));
    QCOMPARE(scores.size(), 102);
    QCOMPARE(scores.value(QStringLiteral("net/c7")), 60 + 40);   // signature, and the signature starts with it
    QCOMPARE(scores.value(QStringLiteral("net/body")), 10);      // "cache" in the root cause only
    QCOMPARE(scores.value(QStringLiteral("net/exact")), 60 + 5); // the token "c" itself
    QVERIFY(!scores.contains(QStringLiteral("net/none")));
    const QList<SearchIndex::Hit> hits = index.search(SearchQuery::parse(QStringLiteral("c")));
    QCOMPARE(index.entry(hits.first().entry).id, QStringLiteral("net/c0")); // ties by id
    QCOMPARE(index.entry(hits.last().entry).id, QStringLiteral("net/body"));

    Record *none = kb.find(QStringLiteral("net/none"));
    kb.setValue(none, QStringLiteral("/root_cause"), "A crash.");
    index.update(kb, none, QDate(2026, 12, 2));
    scores = scoreOf(QStringLiteral("c"));
    QCOMPARE(scores.value(QStringLiteral("net/none")), 10);
    index.remove(kb.find(QStringLiteral("net/c7")));
    QVERIFY(!scoreOf(QStringLiteral("c")).contains(QStringLiteral("net/c7")));
    QCOMPARE(scoreOf(QStringLiteral("c")).size(), 102);
}

void SearchIndexTest::buildReportsProgressAndCanBeCancelled()
{
    QList<QPair<int, int>> reports;
    SearchIndex index;
    QVERIFY(index.build(m_kb, QDate(2026, 12, 2), nullptr,
                        [&](int done, int total) { reports << qMakePair(done, total); }));
    QVERIFY(!reports.isEmpty());
    QCOMPARE(reports.last(), qMakePair(m_kb.count(), m_kb.count()));
    QCOMPARE(index.size(), m_kb.count());

    const std::atomic_bool cancel{true};
    QVERIFY(!index.build(m_kb, QDate(2026, 12, 2), &cancel));
    QCOMPARE(index.size(), 0);
    QVERIFY(index.search(SearchQuery::parse(QString())).isEmpty());
}

// build() gathers tokens on several threads, in runs of records and batches
// of runs (PostingRun); add() posts them one record at a time. Over more
// records than a batch, both give the same index, byte for byte as the
// cache writes it.
void SearchIndexTest::buildMatchesAddingEveryRecord()
{
    QTemporaryDir dir;
    QVERIFY(SyntheticKnowledgeBase(9000, 11).write(dir.path()));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
    QCOMPARE(kb.count(), 9000);
    const auto bytesOf = [](const SearchIndex &index) {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QDataStream out(&buffer);
        index.write(out, index.records());
        return bytes;
    };
    SearchIndex built;
    QVERIFY(built.build(kb, QDate(2026, 12, 2)));
    SearchIndex added;
    std::vector<const Record *> records;
    for (int i = 0; i < kb.count(); ++i)
        records.push_back(kb.recordAt(i));
    added.add(kb, records, QDate(2026, 12, 2));
    const QByteArray expected = bytesOf(added);
    QVERIFY(expected.size() > 1000000);
    QVERIFY(bytesOf(built) == expected);
}

// An entry holds the record's own id and signature, not copies read again
// from its text, and one copy of each domain for the whole index; read
// back from the cache as well.
void SearchIndexTest::entriesShareStrings()
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QVERIFY(buffer.open(QIODevice::ReadWrite));
    QDataStream stream(&buffer);
    m_index.write(stream, m_index.records());
    QVERIFY(buffer.seek(0));
    SearchIndex read;
    QVERIFY(read.read(stream, m_index.records()));
    for (const SearchIndex *index : {&m_index, &read}) {
        QHash<QString, const QChar *> domains;
        int live = 0;
        for (int i = 0; i < index->size(); ++i) {
            const SearchIndex::Entry &entry = index->entry(i);
            if (!entry.record)
                continue; // retired by an edit of an earlier case
            ++live;
            QCOMPARE(entry.id.constData(), entry.record->id().constData());
            QCOMPARE(entry.signature.constData(), entry.record->signature().constData());
            QCOMPARE(entry.foldedId.constData(), entry.id.constData()); // ids are in lower case
            const auto first = domains.constFind(entry.domain);
            if (first == domains.cend())
                domains.insert(entry.domain, entry.domain.constData());
            else
                QCOMPARE(entry.domain.constData(), *first);
        }
        QCOMPARE(live, m_kb.count());
        QCOMPARE(domains.size(), 3);
    }
}

QTEST_GUILESS_MAIN(SearchIndexTest)
#include "SearchIndexTest.moc"
