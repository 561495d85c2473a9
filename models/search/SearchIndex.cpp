#include "models/search/SearchIndex.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/scan/RecordFields.h"
#include "models/search/PostingRun.h"
#include "models/search/SearchIndexBuilder.h"
#include "models/text/SearchTokenizer.h"
#include "models/util/Parallel.h"

#include <QDataStream>
#include <QIODevice>
#include <QStringList>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <unordered_map>
#include <utility>

namespace Errata {

namespace {

// What a token earns by where it stands: the signature or id, the other
// "head" fields (Chinese signature, aliases, tags), or the body.
constexpr int FieldScore[] = {10, 40, 60};
enum FieldClass : uint32_t { Body = 0, OtherHead = 1, MainHead = 2 };
constexpr int ExactTokenBonus = 5;
constexpr int StartsWithBonus = 40;

// A count read from `in`, checked against what is left of the stream at
// `unit` bytes per item at least: a damaged count must not ask for gigabytes.
bool readCount(QDataStream &in, quint64 unit, quint32 *count)
{
    in >> *count;
    return in.status() == QDataStream::Ok && quint64(*count) * unit <= quint64(in.device()->bytesAvailable());
}

template<typename T>
void writeArray(QDataStream &out, const T *data, size_t count)
{
    out << quint32(count);
    out.writeRawData(reinterpret_cast<const char *>(data), int(count * sizeof(T)));
}

template<typename Container>
bool readArray(QDataStream &in, Container &into)
{
    using Item = typename Container::value_type;
    quint32 count = 0;
    if (!readCount(in, sizeof(Item), &count))
        return false;
    into.resize(count);
    const int bytes = int(count * sizeof(Item));
    return in.readRawData(reinterpret_cast<char *>(into.data()), bytes) == bytes;
}

} // namespace

SearchIndex::Scores SearchIndex::scores()
{
    return Scores{{FieldScore[Body], FieldScore[OtherHead], FieldScore[MainHead]}, ExactTokenBonus, StartsWithBonus};
}

void SearchIndex::forEachToken(
    const std::function<void(const std::string &token, const std::vector<uint32_t> &postings)> &visit) const
{
    for (const Token &token : m_tokens)
        visit(token.text, token.postings);
}

SearchIndex::Entry SearchIndex::makeEntry(const Record &record, const RecordFields &fields) const
{
    Entry entry;
    entry.record = &record;
    entry.id = fields.summary.id;
    entry.signature = fields.summary.signature;
    entry.foldedId = SearchTokenizer::fold(entry.id);
    entry.foldedSignature = SearchTokenizer::fold(entry.signature);
    entry.domain = SearchTokenizer::fold(fields.summary.domain);
    entry.category = SearchTokenizer::fold(fields.summary.category);
    entry.tier = SearchTokenizer::fold(fields.verificationTier);
    entry.resolvable = SearchTokenizer::fold(fields.resolvable);
    shareStrings(entry);
    entry.fixRate = fields.fixSuccessRate.value_or(-1);
    entry.confidence = fields.confidence.value_or(-1);
    entry.hasChinese = fields.hasChinese();
    entry.lastConfirmed = fields.summary.lastConfirmed;
    return entry;
}

// Equal strings held elsewhere are shared, not kept twice: the record's own id and signature, read again from its
// text or the cache; the folded id, most often the id itself; and the domains, categories, tiers and resolvable
// values, a few for the KB.
void SearchIndex::shareStrings(Entry &entry) const
{
    const auto shareEqual = [](QString &made, const QString &held) {
        if (made == held)
            made = held;
    };
    if (entry.record) {
        shareEqual(entry.id, entry.record->summary().id);
        shareEqual(entry.signature, entry.record->summary().signature);
    }
    shareEqual(entry.foldedId, entry.id);
    shareEqual(entry.foldedSignature, entry.signature);
    for (QString *value : {&entry.domain, &entry.category, &entry.tier, &entry.resolvable})
        m_strings->share(*value);
}

void SearchIndex::refreshEntry(Entry &entry, const KnowledgeBase &kb, QDate today)
{
    entry.stale = entry.lastConfirmed.isValid() && entry.lastConfirmed.daysTo(today) > 365;
    entry.severities = 0;
    for (const Problem &problem : kb.problems(entry.record))
        entry.severities |= 1 << problem.severity;
}

void SearchIndex::refresh(const KnowledgeBase &kb, QDate today)
{
    for (Entry &entry : m_entries) {
        if (entry.record)
            refreshEntry(entry, kb, today);
    }
}

// Each record's distinct tokens with the best field class they appear in:
// a run of one record.
std::vector<std::pair<std::string, uint32_t>> SearchIndex::tokensOf(const RecordFields &fields)
{
    PostingRun run;
    gatherTokens(run, 0, fields);
    PostingRun::Postings postings;
    run.moveInto(postings);
    std::vector<std::pair<std::string, uint32_t>> tokens;
    tokens.reserve(postings.size());
    while (!postings.empty()) { // node by node: the text is moved, not copied
        auto node = postings.extract(postings.begin());
        tokens.emplace_back(std::move(node.key()), node.mapped().front() & 3);
    }
    return tokens;
}

// The tokens of a record's fields, best field class first, into `run`.
void SearchIndex::gatherTokens(PostingRun &run, uint32_t entry, const RecordFields &fields)
{
    thread_local TokenList tokens;
    const auto gather = [&](const std::vector<std::string> &texts, FieldClass field) {
        for (const std::string &text : texts) {
            tokens.clear();
            SearchTokenizer::appendTokens(text, SearchTokenizer::Indexing, tokens);
            for (size_t i = 0; i < tokens.size(); ++i)
                run.add(entry, tokens[i], field);
        }
    };
    gather(fields.mainHead, MainHead);
    gather(fields.otherHead, OtherHead);
    gather(fields.body, Body);
}

// Records are read a batch at a time, each batch in runs of consecutive
// records that one thread tokenises (SearchIndexBuilder).
bool SearchIndex::build(const KnowledgeBase &kb, QDate today, const std::atomic_bool *cancel,
                        const std::function<void(int, int)> &progress, Lookup lookup)
{
    const int count = kb.count();
    SearchIndexBuilder builder(lookup);
    const auto addRecord = [&](int run, int i) {
        const Record &record = *kb.recordAt(i);
        builder.add(run, uint32_t(i), record, RecordFields::of(record));
    };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count);
    };
    if (!builder.addInRuns(count, addRecord, cancel, report)) {
        *this = SearchIndex();
        return false;
    }
    return builder.finish(*this, kb, today);
}

