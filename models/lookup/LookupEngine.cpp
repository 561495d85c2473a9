#include "models/lookup/LookupEngine.h"

#include "models/lookup/EnvironmentHints.h"
#include "models/lookup/ErrorLines.h"
#include "models/lookup/LookupIndex.h"
#include "models/lookup/LookupScore.h"
#include "models/lookup/LookupText.h"
#include "models/lookup/RegexKeys.h"
#include "models/lookup/TrigramFilter.h"
#include "models/lookup/TrigramSketch.h"
#include "models/matching/LogMatcher.h"
#include "models/matching/LogSearch.h"
#include "models/matching/MatchPlan.h"
#include "models/matching/RegexBudget.h"
#include "models/record/Record.h"

#include <QElapsedTimer>
#include <QHash>

#include <re2/re2.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace Errata {

namespace {

constexpr double K1 = 1.2;
constexpr double B = 0.5;
constexpr float MaxQueryWeight = 2.0f;
constexpr size_t TextCandidates = 200;
constexpr int MaxLineLength = 2000; // of a line looked at, in characters
constexpr int SharedWordsShown = 6;
constexpr qsizetype MaxRegexText = 256 * 1024; // characters of a text whose every line regexes run on

// A regex compiled both ways.
struct Compiled
{
    std::unique_ptr<RE2> asWritten;
    std::unique_ptr<RE2> ignoringCase;
};

// Lines of the text given, as one UTF-8 text with where each line starts
// and its number in the text given.
struct Scope
{
    std::string utf8;
    std::string folded; // RegexKeys::folded(text)
    std::vector<int> lineStarts;
    QList<int> lineNumbers;

    void add(int number, const QString &line)
    {
        if (!lineNumbers.isEmpty())
            utf8 += '\n';
        lineStarts.push_back(int(utf8.size()));
        utf8 += line.toStdString();
        lineNumbers << number;
    }
    void finish() { folded = RegexKeys::folded(QString::fromStdString(utf8)); }
    int lineAt(int offset) const
    {
        const auto line = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
        return int(line - lineStarts.begin()) - 1;
    }
    std::string_view line(int place) const
    {
        const size_t start = size_t(lineStarts[size_t(place)]);
        const size_t end = size_t(place) + 1 < lineStarts.size() ? size_t(lineStarts[size_t(place) + 1]) - 1
                                                                 : utf8.size();
        return std::string_view(utf8).substr(start, end - start);
    }
};

// The error lines (ErrorLines), each cut at MaxLineLength.
Scope focusOf(const QString &text)
{
    Scope focus;
    for (const ErrorLines::Line &line : ErrorLines::find(text))
        focus.add(line.number, line.text.left(MaxLineLength));
    focus.finish();
    return focus;
}

// What regexes are run on: the whole text up to MaxRegexText, so that an
// error line with no word of failure is still found by a regex; beyond
// that, the error lines.
Scope regexScopeOf(const QString &text, const Scope &focus)
{
    if (text.size() > MaxRegexText)
        return focus;
    Scope whole;
    int number = 0;
    for (const QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
        ++number;
        whole.add(number, line.endsWith(QLatin1Char('\r')) ? line.chopped(1).toString() : line.toString());
    }
    whole.finish();
    return whole;
}

// The query's words, each once, its weight capped so that one word said
// many times does not outweigh the rest.
using WordWeights = std::unordered_map<std::string, float>;

WordWeights queryWords(std::string_view utf8)
{
    WordWeights words;
    for (const auto &[word, weight] : LookupText::words(utf8))
        words[word] += weight;
    for (auto &[word, weight] : words)
        weight = std::min(weight, MaxQueryWeight);
    return words;
}

// The query's words as the index's terms: those some record holds, with
// their weights, and the weights of the others (they count in BM25's
// ideal as the rarest).
struct QueryTerms
{
    std::vector<LookupIndex::Term> known;
    std::vector<float> unknown;
    std::unordered_set<uint32_t> ids;
};

QueryTerms termsOf(const WordWeights &words, const LookupIndex &index)
{
    QueryTerms query;
    for (const auto &[word, weight] : words) {
        const uint32_t term = index.termOf(word);
        if (term == LookupIndex::NoTerm) {
            query.unknown.push_back(weight);
            continue;
        }
        query.known.push_back({term, weight});
        query.ids.insert(term);
    }
    return query;
}

// Better score first; then the higher fix rate, the higher tier, the id.
bool ranksBefore(const LookupResult::Hit &a, const LookupResult::Hit &b)
{
    if (a.score != b.score)
        return a.score > b.score;
    if (a.fixRate != b.fixRate)
        return a.fixRate > b.fixRate;
    if (a.tier != b.tier)
        return a.tier > b.tier;
    return a.id < b.id;
}

QString shortened(const std::string &text)
{
    constexpr int Limit = 200;
    const QString whole = QString::fromStdString(text);
    return whole.size() <= Limit ? whole : whole.left(Limit) + QStringLiteral("…");
}

} // namespace

