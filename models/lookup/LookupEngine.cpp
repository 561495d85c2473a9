#include "models/lookup/LookupEngine.h"

#include "models/lookup/EnvironmentHints.h"
#include "models/lookup/ErrorLines.h"
#include "models/lookup/LookupIndex.h"
#include "models/lookup/LookupScore.h"
#include "models/lookup/LookupText.h"
#include "models/lookup/TrigramFilter.h"
#include "models/matching/MatchPlan.h"
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
    mutable std::mutex mutex;
    mutable QHash<QString, std::shared_ptr<Compiled>> compiled;

    std::vector<double> bm25(const QueryTerms &query, double *ideal) const;
    std::vector<uint32_t> byText(const std::vector<double> &scores) const;
    std::vector<uint32_t> regexCandidates(const Scope &scope) const;
    std::shared_ptr<Compiled> compile(const QString &pattern) const;
    RegexFound runRegex(const QString &pattern, const Scope &scope) const;
    std::unordered_map<uint32_t, RegexFound> regexMatches(const Scope &scope) const;
    void shareRegexes(const std::vector<uint32_t> &candidates, std::unordered_map<uint32_t, RegexFound> &found) const;
    double coverage(const LookupIndex::Entry &entry, const std::unordered_set<uint32_t> &terms) const;
    QStringList sharedWords(const LookupIndex::Entry &entry, const std::unordered_set<uint32_t> &terms) const;
    LookupResult::Hit hit(uint32_t entry, double bm25Share, const RegexFound *regex, const QueryTerms &query,
                          const std::vector<std::string> &hints) const;
};

LookupEngine::LookupEngine(const LookupIndex &index)
    : d(new Private{index, {}, {}})
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
    std::vector<uint32_t> best;
    for (size_t i = 0; i < scores.size(); ++i) {
        if (scores[i] > 0)
            best.push_back(uint32_t(i));
    }
    const size_t keep = std::min(best.size(), TextCandidates);
    std::partial_sort(best.begin(), best.begin() + qsizetype(keep), best.end(),
                      [&](uint32_t a, uint32_t b) { return scores[a] > scores[b]; });
    best.resize(keep);
    return best;
}

// The entries whose regex may match the scope: every key of one of its
// alternatives is in the case-folded text, or that alternative has none.
std::vector<uint32_t> LookupEngine::Private::regexCandidates(const Scope &scope) const
{
    const TrigramFilter filter(scope.folded);
    std::vector<uint32_t> candidates;
    for (int i = 0; i < index.size(); ++i) {
        const LookupIndex::Entry &entry = index.entry(i);
        if (!entry.record || entry.record->regex().isEmpty())
            continue;
        if (entry.regexKeys.anyAlternative([&](std::string_view key) { return filter.contains(key); }))
            candidates.push_back(uint32_t(i));
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

} // namespace

// As written first, then ignoring case; a regex that matches only the empty
// string says nothing.
RegexFound LookupEngine::Private::runRegex(const QString &pattern, const Scope &scope) const
{
    const std::shared_ptr<Compiled> regex = compile(pattern);
    const re2::StringPiece text(scope.utf8);
    RegexFound found;
    re2::StringPiece match = firstMatch(*regex->asWritten, text);
    found.how = match.empty() ? LookupResult::NoRegex : LookupResult::AsWritten;
    if (match.empty()) {
        match = firstMatch(*regex->ignoringCase, text);
        found.how = match.empty() ? LookupResult::NoRegex : LookupResult::IgnoringCase;
    }
    if (match.empty())
        return found;
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

std::unordered_map<uint32_t, RegexFound> LookupEngine::Private::regexMatches(const Scope &scope) const
{
    std::unordered_map<uint32_t, RegexFound> found;
    for (uint32_t entry : regexCandidates(scope)) {
        RegexFound one = runRegex(index.entry(int(entry)).record->regex(), scope);
        if (one.how != LookupResult::NoRegex)
            found.emplace(entry, std::move(one));
    }
    return found;
}

// A regex is evidence for every record it describes: a candidate whose own
// regex does not match (the text is cut short, or worded otherwise) but
// whose signature a matching regex also matches shares that regex's
// standing, and the text decides between them.
void LookupEngine::Private::shareRegexes(const std::vector<uint32_t> &candidates,
                                         std::unordered_map<uint32_t, RegexFound> &found) const
{
    std::vector<std::pair<uint32_t, const RegexFound *>> matched;
    for (const auto &[entry, regex] : found)
        matched.emplace_back(entry, &regex);
    std::sort(matched.begin(), matched.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::unordered_map<uint32_t, RegexFound> shared;
    for (uint32_t candidate : candidates) {
        if (found.count(candidate))
            continue;
        const std::string signature = index.entry(int(candidate)).record->signature().toStdString();
        for (const auto &[entry, regex] : matched) {
            const std::shared_ptr<Compiled> compiled = compile(index.entry(int(entry)).record->regex());
            const RE2 &same = regex->how == LookupResult::AsWritten ? *compiled->asWritten : *compiled->ignoringCase;
            if (firstMatch(same, signature).empty())
                continue;
            RegexFound borrowed = *regex;
            borrowed.why.regexRecord = index.entry(int(entry)).record->id();
            auto [it, fresh] = shared.emplace(candidate, std::move(borrowed));
            if (!fresh && regex->how < it->second.how)
                it->second = *regex; // as written beats ignoring case
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
    std::vector<std::string> both;
    why.environmentScore = EnvironmentHints::shared(hints, index.hintsOf(e), &both);
    for (const std::string &hint : both)
        why.environment << QString::fromStdString(hint);
    why.sharedWords = sharedWords(e, query.ids);
    hit.why = why;
    hit.score = LookupScore::combine(why);
    hit.band = LookupScore::band(why);
    return hit;
}

LookupResult LookupEngine::lookup(const QString &text, int limit) const
{
    QElapsedTimer timer;
    timer.start();
    LookupResult result;
    const Scope focus = focusOf(text);
    result.errorText = QString::fromStdString(focus.utf8);
    result.errorLines = focus.lineNumbers;
    const QueryTerms query = termsOf(queryWords(focus.utf8), d->index);
    double ideal = 0;
    const std::vector<double> scores = d->bm25(query, &ideal);

    // Candidates: the best by text, and every record whose regex matches.
    std::vector<uint32_t> candidates = d->byText(scores);
    std::unordered_map<uint32_t, RegexFound> regex = d->regexMatches(regexScopeOf(text, focus));
    d->shareRegexes(candidates, regex);
    for (const auto &[entry, found] : regex)
        candidates.push_back(entry);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

    const std::vector<std::string> hints = EnvironmentHints::ofText(text);
    for (uint32_t entry : candidates) {
        const auto found = regex.find(entry);
        const double share = ideal > 0 ? scores[entry] / ideal : 0;
        const LookupResult::Hit hit = d->hit(entry, share, found == regex.end() ? nullptr : &found->second, query,
                                             hints);
        if (hit.score >= LookupScore::MinScore)
            result.hits.append(hit);
    }
    std::sort(result.hits.begin(), result.hits.end(), [](const LookupResult::Hit &a, const LookupResult::Hit &b) {
        if (a.score != b.score)
            return a.score > b.score;
        if (a.fixRate != b.fixRate)
            return a.fixRate > b.fixRate;
        if (a.tier != b.tier)
            return a.tier > b.tier;
        return a.id < b.id;
    });
    if (result.hits.size() > limit)
        result.hits.resize(limit);
    result.ms = double(timer.nsecsElapsed()) / 1e6;
    return result;
}

} // namespace Errata