const SearchIndex::Entry *SearchIndex::entryOf(const Record *record) const
{
    const auto it = m_entryOf.constFind(record);
    return it == m_entryOf.constEnd() ? nullptr : &m_entries[size_t(*it)];
}

void SearchIndex::finishBuild()
{
    m_entryOf.clear();
    m_initialLetters.clear();
    m_initialLetters.reserve(m_entries.size());
    for (size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].record)
            m_entryOf.insert(m_entries[i].record, int(i));
        m_initialLetters.push_back(initialLettersOf(m_entries[i]));
    }
    m_idOrderStale = true;
    buildInitials();
    sortOrder(); // now rather than at the first keystroke
}

std::string SearchIndex::initialOf(const std::string &token)
{
    if (token.empty())
        return token;
    const unsigned char lead = static_cast<unsigned char>(token[0]);
    const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return token.substr(0, length);
}

// Tokens are sorted, so those sharing an initial stand together. Only an
// initial with many tokens is worth merging (the Latin letters); the rest
// are scanned at search time as before.
void SearchIndex::buildInitials()
{
    constexpr size_t MinTokens = 64;
    m_initials.clear();
    std::vector<uint8_t> fields(m_entries.size(), 0); // field class + 1, 0: none
    std::vector<uint32_t> touched;
    for (size_t first = 0; first < m_tokens.size();) {
        const std::string initial = initialOf(m_tokens[first].text);
        size_t end = first;
        while (end < m_tokens.size() && m_tokens[end].text.compare(0, initial.size(), initial) == 0)
            ++end;
        if (end - first >= MinTokens) {
            for (size_t t = first; t < end; ++t) {
                for (uint32_t posting : m_tokens[t].postings) {
                    uint8_t &field = fields[posting >> 2];
                    if (field == 0)
                        touched.push_back(posting >> 2);
                    field = std::max<uint8_t>(field, uint8_t((posting & 3) + 1));
                }
            }
            std::sort(touched.begin(), touched.end());
            std::vector<uint32_t> &merged = m_initials[initial];
            merged.reserve(touched.size());
            for (uint32_t entry : touched) {
                merged.push_back(entry << 2 | uint32_t(fields[entry] - 1));
                fields[entry] = 0;
            }
            touched.clear();
        }
        first = end;
    }
}