// What a regex found: how, and the words of the line it matched.
struct RegexFound
{
    LookupResult::RegexHow how = LookupResult::NoRegex;
    LookupResult::Why why;
    std::unordered_set<uint32_t> lineTerms;
};

struct LookupEngine::Private
{
    const LookupIndex &index;
    Budgets budgets;
    mutable std::mutex mutex;
    mutable QHash<QString, std::shared_ptr<Compiled>> compiled;

    std::vector<double> bm25(const QueryTerms &query, double *ideal) const;
    std::vector<uint32_t> byText(const std::vector<double> &scores) const;
    std::vector<uint32_t> regexCandidates(const Scope &scope) const;
    std::shared_ptr<Compiled> compile(const QString &pattern) const;
    RegexFound runRegex(const QString &pattern, const Scope &scope, RegexBudget &budget, int slot,
                        qint64 *estimateNs) const;
    std::unordered_map<uint32_t, RegexFound> regexMatches(const Scope &scope, qint64 started,
                                                          LookupResult *result) const;
    void shareRegexes(const std::vector<uint32_t> &candidates, std::unordered_map<uint32_t, RegexFound> &found,
                      qint64 runDeadline) const;
    void nameCuts(const std::vector<uint32_t> &candidates, const RegexBudget &budget,
                  const std::vector<qint64> &estimates, LookupResult *result) const;
    double coverage(const LookupIndex::Entry &entry, const std::unordered_set<uint32_t> &terms) const;
    QStringList sharedWords(const LookupIndex::Entry &entry, const std::unordered_set<uint32_t> &terms) const;
    LookupResult::Hit hit(uint32_t entry, double bm25Share, const RegexFound *regex, const QueryTerms &query,
                          const std::vector<std::string> &hints) const;
};

LookupEngine::Budgets LookupEngine::defaultBudgets()
{
    return Budgets{LogMatcher::DefaultRegexBudgetMs, LogMatcher::DefaultRunBudgetMs};
}

LookupEngine::Budgets LookupEngine::interactiveBudgets()
{
    return Budgets{1000, 2000};
}

LookupEngine::LookupEngine(const LookupIndex &index)
    : LookupEngine(index, defaultBudgets())
{
}

LookupEngine::LookupEngine(const LookupIndex &index, const Budgets &budgets)
    : d(new Private{index, budgets, {}, {}})
{
}

LookupEngine::~LookupEngine() = default;

// BM25F over the words of the records (field weights already in each
// posting's weight), and `ideal`: what a record holding every word of the
// query in its signature, at the average length, would score. A word no
// record holds counts in `ideal` as the rarest: text that nothing explains
// lowers every record's share alike.
std::vector<double> LookupEngine::Private::bm25(const QueryTerms &query, double *ideal) const
{
    std::vector<double> scores(size_t(index.size()), 0.0);
    const double average = index.averageLength();
    const auto idealOf = [](double idf, double weight) { return idf * weight * (K1 + 1) * 3.0 / (3.0 + K1); };
    *ideal = 0;
    for (float weight : query.unknown)
        *ideal += idealOf(index.idf(LookupIndex::NoTerm), weight);
    for (const LookupIndex::Term &term : query.known) {
        const double idf = index.idf(term.id);
        *ideal += idealOf(idf, term.weight);
        for (const LookupIndex::Posting &posting : index.postings(term.id)) {
            const LookupIndex::Entry &entry = index.entry(int(posting.entry));
            if (!entry.record)
                continue;
            const double norm = K1 * (1 - B + B * entry.length / average);
            scores[posting.entry] += idf * term.weight * posting.weight * (K1 + 1) / (posting.weight + norm);
        }
    }
    return scores;
}

