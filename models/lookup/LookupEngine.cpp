#include "lookup/LookupEngine.h"

#include "lookup/EnvironmentHints.h"
#include "lookup/ErrorLines.h"
#include "lookup/LookupIndex.h"
#include "lookup/LookupScore.h"
#include "lookup/LookupText.h"
#include "lookup/TrigramFilter.h"
#include "matching/MatchPlan.h"
#include "record/Record.h"

#include <QElapsedTimer>
#include <QHash>

#include <re2/re2.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

namespace Errata {

namespace {

constexpr double K1 = 1.2;
constexpr double B = 0.5;
constexpr float MaxQueryWeight = 2.0f;
constexpr size_t TextCandidates = 200;
constexpr int MaxLineLength = 2000; // of a line looked at, in characters
constexpr int SharedWordsShown = 6;

// A regex compiled both ways, the second only when needed.
struct Compiled
{
    std::unique_ptr<RE2> asWritten;
    std::unique_ptr<RE2> ignoringCase;
};

// The text a lookup compares: the error lines, one per line.
struct Focus
{
    QList<int> lineNumbers;
    QString text;
    std::string utf8;
    std::string folded;          // RegexKeys::folded(text)
    std::vector<int> lineStarts; // byte offsets of the lines in utf8
};

Focus focusOf(const QString &text)
{
    Focus focus;
    for (const ErrorLines::Line &line : ErrorLines::find(text)) {
        if (!focus.text.isEmpty())
            focus.text += QLatin1Char('\n');
        focus.text += line.text.left(MaxLineLength);
        focus.lineNumbers << line.number;
    }
    focus.utf8 = focus.text.toStdString();
    focus.folded = RegexKeys::folded(focus.text);
    focus.lineStarts.push_back(0);
    for (size_t i = 0; i < focus.utf8.size(); ++i) {
        if (focus.utf8[i] == '\n')
            focus.lineStarts.push_back(int(i + 1));
    }
    return focus;
}

// The query's words, each once, its weight capped so that one word said
// many times does not outweigh the rest.
std::unordered_map<std::string, float> queryWords(const Focus &focus)
{
    std::unordered_map<std::string, float> words;
    for (const auto &[word, weight] : LookupText::words(std::string_view(focus.utf8)))
        words[word] += weight;
    for (auto &[word, weight] : words)
        weight = std::min(weight, MaxQueryWeight);
    return words;
}

QString shortened(const std::string &text)
{
    constexpr int Limit = 200;
    const QString whole = QString::fromStdString(text);
    return whole.size() <= Limit ? whole : whole.left(Limit) + QStringLiteral("…");
}

} // namespace

struct LookupEngine::Private
{
    const LookupIndex &index;
    mutable std::mutex mutex;
    mutable QHash<QString, std::shared_ptr<Compiled>> compiled;

