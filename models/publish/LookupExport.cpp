#include "models/publish/LookupExport.h"

#include "models/json/OrderedJson.h"
#include "models/lookup/LookupIndex.h"
#include "models/publish/FoldTable.h"
#include "models/publish/Html.h"
#include "models/publish/JsRegex.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SiteSink.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include <QHash>

#include <re2/re2.h>

#include <charconv>
#include <cstring>
#include <map>
#include <optional>
#include <set>

namespace Errata {

namespace {

// A record's regex as the page runs it: null when it has none, RE2 rejects
// it, or JsRegex has no translation.
std::optional<JsRegex::Result> pageRegex(const Record &record)
{
    const QString pattern = record.regex();
    if (pattern.isEmpty())
        return std::nullopt;
    const RE2 re2(pattern.toStdString(), RE2::Quiet);
    if (!re2.ok())
        return std::nullopt;
    return JsRegex::translate(pattern);
}

// A float32 as the shortest text that reads back as the same float32 (the
// page reads it with Math.fround), as a double JSON prints that way.
double shortest(float value)
{
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    *end = '\0';
    return std::strtod(text, nullptr);
}

// The published entries of the index, in entry order, with their place in
// ctx.published.
struct Exported
{
    std::vector<int> entries;
    std::vector<int> published;
};

Exported exportedEntries(const SiteContext &ctx)
{
    const LookupIndex &index = ctx.index.lookup();
    QHash<const Record *, int> place;
    for (size_t i = 0; i < ctx.published.size(); ++i)
        place.insert(ctx.published[i], int(i));
    Exported out;
    for (int i = 0; i < index.size(); ++i) {
        const auto it = place.constFind(index.entry(i).record);
        if (index.entry(i).record && it != place.constEnd()) {
            out.entries.push_back(i);
            out.published.push_back(*it);
        }
    }
    return out;
}

// Terms and weights renumbered to those the exported entries use, in the
// index's order (so an entry's terms stay ascending).
class TermTable
{
public:
    TermTable(const LookupIndex &index, const std::vector<int> &entries)
        : m_index(index)
    {
        std::set<uint32_t> used;
        for (int i : entries) {
            const LookupIndex::Entry &e = index.entry(i);
            for (const LookupIndex::Terms *terms : {&e.words, &e.signature, &e.signatureZh})
                for (const LookupIndex::Term &term : *terms)
                    used.insert(term.id);
        }
        for (uint32_t id : used) {
            m_number.emplace(id, uint32_t(m_terms.size()));
            m_terms.push_back(id);
        }
    }

    OrderedJson terms() const
    {
        OrderedJson out = OrderedJson::array();
        for (uint32_t id : m_terms)
            out.push_back(m_index.textOf(id));
        return out;
    }

    // [term delta, weight number, ...]
    OrderedJson encoded(const LookupIndex::Terms &terms)
    {
        OrderedJson out = OrderedJson::array();
        uint32_t last = 0;
        for (const LookupIndex::Term &term : terms) {
            const uint32_t number = m_number.at(term.id);
            out.push_back(number - last);
            out.push_back(weightNumber(term.weight));
            last = number;
        }
        return out;
    }

    OrderedJson weights() const { return m_weights; }

private:
    uint32_t weightNumber(float weight)
    {
        uint32_t bits = 0;
        std::memcpy(&bits, &weight, sizeof bits);
        const auto [it, fresh] = m_weightOf.emplace(bits, uint32_t(m_weights.size()));
        if (fresh)
            m_weights.push_back(shortest(weight));
        return it->second;
    }