// The TextCandidates entries with the best text scores.
std::vector<uint32_t> LookupEngine::Private::byText(const std::vector<double> &scores) const
{
    // Equal scores keep the index's entry order, so which candidates are kept
    // at the cut does not depend on the sort's implementation.
    std::vector<uint32_t> best;
    for (size_t i = 0; i < scores.size(); ++i) {
        if (scores[i] > 0)
            best.push_back(uint32_t(i));
    }
    const size_t keep = std::min(best.size(), TextCandidates);
    std::partial_sort(best.begin(), best.begin() + qsizetype(keep), best.end(),
                      [&](uint32_t a, uint32_t b) { return scores[a] != scores[b] ? scores[a] > scores[b] : a < b; });
    best.resize(keep);
    return best;
}

// The entries whose regex may match the scope: every key of one of its
// alternatives is in the case-folded text, or that alternative has none.
std::vector<uint32_t> LookupEngine::Private::regexCandidates(const Scope &scope) const
{
    const TrigramFilter filter(scope.folded);
    std::vector<uint32_t> candidates;
    for (const uint32_t i : index.regexCandidates(filter)) {
        const LookupIndex::Entry &entry = index.entry(int(i));
        if (!entry.record || entry.record->regex().isEmpty())
            continue;
        if (entry.regexKeys.anyAlternative([&](std::string_view key) { return filter.contains(key); }))
            candidates.push_back(i);
    }
    return candidates;
}

std::shared_ptr<Compiled> LookupEngine::Private::compile(const QString &pattern) const
{
    const std::lock_guard<std::mutex> lock(mutex);
    std::shared_ptr<Compiled> &slot = compiled[pattern];
    if (!slot) {
        slot = std::make_shared<Compiled>();
        slot->asWritten = std::make_unique<RE2>(pattern.toStdString(),
                                                MatchPlan::re2Options(false, RegexEngine::DefaultMaxMemory));
        slot->ignoringCase = std::make_unique<RE2>(pattern.toStdString(),
                                                   MatchPlan::re2Options(true, RegexEngine::DefaultMaxMemory));
    }
    return slot;
}

namespace {

// Where `regex` matches `text` first, with something in it; empty if not.
re2::StringPiece firstMatch(const RE2 &regex, const re2::StringPiece &text)
{
    re2::StringPiece match;
    if (!regex.ok() || !regex.Match(text, 0, text.size(), RE2::UNANCHORED, &match, 1))
        return {};
    return match;
}

// The same within the budget of `slot`.
re2::StringPiece firstMatch(const RE2 &regex, std::string_view text, RegexBudget &budget, int slot, qint64 *estimateNs)
{
    if (!regex.ok())
        return {};
    const LogSearch::First first = LogSearch::firstMatch(regex, text, budget, slot);
    *estimateNs = std::max(*estimateNs, first.estimateNs);
    if (!first.found)
        return {};
    return re2::StringPiece(text.data() + first.start, first.end - first.start);
}

} // namespace

