// fuzz-search: the search field's query language (SearchQuery), the search
// index (SearchIndex: built, searched) and "what is this error?" (the
// LookupEngine over the index's lookup side), on the bundled sample KB and
// on a record made from the input.
//
// Properties: folding is idempotent and the words of a query are folded;
// hits name live entries, once each, best first, ties in id order;
// searching for the words of a record's signature finds that record (the
// input is the signature; inputs with a quote are left out there, since a
// quote toggles phrases); a lookup gives at most the hits asked for, best
// first, each a record of the KB, and says which lines of the text it read.

#include "FuzzSupport.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/lookup/LookupEngine.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"
#include "models/text/SearchTokenizer.h"

#include <QDate>
#include <QSet>

#include <memory>

using namespace Errata;

namespace {

const QDate Today(2026, 12, 1);

struct Sample
{
    KnowledgeBase kb;
    SearchIndex index;
    std::unique_ptr<LookupEngine> lookup;
};

Sample *sample()
{
    static Sample *loaded = [] {
        auto *sample = new Sample;
        sample->kb.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
        FUZZ_CHECK(sample->kb.count() > 20);
        sample->index.build(sample->kb, Today);
        sample->lookup = std::make_unique<LookupEngine>(sample->index.lookup());
        return sample;
    }();
    return loaded;
}

void checkHits(const SearchIndex &index, const QList<SearchIndex::Hit> &hits)
{
    QSet<int> seen;
    for (qsizetype i = 0; i < hits.size(); ++i) {
        const SearchIndex::Hit &hit = hits.at(i);
        FUZZ_CHECK(hit.entry >= 0 && hit.entry < index.size() && index.entry(hit.entry).record);
        FUZZ_CHECK(!seen.contains(hit.entry));
        seen.insert(hit.entry);
        if (i > 0) {
            const SearchIndex::Hit &before = hits.at(i - 1);
            FUZZ_CHECK(before.score > hit.score
                       || (before.score == hit.score && index.entry(before.entry).id < index.entry(hit.entry).id));
        }
    }
}

void checkLookup(const Sample &sample, const QString &text)
{
    constexpr int Limit = 5;
    const LookupResult result = sample.lookup->lookup(text, Limit);
    FUZZ_CHECK(result.hits.size() <= Limit);
    const int lines = int(text.count(QLatin1Char('\n'))) + 1;
    for (const int line : result.errorLines)
        FUZZ_CHECK(line >= 1 && line <= lines);
    for (qsizetype i = 0; i < result.hits.size(); ++i) {
        const LookupResult::Hit &hit = result.hits.at(i);
        FUZZ_CHECK(hit.record && sample.kb.find(hit.id) == hit.record);
        FUZZ_CHECK(hit.score >= 0 && (i == 0 || result.hits.at(i - 1).score >= hit.score));
        FUZZ_CHECK(hit.why.regexLine >= 0 && hit.why.regexLine <= lines);
    }
}

// The input as the signature of a record of its own, searched for by its words.
void checkRecall(const QString &text)
{
    if (text.contains(QLatin1Char('"')))
        return;
    SearchQuery query;
    query.words = SearchQuery::parse(text).words;
    if (query.words.isEmpty())
        return;
    KnowledgeBase kb;
    auto record = std::make_unique<Record>();
    record->setJson(OrderedJson{{"id", "fuzz/record"},
                                {"signature", text.toStdString()},
                                {"regex", "x"},
                                {"domain", "fuzz"},
                                {"category", "fuzz"}});
    kb.add(std::move(record));
    SearchIndex index;
    index.build(kb, Today);
    const QList<SearchIndex::Hit> hits = index.search(query);
    checkHits(index, hits);
    FUZZ_CHECK(hits.size() == 1);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    sample();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(Fuzz::bytes(data, size));
    const QString folded = SearchTokenizer::fold(text);
    FUZZ_CHECK(SearchTokenizer::fold(folded) == folded);
    const SearchQuery query = SearchQuery::parse(text);
    for (const QString &word : query.words)
        FUZZ_CHECK(!word.isEmpty() && SearchTokenizer::fold(word) == word);

    const Sample &kb = *sample();
    const QList<SearchIndex::Hit> hits = kb.index.search(query);
    checkHits(kb.index, hits);
    if (query.isEmpty())
        FUZZ_CHECK(hits.size() == kb.index.size());
    checkLookup(kb, text);
    checkRecall(text);
    return 0;
}
