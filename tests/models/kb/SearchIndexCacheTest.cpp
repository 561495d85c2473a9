#include "kb/SearchIndexCache.h"
#include "kb/KnowledgeBase.h"
#include "kb/KnowledgeBaseLoader.h"
#include "kb/OwnFindingsJob.h"
#include "search/SearchIndex.h"
#include "support/TestFiles.h"
#include "validation/RecordValidator.h"

#include <QtTest>

#include <memory>

#include <sys/stat.h>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QDate Today(2026, 12, 1);

QString pathOf(const QString &root, const QString &id)
{
    return root + QLatin1Char('/') + id + QStringLiteral(".json");
}

OrderedJson record(const std::string &id, const std::string &signature, const std::string &rootCause)
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

void writeRecord(const QString &root, const OrderedJson &json, const QByteArray &prefix = {})
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
std::unique_ptr<Opened> openThroughCache(const QString &root, const QString &cacheFile, QDate today = Today)
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
std::unique_ptr<Opened> openDeferringChecks(const QString &root, const QString &cacheFile,
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
std::unique_ptr<Opened> validateThroughCache(const QString &root, const QString &cacheFile, QString *error)
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

std::unique_ptr<Opened> openWithoutCache(const QString &root, QDate today = Today)
{
    auto opened = std::make_unique<Opened>();
    opened->kb.adopt(KnowledgeBaseLoader::load(root));
    opened->kb.validateAll(RecordValidator(today));
    opened->index.build(opened->kb, today);
    return opened;
}

// "id score" of every hit, best first.
QStringList results(const SearchIndex &index, const QString &query)
{
    QStringList lines;
    for (const SearchIndex::Hit &hit : index.search(SearchQuery::parse(query)))
        lines << QStringLiteral("%1 %2").arg(index.entry(hit.entry).id).arg(hit.score);
    return lines;
}

const QStringList Queries{QString(),
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

Layout layoutOf(const QByteArray &bytes)
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

qsizetype indexPartStart(const QByteArray &bytes)
{
    return layoutOf(bytes).indexAt;
}

// Every finding of a record, whole and in order.
QStringList findings(const KnowledgeBase &kb, const Record *record)
{
    QStringList lines;
    for (const Problem &problem : kb.problems(record))
        lines << problem.toText() + QLatin1Char(' ') + problem.rule;
    return lines;
}

QStringList rulesOf(const KnowledgeBase &kb, const QString &id)
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
quint64 fileIdOf(const QString &path)
{
    struct stat status = {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? quint64(status.st_ino) : 0;
}

// Six of the fixture's thirteen records: more than a cache merges.
void changeMostRecords(const QString &root)
{
    for (int i = 0; i < 6; ++i) {
        const std::string n = std::to_string(i);
        writeRecord(root, record("node/e" + n, "Changed error " + n, "Another cause " + n + "."));
    }
}

// Sets the file's modification time `days` back.
void age(const QString &path, int days)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addDays(-days), QFileDevice::FileModificationTime));
}

void saveCache(const Opened &opened)
{
    QString error;
    QVERIFY2(opened.cache->save(opened.kb, opened.index, &error), qPrintable(error));
}

} // namespace

class SearchIndexCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void firstOpenFindsNoCache();
    void reopenedKbComesFromTheCache();
    void changedAddedAndRemovedFilesAreReadAnew();
    void sameSizeChangeIsSeen();
    void mostlyChangedKbIsIndexedWhole();
    void unsavedEditsAreLeftOut();
    void stalenessFollowsTheDay();
    void ownFindingsComeFromTheCache();
    void deferredFindingsAreHandedBack();
    void findingsOfAnOlderTextAreNotKept();
    void kbWideFindingsFollowTheKb();
    void findingsFollowTheLanguage();
    void validationWritesFindingsWithoutIndex();
    void validationKeepsTheIndexWhenItCan();
    void validationLeavesAMatchingCache();
    void validationLeavesTheWindowsLanguage();
    void validationOfAnEmptyKbWritesNothing();
    void damagedCacheIsNotUsed_data();
    void damagedCacheIsNotUsed();
    void damagedIndexIsCheckedAsRead();
    void damagedRowsAreCheckedAsRead();
    void cacheOfAnotherFolderIsNotUsed();
    void unwritableCacheFails();
    void cacheFileIsPerFolder();
    void unusedCachesAreRemoved();

