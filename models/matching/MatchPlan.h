#pragma once

#include "models/matching/LiteralScanner.h"
#include "models/matching/LogMatchResult.h"
#include "models/matching/LogMatcher.h"
#include "models/matching/RegexEngine.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <re2/filtered_re2.h>
#include <re2/re2.h>
#include <re2/set.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace Errata {

class Record;

// How a LogMatcher searches the regexes of its records, worked out once by
// build() and then only read (by LogScan and LogMatchResultBuilder, from any
// thread): each record's compiled regex and its path, RE2's prefilter
// (re2::FilteredRE2) over the regexes' alternatives, the literal scanner for
// the prefilter's atoms, and the whole-text RE2::Set. When something does
// not fit the memory budget, its regexes fall back to a slower path and
// buildNotes says so; nothing is ever dropped.
//
// Example: built for "No space left on device" and "BEGIN[^#]*END", the
// first goes the Lines path (line-local, with atoms), the second the Set
// path (it can span lines).
class MatchPlan
{
public:
    // How a regex is searched.
    enum class Path {
        Lines, // line-local with atoms: on the lines where its atoms are
        Set,   // no atom, or can span lines: in the whole-text RE2::Set first
        Text,  // can span lines, with atoms, no Set: over the whole log when its atoms occur in it
        Each,  // always over the whole log (chunk by chunk when line-local)
    };

    struct Entry
    {
        const Record *record = nullptr;
        QString id;
        QString signature;
        std::string pattern;
        std::unique_ptr<RegexEngine> engine; // the regex as RegexEngine compiles it
        bool lineLocal = false;
        bool noAtom = false;
        Path path = Path::Each;
        std::vector<std::string> alternatives; // see RegexLiterals::alternatives()
        // Per alternative, literal runs a matching line must hold (compared
        // as written, before the regex runs); empty when unknown.
        std::vector<std::vector<std::string>> runs;

        bool mayMatch(std::string_view line) const;
    };

    // Atoms shorter than this (in bytes) are not looked for: a regex whose
    // literals are all shorter has no atom and goes to the whole-text Set.
    static constexpr int MinAtomLength = 3;

    // RE2's options for the regexes, as RegexEngine compiles a record's regex.
    static RE2::Options re2Options(bool ignoreCase, qint64 maxMemory);

    // Compiles the regexes of `sources` and chooses their paths; once, on a
    // new plan.
    void build(const QList<LogMatcher::Source> &sources, const LogMatcher::Options &options);

    LogMatcher::Options options;
    std::vector<Entry> entries; // the records tried, in the order of the sources
    QList<LogMatchResult::Skipped> skipped;
    re2::FilteredRE2 filter{MinAtomLength};
    std::vector<int> entryOfFilterId;
    std::vector<std::string> atoms;
    LiteralScanner scanner;
    std::unique_ptr<RE2::Set> set;
    std::vector<int> setEntries; // by Set index
    QStringList buildNotes;

private:
    Entry prepare(const LogMatcher::Source &source) const;
    void compileAll(const QList<LogMatcher::Source> &sources);
    bool addAlternatives(size_t index, const RE2::Options &fastOptions);
    void addToFilter();
    void choosePaths();
    void prepareScanner();
    void prepareSet();
    void fallBack(Path from, Path to, const QString &note);
};

} // namespace Errata
