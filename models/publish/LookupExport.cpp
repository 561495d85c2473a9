#include "models/publish/LookupExport.h"

#include "models/json/JsonWriter.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/Problem.h"
#include "models/lookup/LookupIndex.h"
#include "models/lookup/RegexKeys.h"
#include "models/publish/FoldTable.h"
#include "models/publish/Html.h"
#include "models/publish/JsRegex.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SiteSink.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/util/Parallel.h"

#include <QHash>

#include <re2/re2.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <optional>
#include <set>
#include <unordered_map>

namespace Errata {

namespace {

using PageRegex = std::optional<JsRegex::Result>;

// Whether the KB's validation found that RE2 rejects the record's regex
// (RegexEngine compiles it with RE2's default options, as here).
bool failedToCompile(const KnowledgeBase &kb, const Record &record)
{
    const QList<Problem> problems = kb.problems(&record);
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem &p) { return p.rule == QLatin1String("regex-compile"); });
}

// A record's regex as the page runs it: null when it has none, RE2 rejects
// it, or JsRegex has no translation. The translation first: it costs far
// less than RE2's compile, which a pattern it cannot translate then skips.
PageRegex pageRegex(const KnowledgeBase &kb, const Record &record)
{
    const QString pattern = record.regex();
    if (pattern.isEmpty() || failedToCompile(kb, record))
        return std::nullopt;
    PageRegex translated = JsRegex::translate(pattern);
    if (!translated)
        return std::nullopt;
    const RE2 re2(pattern.toStdString(), RE2::Quiet);
    if (!re2.ok())
        return std::nullopt;
    return translated;
}