// As written, else ignoring case; a regex that matches only the empty
// string says nothing. Ignoring case is searched first: a text it does not
// match, as most candidates' texts, the regex as written does not match
// either, and one search is enough. Both searches are charged to `slot` of
// `budget`.
RegexFound LookupEngine::Private::runRegex(const QString &pattern, const Scope &scope, RegexBudget &budget, int slot,
                                           qint64 *estimateNs) const
{
    const std::shared_ptr<Compiled> regex = compile(pattern);
    const std::string_view text(scope.utf8);
    RegexFound found;
    re2::StringPiece match = firstMatch(*regex->ignoringCase, text, budget, slot, estimateNs);
    if (match.empty())
        return found;
    found.how = LookupResult::IgnoringCase;
    if (const re2::StringPiece asWritten = firstMatch(*regex->asWritten, text, budget, slot, estimateNs);
        !asWritten.empty()) {
        match = asWritten;
        found.how = LookupResult::AsWritten;
    }
    const int place = scope.lineAt(int(match.data() - text.data()));
    found.why.regexLine = scope.lineNumbers.value(place);
    found.why.regexMatch = shortened(std::string(match.data(), match.size()));
    for (const auto &[word, weight] : queryWords(scope.line(place))) {
        const uint32_t term = index.termOf(word);
        if (term != LookupIndex::NoTerm)
            found.lineTerms.insert(term);
    }
    return found;
}

// The regexes that match the scope, each within its budget and the
// lookup's (from `started`); those cut short go to `result`.
std::unordered_map<uint32_t, RegexFound> LookupEngine::Private::regexMatches(const Scope &scope, qint64 started,
                                                                             LookupResult *result) const
{
    LogMatcher::Options options;
    options.regexBudgetMs = budgets.regexBudgetMs;
    options.runBudgetMs = budgets.runBudgetMs;
    const qint64 bytes = qint64(scope.utf8.size());
    const qint64 perRegex = LogMatcher::budgetNs(options, bytes);
    const qint64 run = LogMatcher::runBudgetNs(options, bytes);
    result->regexBudgetSeconds = double(perRegex) / 1e9;
    result->runBudgetSeconds = double(run) / 1e9;
    const std::vector<uint32_t> candidates = regexCandidates(scope);
    RegexBudget budget(candidates.size(), perRegex, run > 0 ? started + run : 0);
    std::vector<qint64> estimates(candidates.size(), 0);
    std::unordered_map<uint32_t, RegexFound> found;
    for (size_t i = 0; i < candidates.size(); ++i) {
        RegexFound one = runRegex(index.entry(int(candidates[i])).record->regex(), scope, budget, int(i),
                                  &estimates[i]);
        if (one.how != LookupResult::NoRegex)
            found.emplace(candidates[i], std::move(one));
    }
    nameCuts(candidates, budget, estimates, result);
    return found;
}

// Each candidate whose regex `budget` cut short, in `result`, by id.
void LookupEngine::Private::nameCuts(const std::vector<uint32_t> &candidates, const RegexBudget &budget,
                                     const std::vector<qint64> &estimates, LookupResult *result) const
{
    for (size_t i = 0; i < candidates.size(); ++i) {
        const RegexBudget::Cut how = budget.cut(int(i));
        if (how == RegexBudget::Cut::None)
            continue;
        LogMatchResult::CutShort cut;
        cut.record = index.entry(int(candidates[i])).record;
        cut.recordId = cut.record->id();
        cut.inPieces = how == RegexBudget::Cut::InPieces;
        cut.runBudget = how == RegexBudget::Cut::RunOut;
        cut.searched = budget.spentNs(int(i)) > 0;
        cut.seconds = double(budget.spentNs(int(i))) / 1e9;
        cut.estimatedSeconds = double(estimates[i]) / 1e9;
        cut.reason = LogMatcher::cutReason(cut, result->regexBudgetSeconds, result->runBudgetSeconds);
        result->cutShort << cut;
    }
    std::sort(
        result->cutShort.begin(), result->cutShort.end(),
        [](const LogMatchResult::CutShort &a, const LogMatchResult::CutShort &b) { return a.recordId < b.recordId; });
}

namespace {

// A regex that matched the text, compiled, with its keys (RegexKeys) and
// their sketches, to look for in the signatures of other candidates before
// the regex is run on them.
struct MatchedRegex
{
    struct Key
    {
        std::string_view text;
        TrigramSketch sketch;
    };

    uint32_t entry = 0;
    const RegexFound *regex = nullptr;
    std::shared_ptr<Compiled> compiled;
    std::vector<std::vector<Key>> alternatives;

