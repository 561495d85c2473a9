#include "models/publish/SearchExport.h"

#include "models/publish/Html.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SiteSink.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include <QHash>
#include <QString>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace Errata {

namespace {

// Cased blocks beyond the Basic Multilingual Plane (as FoldTable).
constexpr char32_t CasedBlocks[][2] = {
    {0x10400, 0x1044F}, {0x104B0, 0x104FB}, {0x10570, 0x105BF}, {0x10C80, 0x10CFF},
    {0x118A0, 0x118DF}, {0x16E40, 0x16E9F}, {0x1E900, 0x1E94B},
};

bool isAscii(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
}

// The record's place in ctx.published for each index entry, -1 for an entry not published.
std::vector<int> publishedPlaces(const SiteContext &ctx)
{
    QHash<const Record *, int> place;
    for (size_t i = 0; i < ctx.published.size(); ++i)
        place.insert(ctx.published[i], int(i));
    std::vector<int> places(size_t(ctx.index.size()), -1);
    for (int e = 0; e < ctx.index.size(); ++e) {
        const Record *record = ctx.index.entry(e).record;
        if (record)
            places[size_t(e)] = place.value(record, -1);
    }
    return places;
}

// The entry of each published record (null where the index has none).
std::vector<const SearchIndex::Entry *> entriesOfPublished(const SiteContext &ctx)
{
    std::vector<const SearchIndex::Entry *> entries(ctx.published.size(), nullptr);
    const std::vector<int> places = publishedPlaces(ctx);
    for (size_t e = 0; e < places.size(); ++e) {
        if (places[e] >= 0)
            entries[size_t(places[e])] = &ctx.index.entry(int(e));
    }
    return entries;
}

// A folded value the script cannot work out itself: the script folds ASCII text with toLowerCase(), exactly as
// SearchTokenizer::fold does; other text's folding is given.
void addFolded(OrderedJson &object, const char *key, const QString &raw, const QString &folded)
{
    if (!isAscii(raw) || folded != raw.toLower())
        object[key] = folded.toStdString();
}

OrderedJson recordObject(const SiteContext &ctx, const Record &record, const SearchIndex::Entry *entry)
{
    OrderedJson object = OrderedJson::object();
    object["id"] = record.id().toStdString();
    object["s"] = record.signature().toStdString();
    object["z"] = record.signatureZh().toStdString();
    object["p"] = ctx.paths.recordPage(record).toStdString();
    object["d"] = record.domain().toStdString();
    object["c"] = record.category().toStdString();
    if (!entry)
        return object;
    addFolded(object, "fi", record.id(), entry->foldedId);
    addFolded(object, "fs", record.signature(), entry->foldedSignature);
    addFolded(object, "fd", record.domain(), entry->domain);
    addFolded(object, "fc", record.category(), entry->category);
    if (!entry->tier.isEmpty())
        object["t"] = entry->tier.toStdString();
    if (!entry->resolvable.isEmpty())
        object["r"] = entry->resolvable.toStdString();
    if (entry->fixRate >= 0)
        object["f"] = entry->fixRate;
    if (entry->confidence >= 0)
        object["k"] = entry->confidence;
    if (entry->hasChinese)
        object["h"] = 1;
    if (entry->stale)
        object["o"] = 1;
    if (entry->severities != 0)
        object["v"] = entry->severities;
    return object;
}

// Every code point that QString::toCaseFolded changes, with what it becomes: {"A": "a", ...}.
OrderedJson foldMap()
{
    OrderedJson map = OrderedJson::object();
    const auto add = [&map](char32_t first, char32_t last) {
        for (char32_t c = first; c <= last; ++c) {
            if (c >= 0xD800 && c <= 0xDFFF)
                continue;
            const QString one = QString::fromUcs4(&c, 1);
            const QString folded = one.toCaseFolded();
            if (folded != one)
                map[one.toStdString()] = folded.toStdString();
        }
    };
    add(0, 0xFFFF);
    for (const auto &block : CasedBlocks)
        add(block[0], block[1]);
    return map;
}

// One token of search.js: its text (cut to SearchExport::TokenCut UTF-16 units), whether it was cut, and its
// postings over records.js (record * 3 + field class), sorted.
struct ExportToken
{
    QString text;
    bool cut = false;
    std::vector<int> values;
};

// Two cut tokens that became equal: one, with each record's best field class.
void mergeInto(ExportToken &into, const std::vector<int> &values)
{
    std::map<int, int> best; // record -> field class
    const std::vector<int> &held = into.values;
    for (const std::vector<int> *list : {&held, &values}) {
        for (int value : *list) {
            int &field = best.try_emplace(value / 3, value % 3).first->second;
            field = std::max(field, value % 3);
        }
    }
    into.values.clear();
    for (const auto &[record, field] : best)
        into.values.push_back(record * 3 + field);
}

// The index's tokens that a published record has, in the index's order. A token longer than TokenCut (a pasted
// blob, a 1 MB field without spaces) is cut there, at a character's boundary: cutting keeps the order, so equal
// cut tokens stand together and become one; an uncut token equal to a cut one comes before it.
std::vector<ExportToken> exportTokens(const SiteContext &ctx)
{
    const std::vector<int> places = publishedPlaces(ctx);
    std::vector<ExportToken> tokens;
    std::vector<int> values;
    ctx.index.forEachToken([&](const std::string &token, const std::vector<uint32_t> &list) {
        values.clear();
        for (uint32_t posting : list) {
            const int place = places[size_t(SearchIndex::postingEntry(posting))];
            if (place >= 0)
                values.push_back(place * 3 + SearchIndex::postingField(posting));
        }
        if (values.empty())
            return;
        std::sort(values.begin(), values.end());
        QString text = QString::fromStdString(token);
        const bool cut = text.size() > SearchExport::TokenCut;
        if (cut)
            text.truncate(SearchExport::TokenCut - (text.at(SearchExport::TokenCut - 1).isHighSurrogate() ? 1 : 0));
        if (cut && !tokens.empty() && tokens.back().cut && tokens.back().text == text) {
            mergeInto(tokens.back(), values);
            return;
        }
        tokens.push_back(ExportToken{std::move(text), cut, values});
    });
    return tokens;
}

} // namespace

