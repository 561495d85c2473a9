#pragma once

#include "models/kb/LoadCache.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/util/CacheFolder.h"
#include "models/util/StringPool.h"
#include "models/validation/RecordValidator.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDataStream>
#include <QDate>
#include <QFile>
#include <QHash>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace Errata {

class KnowledgeBase;
class SearchIndexBuilder;

// The search index of a KB, and each record's own validation findings, kept on disk between runs, so that opening the
// KB again parses, validates and tokenises only the files that changed since (docs/record-format.md, "Search index and
// findings cache"). A file whose size and hash equal its row is taken without parsing (Record::restore), with its own
// findings and index entry; the rules that read the KB or the date run for every record. A cache of another KB,
// format, program version or byte order, or a damaged one, is not used at all. It is written whole with AtomicFile.
//
//   cache.open(root);                       // false: no usable cache
//   kb.adopt(KnowledgeBaseLoader::load(root, ..., &cache));
//   cache.validate(kb, validator);          // cached own findings + the rest anew
//   cache.index(kb, index, today);          // cached entries + the rest anew
//   if (cache.isOutdated()) cache.save(kb, index, &error); // `errata validate`: update(kb, &error) instead
class SearchIndexCache final : public LoadCache
{
    Q_DECLARE_TR_FUNCTIONS(Errata::SearchIndexCache)
public:
    // Bump when the tokenizer, folding, SearchIndex::Entry, this file's layout, the text of a validator message (cached
    // findings keep their text) or what a file must be to load changes: older caches are then not used.
    static constexpr quint32 FormatVersion = 13;
    // A cache not used for this long (a KB moved or no longer opened) is
    // removed when another one in the same folder is written.
    static constexpr int MaxAgeDays = CacheFolder::MaxAgeDays;

    explicit SearchIndexCache(const QString &file);
    ~SearchIndexCache() override;

    // <user cache folder>/search-index/<hash of the root's path>.idx; ""
    // when no home is known (CacheFolder::location()): no cache then.
    static QString fileFor(const QString &root);
    static quint64 hashOf(const QByteArray &text);

    QString file() const { return m_file; }
    // Reads the rows of the cache of the KB at `root`. False when there is
    // no usable cache; errorString() then says why (empty: there is none).
    bool open(const QString &root);
    QString errorString() const { return m_error; }
    int rowCount() const { return int(m_rows.size()); }
    // How many records restore() took from the cache.
    int restoredCount() const { return m_restored; }

    // For KnowledgeBaseLoader, from any thread, once per file: when the
    // cache holds `text` for the file at `relativePath`, restores `record`
    // from it and returns true.
    bool restore(const QString &relativePath, const QByteArray &text, Record &record) override;

    // Validates every record of `kb` (loaded with this cache) into the KB:
    // a restored record with cached own findings is not parsed, the others
    // are validated in full. False when cancelled.
    // With `deferred`, the others are not validated but listed there, in
    // KB order, with no findings yet: the window shows the KB first and
    // works their findings out afterwards (OwnFindingsJob), handing them
    // back with addFindings() before save().
    bool validate(KnowledgeBase &kb, const RecordValidator &validator, const std::atomic_bool *cancel = nullptr,
                  const std::function<void(int, int)> &progress = {}, std::vector<const Record *> *deferred = nullptr);
    // The own findings of `record` worked out from `text`, for save(),
    // which keeps them only while the record's file still holds `text`.
    void addFindings(const Record *record, const QByteArray &text, RecordValidator::OwnFindings own);
    // Room for `count` more addFindings(), made at once.
    void reserveFindings(int count);
    // How many records validate() found own findings for in the cache.
    int reusedFindingsCount() const { return m_reusedFindings; }