// Entries only ever grow at the end, so the merged list stays sorted.
void SearchIndex::addInitial(const std::string &token, uint32_t posting)
{
    const auto it = m_initials.find(initialOf(token));
    if (it == m_initials.end())
        return;
    std::vector<uint32_t> &merged = it->second;
    if (!merged.empty() && merged.back() >> 2 == posting >> 2)
        merged.back() = std::max(merged.back(), posting);
    else
        merged.push_back(posting);
}

SearchIndex::InitialLetters SearchIndex::initialLettersOf(const Entry &entry)
{
    const auto first = [](const QString &text) { return text.isEmpty() ? char16_t(0) : text.front().unicode(); };
    return InitialLetters{first(entry.foldedSignature), first(entry.foldedId)};
}

void SearchIndex::sortOrder() const
{
    if (!m_idOrderStale)
        return;
    std::vector<int> byId(m_entries.size());
    for (size_t i = 0; i < byId.size(); ++i)
        byId[i] = int(i);
    std::sort(byId.begin(), byId.end(),
              [this](int a, int b) { return m_entries[size_t(a)].id < m_entries[size_t(b)].id; });
    m_idOrder.assign(m_entries.size(), 0);
    for (size_t place = 0; place < byId.size(); ++place)
        m_idOrder[size_t(byId[place])] = int(place);
    m_byIdOrder = std::move(byId);
    m_idOrderStale = false;
}

void SearchIndex::remove(const Record *record)
{
    const auto it = m_entryOf.find(record);
    if (it == m_entryOf.end())
        return;
    m_entries[size_t(*it)] = Entry(); // retired: postings may still name it, search skips it
    m_initialLetters[size_t(*it)] = InitialLetters();
    m_entryOf.erase(it);
    if (m_lookupPending)
        m_lookupTouched.push_back(record);
    else
        m_lookup.remove(record);
    m_idOrderStale = true;
}

void SearchIndex::update(const KnowledgeBase &kb, const Record *record, QDate today)
{
    remove(record);
    const int entry = int(m_entries.size());
    const RecordFields fields = RecordFields::of(*record);
    m_entries.push_back(makeEntry(*record, fields));
    refreshEntry(m_entries.back(), kb, today);
    m_initialLetters.push_back(initialLettersOf(m_entries.back()));
    m_entryOf.insert(record, entry);
    addTokens(entry, tokensOf(fields));
    if (m_lookupPending)
        m_lookupTouched.push_back(record);
    else
        m_lookup.update(record, LookupDocument::of(fields));
    m_idOrderStale = true;
}

// A record touched meanwhile may have been removed, or removed and another
// made at its address: each is taken out and, when the index has it now,
// put back as it is, in the order of its entry here (the cache writes both
// sides in that order).
void SearchIndex::setLookup(LookupIndex &&lookup)
{
    m_lookup = std::move(lookup);
    m_lookupPending = false;
    std::vector<const Record *> touched = std::exchange(m_lookupTouched, {});
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    std::vector<std::pair<int, const Record *>> live;
    for (const Record *record : touched) {
        m_lookup.remove(record);
        const int entry = m_entryOf.value(record, -1);
        if (entry >= 0)
            live.emplace_back(entry, record);
    }
    std::sort(live.begin(), live.end());
    for (const auto &[entry, record] : live)
        m_lookup.update(record, LookupDocument::of(*record));
}