    MatchedRegex(uint32_t entry, const RegexFound *regex, const PackedRegexKeys &keys)
        : entry(entry)
        , regex(regex)
    {
        keys.eachAlternative([&](const std::vector<std::string_view> &own) {
            std::vector<Key> alternative;
            for (const std::string_view key : own)
                alternative.push_back({key, TrigramSketch(key)});
            alternatives.push_back(std::move(alternative));
        });
    }

    // As PackedRegexKeys::anyAlternative() with a search of `folded`.
    bool mayMatch(const std::string &folded, const TrigramSketch &sketch) const
    {
        return std::any_of(alternatives.begin(), alternatives.end(), [&](const std::vector<Key> &alternative) {
            return std::all_of(alternative.begin(), alternative.end(), [&](const Key &key) {
                return sketch.mayHold(key.sketch) && folded.find(key.text) != std::string::npos;
            });
        });
    }
};

} // namespace

// A regex is evidence for every record it describes: a candidate whose own
// regex does not match (the text is cut short, or worded otherwise) but
// whose signature a matching regex also matches shares that regex's
// standing, and the text decides between them.
// Signatures are short, and each search of one is whole; none starts once
// the lookup's time is up (`runDeadline`, 0: never). A regex is run on a
// signature only when the signature holds its keys.
void LookupEngine::Private::shareRegexes(const std::vector<uint32_t> &candidates,
                                         std::unordered_map<uint32_t, RegexFound> &found, qint64 runDeadline) const
{
    std::vector<MatchedRegex> matched; // in entry order
    for (const auto &[entry, regex] : found)
        matched.emplace_back(entry, &regex, index.entry(int(entry)).regexKeys);
    std::sort(matched.begin(), matched.end(),
              [](const MatchedRegex &a, const MatchedRegex &b) { return a.entry < b.entry; });
    for (MatchedRegex &one : matched)
        one.compiled = compile(index.entry(int(one.entry)).record->regex());
    std::unordered_map<uint32_t, RegexFound> shared;
    bool timeUp = false;
    for (uint32_t candidate : candidates) {
        if (timeUp || matched.empty())
            break;
        if (found.count(candidate))
            continue;
        const LookupIndex::Entry &entry = index.entry(int(candidate));
        std::string signature; // made once a regex's keys are in it
        for (const MatchedRegex &one : matched) {
            timeUp = runDeadline > 0 && RegexBudget::now() >= runDeadline;
            if (timeUp)
                break;
            if (!one.mayMatch(entry.foldedSignature, entry.signatureSketch))
                continue;
            if (signature.empty())
                signature = entry.record->signature().toStdString();
            const RE2 &same = one.regex->how == LookupResult::AsWritten ? *one.compiled->asWritten
                                                                        : *one.compiled->ignoringCase;
            if (firstMatch(same, signature).empty())
                continue;
            RegexFound borrowed = *one.regex;
            borrowed.why.regexRecord = index.entry(int(one.entry)).record->id();
            auto [it, fresh] = shared.emplace(candidate, std::move(borrowed));
            if (!fresh && one.regex->how < it->second.how)
                it->second = *one.regex; // as written beats ignoring case
            break;
        }
    }
    for (auto &[entry, regex] : shared)
        found.emplace(entry, std::move(regex));
}

// The share of a signature's weight (idf times LookupText weight) that the
// query holds: of the English or the Chinese signature, whichever is more.
double LookupEngine::Private::coverage(const LookupIndex::Entry &entry, const std::unordered_set<uint32_t> &terms) const
{
    double best = 0;
    for (const LookupIndex::Terms *signature : {&entry.signature, &entry.signatureZh}) {
        double total = 0, found = 0;
        for (const LookupIndex::Term &term : *signature) {
            const double value = index.idf(term.id) * term.weight;
            total += value;
            if (terms.count(term.id))
                found += value;
        }
        if (total > 0)
            best = std::max(best, found / total);
    }
    return best;
}