OrderedJson SearchExport::records(const SiteContext &ctx)
{
    const std::vector<const SearchIndex::Entry *> entries = entriesOfPublished(ctx);
    OrderedJson list = OrderedJson::array();
    for (size_t i = 0; i < ctx.published.size(); ++i)
        list.push_back(recordObject(ctx, *ctx.published[i], entries[i]));
    OrderedJson document = OrderedJson::object();
    document["format"] = 1;
    document["records"] = std::move(list);
    return document;
}

OrderedJson SearchExport::search(const SiteContext &ctx)
{
    OrderedJson tokens = OrderedJson::array();
    OrderedJson postings = OrderedJson::array();
    OrderedJson cut = OrderedJson::array();
    const std::vector<ExportToken> exported = exportTokens(ctx);
    for (size_t t = 0; t < exported.size(); ++t) {
        const ExportToken &token = exported[t];
        OrderedJson deltas = OrderedJson::array();
        for (size_t i = 0; i < token.values.size(); ++i)
            deltas.push_back(i == 0 ? token.values[i] : token.values[i] - token.values[i - 1]);
        tokens.push_back(token.text.toStdString());
        postings.push_back(std::move(deltas));
        if (token.cut)
            cut.push_back(t);
    }
    const SearchIndex::Scores scores = SearchIndex::scores();
    OrderedJson document = OrderedJson::object();
    document["format"] = 1;
    document["records"] = ctx.published.size();
    document["scores"] = {{"field", {scores.field[0], scores.field[1], scores.field[2]}},
                          {"exact", scores.exactToken},
                          {"start", scores.startsWith}};
    document["fold"] = foldMap();
    document["cut"] = TokenCut;
    document["tokens"] = std::move(tokens);
    document["postings"] = std::move(postings);
    document["long"] = std::move(cut);
    return document;
}

void SearchExport::write(const SiteContext &ctx, SiteSink &sink)
{
    sink.add(QStringLiteral("data/records.js"), Html::scriptData("ErrataRecords", records(ctx)));
    sink.add(QStringLiteral("data/search.js"), Html::scriptData("ErrataSearch", search(ctx)));
}

} // namespace Errata