// The new entry has the highest index, so appending keeps postings sorted.
void SearchIndex::addTokens(int entry, std::vector<std::pair<std::string, uint32_t>> &&tokens)
{
    for (auto &[text, field] : tokens) {
        auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), text,
                                   [](const Token &token, const std::string &wanted) { return token.text < wanted; });
        if (it == m_tokens.end() || it->text != text)
            it = m_tokens.insert(it, Token{std::move(text), {}});
        it->postings.push_back(uint32_t(entry) << 2 | field);
        addInitial(it->text, uint32_t(entry) << 2 | field);
    }
}

void SearchIndex::scorePart(const std::string &part, std::vector<int> &partBest) const
{
    auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), part,
                               [](const Token &token, const std::string &text) { return token.text < text; });
    const auto merged = initialOf(part) == part ? m_initials.find(part) : m_initials.end();
    if (merged != m_initials.end()) {
        for (uint32_t posting : merged->second)
            partBest[posting >> 2] = FieldScore[posting & 3];
        if (it == m_tokens.end() || it->text != part)
            return;
        // The token that is the letter itself earns the exact bonus as well.
        for (uint32_t posting : it->postings) {
            int &score = partBest[posting >> 2];
            score = std::max(score, FieldScore[posting & 3] + ExactTokenBonus);
        }
        return;
    }
    for (; it != m_tokens.end() && it->text.compare(0, part.size(), part) == 0; ++it) {
        const int bonus = it->text.size() == part.size() ? ExactTokenBonus : 0;
        for (uint32_t posting : it->postings) {
            int &score = partBest[posting >> 2];
            score = std::max(score, FieldScore[posting & 3] + bonus);
        }
    }
}

// best[entry] becomes the best score any token of `word` earns there; a
// word of several tokens ("clip_grad") needs all of them. False, and `best`
// untouched, for a word without any token ("-", "->"): it asks for nothing.
bool SearchIndex::scoreWord(const QString &word, std::vector<int> &best) const
{
    const std::vector<std::string> parts = SearchTokenizer::tokens(word, SearchTokenizer::Querying);
    if (parts.empty())
        return false;
    std::fill(best.begin(), best.end(), INT_MAX);
    std::vector<int> partBest(best.size());
    for (const std::string &part : parts) {
        std::fill(partBest.begin(), partBest.end(), 0);
        scorePart(part, partBest);
        for (size_t i = 0; i < best.size(); ++i)
            best[i] = std::min(best[i], partBest[i]);
    }
    return true;
}

bool SearchIndex::passesFilters(const Entry &entry, const SearchQuery &query) const
{
    if (!query.domain.isEmpty() && entry.domain != query.domain)
        return false;
    if (!query.category.isEmpty() && entry.category != query.category)
        return false;
    if (!query.tier.isEmpty() && entry.tier != query.tier)
        return false;
    if (!query.resolvable.isEmpty() && entry.resolvable != query.resolvable)
        return false;
    if (query.fixRate && (entry.fixRate < 0 || !query.fixRate->accepts(entry.fixRate)))
        return false;
    if (query.confidence && (entry.confidence < 0 || !query.confidence->accepts(entry.confidence)))
        return false;
    if (query.hasChinese && *query.hasChinese != entry.hasChinese)
        return false;
    if (query.staleOnly && !entry.stale)
        return false;
    if (!query.severity.isEmpty()) {
        const QStringList names{QStringLiteral("error"), QStringLiteral("warning"), QStringLiteral("info")};
        const int severity = int(names.indexOf(query.severity));
        if (severity < 0 || !(entry.severities & (1 << severity)))
            return false;
    }
    return true;
}

// Adds each word's score to `total` and clears `alive` where a word is
// missing. The start-of-signature bonus looks at the compact first letters
// before it touches an entry: a one-letter query asks it of every entry.
void SearchIndex::scoreWords(const QStringList &words, std::vector<int> &total, std::vector<uint8_t> &alive) const
{
    std::vector<int> best(m_entries.size());
    for (const QString &word : words) {
        if (!scoreWord(word, best))
            continue;
        const char16_t first = word.isEmpty() ? 0 : word.front().unicode();
        for (size_t i = 0; i < m_entries.size(); ++i) {
            if (!alive[i] || best[i] <= 0) {
                alive[i] = 0;
                continue;
            }
            total[i] += best[i];
            const bool startsHere = (m_initialLetters[i].signature == first
                                     && m_entries[i].foldedSignature.startsWith(word))
                || (m_initialLetters[i].id == first && m_entries[i].foldedId.startsWith(word));
            if (startsHere)
                total[i] += StartsWithBonus;
        }
    }
}