// The page regexes of ctx.published, in its order, worked out on all cores.
std::vector<PageRegex> pageRegexes(const SiteContext &ctx)
{
    std::vector<PageRegex> out(ctx.published.size());
    Parallel::forEach(int(out.size()), [&](int i) { out[size_t(i)] = pageRegex(ctx.kb, *ctx.published[size_t(i)]); });
    return out;
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

// A JSON array written element by element: [a,b,...].
class ArrayText
{
public:
    ArrayText() { m_text += '['; }
    // The writer for the next element, after its comma.
    JsonWriter next()
    {
        if (m_count++ > 0)
            m_text += ',';
        return JsonWriter(m_text);
    }
    // The text with its closing bracket.
    const QByteArray &closed()
    {
        m_text += ']';
        return m_text;
    }

private:
    QByteArray m_text;
    int m_count = 0;
};

// Terms and weights renumbered to those the exported entries use, in the
// index's order (so an entry's terms stay ascending).
class TermTable
{
public:
    static constexpr uint32_t Unused = UINT32_MAX;

    TermTable(const LookupIndex &index, const std::vector<int> &entries)
        : m_index(index)
    {
        for (int i : entries) {
            const LookupIndex::Entry &e = index.entry(i);
            for (const LookupIndex::Terms *terms : {&e.words, &e.signature, &e.signatureZh})
                for (const LookupIndex::Term &term : *terms) {
                    if (term.id >= m_number.size())
                        m_number.resize(size_t(term.id) + 1, Unused);
                    m_number[term.id] = 0;
                }
        }
        for (uint32_t id = 0; id < m_number.size(); ++id) {
            if (m_number[id] == Unused)
                continue;
            m_number[id] = uint32_t(m_terms.size());
            m_terms.push_back(id);
        }
    }

    QByteArray terms() const
    {
        ArrayText out;
        for (uint32_t id : m_terms)
            out.next().string(m_index.textOf(id));
        return out.closed();
    }

    // [term delta, weight number, ...]
    void encode(const LookupIndex::Terms &terms, JsonWriter out)
    {
        out.raw('[');
        uint32_t last = 0;
        bool first = true;
        for (const LookupIndex::Term &term : terms) {
            const uint32_t number = m_number[term.id];
            if (!first)
                out.raw(',');
            first = false;
            out.integer(number - last).raw(',').integer(weightNumber(term.weight));
            last = number;
        }
        out.raw(']');
    }

    QByteArray weights() { return m_weights.closed(); }

private:
    uint32_t weightNumber(float weight)
    {
        uint32_t bits = 0;
        std::memcpy(&bits, &weight, sizeof bits);
        const auto [it, fresh] = m_weightOf.emplace(bits, m_weightCount);
        if (fresh) {
            m_weights.next().real(shortest(weight));
            ++m_weightCount;
        }
        return it->second;
    }

    const LookupIndex &m_index;
    std::vector<uint32_t> m_terms;
    std::vector<uint32_t> m_number; // by term id; Unused when no exported entry has it
    std::unordered_map<uint32_t, uint32_t> m_weightOf;
    uint32_t m_weightCount = 0;
    ArrayText m_weights;
};

// Worked out once (the same for every KB).
const QByteArray &foldTable()
{
    static const QByteArray text = [] {
        ArrayText out;
        for (const FoldTable::Pair &pair : FoldTable::pairs()) {
            out.next().integer(uint32_t(pair.first));
            out.next().integer(uint32_t(pair.second));
        }
        return out.closed();
    }();
    return text;
}

void writeRegex(JsonWriter out, const PageRegex &regex)
{
    if (!regex) {
        out.null();
        return;
    }
    out.raw('[').string(regex->source).raw(',').string(regex->flags).raw(']');
}

void writeKeys(JsonWriter out, const RegexKeys::Keys &keys)
{
    out.raw('[');
    for (size_t a = 0; a < keys.size(); ++a) {
        out.raw(a == 0 ? "[" : ",[");
        for (size_t k = 0; k < keys[a].size(); ++k) {
            if (k > 0)
                out.raw(',');
            out.string(keys[a][k]);
        }
        out.raw(']');
    }
    out.raw(']');
}

std::vector<std::string> hintNamesOf(const LookupIndex &index, const std::vector<int> &entries)
{
    std::set<std::string> hintSet;
    for (int i : entries)
        for (const std::string &hint : index.hintsOf(index.entry(i)))
            hintSet.insert(hint);
    return std::vector<std::string>(hintSet.begin(), hintSet.end());
}

// The arrays of lookup.js, one value per exported entry each.
struct Columns
{
    ArrayText ids, rec, words, sig, sigZh, length, fix, tier, hints, keys, re, untranslated;
};

QByteArray lookupData(const SiteContext &ctx, const std::vector<PageRegex> &regexes)
{
    const LookupIndex &index = ctx.index.lookup();
    const Exported exported = exportedEntries(ctx);
    TermTable table(index, exported.entries);
    Columns c;
    const std::vector<std::string> hintNames = hintNamesOf(index, exported.entries);
    double total = 0;
    for (size_t k = 0; k < exported.entries.size(); ++k) {
        const LookupIndex::Entry &e = index.entry(exported.entries[k]);
        c.ids.next().string(e.record->id());
        c.rec.next().integer(exported.published[k]);
        table.encode(e.words, c.words.next());
        table.encode(e.signature, c.sig.next());
        table.encode(e.signatureZh, c.sigZh.next());
        c.length.next().real(shortest(e.length));
        c.fix.next().real(shortest(e.fixRate));
        c.tier.next().integer(int(e.tier));
        total += e.length;
        JsonWriter own = c.hints.next();
        own.raw('[');
        bool first = true;
        for (const std::string &hint : index.hintsOf(e)) {
            if (!first)
                own.raw(',');
            first = false;
            own.integer(std::lower_bound(hintNames.begin(), hintNames.end(), hint) - hintNames.begin());
        }
        own.raw(']');
        writeKeys(c.keys.next(), e.regexKeys.unpacked());
        const PageRegex &regex = regexes[size_t(exported.published[k])];
        writeRegex(c.re.next(), regex);
        if (!regex && !e.record->regex().isEmpty())
            c.untranslated.next().string(e.record->id());
    }
    ArrayText names;
    for (const std::string &name : hintNames)
        names.next().string(name);
    const int n = int(exported.entries.size());
    // With every live entry published the page ranks as `errata lookup`
    // does; with some left out (--valid-only) among those published only.
    const double average = n == index.liveCount() ? index.averageLength() : n > 0 ? total / n : 1.0;
    QByteArray data;
    JsonWriter out(data);
    out.raw("{\"format\":1,\"engine\":\"errata-lookup-1\",\"n\":").integer(n);
    out.key("avgLength").real(average);
    out.key("ids").raw(c.ids.closed()).key("rec").raw(c.rec.closed());
    out.key("terms").raw(table.terms()).key("weights").raw(table.weights());
    out.key("words").raw(c.words.closed()).key("sig").raw(c.sig.closed()).key("sigZh").raw(c.sigZh.closed());
    out.key("length").raw(c.length.closed()).key("fix").raw(c.fix.closed()).key("tier").raw(c.tier.closed());
    out.key("hints").raw(c.hints.closed()).key("hintNames").raw(names.closed()).key("keys").raw(c.keys.closed());
    out.key("re").raw(c.re.closed()).key("untranslated").raw(c.untranslated.closed());
    out.key("fold").raw(foldTable()).raw('}');
    return data;
}

QByteArray matchData(const SiteContext &ctx, const std::vector<PageRegex> &regexes)
{
    ArrayText patterns;
    int count = 0;
    for (size_t i = 0; i < ctx.published.size(); ++i) {
        const Record &record = *ctx.published[i];
        const QString pattern = record.regex();
        if (pattern.isEmpty())
            continue;
        ++count;
        const PageRegex &regex = regexes[i];
        JsonWriter out = patterns.next();
        out.raw('{').key("id", true).string(record.id()).key("regex").string(pattern);
        out.key("flags");
        regex ? void(out.string(regex->flags)) : void(out.null());
        out.key("js");
        regex ? void(out.string(regex->source)) : void(out.null());
        out.key("engine").raw("\"re2\"").key("signature").string(record.signature()).raw('}');
    }
    QByteArray data;
    JsonWriter(data).raw("{\"format\":1,\"count\":").integer(count).key("patterns").raw(patterns.closed()).raw('}');
    return data;
}

} // namespace

void LookupExport::write(const SiteContext &ctx, SiteSink &sink)
{
    const std::vector<PageRegex> regexes = pageRegexes(ctx);
    sink.add(QStringLiteral("data/lookup.js"), Html::scriptText("ErrataLookup", lookupData(ctx, regexes)));
    sink.add(QStringLiteral("api/v1/match.json"), Html::scriptSafe(matchData(ctx, regexes)) + '\n');
}

QStringList LookupExport::untranslated(const SiteContext &ctx)
{
    const std::vector<PageRegex> regexes = pageRegexes(ctx);
    QStringList ids;
    for (size_t i = 0; i < ctx.published.size(); ++i) {
        if (!ctx.published[i]->regex().isEmpty() && !regexes[i])
            ids << ctx.published[i]->id();
    }
    ids.sort();
    return ids;
}

} // namespace Errata