QStringList LookupEngine::Private::sharedWords(const LookupIndex::Entry &entry,
                                               const std::unordered_set<uint32_t> &terms) const
{
    std::vector<std::pair<double, std::string>> shared;
    for (const LookupIndex::Term &term : entry.words) {
        const std::string &word = index.textOf(term.id);
        if (term.weight >= 1.0f && terms.count(term.id) && word.size() > 1)
            shared.emplace_back(index.idf(term.id), word);
    }
    std::sort(shared.begin(), shared.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    QStringList out;
    for (size_t i = 0; i < shared.size() && out.size() < SharedWordsShown; ++i)
        out << QString::fromStdString(shared[i].second);
    return out;
}

// The coverage is of the error lines, or of the line a regex matched when
// that holds more of the signature.
LookupResult::Hit LookupEngine::Private::hit(uint32_t entry, double bm25Share, const RegexFound *regex,
                                             const QueryTerms &query, const std::vector<std::string> &hints) const
{
    const LookupIndex::Entry &e = index.entry(int(entry));
    LookupResult::Hit hit;
    hit.id = e.record->id();
    hit.record = e.record;
    hit.signature = e.record->signature();
    hit.domain = e.record->domain();
    hit.fixRate = e.fixRate;
    hit.tier = e.tier;
    LookupResult::Why why = regex ? regex->why : LookupResult::Why();
    why.regex = regex ? regex->how : LookupResult::NoRegex;
    why.coverage = coverage(e, query.ids);
    if (regex)
        why.coverage = std::max(why.coverage, coverage(e, regex->lineTerms));
    why.regexScore = LookupScore::effectiveRegex(why.regex, why.coverage);
    why.textScore = LookupScore::text(bm25Share, why.coverage);
    if (!hints.empty()) { // most texts name no environment: then the entry's hints need not be spelt out
        std::vector<std::string> both;
        why.environmentScore = EnvironmentHints::shared(hints, index.hintsOf(e), &both);
        for (const std::string &hint : both)
            why.environment << QString::fromStdString(hint);
    }
    hit.why = why; // sharedWords: only for the hits kept (lookup())
    hit.score = LookupScore::combine(why);
    hit.band = LookupScore::band(why);
    return hit;
}

LookupResult LookupEngine::lookup(const QString &text, int limit) const
{
    QElapsedTimer timer;
    timer.start();
    const qint64 started = RegexBudget::now(); // of the lookup's time budget
    LookupResult result;
    const Scope focus = focusOf(text);
    result.errorText = QString::fromStdString(focus.utf8);
    result.errorLines = focus.lineNumbers;
    const QueryTerms query = termsOf(queryWords(focus.utf8), d->index);
    double ideal = 0;
    const std::vector<double> scores = d->bm25(query, &ideal);

    // Candidates: the best by text, and every record whose regex matches.
    std::vector<uint32_t> candidates = d->byText(scores);
    std::unordered_map<uint32_t, RegexFound> regex = d->regexMatches(regexScopeOf(text, focus), started, &result);
    const qint64 runBudget = qint64(result.runBudgetSeconds * 1e9);
    d->shareRegexes(candidates, regex, runBudget > 0 ? started + runBudget : 0);
    for (const auto &[entry, found] : regex)
        candidates.push_back(entry);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

    const std::vector<std::string> hints = EnvironmentHints::ofText(text);
    std::vector<std::pair<LookupResult::Hit, uint32_t>> hits;
    for (uint32_t entry : candidates) {
        const auto found = regex.find(entry);
        const double share = ideal > 0 ? scores[entry] / ideal : 0;
        LookupResult::Hit hit = d->hit(entry, share, found == regex.end() ? nullptr : &found->second, query, hints);
        if (hit.score >= LookupScore::MinScore)
            hits.emplace_back(std::move(hit), entry);
    }
    std::sort(hits.begin(), hits.end(), [](const auto &a, const auto &b) { return ranksBefore(a.first, b.first); });
    if (hits.size() > size_t(std::max(limit, 0)))
        hits.resize(size_t(std::max(limit, 0)));
    for (auto &[hit, entry] : hits) {
        hit.why.sharedWords = d->sharedWords(d->index.entry(int(entry)), query.ids);
        result.hits.append(std::move(hit));
    }
    result.ms = double(timer.nsecsElapsed()) / 1e6;
    return result;
}

} // namespace Errata