private:
    void compareWithFreshBuild(const Opened &opened, QDate today = Today) const;
    void compareRecordsWithFreshLoad(const Opened &opened, QDate today = Today) const;
    std::unique_ptr<Opened> validateAndCheck();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_cacheFile;
};

void SearchIndexCacheTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(QStringLiteral("kb"));
    m_cacheFile = m_dir->filePath(QStringLiteral("cache/kb.idx"));
    writeRecord(m_root, record("pytorch/oom", "torch.OutOfMemoryError: CUDA out of memory", "Too little GPU memory."));
    OrderedJson nan = record("pytorch/nan", "RuntimeError: Loss is NaN", "Exploding gradients; clip them.");
    // The 7 is no link, but counts in the link's pointer: /transition_graph/leads_to/1.
    nan["transition_graph"] = OrderedJson{
        {"leads_to", OrderedJson::array({7, OrderedJson{{"error_id", "pytorch/oom"}}})}};
    writeRecord(m_root, nan);
    OrderedJson zh = record("pytorch/zh", "Gradient overflow detected", "Loss scale too high.");
    zh["signature_zh"] = "检测到梯度溢出";
    zh["root_cause_zh"] = "损失缩放过高，需要梯度裁剪。";
    writeRecord(m_root, zh, QByteArray("\xEF\xBB\xBF")); // with a byte order mark
    OrderedJson docker = record("docker/gpu-driver", "could not select device driver", "No nvidia runtime for CUDA.");
    docker["verification_tier"] = "ai_generated";
    docker["fix_success_rate"] = 0.3;
    docker["last_confirmed"] = "2024-01-01";
    writeRecord(m_root, docker);
    writeRecord(m_root, record("python/cafe", "Café menu error", "Accents everywhere."));
    OrderedJson bad = record("python/bad-regex", "Broken (regex", "A regex RE2 rejects.");
    bad["regex"] = "Broken (regex";
    writeRecord(m_root, bad);
    for (int i = 0; i < 6; ++i) {
        const std::string n = std::to_string(i);
        writeRecord(m_root, record("node/e" + n, "Error number " + n + " in node", "Cause " + n + " of memory use."));
    }
    QVERIFY(writeFile(
        pathOf(m_root, QStringLiteral("node/crlf")),
        QByteArray::fromStdString(record("node/crlf", "Line ends", "CRLF text.").dump(2)).replace("\n", "\r\n")));
    QVERIFY(writeFile(pathOf(m_root, QStringLiteral("node/broken")), "{\"id\": "));
}

// The cached index must answer every query as one built from scratch.
void SearchIndexCacheTest::compareWithFreshBuild(const Opened &opened, QDate today) const
{
    const std::unique_ptr<Opened> fresh = openWithoutCache(m_root, today);
    for (const QString &query : Queries)
        QCOMPARE(results(opened.index, query), results(fresh->index, query));
    compareRecordsWithFreshLoad(opened, today);
}