    // Fills `index` for `kb` (loaded with this cache, then validated): the
    // cached entries of restored records, the other records indexed anew.
    // Without a usable cache, or when over a quarter of the records are
    // new or changed, it builds the whole index, its lookup side as
    // `lookup` says: it finishes the index `begun` as the records were
    // read (KnowledgeBaseLoader::load()) when that holds every record.
    // False when cancelled.
    bool index(const KnowledgeBase &kb, SearchIndex &index, QDate today = QDate::currentDate(),
               const std::atomic_bool *cancel = nullptr, const std::function<void(int, int)> &progress = {},
               SearchIndex::Lookup lookup = SearchIndex::WithLookup, SearchIndexBuilder *begun = nullptr);
    // Whether the file no longer matches the KB: records were indexed or
    // validated anew, or cached ones are gone.
    bool isOutdated() const { return m_outdated || m_findingsOutdated; }

    // Writes the cache of `kb` and `index` to file(), with the own
    // findings validate() worked out, and tidies the cache folder
    // (CacheFolder::tidy(): caches unused for MaxAgeDays, of a KB that is
    // gone, the oldest beyond CacheFolder::MaxBytes). Records changed in memory and not saved
    // are left out. False with `error` on failure.
    bool save(const KnowledgeBase &kb, const SearchIndex &index, QString *error) const;
    // save() in two steps, for the window: prepareSave() copies, on the
    // KB's thread, what the file will hold of each record (the texts are
    // shared, not copied: it is quick); commit() hashes and writes it on
    // any thread. commit() reads `index`, which must not change until it
    // returns; the records are not read.
    struct PendingSave;
    std::shared_ptr<PendingSave> prepareSave(const KnowledgeBase &kb, const SearchIndex &index) const;
    static bool commit(const PendingSave &save, QString *error);
    // For a KB loaded and validated through this cache without an index
    // (`errata validate`): writes the cache again when it no longer matches
    // `kb`. The cached index is brought up to date and kept when index()
    // would merge it, else the file is written without one, and the window
    // builds it whole the next time. A cache that still matches `kb`, or
    // whose findings are in another language (the window's), is left as it
    // is. False with `error` on failure.
    bool update(const KnowledgeBase &kb, QString *error);

private:
    struct Row
    {
        qint64 size = 0;
        quint64 hash = 0;
        Record::Summary summary;
        // Where its block of own findings lies in m_findingBytes; -1: none.
        qsizetype findingsAt = -1;
        qsizetype findingsSize = 0;
        const Record *record = nullptr; // set by restore()
    };

    // What save() writes of each record's own findings: from validate(),
    // by the KB's record index (record null: deferred), then addFindings().
    struct Findings
    {
        const Record *record = nullptr;
        QByteArray text; // the text they were worked out from
        RecordValidator::OwnFindings own;
    };

    bool readHeader(const QString &root);
    bool readRows();
    bool keepFindings(QDataStream &in, const QByteArray &bytes, Row &row);
    bool readIndex(SearchIndex &index);
    bool isMergeable(const KnowledgeBase &kb) const;
    bool write(const KnowledgeBase &kb, const SearchIndex *index, QString *error) const;
    std::shared_ptr<PendingSave> prepareWrite(const KnowledgeBase &kb, const SearchIndex *index) const;
    static void writeRows(QDataStream &out, const PendingSave &save);
    static const RecordValidator::OwnFindings *currentFindings(const Record &record, const Findings *found);
    void markUsed();
    void fail(const QString &why);

    QString m_file;
    QString m_error;
    QFile m_device;
    QDataStream m_in;
    std::vector<Row> m_rows;
    QByteArray m_findingBytes;   // the rows' blocks of findings, until validate()
    QHash<QString, int> m_rowOf; // relative path -> row
    std::atomic_int m_restored{0};
    bool m_opened = false;
    bool m_hasIndex = false; // the file holds an index part after the rows
    bool m_outdated = true;
    bool m_findingsOutdated = false;
    bool m_findingsUsable = false; // written in the language of the messages now
    int m_reusedFindings = 0;
    std::vector<Findings> m_findings;
    StringPool m_strings; // the findings' messages and pointers, shared
};

} // namespace Errata
