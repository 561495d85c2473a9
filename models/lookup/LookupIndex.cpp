#include "lookup/LookupIndex.h"

#include "kb/KnowledgeBase.h"
#include "record/Record.h"
#include "util/Parallel.h"

#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <cmath>

namespace Errata {

bool LookupIndex::build(const KnowledgeBase &kb, const std::atomic_bool *cancel,
                        const std::function<void(int, int)> &progress)
{
    clear();
    const int count = kb.count();
    std::vector<const Record *> records(static_cast<size_t>(count));
    std::vector<LookupDocument> documents(static_cast<size_t>(count));
    Parallel::forEach(
        count,
        [&](int i) {
            const Record &record = *kb.recordAt(i);
            const Record::ParsedForNow parsed(record);
            records[size_t(i)] = &record;
            documents[size_t(i)] = LookupDocument::of(record);
        },
        cancel,
        [&](int done) {
            if (progress)
                progress(done, count);
        });
    if (cancel && cancel->load())
        return false;
    add(records, std::move(documents));
    return true;
}

void LookupIndex::clear()
{
    *this = LookupIndex();
}

void LookupIndex::add(const std::vector<const Record *> &records, std::vector<LookupDocument> &&documents)
{
    Q_ASSERT(records.size() == documents.size());
    m_entries.reserve(m_entries.size() + records.size());
    for (size_t i = 0; i < records.size(); ++i) {
        const uint32_t entry = uint32_t(m_entries.size());
        m_entries.push_back({records[i], records[i] ? std::move(documents[i]) : LookupDocument()});
        if (records[i]) {
            m_entryOf.insert(records[i], entry);
            post(entry);
        }
    }
}

void LookupIndex::update(const Record *record, LookupDocument &&document)
{
    remove(record);
    std::vector<LookupDocument> one;
    one.push_back(std::move(document));
    add({record}, std::move(one));
}

void LookupIndex::remove(const Record *record)
{
    const auto it = m_entryOf.find(record);
    if (it == m_entryOf.end())
        return;
    unpost(*it);
    m_entries[*it] = Entry(); // retired: its postings stay, lookups skip it
    m_entryOf.erase(it);
}

void LookupIndex::post(uint32_t entry)
{
    const LookupDocument &document = m_entries[entry].document;
    for (const auto &[word, weight] : document.words) {
        Word &posted = m_words[word];
        posted.postings.push_back({entry, weight});
        ++posted.live;
    }
    ++m_live;
    m_totalLength += document.length;
}

void LookupIndex::unpost(uint32_t entry)
{
    const LookupDocument &document = m_entries[entry].document;
    for (const auto &[word, weight] : document.words) {
        const auto it = m_words.find(word);
        if (it != m_words.end())
            --it->second.live;
    }
    --m_live;
    m_totalLength -= document.length;
}

const std::vector<LookupIndex::Posting> *LookupIndex::postings(const std::string &word) const
{
    const auto it = m_words.find(word);
    return it == m_words.end() ? nullptr : &it->second.postings;
}

int LookupIndex::documentFrequency(const std::string &word) const
{
    const auto it = m_words.find(word);
    return it == m_words.end() ? 0 : it->second.live;
}

// BM25's idf, log(1 + (N - n + 0.5) / (n + 0.5)): never negative, and a
// word no record holds is as rare as can be.
double LookupIndex::idf(const std::string &word) const
{
    const double n = documentFrequency(word);
    return std::log(1.0 + (m_live - n + 0.5) / (n + 0.5));
}

void LookupIndex::write(QDataStream &out, const std::vector<const Record *> &records) const
{
    out << quint32(records.size());
    for (const Record *record : records) {
        const auto it = m_entryOf.find(record);
        Q_ASSERT(it != m_entryOf.end());
        m_entries[*it].document.write(out);
    }
}

bool LookupIndex::read(QDataStream &in, const std::vector<const Record *> &records)
{
    clear();
    quint32 count = 0;
    in >> count;
    if (in.status() != QDataStream::Ok || count != records.size()) {
        clear();
        return false;
    }
    std::vector<LookupDocument> documents(count);
    for (LookupDocument &document : documents) {
        if (!document.read(in)) {
            clear();
            return false;
        }
    }
    add(records, std::move(documents));
    return true;
}

} // namespace Errata