// Every record and every finding must be as without a cache.
void SearchIndexCacheTest::compareRecordsWithFreshLoad(const Opened &opened, QDate today) const
{
    const std::unique_ptr<Opened> fresh = openWithoutCache(m_root, today);
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

void SearchIndexCacheTest::firstOpenFindsNoCache()
{
    SearchIndexCache cache(m_cacheFile);
    QVERIFY(!cache.open(m_root));
    QVERIFY(cache.errorString().isEmpty()); // none: not an error
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 0);
    QVERIFY(opened->cache->isOutdated());
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::reopenedKbComesFromTheCache()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QFileInfo::exists(m_cacheFile));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 13);
    QCOMPARE(opened->cache->restoredCount(), 13); // every file but the broken one
    QVERIFY(!opened->cache->isOutdated());
    QCOMPARE(opened->kb.loadProblems().size(), 1);
    const Record *zh = opened->kb.find(QStringLiteral("pytorch/zh"));
    QVERIFY(zh && zh->hadByteOrderMark());
    const QList<Record::LinkTarget> links = opened->kb.find(QStringLiteral("pytorch/nan"))->linkTargets();
    QCOMPARE(links.size(), 1);
    QCOMPARE(links.first().id, QStringLiteral("pytorch/oom"));
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::changedAddedAndRemovedFilesAreReadAnew()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    writeRecord(m_root, record("pytorch/oom", "torch.OutOfMemoryError: HIP out of memory", "Too little GPU memory."));
    writeRecord(m_root, record("node/added", "Added later", "A quokka appeared."));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("python/cafe"))));
    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 11);
    QVERIFY(opened->cache->isOutdated());
    QCOMPARE(results(opened->index, QStringLiteral("hip")).size(), 1);
    QCOMPARE(results(opened->index, QStringLiteral("cuda out")).size(), 0);
    QCOMPARE(results(opened->index, QStringLiteral("quokka")).size(), 1);
    QCOMPARE(results(opened->index, QStringLiteral("cafe")).size(), 0);
    compareWithFreshBuild(*opened);

    saveCache(*opened); // compacted: the retired entries are left out
    opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 13);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QVERIFY(!opened->cache->isOutdated());
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::sameSizeChangeIsSeen()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString path = pathOf(m_root, QStringLiteral("node/e3"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    const qsizetype at = text.indexOf("number 3");
    QVERIFY(at > 0);
    text.replace(at, 8, "zebrafi3");
    QVERIFY(writeFile(path, text));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 12);
    const QStringList found = results(opened->index, QStringLiteral("zebrafi3"));
    QCOMPARE(found.size(), 1);
    QVERIFY(found.first().startsWith(QStringLiteral("node/e3 ")));
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::mostlyChangedKbIsIndexedWhole()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    changeMostRecords(m_root);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 7);
    QVERIFY(opened->cache->isOutdated());
    QCOMPARE(results(opened->index, QStringLiteral("changed")).size(), 6);
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::unsavedEditsAreLeftOut()
{
    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    Record *record = opened->kb.find(QStringLiteral("node/e1"));
    record->setValue(QStringLiteral("/signature"), "Edited in memory only");
    opened->index.update(opened->kb, record, Today);
    saveCache(*opened);
    opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->rowCount(), 12);
    QCOMPARE(opened->cache->restoredCount(), 12);
    QCOMPARE(opened->kb.find(QStringLiteral("node/e1"))->signature(), QStringLiteral("Error number 1 in node"));
    QCOMPARE(results(opened->index, QStringLiteral("edited")).size(), 0);
    compareWithFreshBuild(*opened);
}

void SearchIndexCacheTest::stalenessFollowsTheDay()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QDate later(2028, 1, 1); // everything was last confirmed over a year before
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile, later);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QCOMPARE(results(opened->index, QStringLiteral("stale")).size(), 13);
    QVERIFY(rulesOf(opened->kb, QStringLiteral("node/e1")).contains(QStringLiteral("stale")));
    compareWithFreshBuild(*opened, later);
    const QDate earlier(2025, 1, 1); // every last_confirmed is in the future
    const std::unique_ptr<Opened> before = openThroughCache(m_root, m_cacheFile, earlier);
    QCOMPARE(before->cache->reusedFindingsCount(), 13);
    QVERIFY(rulesOf(before->kb, QStringLiteral("node/e1")).contains(QStringLiteral("future-date")));
    QVERIFY(!rulesOf(before->kb, QStringLiteral("node/e1")).contains(QStringLiteral("stale")));
    compareWithFreshBuild(*before, earlier);
}

void SearchIndexCacheTest::ownFindingsComeFromTheCache()
{
    const std::unique_ptr<Opened> first = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(first->cache->reusedFindingsCount(), 0);
    saveCache(*first);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(!opened->cache->isOutdated());
    // Findings of the text alone, with their line and column.
    QVERIFY(rulesOf(opened->kb, QStringLiteral("python/bad-regex")).contains(QStringLiteral("regex-compile")));
    QVERIFY(rulesOf(opened->kb, QStringLiteral("pytorch/zh")).contains(QStringLiteral("byte-order-mark")));
    for (int i = 0; i < opened->kb.count(); ++i)
        QVERIFY(!opened->kb.recordAt(i)->hasDocument()); // nothing was parsed to validate
    compareWithFreshBuild(*opened);
}

