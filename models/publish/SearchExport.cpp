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
OrderedJson computeFoldMap()
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

// Two cut tokens that became equal: one, with each record's best field class.
void mergeInto(SearchExport::ExportToken &into, const std::vector<int> &values)
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
std::vector<SearchExport::ExportToken> exportTokens(const SiteContext &ctx)
{
    const std::vector<int> places = publishedPlaces(ctx);
    std::vector<SearchExport::ExportToken> tokens;
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
        tokens.push_back(SearchExport::ExportToken{std::move(text), cut, values});
    });
    return tokens;
}

// Worked out once (the same for every KB).
const OrderedJson &foldMap()
{
    static const OrderedJson map = computeFoldMap();
    return map;
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

// The postings, "[[3,9],[5],...]", written as text: a document of millions of numbers (a 50,000-record KB) would
// take hundreds of MB as OrderedJson.
QByteArray SearchExport::postingsText(const std::vector<ExportToken> &tokens)
{
    QByteArray text;
    text.reserve(qsizetype(tokens.size() * 8));
    text += '[';
    for (size_t t = 0; t < tokens.size(); ++t) {
        text += t == 0 ? "[" : ",[";
        const std::vector<int> &values = tokens[t].values;
        for (size_t i = 0; i < values.size(); ++i) {
            if (i > 0)
                text += ',';
            text += QByteArray::number(i == 0 ? values[i] : values[i] - values[i - 1]);
        }
        text += ']';
    }
    text += ']';
    return text;
}

QByteArray SearchExport::searchScript(const SiteContext &ctx)
{
    const std::vector<ExportToken> exported = exportTokens(ctx);
    OrderedJson tokens = OrderedJson::array();
    OrderedJson cut = OrderedJson::array();
    for (size_t t = 0; t < exported.size(); ++t) {
        tokens.push_back(exported[t].text.toStdString());
        if (exported[t].cut)
            cut.push_back(t);
    }
    const SearchIndex::Scores scores = SearchIndex::scores();
    const OrderedJson scoresJson = {{"field", {scores.field[0], scores.field[1], scores.field[2]}},
                                    {"exact", scores.exactToken},
                                    {"start", scores.startsWith}};
    QByteArray script = "self.ErrataSearch = {\"format\":1,\"records\":";
    script += QByteArray::number(qulonglong(ctx.published.size()));
    script += ",\"scores\":" + Html::json(scoresJson);
    script += ",\"fold\":" + Html::json(foldMap());
    script += ",\"cut\":" + QByteArray::number(TokenCut);
    script += ",\"tokens\":" + Html::json(tokens);
    script += ",\"postings\":" + postingsText(exported);
    script += ",\"long\":" + Html::json(cut);
    script += "};\n";
    return script;
}

OrderedJson SearchExport::search(const SiteContext &ctx)
{
    const QByteArray script = searchScript(ctx);
    const qsizetype start = script.indexOf('{');
    return OrderedJson::parse(script.mid(start, script.size() - start - 2).toStdString());
}

void SearchExport::write(const SiteContext &ctx, SiteSink &sink)
{
    sink.add(QStringLiteral("data/records.js"), Html::scriptData("ErrataRecords", records(ctx)));
    sink.add(QStringLiteral("data/search.js"), searchScript(ctx));
}

} // namespace Errata
