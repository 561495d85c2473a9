#pragma once

#include "models/lookup/LookupIndex.h"
#include "models/search/SearchQuery.h"
#include "models/util/StringPool.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

QT_BEGIN_NAMESPACE
class QDataStream;
QT_END_NAMESPACE

namespace Errata {

class KnowledgeBase;
class PostingRun;
class Record;
struct RecordFields;

// A full-text index over a KB for search as you type: every record's text
// (signature and its Chinese, id, regex, root cause, dead ends, workarounds,
// tags, aliases) as folded tokens with posting lists, and the fields that
// filters look at. A query word matches a record when every token of the
// word is the prefix of a token of the record. A hit in the signature or id
// scores highest, then one in the Chinese signature, aliases or tags, then
// one in the body; an exact token beats a prefix, and a signature or id that
// starts with the word gets a bonus. Beside it, the same pass builds the
// LookupIndex that answers "what is this error?" (lookup()).
class SearchIndex
{
public:
    struct Entry
    {
        const Record *record = nullptr;
        QString id;
        QString signature;
        QString foldedId;
        QString foldedSignature;
        QString domain;
        QString category;
        QString tier;
        QString resolvable;
        double fixRate = -1;
        double confidence = -1;
        bool hasChinese = false;
        QDate lastConfirmed;
        bool stale = false; // last confirmed over a year before the index's day
        int severities = 0; // bit (1 << Problem::Severity) for each severity present
    };

    struct Hit
    {
        int entry = 0;
        int score = 0;
    };

    // Whether build() makes the lookup side too, or leaves it for later:
    // the window shows a KB opened anew once it can be searched, and its
    // lookup index, which takes longer to build than the search side, is
    // made in the background afterwards (LookupIndexJob, setLookup()).
    enum Lookup { WithLookup, LookupLater };

    // Indexes every record of `kb`, with its current validation findings.
    // `progress(done, total)` is called on the calling thread; false when
    // cancelled (the index is then empty).
    bool build(const KnowledgeBase &kb, QDate today = QDate::currentDate(), const std::atomic_bool *cancel = nullptr,
               const std::function<void(int, int)> &progress = {}, Lookup lookup = WithLookup);
    // build() left the lookup side for later and setLookup() has not come
    // yet: lookup() is empty. Edits meanwhile are remembered.
    bool isLookupPending() const { return m_lookupPending; }
    // Takes the lookup side, built apart for the records() of this index
    // (or some of them), and brings it up to date with the records added,
    // changed or removed since: they are indexed again.
    void setLookup(LookupIndex &&lookup);
    // Keeping up with edits: a changed or added record is indexed anew (its
    // old entry retired), a removed one is retired. Retired entries keep
    // their place (record null) and are never found.
    void update(const KnowledgeBase &kb, const Record *record, QDate today = QDate::currentDate());
    void remove(const Record *record);

    // Findings and staleness of every entry anew: after the KB was
    // validated again, or on another day.
    void refresh(const KnowledgeBase &kb, QDate today);

    // For SearchIndexCache. records() are the records of the live entries,
    // in entry order. write() puts the entries of `records` (some of
    // records(), in the same order) and their tokens into `out`, postings
    // renumbered. read() takes what write() wrote; records[i] is the record
    // of the i-th entry written, or null when that record is gone or changed
    // (its entry is then retired). It checks what it reads and returns false
    // on a damaged or truncated stream, leaving the index empty. Findings
    // and staleness are not kept: refresh() after read(). add() indexes
    // `records` that have no entry yet, all in one merge.
    std::vector<const Record *> records() const;
    void write(QDataStream &out, const std::vector<const Record *> &records) const;
    bool read(QDataStream &in, const std::vector<const Record *> &records);
    void add(const KnowledgeBase &kb, const std::vector<const Record *> &records, QDate today);

    int size() const { return int(m_entries.size()); }
    // The lookup side of the index (LookupEngine), built, kept current and
    // cached with it.
    const LookupIndex &lookup() const { return m_lookup; }
    const Entry &entry(int index) const { return m_entries.at(size_t(index)); }
    // The entry of `record`, or null when it has none.
    const Entry *entryOf(const Record *record) const;

