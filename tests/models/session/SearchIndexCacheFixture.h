#pragma once

// What SearchIndexCacheTest and SearchIndexCacheFindingsTest share: records
// written to a temporary KB, opening it through the cache or without one, and
// reading the cache file's layout.

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/search/SearchIndex.h"
#include "models/session/OwnFindingsJob.h"
#include "models/session/SearchIndexCache.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"

#include <QtTest>

#include <memory>

#include <sys/stat.h>

namespace Errata::SearchIndexCacheFixture {

using namespace Errata::TestSupport;

inline const QDate Today(2026, 12, 1);

inline QString pathOf(const QString &root, const QString &id)
{
    return root + QLatin1Char('/') + id + QStringLiteral(".json");
}

inline OrderedJson record(const std::string &id, const std::string &signature, const std::string &rootCause)
{
    return OrderedJson{{"id", id},
                       {"signature", signature},
                       {"regex", "x"},
                       {"domain", id.substr(0, id.find('/'))},
                       {"category", "general"},
                       {"root_cause", rootCause},
                       {"confidence", 0.9},
                       {"fix_success_rate", 0.8},
                       {"verification_tier", "human_reviewed"},
                       {"last_confirmed", "2026-11-01"}};
}

inline void writeRecord(const QString &root, const OrderedJson &json, const QByteArray &prefix = {})
{
    const QString id = QString::fromStdString(json.at("id").get<std::string>());
    QVERIFY(writeFile(pathOf(root, id), prefix + QByteArray::fromStdString(json.dump(2)) + '\n'));
}

// A KB, its index and the cache they were opened through.
struct Opened
{
    KnowledgeBase kb;
    SearchIndex index;
    std::unique_ptr<SearchIndexCache> cache;
};

// As the window opens a KB: through the cache, validated, then indexed.
inline std::unique_ptr<Opened> openThroughCache(const QString &root, const QString &cacheFile, QDate today = Today)
{
    auto opened = std::make_unique<Opened>();
    opened->cache = std::make_unique<SearchIndexCache>(cacheFile);
    opened->cache->open(root);
    opened->kb.adopt(
        KnowledgeBaseLoader::load(root, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, opened->cache.get()));
    opened->cache->validate(opened->kb, RecordValidator(today));
    opened->cache->index(opened->kb, opened->index, today);
    return opened;
}

// As the window opens a KB now: the records whose findings the cache lacks
// are left to an OwnFindingsJob, which runs once the KB is shown and hands
// their findings back to the cache.
inline std::unique_ptr<Opened> openDeferringChecks(const QString &root, const QString &cacheFile,
                                                   std::vector<const Record *> *deferred)
{
    auto opened = std::make_unique<Opened>();
    opened->cache = std::make_unique<SearchIndexCache>(cacheFile);
    opened->cache->open(root);
    opened->kb.adopt(
        KnowledgeBaseLoader::load(root, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, opened->cache.get()));
    opened->cache->validate(opened->kb, RecordValidator(Today), nullptr, {}, deferred);
    opened->cache->index(opened->kb, opened->index, Today);
    return opened;
}

// As `errata validate` checks a KB: through the cache, validated, with no
// index; the cache is then brought up to date.
inline std::unique_ptr<Opened> validateThroughCache(const QString &root, const QString &cacheFile, QString *error)
{
    auto opened = std::make_unique<Opened>();
    opened->cache = std::make_unique<SearchIndexCache>(cacheFile);
    opened->cache->open(root);
    opened->kb.adopt(
        KnowledgeBaseLoader::load(root, nullptr, {}, KnowledgeBaseLoader::KeepDocuments, opened->cache.get()));
    opened->cache->validate(opened->kb, RecordValidator(Today));
    if (!opened->cache->update(opened->kb, error))
        return nullptr;
    return opened;
}

inline std::unique_ptr<Opened> openWithoutCache(const QString &root, QDate today = Today)
{
    auto opened = std::make_unique<Opened>();
    opened->kb.adopt(KnowledgeBaseLoader::load(root));
    RecordValidator(today).validateAll(opened->kb);
    opened->index.build(opened->kb, today);
    return opened;
}

// "id score" of every hit, best first.
inline QStringList results(const SearchIndex &index, const QString &query)
{
    QStringList lines;
    for (const SearchIndex::Hit &hit : index.search(SearchQuery::parse(query)))
        lines << QStringLiteral("%1 %2").arg(index.entry(hit.entry).id).arg(hit.score);
    return lines;
}

inline const QStringList Queries{QString(),
                                 QStringLiteral("memory"),
                                 QStringLiteral("m"),
                                 QStringLiteral("cuda out"),
                                 QStringLiteral("梯度"),
                                 QStringLiteral("cafe"),
                                 QStringLiteral("severity:error"),
                                 QStringLiteral("severity:warning"),
                                 QStringLiteral("stale"),
                                 QStringLiteral("-has:zh"),
                                 QStringLiteral("domain:docker"),
                                 QStringLiteral("tier:ai_generated fix<0.5"),
                                 QStringLiteral("confidence>=0.8 loss")};

// Where the index part of a cache file begins: after the header and the
// checksummed rows (the layout SearchIndexCache::save writes), with a byte
// that says whether there is an index.
struct Layout
{
    qsizetype rowsAt = -1; // the rows' bytes, after their length
    qsizetype rowsSize = 0;
    qsizetype checksumAt = -1;
    qsizetype indexAt = -1;
};

inline Layout layoutOf(const QByteArray &bytes)
{
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0;
    quint32 version = 0;
    quint32 probe = 0;
    quint32 rowsSize = 0;
    quint64 checksum = 0;
    QString program;
    QString root;
    QString language;
    in >> magic >> version >> program;
    in.readRawData(reinterpret_cast<char *>(&probe), sizeof probe);
    in >> root >> language >> rowsSize;
    Layout layout;
    layout.rowsAt = in.device()->pos();
    layout.rowsSize = rowsSize;
    in.skipRawData(int(rowsSize));
    layout.checksumAt = in.device()->pos();
    in >> checksum;
    layout.indexAt = in.device()->pos();
    return in.status() == QDataStream::Ok ? layout : Layout();
}

inline qsizetype indexPartStart(const QByteArray &bytes)
{
    return layoutOf(bytes).indexAt;
}

// Every finding of a record, whole and in order.
inline QStringList findings(const KnowledgeBase &kb, const Record *record)
{
    QStringList lines;
    for (const Problem &problem : kb.problems(record))
        lines << problem.toText() + QLatin1Char(' ') + problem.rule;
    return lines;
}

inline QStringList rulesOf(const KnowledgeBase &kb, const QString &id)
{
    QStringList rules;
    for (const Problem &problem : kb.problems(kb.find(id)))
        rules << problem.rule;
    return rules;
}

// Stands for a translation into Chinese: every validation message gets a
// mark, and the language code is "zh_CN".
class MarkingTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *sourceText, const char *, int) const override
    {
        if (qstrcmp(context, "Errata::RuleValidator") != 0)
            return QString();
        if (qstrcmp(sourceText, "en") == 0)
            return QStringLiteral("zh_CN");
        return QStringLiteral("【zh】") + QString::fromUtf8(sourceText);
    }
    bool isEmpty() const override { return false; }
};

