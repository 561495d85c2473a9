#pragma once

#include "lookup/LookupDocument.h"

#include <QHash>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

QT_BEGIN_NAMESPACE
class QDataStream;
QT_END_NAMESPACE

namespace Errata {

class KnowledgeBase;
class Record;

// The text retrieval side of lookup: every record's lookup document
// (LookupDocument: its weighted words, environment hints, regex keys) and
// posting lists from each word to the records that hold it, for BM25F
// scoring (LookupScorer). SearchIndex keeps one beside its own tokens, so
// that it is built in the same pass, follows the same edits and is kept in
// the same KB cache; build() makes one on its own (tests, benchmarks).
//
// Entries are never moved: a changed record's entry is retired (record
// null) and a new one appended, as in SearchIndex.
class LookupIndex
{
public:
    struct Entry
    {
        const Record *record = nullptr; // null: retired
        LookupDocument document;
    };

    struct Posting
    {
        uint32_t entry = 0;
        float weight = 0; // the word's field-weighted frequency in the record
    };

    // Indexes every record of `kb` on all cores. False when cancelled (the
    // index is then empty).
    bool build(const KnowledgeBase &kb, const std::atomic_bool *cancel = nullptr,
               const std::function<void(int, int)> &progress = {});

    // Appends entries for `records` with their documents (made by
    // LookupDocument::of, in any thread), and posts their words.
    void add(const std::vector<const Record *> &records, std::vector<LookupDocument> &&documents);
    void update(const Record *record, LookupDocument &&document);
    void remove(const Record *record);
    void clear();

    int size() const { return int(m_entries.size()); }
    int liveCount() const { return m_live; }
    const Entry &entry(int index) const { return m_entries[size_t(index)]; }

    // The entries holding `word`, or null.
    const std::vector<Posting> *postings(const std::string &word) const;
    // How many live records hold `word`.
    int documentFrequency(const std::string &word) const;
    // The word's inverse document frequency (BM25's, never below a floor).
    double idf(const std::string &word) const;
    double averageLength() const { return m_live ? m_totalLength / m_live : 1.0; }

    // For SearchIndex's part of the KB cache: write() puts the entries of
    // `records` (live entries, in entry order) into `out`; read() takes
    // what write() wrote, records[i] being the record of the i-th entry
    // written or null (then retired). read() checks what it reads and
    // returns false on a damaged stream, leaving the index empty.
    void write(QDataStream &out, const std::vector<const Record *> &records) const;
    bool read(QDataStream &in, const std::vector<const Record *> &records);

private:
    struct Word
    {
        std::vector<Posting> postings;
        int live = 0; // live entries among the postings
    };

    void post(uint32_t entry);
    void unpost(uint32_t entry);

    std::vector<Entry> m_entries;
    QHash<const Record *, uint32_t> m_entryOf;
    std::unordered_map<std::string, Word> m_words;
    int m_live = 0;
    double m_totalLength = 0;
};

} // namespace Errata