    // Matching entries, best first (ties by id). An empty query matches all. Searches may run on several threads at
    // once when the index was settled since it last changed.
    QList<Hit> search(const SearchQuery &query) const;
    // Does now what the first search after a change would do (sort the entries by id).
    void settle() const { sortOrder(); }

    // What a hit earns in search(), for a second implementation of it (the published site's search, SearchExport):
    // by field class (0 body, 1 Chinese signature, aliases and tags, 2 signature and id), the bonus of a token equal
    // to the query part, and that of a folded signature or id that starts with the query word.
    struct Scores
    {
        int field[3];
        int exactToken;
        int startsWith;
    };
    static Scores scores();
    // Every token, in byte order of its UTF-8 text, with its postings: each the entry it stands in, in entry order,
    // and the best field class it takes there. Read-only, for SearchExport.
    void forEachToken(
        const std::function<void(const std::string &token, const std::vector<uint32_t> &postings)> &visit) const;
    static int postingEntry(uint32_t posting) { return int(posting >> 2); }
    static int postingField(uint32_t posting) { return int(posting & 3); }

private:
    friend class SearchIndexBuilder;

    struct Token
    {
        std::string text;
        std::vector<uint32_t> postings; // (entry << 2) | field class, sorted by entry
    };

    // The first character of a token, as UTF-8: what a one-letter query is.
    static std::string initialOf(const std::string &token);
    // A one-letter query matches every token with that initial, thousands of them in a large KB; their postings are
    // merged ahead of time, one per entry with its best field class.
    void buildInitials();
    void addInitial(const std::string &token, uint32_t posting);
    // Scores every entry for one query part into `partBest`.
    void scorePart(const std::string &part, std::vector<int> &partBest) const;

    static std::vector<std::pair<std::string, uint32_t>> tokensOf(const RecordFields &fields);
    static void gatherTokens(PostingRun &run, uint32_t entry, const RecordFields &fields);
    // Without findings and staleness: refreshEntry() adds them.
    Entry makeEntry(const Record &record, const RecordFields &fields) const;
    void shareStrings(Entry &entry) const;
    static void refreshEntry(Entry &entry, const KnowledgeBase &kb, QDate today);
    bool readEntries(QDataStream &in, const std::vector<const Record *> &records);
    bool readTokens(QDataStream &in);
    // Entry lookups, initials and order, from m_entries and m_tokens.
    void finishBuild();
    bool passesFilters(const Entry &entry, const SearchQuery &query) const;
    bool scoreWord(const QString &word, std::vector<int> &best) const;
    void scoreWords(const QStringList &words, std::vector<int> &total, std::vector<uint8_t> &alive) const;

    // The first letters of an entry's folded signature and id, side by side
    // in one small array so that a search need not visit every entry.
    struct InitialLetters
    {
        char16_t signature = 0;
        char16_t id = 0;
    };
    static InitialLetters initialLettersOf(const Entry &entry);

    void addTokens(int entry, std::vector<std::pair<std::string, uint32_t>> &&tokens);

    void sortOrder() const;

    std::vector<Entry> m_entries;
    std::vector<InitialLetters> m_initialLetters; // one per entry
    QHash<const Record *, int> m_entryOf;
    // Each entry's place in id order, so that ties compare integers; worked
    // out again at the next search after an edit.
    mutable std::vector<int> m_idOrder;
    mutable std::vector<int> m_byIdOrder; // the inverse: entry at each place
    mutable bool m_idOrderStale = true;
    std::vector<Token> m_tokens;                                       // sorted by text
    std::unordered_map<std::string, std::vector<uint32_t>> m_initials; // initial -> merged postings
    LookupIndex m_lookup;
    // The entries' domains, categories, tiers and resolvable values: a few
    // strings for the whole KB, shared.
    std::shared_ptr<StringPool> m_strings = std::make_shared<StringPool>();
    bool m_lookupPending = false;
    std::vector<const Record *> m_lookupTouched; // edited while the lookup side is pending
};

} // namespace Errata