// Which file the path names: a file written again with QSaveFile is
// another file, even with the same bytes.
inline quint64 fileIdOf(const QString &path)
{
    struct stat status = {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? quint64(status.st_ino) : 0;
}

// Six of the fixture's thirteen records: more than a cache merges.
inline void changeMostRecords(const QString &root)
{
    for (int i = 0; i < 6; ++i) {
        const std::string n = std::to_string(i);
        writeRecord(root, record("node/e" + n, "Changed error " + n, "Another cause " + n + "."));
    }
}

// Sets the file's modification time `days` back.
inline void age(const QString &path, int days)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addDays(-days), QFileDevice::FileModificationTime));
}

inline void saveCache(const Opened &opened)
{
    QString error;
    QVERIFY2(opened.cache->save(opened.kb, opened.index, &error), qPrintable(error));
}

// The KB both tests open: records of several domains, links, Chinese text
// with a byte order mark, a regex RE2 rejects, CRLF line ends and a file that
// does not parse.
inline void writeSampleKb(const QString &root)
{
    writeRecord(root, record("pytorch/oom", "torch.OutOfMemoryError: CUDA out of memory", "Too little GPU memory."));
    OrderedJson nan = record("pytorch/nan", "RuntimeError: Loss is NaN", "Exploding gradients; clip them.");
    // The 7 is no link, but counts in the link's pointer: /transition_graph/leads_to/1.
    nan["transition_graph"] = OrderedJson{
        {"leads_to", OrderedJson::array({7, OrderedJson{{"error_id", "pytorch/oom"}}})}};
    writeRecord(root, nan);
    OrderedJson zh = record("pytorch/zh", "Gradient overflow detected", "Loss scale too high.");
    zh["signature_zh"] = "检测到梯度溢出";
    zh["root_cause_zh"] = "损失缩放过高，需要梯度裁剪。";
    writeRecord(root, zh, QByteArray("\xEF\xBB\xBF")); // with a byte order mark
    OrderedJson docker = record("docker/gpu-driver", "could not select device driver", "No nvidia runtime for CUDA.");
    docker["verification_tier"] = "ai_generated";
    docker["fix_success_rate"] = 0.3;
    docker["last_confirmed"] = "2024-01-01";
    writeRecord(root, docker);
    writeRecord(root, record("python/cafe", "Café menu error", "Accents everywhere."));
    OrderedJson bad = record("python/bad-regex", "Broken (regex", "A regex RE2 rejects.");
    bad["regex"] = "Broken (regex";
    writeRecord(root, bad);
    for (int i = 0; i < 6; ++i) {
        const std::string n = std::to_string(i);
        writeRecord(root, record("node/e" + n, "Error number " + n + " in node", "Cause " + n + " of memory use."));
    }
    QVERIFY(writeFile(
        pathOf(root, QStringLiteral("node/crlf")),
        QByteArray::fromStdString(record("node/crlf", "Line ends", "CRLF text.").dump(2)).replace("\n", "\r\n")));
    QVERIFY(writeFile(pathOf(root, QStringLiteral("node/broken")), "{\"id\": "));
}