// Hits are gathered in id order and then put in buckets by score, best
// first: a stable counting sort, as scores take few distinct values.
QList<SearchIndex::Hit> SearchIndex::search(const SearchQuery &query) const
{
    sortOrder();
    std::vector<int> total(m_entries.size(), 0);
    std::vector<uint8_t> alive(m_entries.size());
    for (size_t i = 0; i < m_entries.size(); ++i)
        alive[i] = m_entries[i].record ? 1 : 0;
    scoreWords(query.words, total, alive);
    const bool filtered = query.hasFilters();
    std::vector<Hit> inIdOrder;
    for (int entry : m_byIdOrder) {
        if (alive[size_t(entry)] && (!filtered || passesFilters(m_entries[size_t(entry)], query)))
            inIdOrder.push_back(Hit{entry, total[size_t(entry)]});
    }
    std::vector<int> scores;
    for (const Hit &hit : inIdOrder)
        scores.push_back(hit.score);
    std::sort(scores.begin(), scores.end(), std::greater<int>());
    scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
    std::vector<int> start(scores.size() + 1, 0);
    const auto bucketOf = [&scores](int score) {
        return size_t(std::lower_bound(scores.begin(), scores.end(), score, std::greater<int>()) - scores.begin());
    };
    for (const Hit &hit : inIdOrder)
        ++start[bucketOf(hit.score) + 1];
    for (size_t b = 1; b < start.size(); ++b)
        start[b] += start[b - 1];
    QList<Hit> hits(qsizetype(inIdOrder.size()));
    for (const Hit &hit : inIdOrder)
        hits[start[bucketOf(hit.score)]++] = hit;
    return hits;
}

// New tokens are gathered aside and merged into the sorted list once: one
// insertion at a time would move the whole list for each.
void SearchIndex::add(const KnowledgeBase &kb, const std::vector<const Record *> &records, QDate today)
{
    const size_t first = m_entries.size();
    m_entries.resize(first + records.size());
    std::vector<std::vector<std::pair<std::string, uint32_t>>> tokens(records.size());
    std::vector<LookupDocument> documents(records.size());
    Parallel::forEach(int(records.size()), [&](int i) {
        const Record &record = *records[size_t(i)];
        const RecordFields fields = RecordFields::of(record);
        m_entries[first + size_t(i)] = makeEntry(record, fields);
        refreshEntry(m_entries[first + size_t(i)], kb, today);
        tokens[size_t(i)] = tokensOf(fields);
        documents[size_t(i)] = LookupDocument::of(fields);
    });
    if (m_lookupPending)
        m_lookupTouched.insert(m_lookupTouched.end(), records.begin(), records.end());
    else
        m_lookup.add(records, std::move(documents));
    std::map<std::string, std::vector<uint32_t>> fresh;
    for (size_t i = 0; i < records.size(); ++i) {
        for (auto &[text, field] : tokens[i]) {
            const auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), text,
                                             [](const Token &token, const std::string &t) { return token.text < t; });
            std::vector<uint32_t> &postings = it != m_tokens.end() && it->text == text ? it->postings : fresh[text];
            postings.push_back(uint32_t(first + i) << 2 | field);
        }
    }
    std::vector<Token> merged;
    merged.reserve(m_tokens.size() + fresh.size());
    auto old = m_tokens.begin();
    for (auto &[text, postings] : fresh) {
        for (; old != m_tokens.end() && old->text < text; ++old)
            merged.push_back(std::move(*old));
        merged.push_back({text, std::move(postings)});
    }
    std::move(old, m_tokens.end(), std::back_inserter(merged));
    m_tokens = std::move(merged);
    finishBuild();
}