    std::vector<double> bm25(const std::unordered_map<std::string, float> &words, double *ideal) const;
    std::vector<uint32_t> regexCandidates(const Focus &focus) const;
    std::shared_ptr<Compiled> compile(const QString &pattern) const;
    LookupResult::RegexHow runRegex(const QString &pattern, const Focus &focus, LookupResult::Why &why) const;
    double coverage(const LookupDocument &document, const std::unordered_map<std::string, float> &words) const;
    QStringList sharedWords(const LookupDocument &document, const std::unordered_map<std::string, float> &words) const;
    LookupResult::Hit hit(uint32_t entry, double bm25Share, LookupResult::RegexHow how, LookupResult::Why why,
                          const std::unordered_map<std::string, float> &words,
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
std::vector<double> LookupEngine::Private::bm25(const std::unordered_map<std::string, float> &words,
                                                double *ideal) const
{
    std::vector<double> scores(size_t(index.size()), 0.0);
    const double average = index.averageLength();
    *ideal = 0;
    for (const auto &[word, queryWeight] : words) {
        const double idf = index.idf(word);
        *ideal += idf * queryWeight * (K1 + 1) * 3.0 / (3.0 + K1);
        const std::vector<LookupIndex::Posting> *postings = index.postings(word);
        if (!postings)
            continue;
        for (const LookupIndex::Posting &posting : *postings) {
            const LookupIndex::Entry &entry = index.entry(int(posting.entry));
            if (!entry.record)
                continue;
            const double norm = K1 * (1 - B + B * entry.document.length / average);
            scores[posting.entry] += idf * queryWeight * posting.weight * (K1 + 1) / (posting.weight + norm);
        }
    }
    return scores;
}

// The entries whose regex may match the focus: every alternative's keys are
// in the case-folded text, or it has none.
std::vector<uint32_t> LookupEngine::Private::regexCandidates(const Focus &focus) const
{
    const TrigramFilter filter(focus.folded);
    std::vector<uint32_t> candidates;
    for (int i = 0; i < index.size(); ++i) {
        const LookupIndex::Entry &entry = index.entry(i);
        if (!entry.record || entry.record->regex().isEmpty())
            continue;
        for (const std::vector<std::string> &keys : entry.document.regexKeys) {
            if (std::all_of(keys.begin(), keys.end(), [&](const std::string &key) { return filter.contains(key); })) {
                candidates.push_back(uint32_t(i));
                break;
            }
        }
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

// As written first, then ignoring case; `why` gets the line and the text.
LookupResult::RegexHow LookupEngine::Private::runRegex(const QString &pattern, const Focus &focus,
                                                       LookupResult::Why &why) const
{
    const std::shared_ptr<Compiled> regex = compile(pattern);
    const re2::StringPiece text(focus.utf8);
    re2::StringPiece match;
    LookupResult::RegexHow how = LookupResult::NoRegex;
    if (regex->asWritten->ok() && regex->asWritten->Match(text, 0, text.size(), RE2::UNANCHORED, &match, 1))
        how = LookupResult::AsWritten;
    else if (regex->ignoringCase->ok() && regex->ignoringCase->Match(text, 0, text.size(), RE2::UNANCHORED, &match, 1))
        how = LookupResult::IgnoringCase;
    if (how == LookupResult::NoRegex || match.empty())
        return LookupResult::NoRegex; // a regex that matches nothing at all says nothing
    const int offset = int(match.data() - text.data());
    const auto line = std::upper_bound(focus.lineStarts.begin(), focus.lineStarts.end(), offset);
    const int place = int(line - focus.lineStarts.begin()) - 1;
    why.regexLine = focus.lineNumbers.value(place);
    why.regexMatch = shortened(std::string(match.data(), match.size()));
    return how;
}

// The share of a signature's weight (idf times LookupText weight) that the
// query holds: of the English or the Chinese signature, whichever is more.
double LookupEngine::Private::coverage(const LookupDocument &document,
                                       const std::unordered_map<std::string, float> &words) const
{
    double best = 0;
    for (const LookupText::Words *signature : {&document.signature, &document.signatureZh}) {
        double total = 0, found = 0;
        for (const auto &[word, weight] : *signature) {
            const double value = index.idf(word) * weight;
            total += value;
            if (words.count(word))
                found += value;
        }
        if (total > 0)
            best = std::max(best, found / total);
    }
    return best;
}

QStringList LookupEngine::Private::sharedWords(const LookupDocument &document,
                                               const std::unordered_map<std::string, float> &words) const
{
    std::vector<std::pair<double, std::string>> shared;
    for (const auto &[word, weight] : document.words) {
        if (weight >= 1.0f && words.count(word) && word.size() > 1)
            shared.emplace_back(index.idf(word), word);
    }
    std::sort(shared.begin(), shared.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    QStringList out;
    for (size_t i = 0; i < shared.size() && out.size() < SharedWordsShown; ++i)
        out << QString::fromStdString(shared[i].second);
    return out;
}

LookupResult::Hit LookupEngine::Private::hit(uint32_t entry, double bm25Share, LookupResult::RegexHow how,
                                             LookupResult::Why why, const std::unordered_map<std::string, float> &words,
                                             const std::vector<std::string> &hints) const
{
    const LookupIndex::Entry &e = index.entry(int(entry));
    LookupResult::Hit hit;
    hit.id = e.record->id();
    hit.record = e.record;
    hit.signature = e.record->signature();
    hit.domain = e.record->domain();
    hit.fixRate = e.document.fixRate;
    hit.tier = e.document.tier;
    why.regex = how;
    why.coverage = coverage(e.document, words);
    why.regexScore = LookupScore::effectiveRegex(how, why.coverage);
    why.textScore = LookupScore::text(bm25Share, why.coverage);
    std::vector<std::string> both;
    why.environmentScore = EnvironmentHints::shared(hints, e.document.hints, &both);
    for (const std::string &hint : both)
        why.environment << QString::fromStdString(hint);
    why.sharedWords = sharedWords(e.document, words);
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
    const Focus focus = focusOf(text);
    result.errorText = focus.text;
    result.errorLines = focus.lineNumbers;
    const std::unordered_map<std::string, float> words = queryWords(focus);
    double ideal = 0;
    const std::vector<double> scores = d->bm25(words, &ideal);

    // Candidates: the best by text, and every record whose regex matches.
    std::vector<uint32_t> byText;
    for (size_t i = 0; i < scores.size(); ++i) {
        if (scores[i] > 0)
            byText.push_back(uint32_t(i));
    }
    const size_t keep = std::min(byText.size(), TextCandidates);
    std::partial_sort(byText.begin(), byText.begin() + qsizetype(keep), byText.end(),
                      [&](uint32_t a, uint32_t b) { return scores[a] > scores[b]; });
    byText.resize(keep);
    std::unordered_map<uint32_t, std::pair<LookupResult::RegexHow, LookupResult::Why>> regex;
    for (uint32_t entry : d->regexCandidates(focus)) {
        LookupResult::Why why;
        const LookupResult::RegexHow how = d->runRegex(d->index.entry(int(entry)).record->regex(), focus, why);
        if (how != LookupResult::NoRegex)
            regex.emplace(entry, std::make_pair(how, why));
    }
    std::vector<uint32_t> candidates = byText;
    for (const auto &[entry, found] : regex)
        candidates.push_back(entry);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

    const std::vector<std::string> hints = EnvironmentHints::ofText(text);
    for (uint32_t entry : candidates) {
        const auto found = regex.find(entry);
        const LookupResult::RegexHow how = found == regex.end() ? LookupResult::NoRegex : found->second.first;
        const LookupResult::Why why = found == regex.end() ? LookupResult::Why() : found->second.second;
        const double share = ideal > 0 ? scores[entry] / ideal : 0;
        LookupResult::Hit hit = d->hit(entry, share, how, why, words, hints);
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
