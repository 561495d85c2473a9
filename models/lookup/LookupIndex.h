#pragma once

#include "models/lookup/LookupDocument.h"
#include "models/lookup/PackedRegexKeys.h"
#include "models/lookup/RegexTrigramIndex.h"
#include "models/lookup/TrigramSketch.h"

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
class TrigramFilter;

// The text retrieval side of lookup: every record's LookupDocument (weighted words, environment hints, regex keys)
// with its words as numbers in one dictionary of terms, and posting lists from each term to its records, for BM25F
// scoring. SearchIndex keeps one beside its own tokens, built in the same pass, following the same edits and kept in
// the same KB cache; build() makes one on its own (tests, benchmarks). Words are kept once, in the dictionary (a string
// per word of each record would take more than the records' own text). Entries are never moved: a changed record's
// entry is retired (record null) and a new one appended, as in SearchIndex.
class LookupIndex
{
public:
    struct Term
    {
        uint32_t id = 0;
        float weight = 0;
    };
    using Terms = std::vector<Term>; // sorted by id

    struct Entry
    {
        const Record *record = nullptr; // null: retired
        Terms words;                    // field-weighted frequencies (LookupDocument::words)
        Terms signature;                // LookupDocument::signature
        Terms signatureZh;              // LookupDocument::signatureZh
        // Environment hints, as numbers of one list of the KB's distinct
        // hints (hintsOf() gives their text, in order), not a 32-byte
        // string each.
        std::vector<uint32_t> hints;
        PackedRegexKeys regexKeys;
        // The signature case folded, and its sketch: whether another
        // record's regex may match it, without a search per lookup.
        std::string foldedSignature;
        TrigramSketch signatureSketch;
        float length = 0;
        float fixRate = -1;
        qint8 tier = -1;
    };

    struct Posting
    {
        uint32_t entry = 0;
        float weight = 0; // the word's field-weighted frequency in the record
    };

    static constexpr uint32_t NoTerm = UINT32_MAX;

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

    // The term of `word`, or NoTerm when no record ever held it.
    uint32_t termOf(const std::string &word) const;
    const std::string &textOf(uint32_t term) const { return m_terms[term].text; }
    // An entry's environment hints, sorted (EnvironmentHints).
    std::vector<std::string> hintsOf(const Entry &entry) const;
    const std::vector<Posting> &postings(uint32_t term) const { return m_terms[term].postings; }
    int termCount() const { return int(m_terms.size()); }
    // How many live records hold the term.
    int documentFrequency(uint32_t term) const { return term == NoTerm ? 0 : m_terms[term].live; }
    // BM25's inverse document frequency; a term no record holds is as rare
    // as can be.
    double idf(uint32_t term) const;
    double averageLength() const { return m_live ? m_totalLength / m_live : 1.0; }
    // The entries whose regex may match a text `filter` holds
    // (RegexTrigramIndex::candidates): sorted, retired ones included, every
    // key still to be checked.
    std::vector<uint32_t> regexCandidates(const TrigramFilter &filter) const { return m_regexes.candidates(filter); }

    // For SearchIndex's part of the KB cache: write() puts the entries of
    // `records` (live entries, in entry order) into `out`; read() takes
    // what write() wrote, records[i] being the record of the i-th entry
    // written or null (then retired). read() checks what it reads and
    // returns false on a damaged stream, leaving the index empty.
    void write(QDataStream &out, const std::vector<const Record *> &records) const;
    bool read(QDataStream &in, const std::vector<const Record *> &records);

private:
    struct TermData
    {
        std::string text;
        std::vector<Posting> postings;
        int live = 0; // live entries among the postings
    };

    uint32_t intern(const std::string &word);
    Terms interned(const LookupText::Words &words);
    std::vector<uint32_t> internedHints(const std::vector<std::string> &hints);
    Entry entryOf(const Record *record, LookupDocument &&document);
    void append(Entry &&entry);
    void postFrom(size_t first);
    void post(uint32_t entry);
    void unpost(uint32_t entry);
    bool readEntry(const QByteArray &bytes, const Record *record);
    static double idfOf(int frequency, int live);
    void countIdf();

    std::vector<Entry> m_entries;
    QHash<const Record *, uint32_t> m_entryOf;
    std::vector<TermData> m_terms;
    std::unordered_map<std::string, uint32_t> m_termOf;
    std::vector<std::string> m_hints; // by number
    std::unordered_map<std::string, uint32_t> m_hintOf;
    RegexTrigramIndex m_regexes;
    int m_live = 0;
    double m_totalLength = 0;
    std::vector<double> m_idfByFrequency; // idf() by document frequency, for m_live live entries
};

} // namespace Errata