std::vector<const Record *> SearchIndex::records() const
{
    std::vector<const Record *> live;
    for (const Entry &entry : m_entries) {
        if (entry.record)
            live.push_back(entry.record);
    }
    return live;
}

// Host byte order for the posting lists: the cache is the machine's own
// (SearchIndexCache's header checks the order).
void SearchIndex::write(QDataStream &out, const std::vector<const Record *> &records) const
{
    Q_ASSERT(!m_lookupPending); // the cache is written once both sides are there
    constexpr uint32_t Dropped = UINT32_MAX;
    std::vector<uint32_t> renumbered(m_entries.size(), Dropped);
    for (size_t i = 0; i < records.size(); ++i) {
        const int entry = m_entryOf.value(records[i], -1);
        Q_ASSERT(entry >= 0 && (i == 0 || entry > m_entryOf.value(records[i - 1])));
        renumbered[size_t(entry)] = uint32_t(i);
    }
    out << quint32(records.size());
    for (size_t i = 0; i < m_entries.size(); ++i) {
        if (renumbered[i] == Dropped)
            continue;
        const Entry &e = m_entries[i];
        out << e.id << e.signature << e.foldedId << e.foldedSignature << e.domain << e.category << e.tier
            << e.resolvable << e.fixRate << e.confidence << e.hasChinese << e.lastConfirmed;
    }
    const auto isKept = [&renumbered](uint32_t posting) { return renumbered[posting >> 2] != Dropped; };
    quint32 tokenCount = 0;
    for (const Token &token : m_tokens)
        tokenCount += std::any_of(token.postings.cbegin(), token.postings.cend(), isKept) ? 1 : 0;
    out << tokenCount;
    std::vector<uint32_t> kept;
    for (const Token &token : m_tokens) {
        kept.clear();
        for (uint32_t posting : token.postings) {
            if (isKept(posting))
                kept.push_back(renumbered[posting >> 2] << 2 | (posting & 3));
        }
        if (kept.empty())
            continue;
        writeArray(out, token.text.data(), token.text.size());
        writeArray(out, kept.data(), kept.size());
    }
    m_lookup.write(out, records);
}

bool SearchIndex::read(QDataStream &in, const std::vector<const Record *> &records)
{
    *this = SearchIndex();
    if (!readEntries(in, records) || !readTokens(in) || !m_lookup.read(in, records)) {
        *this = SearchIndex();
        return false;
    }
    finishBuild();
    return true;
}

bool SearchIndex::readEntries(QDataStream &in, const std::vector<const Record *> &records)
{
    quint32 count = 0;
    if (!readCount(in, 1, &count) || count != records.size())
        return false;
    m_entries.resize(count);
    for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        Entry &e = m_entries[i];
        in >> e.id >> e.signature >> e.foldedId >> e.foldedSignature >> e.domain >> e.category >> e.tier >> e.resolvable
            >> e.fixRate >> e.confidence >> e.hasChinese >> e.lastConfirmed;
        e.record = records[i];
        if (!e.record)
            e = Entry(); // retired
        else
            shareStrings(e);
    }
    return in.status() == QDataStream::Ok;
}

// Every posting must name an entry and a field class, entries in order,
// and the tokens must be sorted and distinct: search relies on all of it.
bool SearchIndex::readTokens(QDataStream &in)
{
    quint32 count = 0;
    if (!readCount(in, 8, &count))
        return false;
    m_tokens.resize(count);
    for (quint32 t = 0; t < count; ++t) {
        Token &token = m_tokens[t];
        if (!readArray(in, token.text) || !readArray(in, token.postings) || token.postings.empty())
            return false;
        if (t > 0 && !(m_tokens[t - 1].text < token.text))
            return false;
        for (size_t p = 0; p < token.postings.size(); ++p) {
            const uint32_t entry = token.postings[p] >> 2;
            if (entry >= m_entries.size() || (token.postings[p] & 3) > MainHead
                || (p > 0 && entry <= token.postings[p - 1] >> 2))
                return false;
        }
    }
    return in.status() == QDataStream::Ok;
}

} // namespace Errata
