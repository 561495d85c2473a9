#include "models/lookup/LookupIndex.h"

#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupBlob.h"
#include "models/lookup/LookupIndexJob.h"

#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <cmath>

namespace Errata {

// The same work as the window's lookup side built after a first opening,
// on the calling thread's behalf.
bool LookupIndex::build(const KnowledgeBase &kb, const std::atomic_bool *cancel,
                        const std::function<void(int, int)> &progress)
{
    LookupIndexJob job(kb.records());
    const bool built = job.run(cancel, progress);
    *this = job.take();
    return built;
}

void LookupIndex::clear()
{
    *this = LookupIndex();
}

uint32_t LookupIndex::termOf(const std::string &word) const
{
    const auto it = m_termOf.find(word);
    return it == m_termOf.end() ? NoTerm : it->second;
}

uint32_t LookupIndex::intern(const std::string &word)
{
    const auto [it, fresh] = m_termOf.emplace(word, uint32_t(m_terms.size()));
    if (fresh)
        m_terms.push_back({word, {}, 0});
    return it->second;
}

LookupIndex::Terms LookupIndex::interned(const LookupText::Words &words)
{
    Terms terms;
    terms.reserve(words.size());
    for (const auto &[word, weight] : words)
        terms.push_back({intern(word), weight});
    std::sort(terms.begin(), terms.end(), [](const Term &a, const Term &b) { return a.id < b.id; });
    return terms;
}

std::vector<uint32_t> LookupIndex::internedHints(const std::vector<std::string> &hints)
{
    std::vector<uint32_t> numbers;
    numbers.reserve(hints.size());
    for (const std::string &hint : hints) {
        const auto [it, fresh] = m_hintOf.emplace(hint, uint32_t(m_hints.size()));
        if (fresh)
            m_hints.push_back(hint);
        numbers.push_back(it->second);
    }
    return numbers;
}

std::vector<std::string> LookupIndex::hintsOf(const Entry &entry) const
{
    std::vector<std::string> hints;
    hints.reserve(entry.hints.size());
    for (const uint32_t hint : entry.hints)
        hints.push_back(m_hints[hint]);
    return hints;
}

LookupIndex::Entry LookupIndex::entryOf(const Record *record, LookupDocument &&document)
{
    Entry entry;
    entry.record = record;
    if (!record)
        return entry; // retired: nothing of it is kept
    entry.words = interned(document.words);
    entry.signature = interned(document.signature);
    entry.signatureZh = interned(document.signatureZh);
    entry.hints = internedHints(document.hints);
    entry.regexKeys = PackedRegexKeys(document.regexKeys);
    entry.foldedSignature = std::move(document.foldedSignature);
    entry.signatureSketch = TrigramSketch(entry.foldedSignature);
    entry.length = document.length;
    entry.fixRate = document.fixRate;
    entry.tier = document.tier;
    return entry;
}

void LookupIndex::append(Entry &&entry)
{
    const uint32_t index = uint32_t(m_entries.size());
    const Record *record = entry.record;
    m_entries.push_back(std::move(entry));
    if (record) {
        m_entryOf.insert(record, index);
        post(index);
        countIdf();
    }
}

void LookupIndex::add(const std::vector<const Record *> &records, std::vector<LookupDocument> &&documents)
{
    Q_ASSERT(records.size() == documents.size());
    const size_t first = m_entries.size();
    m_entries.reserve(first + records.size());
    for (size_t i = 0; i < records.size(); ++i)
        m_entries.push_back(entryOf(records[i], std::move(documents[i])));
    postFrom(first);
}

// Posts the entries from `first` on. Their postings are counted first and each term's list grown once to its size:
// grown a posting at a time, the lists would hold a third more than they use.
void LookupIndex::postFrom(size_t first)
{
    std::vector<uint32_t> added(m_terms.size(), 0);
    for (size_t i = first; i < m_entries.size(); ++i) {
        for (const Term &term : m_entries[i].words)
            ++added[term.id];
    }
    for (size_t term = 0; term < added.size(); ++term) {
        if (added[term])
            m_terms[term].postings.reserve(m_terms[term].postings.size() + added[term]);
    }
    for (size_t i = first; i < m_entries.size(); ++i) {
        if (const Record *record = m_entries[i].record) {
            m_entryOf.insert(record, uint32_t(i));
            post(uint32_t(i));
        }
    }
    countIdf();
}

void LookupIndex::update(const Record *record, LookupDocument &&document)
{
    remove(record);
    append(entryOf(record, std::move(document)));
}

void LookupIndex::remove(const Record *record)
{
    const auto it = m_entryOf.find(record);
    if (it == m_entryOf.end())
        return;
    unpost(*it);
    m_entries[*it] = Entry(); // retired: its postings stay, lookups skip it
    m_entryOf.erase(it);
    countIdf();
}

void LookupIndex::post(uint32_t entry)
{
    const Entry &e = m_entries[entry];
    for (const Term &term : e.words) {
        TermData &data = m_terms[term.id];
        data.postings.push_back({entry, term.weight});
        ++data.live;
    }
    m_regexes.add(entry, e.regexKeys);
    ++m_live;
    m_totalLength += e.length;
}

void LookupIndex::unpost(uint32_t entry)
{
    const Entry &e = m_entries[entry];
    for (const Term &term : e.words)
        --m_terms[term.id].live;
    --m_live;
    m_totalLength -= e.length;
}

// BM25's idf, log(1 + (N - n + 0.5) / (n + 0.5)): never negative.
double LookupIndex::idfOf(int frequency, int live)
{
    const double n = frequency;
    return std::log(1.0 + (live - n + 0.5) / (n + 0.5));
}

double LookupIndex::idf(uint32_t term) const
{
    const int n = documentFrequency(term);
    if (m_idfByFrequency.size() == size_t(m_live) + 1 && n <= m_live)
        return m_idfByFrequency[size_t(n)];
    return idfOf(n, m_live);
}

// After the live count changed: a lookup asks for thousands of idfs, and a
// logarithm for each was a tenth of its time.
void LookupIndex::countIdf()
{
    m_idfByFrequency.resize(size_t(m_live) + 1);
    for (int n = 0; n <= m_live; ++n)
        m_idfByFrequency[size_t(n)] = idfOf(n, m_live);
}

namespace {

void writeTerms(BlobWriter &blob, const LookupIndex::Terms &terms)
{
    blob.count(terms.size());
    for (const LookupIndex::Term &term : terms) {
        blob.raw(term.id);
        blob.raw(term.weight);
    }
}

// Terms must name a term of the dictionary, in order.
bool readTerms(BlobReader &blob, LookupIndex::Terms &terms, size_t termCount)
{
    terms.resize(blob.count(sizeof(LookupIndex::Term)));
    for (size_t i = 0; i < terms.size(); ++i) {
        terms[i].id = blob.raw<uint32_t>();
        terms[i].weight = blob.raw<float>();
        if (terms[i].id >= termCount || (i > 0 && terms[i].id <= terms[i - 1].id))
            return false;
    }
    return blob.ok();
}

void writeStrings(BlobWriter &blob, const std::vector<std::string> &strings)
{
    blob.count(strings.size());
    for (const std::string &text : strings)
        blob.string(text);
}

void readStrings(BlobReader &blob, std::vector<std::string> &strings)
{
    strings.resize(blob.count(sizeof(quint32)));
    for (std::string &text : strings)
        blob.string(text);
}

// A block as QDataStream writes a QByteArray, read only when the stream
// holds as many bytes as its length says: a damaged length must not ask for
// gigabytes (QDataStream would try to allocate them).
bool readBlock(QDataStream &in, QByteArray &bytes)
{
    quint32 size = 0;
    in >> size;
    if (in.status() != QDataStream::Ok || size == 0xFFFFFFFFu || qint64(size) > in.device()->bytesAvailable())
        return false;
    bytes.resize(qsizetype(size));
    return in.readRawData(bytes.data(), int(size)) == int(size);
}

} // namespace

// The dictionary first (every term, used or not), then one block per entry.
void LookupIndex::write(QDataStream &out, const std::vector<const Record *> &records) const
{
    BlobWriter dictionary;
    dictionary.count(m_terms.size());
    for (const TermData &term : m_terms)
        dictionary.string(term.text);
    out << dictionary.bytes() << quint32(records.size());
    for (const Record *record : records) {
        const auto it = m_entryOf.find(record);
        Q_ASSERT(it != m_entryOf.end());
        const Entry &e = m_entries[*it];
        BlobWriter blob;
        writeTerms(blob, e.words);
        writeTerms(blob, e.signature);
        writeTerms(blob, e.signatureZh);
        writeStrings(blob, hintsOf(e));
        const RegexKeys::Keys regexKeys = e.regexKeys.unpacked();
        blob.count(regexKeys.size());
        for (const std::vector<std::string> &keys : regexKeys)
            writeStrings(blob, keys);
        blob.string(e.foldedSignature);
        blob.raw(e.length);
        blob.raw(e.fixRate);
        blob.raw(e.tier);
        out << blob.bytes();
    }
}

bool LookupIndex::readEntry(const QByteArray &bytes, const Record *record)
{
    BlobReader blob(bytes);
    Entry e;
    e.record = record;
    const size_t terms = m_terms.size();
    if (!readTerms(blob, e.words, terms) || !readTerms(blob, e.signature, terms)
        || !readTerms(blob, e.signatureZh, terms))
        return false;
    std::vector<std::string> hints;
    readStrings(blob, hints);
    e.hints = internedHints(hints);
    RegexKeys::Keys regexKeys(blob.count(sizeof(quint32)));
    for (std::vector<std::string> &keys : regexKeys)
        readStrings(blob, keys);
    e.regexKeys = PackedRegexKeys(regexKeys);
    blob.string(e.foldedSignature);
    e.signatureSketch = TrigramSketch(e.foldedSignature);
    e.length = blob.raw<float>();
    e.fixRate = blob.raw<float>();
    e.tier = blob.raw<qint8>();
    if (!blob.ok() || !blob.atEnd())
        return false;
    m_entries.push_back(record ? std::move(e) : Entry()); // posted by read()
    return true;
}

bool LookupIndex::read(QDataStream &in, const std::vector<const Record *> &records)
{
    clear();
    QByteArray bytes;
    quint32 count = 0;
    const bool read = readBlock(in, bytes);
    in >> count;
    BlobReader dictionary(bytes);
    m_terms.resize(dictionary.count(sizeof(quint32)));
    for (uint32_t i = 0; i < m_terms.size() && dictionary.ok(); ++i) {
        dictionary.string(m_terms[i].text);
        m_termOf.emplace(m_terms[i].text, i);
    }
    bool ok = read && in.status() == QDataStream::Ok && dictionary.ok() && dictionary.atEnd()
        && m_termOf.size() == m_terms.size() && count == records.size();
    if (ok)
        m_entries.reserve(count);
    for (quint32 i = 0; ok && i < count; ++i)
        ok = readBlock(in, bytes) && readEntry(bytes, records[i]);
    if (ok)
        postFrom(0);
    else
        clear();
    return ok;
}

} // namespace Errata
