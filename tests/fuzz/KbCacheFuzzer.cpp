// fuzz-kb-cache: the KB cache file (SearchIndexCache) read as a KB is opened: its rows, then the search index part.
// The input is the file after its header: the target writes a valid header for its KB and the checksum of the rows,
// so that the fuzzer gets past the checksum into the rows and the index.
//
// Properties: no crash and no huge allocation; a cache that is not opened restores nothing; every file of the KB is
// loaded; the index built through the cache holds each record once and nothing else, and answers a search and a
// lookup. Only the inputs the reader of the rows accepts run the whole opening (the others would be fuzz-record's
// plain loader), which keeps the target at the reader's rate.
//
// ERRATA_FUZZ_MAKE_SEED=<dir> writes the seeds (the body of the caches Errata writes for the target's KB, with and
// without an index) and exits.

#include "FuzzSupport.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/search/SearchIndex.h"
#include "models/session/SearchIndexCache.h"
#include "models/util/ChecksumDevice.h"
#include "models/util/Version.h"
#include "models/validation/RecordValidator.h"
#include "models/validation/RuleValidator.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>

#include <cstdlib>

using namespace Errata;

namespace {

const QDate Today(2026, 12, 1);

struct Setup
{
    QString root;
    QString cacheFile;
    QByteArray header;
    QHash<QString, QByteArray> files; // the KB's JSON files, by path below the root
};

OrderedJson recordJson(const std::string &id, const std::string &signature, const std::string &regex)
{
    return OrderedJson{{"id", id},
                       {"signature", signature},
                       {"signature_zh", "错误：" + signature},
                       {"regex", regex},
                       {"domain", id.substr(0, id.find('/'))},
                       {"category", "general"},
                       {"root_cause", "The disk is full or the quota is reached."},
                       {"workarounds", {{{"action", "Free some space"}, {"success_rate", 0.9}}}},
                       {"transition_graph", {{"leads_to", {{{"error_id", "app/two"}, {"probability", 0.5}}}}}},
                       {"confidence", 0.9},
                       {"last_confirmed", "2020-01-01"},
                       {"x_unknown", true}};
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    FUZZ_CHECK(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
}

void make(Setup *setup)
{
    setup->root = QDir::cleanPath(Fuzz::scratchFolder() + QStringLiteral("/kb"));
    setup->cacheFile = Fuzz::scratchFolder() + QStringLiteral("/cache/kb.idx");
    const OrderedJson records[] = {
        recordJson("app/one", "write failed: No space left on device", "No space left on device"),
        recordJson("app/two", "Error: disk quota exceeded", "disk quota exceeded"),
        recordJson("net/three", "connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED (\\S+)"),
    };
    for (const OrderedJson &record : records) {
        const QString id = QString::fromStdString(record.at("id").get<std::string>());
        setup->files.insert(id + QStringLiteral(".json"), QByteArray::fromStdString(record.dump(2)) + '\n');
    }
    setup->files.insert(QStringLiteral("net/broken.json"), "{\"id\": ");
    for (auto it = setup->files.cbegin(); it != setup->files.cend(); ++it)
        writeFile(setup->root + QLatin1Char('/') + it.key(), it.value());
    QDataStream out(&setup->header, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    const quint32 probe = 0x01020304;
    out << quint32(0x45524958) << SearchIndexCache::FormatVersion << QString::fromLatin1(Version::text);
    out.writeRawData(reinterpret_cast<const char *>(&probe), sizeof probe);
    out << setup->root << RuleValidator::messageLanguage();
}

// Made once, in the scratch folder.
Setup *setup()
{
    static Setup made;
    static const bool ready = (make(&made), true);
    Q_UNUSED(ready);
    return &made;
}

// The input with the checksum after the rows made to match them, as the
// cache's reader computes it.
QByteArray withChecksum(QByteArray body)
{
    QDataStream in(body);
    in.setVersion(QDataStream::Qt_6_4);
    QByteArray rows;
    in >> rows;
    if (in.status() != QDataStream::Ok || body.size() < 4 + rows.size() + 8)
        return body;
    QByteArray checksum;
    QDataStream out(&checksum, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << ChecksumDevice::checksumOf(rows);
    body.replace(4 + rows.size(), 8, checksum);
    return body;
}

struct Opened
{
    KnowledgeBase kb;
    SearchIndex index;
};

// As the window opens a KB through its cache.
std::unique_ptr<Opened> open(SearchIndexCache &cache, bool *usable)
{
    auto opened = std::make_unique<Opened>();
    *usable = cache.open(setup()->root);
    opened->kb.adopt(
        KnowledgeBaseLoader::load(setup()->root, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, &cache));
    static const RecordValidator validator(Today);
    cache.validate(opened->kb, validator);
    cache.index(opened->kb, opened->index, Today);
    return opened;
}

// The cache with its index, as the window writes it on opening the KB.
void writeCache()
{
    QFile::remove(setup()->cacheFile);
    SearchIndexCache cache(setup()->cacheFile);
    bool usable = false;
    const auto opened = open(cache, &usable);
    QString error;
    FUZZ_CHECK(cache.save(opened->kb, opened->index, &error));
}

// The cache file after its header: what the target's inputs are.
QByteArray cacheBody()
{
    QFile file(setup()->cacheFile);
    FUZZ_CHECK(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    FUZZ_CHECK(bytes.startsWith(setup()->header));
    return bytes.mid(setup()->header.size());
}

void writeSeed(const QString &path)
{
    QFile seed(path);
    FUZZ_CHECK(seed.open(QIODevice::WriteOnly));
    seed.write(cacheBody());
}

void makeSeeds(const QString &dir)
{
    writeCache();
    writeSeed(dir + QStringLiteral("/with-index.idx"));
    // `errata validate` writes a cache without an index when the KB
    // changed (here: one file more).
    const QString four = setup()->root + QStringLiteral("/app/four.json");
    writeFile(four, QByteArray::fromStdString(recordJson("app/four", "four", "four").dump(2)));
    SearchIndexCache update(setup()->cacheFile);
    update.open(setup()->root);
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(setup()->root, nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments, &update));
    update.validate(kb, RecordValidator(Today));
    QString error;
    FUZZ_CHECK(update.update(kb, &error));
    QFile::remove(four);
    writeSeed(dir + QStringLiteral("/rows-only.idx"));
}

// A cache as Errata writes it must pass through the target unchanged and be
// opened: else every input would stop at the checksum or the header, and the
// target would fuzz nothing past them without a word.
void checkTheTargetReachesTheRows()
{
    writeCache();
    const QByteArray body = cacheBody();
    FUZZ_CHECK(withChecksum(body) == body);
    SearchIndexCache probe(setup()->cacheFile);
    FUZZ_CHECK(probe.open(setup()->root));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    setup();
    if (qEnvironmentVariableIsSet("ERRATA_FUZZ_MAKE_SEED")) {
        makeSeeds(qEnvironmentVariable("ERRATA_FUZZ_MAKE_SEED"));
        std::exit(0);
    }
    checkTheTargetReachesTheRows();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    writeFile(setup()->cacheFile, setup()->header + withChecksum(Fuzz::bytes(data, size)));
    SearchIndexCache probe(setup()->cacheFile);
    if (!probe.open(setup()->root)) {
        for (auto it = setup()->files.cbegin(); it != setup()->files.cend(); ++it) {
            Record record;
            FUZZ_CHECK(!probe.restore(it.key(), it.value(), record));
        }
        return 0;
    }
    SearchIndexCache cache(setup()->cacheFile);
    bool usable = false;
    const auto opened = open(cache, &usable);
    const KnowledgeBase &kb = opened->kb;
    FUZZ_CHECK(usable);
    FUZZ_CHECK(kb.count() == 3 && kb.loadProblems().size() == 1);

    QSet<const Record *> records;
    for (int i = 0; i < kb.count(); ++i)
        records.insert(kb.recordAt(i));
    const std::vector<const Record *> indexed = opened->index.records();
    FUZZ_CHECK(indexed.size() == size_t(kb.count()));
    for (const Record *record : indexed)
        FUZZ_CHECK(records.remove(record));
    FUZZ_CHECK(records.isEmpty());

    for (const char *text : {"", "disk", "econnrefused domain:net"}) {
        const QList<SearchIndex::Hit> hits = opened->index.search(SearchQuery::parse(QString::fromLatin1(text)));
        for (const SearchIndex::Hit &hit : hits)
            FUZZ_CHECK(hit.entry >= 0 && hit.entry < opened->index.size() && opened->index.entry(hit.entry).record);
    }
    const LookupEngine lookup(opened->index.lookup());
    const LookupResult result = lookup.lookup(QStringLiteral("write failed: No space left on device"), 5);
    for (const LookupResult::Hit &hit : result.hits)
        FUZZ_CHECK(hit.record && kb.find(hit.id) == hit.record);
    return 0;
}