// At a first opening every record is left for later, with no findings;
// the job's findings, handed back, are those of a full validation, and the
// cache keeps them for the next opening.
void SearchIndexCacheTest::deferredFindingsAreHandedBack()
{
    std::vector<const Record *> deferred;
    const std::unique_ptr<Opened> first = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QCOMPARE(int(deferred.size()), 13);
    for (const Record *record : deferred)
        QVERIFY(first->kb.problems(record).isEmpty());
    QCOMPARE(results(first->index, QStringLiteral("severity:error")).size(), 0);
    OwnFindingsJob job(deferred);
    QVERIFY(job.run(RecordValidator(Today)));
    QCOMPARE(job.apply(first->kb, RecordValidator(Today), first->cache.get()), 13);
    first->index.refresh(first->kb, Today);
    compareWithFreshBuild(*first);
    QVERIFY(first->cache->isOutdated());
    saveCache(*first);

    deferred.clear();
    const std::unique_ptr<Opened> again = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QVERIFY(deferred.empty());
    QCOMPARE(again->cache->reusedFindingsCount(), 13);
    QVERIFY(!again->cache->isOutdated());
    compareWithFreshBuild(*again);

    // One file changed: only its record is left for later.
    const OrderedJson e2 = record("node/e2", "Error number 2 in node, changed", "Cause 2.");
    writeRecord(m_root, e2);
    const std::unique_ptr<Opened> changed = openDeferringChecks(m_root, m_cacheFile, &deferred);
    QCOMPARE(int(deferred.size()), 1);
    QCOMPARE(deferred.front()->id(), QStringLiteral("node/e2"));
    QCOMPARE(changed->cache->reusedFindingsCount(), 12);
}

// Findings worked out before a record was saved are not kept for its new
// text: the next opening validates it again.
void SearchIndexCacheTest::findingsOfAnOlderTextAreNotKept()
{
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    Record *bad = opened->kb.find(QStringLiteral("python/bad-regex"));
    QVERIFY(rulesOf(opened->kb, bad->id()).contains(QStringLiteral("regex-compile")));
    opened->kb.setValue(bad, QStringLiteral("/regex"), "Broken \\(regex");
    QString error;
    QCOMPARE(opened->kb.save(bad, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    opened->index.update(opened->kb, bad, Today);
    saveCache(*opened);
    const std::unique_ptr<Opened> again = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(again->cache->restoredCount(), 13);
    QCOMPARE(again->cache->reusedFindingsCount(), 12);
    QVERIFY(!rulesOf(again->kb, bad->id()).contains(QStringLiteral("regex-compile")));
    compareWithFreshBuild(*again);
}

// The rules that read the KB run again for records whose text did not
// change: a link target removed, an id given to a second file.
void SearchIndexCacheTest::kbWideFindingsFollowTheKb()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("pytorch/oom"))));
    QVERIFY(QFile::copy(pathOf(m_root, QStringLiteral("node/e0")), pathOf(m_root, QStringLiteral("node/copy"))));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 12); // not the copy, which is new
    QVERIFY(opened->cache->isOutdated());
    QVERIFY(rulesOf(opened->kb, QStringLiteral("pytorch/nan")).contains(QStringLiteral("link-dangling")));
    const QList<Record *> copies = opened->kb.recordsWithId(QStringLiteral("node/e0"));
    QCOMPARE(copies.size(), 2);
    for (const Record *copy : copies) {
        QStringList rules;
        for (const Problem &problem : opened->kb.problems(copy))
            rules << problem.rule;
        QVERIFY(rules.contains(QStringLiteral("duplicate-id")));
    }
    compareWithFreshBuild(*opened);
}

