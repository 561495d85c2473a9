#include "models/matching/MatchPlan.h"

#include "models/matching/LineLocality.h"
#include "models/matching/RegexLiterals.h"
#include "models/util/Parallel.h"

#include <algorithm>

namespace Errata {

RE2::Options MatchPlan::re2Options(bool ignoreCase, qint64 maxMemory)
{
    RE2::Options options; // as RegexEngine compiles a record's regex
    options.set_log_errors(false);
    options.set_case_sensitive(!ignoreCase);
    options.set_max_mem(maxMemory);
    return options;
}

void MatchPlan::build(const QList<LogMatcher::Source> &sources, const LogMatcher::Options &wanted)
{
    options = wanted;
    options.maxLinesPerRecord = qMax(0, wanted.maxLinesPerRecord);
    compileAll(sources);
    addToFilter();
    choosePaths();
    prepareScanner();
    prepareSet();
}

bool MatchPlan::Entry::mayMatch(std::string_view line) const
{
    if (runs.empty())
        return true;
    return std::any_of(runs.begin(), runs.end(), [line](const std::vector<std::string> &alternative) {
        return std::all_of(alternative.begin(), alternative.end(),
                           [line](const std::string &run) { return line.find(run) != std::string_view::npos; });
    });
}

MatchPlan::Entry MatchPlan::prepare(const LogMatcher::Source &source) const
{
    Entry entry;
    const QString &regex = source.regex;
    entry.record = source.record;
    entry.id = source.id;
    entry.signature = source.signature;
    entry.pattern = regex.toStdString();
    entry.engine = std::make_unique<RegexEngine>(
        regex, options.ignoreCase ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
    entry.lineLocal = LineLocality::isLineLocal(regex);
    for (const QString &alternative : RegexLiterals::alternatives(regex))
        entry.alternatives.push_back(alternative.toStdString());
    if (!options.ignoreCase)
        entry.runs = RegexLiterals::literalRuns(regex);
    return entry;
}

// Compiles every regex (on all cores) and keeps those that can be tried.
void MatchPlan::compileAll(const QList<LogMatcher::Source> &sources)
{
    std::vector<Entry> prepared(size_t(sources.size()));
    Parallel::forEach(int(sources.size()), [&](int i) { prepared[size_t(i)] = prepare(sources.at(i)); });
    for (Entry &entry : prepared) {
        QString reason;
        if (!entry.engine->isValid())
            reason = LogMatcher::tr("the regex does not compile: %1").arg(entry.engine->errorMessage());
        else if (entry.engine->matchesEmptyString())
            reason = LogMatcher::tr("the regex matches the empty string, so it would match every log");
        if (reason.isEmpty())
            entries.push_back(std::move(entry));
        else
            skipped << LogMatchResult::Skipped{entry.id, entry.record, reason};
    }
}

// Adds the regex's alternatives (or, if one fails, the whole regex) to the
// filter; false when even the whole regex does not fit the budget.
bool MatchPlan::addAlternatives(size_t index, const RE2::Options &fastOptions)
{
    const std::vector<std::string> &parts = entries[index].alternatives;
    for (const std::string &part : parts) {
        int id = -1;
        if (filter.Add(part, fastOptions, &id) == RE2::NoError) {
            entryOfFilterId.push_back(int(index)); // ids are given in order
            continue;
        }
        // An alternative alone may not compile ("a)|(b"): the whole regex then.
        if (parts.size() == 1 || filter.Add(entries[index].pattern, fastOptions, &id) != RE2::NoError)
            return false;
        entryOfFilterId.push_back(int(index));
        return true;
    }
    return true;
}

void MatchPlan::addToFilter()
{
    const qint64 perRegex = std::min(options.maxMemory, RegexEngine::DefaultMaxMemory);
    const RE2::Options fastOptions = re2Options(options.ignoreCase, perRegex);
    int tooLarge = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
        entries[i].path = Path::Lines;
        if (!addAlternatives(i, fastOptions)) {
            entries[i].path = Path::Each;
            ++tooLarge;
        }
    }
    if (tooLarge > 0)
        buildNotes << LogMatcher::tr("%1 of %2 regexes do not fit the fast path's memory budget (%3 bytes each), so "
                                     "they are searched one by one.")
                          .arg(tooLarge)
                          .arg(entries.size())
                          .arg(perRegex);
    if (filter.NumRegexps() > 0)
        filter.Compile(&atoms);
}

// Regexes with an alternative that has no atom, and regexes that can span
// lines, go to the whole-text Set.
void MatchPlan::choosePaths()
{
    std::vector<int> unfiltered;
    if (filter.NumRegexps() > 0)
        filter.AllPotentials({}, &unfiltered);
    for (int id : unfiltered)
        entries[size_t(entryOfFilterId[size_t(id)])].noAtom = true;
    for (Entry &entry : entries) {
        if (entry.path == Path::Lines && (entry.noAtom || !entry.lineLocal))
            entry.path = Path::Set;
    }
}

// Moves the regexes of one path to another (a regex without atom goes from
// the Set to Each, not Text), and says so in the note.
void MatchPlan::fallBack(Path from, Path to, const QString &note)
{
    int moved = 0;
    for (Entry &entry : entries) {
        if (entry.path == from) {
            entry.path = to == Path::Text && entry.noAtom ? Path::Each : to;
            ++moved;
        }
    }
    if (moved > 0)
        buildNotes << note.arg(moved);
}

void MatchPlan::prepareScanner()
{
    if (filter.NumRegexps() == 0 || scanner.build(atoms, options.maxMemory))
        return;
    const QString note = LogMatcher::tr("The literal scanner would need %1 bytes, more than the memory budget of %2 "
                                        "bytes, so %3 regexes are searched one by one.")
                             .arg(LiteralScanner::requiredMemory(atoms))
                             .arg(options.maxMemory);
    fallBack(Path::Lines, Path::Each, note);
}

void MatchPlan::prepareSet()
{
    std::vector<int> list;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].path == Path::Set)
            list.push_back(int(i));
    }
    if (list.empty())
        return;
    auto candidate = std::make_unique<RE2::Set>(re2Options(options.ignoreCase, options.maxMemory), RE2::UNANCHORED);
    bool added = true;
    for (int i : list)
        added = added && candidate->Add(entries[size_t(i)].pattern, nullptr) >= 0;
    // A Set whose Compile failed must never be matched: it would crash.
    if (added && candidate->Compile()) {
        set = std::move(candidate);
        setEntries = list;
        return;
    }
    fallBack(Path::Set, Path::Text,
             LogMatcher::tr("The %1 regexes without a required literal or that can span lines do not fit in one "
                            "RE2::Set within the memory budget: each is searched over the whole log (when its "
                            "literals occur in it)."));
}

} // namespace Errata