    const LookupIndex &m_index;
    std::vector<uint32_t> m_terms;
    std::map<uint32_t, uint32_t> m_number;
    std::map<uint32_t, uint32_t> m_weightOf;
    OrderedJson m_weights = OrderedJson::array();
};

OrderedJson foldTable()
{
    OrderedJson out = OrderedJson::array();
    for (const FoldTable::Pair &pair : FoldTable::pairs()) {
        out.push_back(uint32_t(pair.first));
        out.push_back(uint32_t(pair.second));
    }
    return out;
}

OrderedJson regexJson(const std::optional<JsRegex::Result> &regex)
{
    if (!regex)
        return nullptr;
    return OrderedJson::array({regex->source.toStdString(), regex->flags.toStdString()});
}

OrderedJson lookupData(const SiteContext &ctx)
{
    const LookupIndex &index = ctx.index.lookup();
    const Exported exported = exportedEntries(ctx);
    TermTable table(index, exported.entries);
    OrderedJson ids = OrderedJson::array(), rec = OrderedJson::array(), words = OrderedJson::array();
    OrderedJson sig = OrderedJson::array(), sigZh = OrderedJson::array(), length = OrderedJson::array();
    OrderedJson fix = OrderedJson::array(), tier = OrderedJson::array(), hints = OrderedJson::array();
    OrderedJson keys = OrderedJson::array(), re = OrderedJson::array(), untranslated = OrderedJson::array();
    std::set<std::string> hintSet;
    for (int i : exported.entries)
        for (const std::string &hint : index.hintsOf(index.entry(i)))
            hintSet.insert(hint);
    const std::vector<std::string> hintNames(hintSet.begin(), hintSet.end());
    double total = 0;
    for (size_t k = 0; k < exported.entries.size(); ++k) {
        const LookupIndex::Entry &e = index.entry(exported.entries[k]);
        ids.push_back(e.record->id().toStdString());
        rec.push_back(exported.published[k]);
        words.push_back(table.encoded(e.words));
        sig.push_back(table.encoded(e.signature));
        sigZh.push_back(table.encoded(e.signatureZh));
        length.push_back(shortest(e.length));
        fix.push_back(shortest(e.fixRate));
        tier.push_back(int(e.tier));
        total += e.length;
        OrderedJson own = OrderedJson::array();
        for (const std::string &hint : index.hintsOf(e))
            own.push_back(std::lower_bound(hintNames.begin(), hintNames.end(), hint) - hintNames.begin());
        hints.push_back(own);
        keys.push_back(e.regexKeys.unpacked());
        const std::optional<JsRegex::Result> regex = pageRegex(*e.record);
        re.push_back(regexJson(regex));
        if (!regex && !e.record->regex().isEmpty())
            untranslated.push_back(e.record->id().toStdString());
    }
    const int n = int(exported.entries.size());
    // With every live entry published the page ranks as `errata lookup`
    // does; with some left out (--valid-only) among those published only.
    const double average = n == index.liveCount() ? index.averageLength() : n > 0 ? total / n : 1.0;
    OrderedJson data = OrderedJson::object();
    data["format"] = 1;
    data["engine"] = "errata-lookup-1";
    data["n"] = n;
    data["avgLength"] = average;
    data["ids"] = ids;
    data["rec"] = rec;
    data["terms"] = table.terms();
    data["weights"] = table.weights();
    data["words"] = words;
    data["sig"] = sig;
    data["sigZh"] = sigZh;
    data["length"] = length;
    data["fix"] = fix;
    data["tier"] = tier;
    data["hints"] = hints;
    data["hintNames"] = hintNames;
    data["keys"] = keys;
    data["re"] = re;
    data["untranslated"] = untranslated;
    data["fold"] = foldTable();
    return data;
}

OrderedJson matchData(const SiteContext &ctx)
{
    OrderedJson patterns = OrderedJson::array();
    for (const Record *record : ctx.published) {
        if (record->regex().isEmpty())
            continue;
        const std::optional<JsRegex::Result> regex = pageRegex(*record);
        OrderedJson pattern = OrderedJson::object();
        pattern["id"] = record->id().toStdString();
        pattern["regex"] = record->regex().toStdString();
        pattern["flags"] = regex ? OrderedJson(regex->flags.toStdString()) : OrderedJson(nullptr);
        pattern["js"] = regex ? OrderedJson(regex->source.toStdString()) : OrderedJson(nullptr);
        pattern["engine"] = "re2";
        pattern["signature"] = record->signature().toStdString();
        patterns.push_back(pattern);
    }
    OrderedJson data = OrderedJson::object();
    data["format"] = 1;
    data["count"] = patterns.size();
    data["patterns"] = patterns;
    return data;
}

} // namespace

void LookupExport::write(const SiteContext &ctx, SiteSink &sink)
{
    sink.add(QStringLiteral("data/lookup.js"), Html::scriptData("ErrataLookup", lookupData(ctx)));
    sink.add(QStringLiteral("api/v1/match.json"), Html::json(matchData(ctx)) + '\n');
}

QStringList LookupExport::untranslated(const SiteContext &ctx)
{
    QStringList ids;
    for (const Record *record : ctx.published) {
        if (!record->regex().isEmpty() && !pageRegex(*record))
            ids << record->id();
    }
    ids.sort();
    return ids;
}

} // namespace Errata