// Every record and every finding must be as without a cache.
inline void compareRecordsWithFreshLoad(const QString &root, const Opened &opened, QDate today = Today)
{
    const std::unique_ptr<Opened> fresh = openWithoutCache(root, today);
    QCOMPARE(opened.kb.count(), fresh->kb.count());
    QCOMPARE(opened.kb.loadProblems().size(), fresh->kb.loadProblems().size());
    for (int i = 0; i < fresh->kb.count(); ++i) {
        const Record *expected = fresh->kb.recordAt(i);
        const Record *actual = opened.kb.findFile(expected->filePath());
        QVERIFY(actual);
        QCOMPARE(actual->signature(), expected->signature());
        QCOMPARE(actual->signatureZh(), expected->signatureZh());
        QCOMPARE(actual->regex(), expected->regex());
        QCOMPARE(actual->domain(), expected->domain());
        QCOMPARE(actual->category(), expected->category());
        QCOMPARE(actual->linkTargets().size(), expected->linkTargets().size());
        for (qsizetype l = 0; l < expected->linkTargets().size(); ++l) {
            QCOMPARE(actual->linkTargets().at(l).id, expected->linkTargets().at(l).id);
            QCOMPARE(actual->linkTargets().at(l).kind, expected->linkTargets().at(l).kind);
        }
        QCOMPARE(actual->hadByteOrderMark(), expected->hadByteOrderMark());
        QCOMPARE(actual->textToWrite(), expected->textToWrite());
        QVERIFY(actual->json() == expected->json());
        QCOMPARE(actual->firstSeen(), expected->firstSeen());
        QCOMPARE(actual->lastConfirmed(), expected->lastConfirmed());
        QCOMPARE(actual->lastUpdated(), expected->lastUpdated());
        QCOMPARE(findings(opened.kb, actual), findings(fresh->kb, expected));
    }
}

// The cached index must answer every query as one built from scratch.
inline void compareWithFreshBuild(const QString &root, const Opened &opened, QDate today = Today)
{
    const std::unique_ptr<Opened> fresh = openWithoutCache(root, today);
    for (const QString &query : Queries)
        QCOMPARE(results(opened.index, query), results(fresh->index, query));
    compareRecordsWithFreshLoad(root, opened, today);
}

} // namespace Errata::SearchIndexCacheFixture