// Findings are kept in the language of their messages: in another one
// they are worked out again, and kept in that one.
void SearchIndexCacheTest::findingsFollowTheLanguage()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    MarkingTranslator chinese;
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    QCOMPARE(RuleValidator::messageLanguage(), QStringLiteral("zh_CN"));
    const std::unique_ptr<Opened> translated = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(translated->cache->reusedFindingsCount(), 0);
    QCOMPARE(translated->cache->restoredCount(), 13); // the index is still good
    QVERIFY(translated->cache->isOutdated());
    const QList<Problem> problems = translated->kb.problems(translated->kb.find(QStringLiteral("python/bad-regex")));
    QVERIFY(!problems.isEmpty());
    for (const Problem &problem : problems) {
        if (problem.rule == QLatin1String("regex-compile"))
            QVERIFY2(problem.message.startsWith(QStringLiteral("【zh】")), qPrintable(problem.message));
    }
    compareWithFreshBuild(*translated);
    saveCache(*translated);
    QCOMPARE(openThroughCache(m_root, m_cacheFile)->cache->reusedFindingsCount(), 13);
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
    const std::unique_ptr<Opened> english = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(english->cache->reusedFindingsCount(), 0);
    compareWithFreshBuild(*english);
}

std::unique_ptr<Opened> SearchIndexCacheTest::validateAndCheck()
{
    QString error;
    std::unique_ptr<Opened> opened = validateThroughCache(m_root, m_cacheFile, &error);
    if (!opened)
        qWarning("the cache was not written: %s", qPrintable(error));
    else
        compareRecordsWithFreshLoad(*opened);
    return opened;
}

// `errata validate` keeps no index: it writes the rows and the findings,
// which the next run and the window reuse; the window builds the index.
void SearchIndexCacheTest::validationWritesFindingsWithoutIndex()
{
    std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 0);
    QVERIFY(QFileInfo::exists(m_cacheFile));
    validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->restoredCount(), 13);
    QCOMPARE(validated->cache->reusedFindingsCount(), 13);

    std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 13);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(opened->cache->isOutdated()); // no index to read: built whole, to be written
    compareWithFreshBuild(*opened);
    saveCache(*opened);
    opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(!opened->cache->isOutdated());
    compareWithFreshBuild(*opened);
}

// A few files changed since the window wrote the cache: `errata validate`
// merges them into the cached index rather than dropping it.
void SearchIndexCacheTest::validationKeepsTheIndexWhenItCan()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    writeRecord(m_root, record("pytorch/oom", "torch.OutOfMemoryError: HIP out of memory", "Too little GPU memory."));
    QVERIFY(QFile::remove(pathOf(m_root, QStringLiteral("python/cafe"))));
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 11);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->restoredCount(), 12);
    QCOMPARE(opened->cache->reusedFindingsCount(), 12);
    QVERIFY(!opened->cache->isOutdated()); // the index read was up to date
    QCOMPARE(results(opened->index, QStringLiteral("hip")).size(), 1);
    compareWithFreshBuild(*opened);

    // Most files changed: the file is written without the index.
    changeMostRecords(m_root);
    QVERIFY(validateAndCheck());
    const std::unique_ptr<Opened> reopened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(reopened->cache->reusedFindingsCount(), 12);
    QVERIFY(reopened->cache->isOutdated());
    compareWithFreshBuild(*reopened);
}

// Nothing changed: the file is not written again, only marked as used.
void SearchIndexCacheTest::validationLeavesAMatchingCache()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray written = readFile(m_cacheFile);
    const quint64 file = fileIdOf(m_cacheFile);
    age(m_cacheFile, 3);
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 13);
    QCOMPARE(readFile(m_cacheFile), written);
    QCOMPARE(fileIdOf(m_cacheFile), file);
    QVERIFY(QFileInfo(m_cacheFile).lastModified() > QDateTime::currentDateTime().addDays(-1));
}

