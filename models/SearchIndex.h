#pragma once

#include "SearchQuery.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace Errata {

class KnowledgeBase;
class Record;

// A full-text index over a KB for search as you type: every record's text
// (signature and its Chinese, id, regex, root cause, dead ends, workarounds,
// tags, aliases) as folded tokens with posting lists, and the fields that
// filters look at. A query word matches a record when every token of the
// word is the prefix of a token of the record. A hit in the signature or id
// scores highest, then one in the Chinese signature, aliases or tags, then
// one in the body; an exact token beats a prefix, and a signature or id that
// starts with the word gets a bonus.
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
        bool stale = false;
        int severities = 0; // bit (1 << Problem::Severity) for each severity present
    };

    struct Hit
    {
        int entry = 0;
        int score = 0;
    };

    // Indexes every record of `kb`, with its current validation findings.
    void build(const KnowledgeBase &kb, QDate today = QDate::currentDate());
    // Keeping up with edits: a changed or added record is indexed anew (its
    // old entry retired), a removed one is retired. Retired entries keep
    // their place (record null) and are never found.
    void update(const KnowledgeBase &kb, const Record *record, QDate today = QDate::currentDate());
    void remove(const Record *record);

    int size() const { return int(m_entries.size()); }
    const Entry &entry(int index) const { return m_entries.at(size_t(index)); }

    // Matching entries, best first (ties by id). An empty query matches all.
    QList<Hit> search(const SearchQuery &query) const;

private:
    struct Token
    {
        std::string text;
        std::vector<uint32_t> postings; // (entry << 2) | field class, sorted by entry
    };

    static std::vector<std::pair<std::string, uint32_t>> tokensOf(const Record &record);
    Entry makeEntry(const KnowledgeBase &kb, const Record &record, QDate today) const;
    bool passesFilters(const Entry &entry, const SearchQuery &query) const;
    void scoreWord(const QString &word, std::vector<int> &best) const;

    void addTokens(int entry, std::vector<std::pair<std::string, uint32_t>> &&tokens);

    void sortOrder() const;

    std::vector<Entry> m_entries;
    QHash<const Record *, int> m_entryOf;
    // Each entry's place in id order, so that ties compare integers; worked
    // out again at the next search after an edit.
    mutable std::vector<int> m_idOrder;
    mutable bool m_idOrderStale = true;
    std::vector<Token> m_tokens; // sorted by text
};

} // namespace Errata