// The window's findings in Chinese are of no use to `errata validate`, in
// English, but it does not replace them with its own.
void SearchIndexCacheTest::validationLeavesTheWindowsLanguage()
{
    MarkingTranslator chinese;
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
    const quint64 file = fileIdOf(m_cacheFile);
    writeRecord(m_root, record("node/added", "Added later", "A quokka appeared."));
    const std::unique_ptr<Opened> validated = validateAndCheck();
    QVERIFY(validated);
    QCOMPARE(validated->cache->reusedFindingsCount(), 0);
    QCOMPARE(fileIdOf(m_cacheFile), file);
    QVERIFY(QCoreApplication::installTranslator(&chinese));
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QCOMPARE(opened->cache->reusedFindingsCount(), 13);
    QVERIFY(QCoreApplication::removeTranslator(&chinese));
}

void SearchIndexCacheTest::validationOfAnEmptyKbWritesNothing()
{
    const QString empty = m_dir->filePath(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));
    QString error;
    const std::unique_ptr<Opened> validated = validateThroughCache(empty, m_cacheFile, &error);
    QVERIFY2(validated, qPrintable(error));
    QCOMPARE(validated->kb.count(), 0);
    QVERIFY(!QFileInfo::exists(m_cacheFile));
}

void SearchIndexCacheTest::damagedCacheIsNotUsed_data()
{
    // Truncate to this per mille of the file; -2: half way into the rows,
    // -3: half way into the index part; -1: not at all.
    QTest::addColumn<int>("cut");
    QTest::addColumn<int>("flip"); // flip a bit of the byte at this per mille, or -1
    QTest::addColumn<bool>("rowsUsable");
    QTest::newRow("empty") << 0 << -1 << false;
    QTest::newRow("header only") << 10 << -1 << false;
    QTest::newRow("within the rows") << -2 << -1 << false;
    QTest::newRow("within the index") << -3 << -1 << true; // rows read; the index part is cut: built anew
    QTest::newRow("last byte missing") << 999 << -1 << true;
    QTest::newRow("magic") << -1 << 0 << false;
    QTest::newRow("rows") << -1 << 60 << false; // checksummed
}

void SearchIndexCacheTest::damagedCacheIsNotUsed()
{
    QFETCH(int, cut);
    QFETCH(int, flip);
    QFETCH(bool, rowsUsable);
    saveCache(*openThroughCache(m_root, m_cacheFile));
    QByteArray bytes = readFile(m_cacheFile);
    QVERIFY(bytes.size() > 1000);
    const qsizetype indexStart = indexPartStart(bytes);
    QVERIFY(indexStart > 0 && indexStart < bytes.size());
    if (cut == -2)
        bytes.truncate(indexStart / 2);
    if (cut == -3)
        bytes.truncate((indexStart + bytes.size()) / 2);
    if (cut >= 0)
        bytes.truncate(bytes.size() * cut / 1000);
    if (flip >= 0)
        bytes[bytes.size() * flip / 1000] = char(bytes[bytes.size() * flip / 1000] ^ 0x10);
    QVERIFY(writeFile(m_cacheFile, bytes));

    SearchIndexCache cache(m_cacheFile);
    QCOMPARE(cache.open(m_root), rowsUsable);
    QCOMPARE(cache.errorString().isEmpty(), rowsUsable);
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(opened->cache->isOutdated()); // written again whole
    compareWithFreshBuild(*opened);
}

// The index part is not checksummed but checked item by item: whatever
// byte of it is damaged, reading and searching stay within bounds (the
// sanitizer build checks that) and every record is still there.
void SearchIndexCacheTest::damagedIndexIsCheckedAsRead()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray original = readFile(m_cacheFile);
    int rebuilt = 0;
    const qsizetype indexStart = indexPartStart(original);
    QVERIFY(indexStart > 0);
    for (qsizetype at = indexStart; at < original.size(); at += 11) {
        QByteArray bytes = original;
        bytes[at] = char(bytes[at] ^ 0x81);
        QVERIFY(writeFile(m_cacheFile, bytes));
        const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
        QCOMPARE(opened->kb.count(), 13);
        QCOMPARE(opened->cache->restoredCount(), 13);
        rebuilt += opened->cache->isOutdated() ? 1 : 0;
        for (const QString &query : Queries)
            results(opened->index, query);
    }
    QVERIFY(rebuilt > 0); // the damage was noticed at least where it broke the structure
}

// The rows are checksummed, but reading them must not rely on that: with a
// byte damaged and the checksum made to fit, reading, validating and
// searching stay within bounds (the sanitizer build checks that), and
// every file is still loaded.
void SearchIndexCacheTest::damagedRowsAreCheckedAsRead()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QByteArray original = readFile(m_cacheFile);
    const Layout layout = layoutOf(original);
    QVERIFY(layout.rowsAt > 0 && layout.rowsSize > 1000);
    int refused = 0;
    for (qsizetype at = layout.rowsAt; at < layout.rowsAt + layout.rowsSize; at += 53) {
        QByteArray bytes = original;
        bytes[at] = char(bytes[at] ^ 0x81);
        QByteArray checksum;
        QDataStream out(&checksum, QIODevice::WriteOnly);
        out << SearchIndexCache::hashOf(bytes.mid(layout.rowsAt, layout.rowsSize));
        bytes.replace(layout.checksumAt, checksum.size(), checksum);
        QVERIFY(writeFile(m_cacheFile, bytes));
        const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
        QCOMPARE(opened->kb.count(), 13);
        refused += opened->cache->restoredCount() == 0 ? 1 : 0;
        for (const QString &query : Queries)
            results(opened->index, query);
    }
    QVERIFY(refused > 0); // the damage was noticed where it broke the structure
}

void SearchIndexCacheTest::cacheOfAnotherFolderIsNotUsed()
{
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString copy = m_dir->filePath(QStringLiteral("copy"));
    QVERIFY(QDir().rename(m_root, copy));
    SearchIndexCache cache(m_cacheFile);
    QVERIFY(!cache.open(copy));
    QCOMPARE(cache.errorString(), QStringLiteral("the cache of another folder"));
}

void SearchIndexCacheTest::unwritableCacheFails()
{
    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    const QString blocker = m_dir->filePath(QStringLiteral("a-file"));
    QVERIFY(writeFile(blocker, "not a folder"));
    QString error;
    SearchIndexCache elsewhere(blocker + QStringLiteral("/kb.idx"));
    QVERIFY(!elsewhere.save(opened->kb, opened->index, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(QFileInfo(blocker).size(), qint64(12));
}

void SearchIndexCacheTest::cacheFileIsPerFolder()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString here = SearchIndexCache::fileFor(m_root);
    QVERIFY(here.startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
    QCOMPARE(SearchIndexCache::fileFor(m_root + QStringLiteral("/./")), here);
    QVERIFY(SearchIndexCache::fileFor(m_dir->filePath(QStringLiteral("other"))) != here);
}

// Writing a cache removes the caches beside it that were not used for
// MaxAgeDays; using a cache keeps it.
void SearchIndexCacheTest::unusedCachesAreRemoved()
{
    const QString folder = QFileInfo(m_cacheFile).absolutePath();
    saveCache(*openThroughCache(m_root, m_cacheFile));
    const QString old = folder + QStringLiteral("/old.idx");
    const QString recent = folder + QStringLiteral("/recent.idx");
    const QString other = folder + QStringLiteral("/notes.txt");
    for (const QString &path : {old, recent, other})
        QVERIFY(writeFile(path, "x"));
    age(old, SearchIndexCache::MaxAgeDays + 1);
    age(recent, SearchIndexCache::MaxAgeDays - 1);
    age(other, SearchIndexCache::MaxAgeDays + 1);
    age(m_cacheFile, SearchIndexCache::MaxAgeDays + 1);

    const std::unique_ptr<Opened> opened = openThroughCache(m_root, m_cacheFile);
    QVERIFY(!opened->cache->isOutdated());
    QVERIFY(QFileInfo(m_cacheFile).lastModified() > QDateTime::currentDateTime().addDays(-1)); // marked used
    saveCache(*openThroughCache(m_dir->filePath(QStringLiteral("kb")), folder + QStringLiteral("/second.idx")));
    QVERIFY(!QFileInfo::exists(old));
    QVERIFY(QFileInfo::exists(recent));
    QVERIFY(QFileInfo::exists(other));
    QVERIFY(QFileInfo::exists(m_cacheFile));
}

QTEST_GUILESS_MAIN(SearchIndexCacheTest)
#include "SearchIndexCacheTest.moc"
